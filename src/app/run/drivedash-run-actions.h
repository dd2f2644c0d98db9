/* drivedash-run-actions.h — the run.* actions every test page has
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "drivedash-plot.h"
#include "drivedash-run-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_RUN_MAX_PLOTS 4

/* What a test page tells its actions; a static constant of the page.
 * The strings are untranslated (N_()): the actions translate them. */
typedef struct
{
  /* The page's model: the actions act on it, its can-* enable them. */
  DrivedashRunModel *(*get_model) (GtkWidget      *page);
  /* run.start; NULL: the model's start (a refusal is its status). */
  void               (*start)     (GtkWidget      *page);
  /* The plots run.save-plots stacks into one picture, top first: fills
   * @plots (up to DRIVEDASH_RUN_MAX_PLOTS) and says how many. */
  guint              (*get_plots) (GtkWidget      *page,
                                   DrivedashPlot **plots);
  int                export_width;     /* of one plot in the picture */
  int                export_height;
  const char        *save_title;       /* of the file chooser */
  const char        *save_name;        /* the file name it offers */
  const char        *folder_title;     /* of the folder chooser */
} DrivedashRunActionsClass;

/* In class_init: installs run.start, run.stop, run.copy, run.save-plots
 * and run.choose-folder on @widget_class. */
void     drivedash_run_actions_install    (GtkWidgetClass                 *widget_class,
                                           const DrivedashRunActionsClass *actions);
/* In init, once the model is there: the actions follow its can-*. */
void     drivedash_run_actions_init       (GtkWidget                      *page);
/* What run.save-plots writes once a file is chosen: the page's plots,
 * stacked (SVG for ".svg", else PNG). */
gboolean drivedash_run_actions_save_plots (GtkWidget                      *page,
                                           const char                     *path,
                                           GError                        **error);

G_END_DECLS
