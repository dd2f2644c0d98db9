/* drivedash-file-chooser.h — ask for one file or folder, GTK 4.8 style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called with the chosen file, or NULL when the user cancelled. */
typedef void (*DrivedashFileChosenFunc) (GObject *owner,
                                         GFile   *file);

/* Shows a modal native file chooser over @parent's window.  @initial
 * (a folder to start in, or a file to select) and @initial_name may be
 * NULL.  @callback runs only while @owner is alive. */
void drivedash_file_chooser_run (GtkWidget               *parent,
                                 GtkFileChooserAction     action,
                                 const char              *title,
                                 const char              *accept_label,
                                 GFile                   *initial,
                                 const char              *initial_name,
                                 GObject                 *owner,
                                 DrivedashFileChosenFunc  callback);

G_END_DECLS
