/* drivedash-review-page.c — the Full Review view
 *
 * Wiring only: the template binds every row and label to the
 * DrivedashReviewModel it declares.  Here: the shared run.* actions,
 * review.resume, review.discard (always asks), review.report (Make Report…, History's report of the
 * review's runs, announced in the nearest toast overlay), and the length's row bound to the model's enum.  The
 * review itself keeps the computer awake (lib/review's logind inhibitor).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-dialog.h"
#include "drivedash-a11y.h"
#include "drivedash-bench-format.h"
#include "drivedash-closures.h"
#include "drivedash-file-chooser.h"
#include "drivedash-run-folder.h"
#include "drivedash-review-page.h"
#include "drivedash-run-actions.h"
#include "drivedash-toast.h"

struct _DrivedashReviewPage
{
  AdwBin                parent_instance;
  DrivedashReviewModel *model;
  AdwComboRow          *length_row;
  AdwComboRow          *size_row;
  AdwComboRow          *preset_row;
  GtkWidget            *start_button;
  GtkWidget            *resume_button;
  GtkLabel             *estimate_label;
  GtkProgressBar       *progress_bar;
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (DrivedashReviewPage, drivedash_review_page, ADW_TYPE_BIN)

static DrivedashRunModel *
get_model (GtkWidget *page)
{
  return DRIVEDASH_RUN_MODEL (DRIVEDASH_REVIEW_PAGE (page)->model);
}

static guint
get_plots (GtkWidget      *page,
           DrivedashPlot **plots)
{
  /* Each step's plots are in History, with its run. */
  return 0;
}

typedef void (*PageStep) (DrivedashReviewPage *self);

typedef struct
{
  DrivedashReviewPage *self;
  PageStep             then;
} Asked;

static void
asked_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   Asked            *asked)
{
  if (g_strcmp0 (response, "start") == 0)
    asked->then (asked->self);
}

static void
asked_free (gpointer data,
            GClosure *closure)
{
  Asked *asked = data;

  g_object_unref (asked->self);
  g_free (asked);
}

/* @then at once, or when @heading is answered with @verb. */
static void
ask_first (DrivedashReviewPage *self,
           gboolean             ask,
           const char          *heading,
           const char          *body,
           const char          *verb,
           PageStep             then)
{
  GtkWidget *dialog;
  Asked *asked;

  if (!ask)
    {
      then (self);
      return;
    }
  asked = g_new0 (Asked, 1);
  asked->self = g_object_ref (self);
  asked->then = then;
  dialog = drivedash_dialog_new_confirm (GTK_WIDGET (self), heading, body, verb);
  g_signal_connect_data (dialog, "response", G_CALLBACK (asked_response_cb), asked, asked_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
start_now (DrivedashReviewPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_run_model_start (DRIVEDASH_RUN_MODEL (self->model), &error))
    drivedash_run_model_show_error (DRIVEDASH_RUN_MODEL (self->model), error);
}

/* A review of terabytes wears the drive: asked first, as a long test is. */
static void
start_new (DrivedashReviewPage *self)
{
  ask_first (self, drivedash_review_model_needs_confirmation (self->model),
             _("Start a review that writes this much?"), drivedash_review_model_get_estimate_text (self->model),
             _("_Start"), start_now);
}

/* A stopped review waits: Start asks before it replaces it. */
static void
start (GtkWidget *page)
{
  DrivedashReviewPage *self = DRIVEDASH_REVIEW_PAGE (page);

  ask_first (self, drivedash_review_model_get_can_resume (self->model), _("Discard the stopped review?"),
             drivedash_review_model_get_stopped_text (self->model), _("_Discard and Start"), start_new);
}

static const DrivedashRunActionsClass run_actions = {
  .get_model = get_model,
  .start = start,
  .get_plots = get_plots,
  .export_width = 800,
  .export_height = 400,
  .save_title = N_("Save Plots as PNG or SVG"),
  .save_name = N_("drivedash-long-test.png"),
  .folder_title = N_("Choose a Folder for the Test"),
};

static void
resume (DrivedashReviewPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_review_model_resume (self->model, &error))
    drivedash_widget_add_toast (GTK_WIDGET (self), adw_toast_new (error->message));
}

/* The steps left of a stopped review wear the drive as a new start's
 * would: asked first, with the same threshold. */
static void
resume_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  DrivedashReviewPage *self = DRIVEDASH_REVIEW_PAGE (widget);

  ask_first (self, drivedash_review_model_resume_needs_confirmation (self->model),
             _("Resume a review that writes this much?"),
             drivedash_review_model_get_resume_estimate_text (self->model), _("_Resume"), resume);
}

static void
discard (DrivedashReviewPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_review_model_discard (self->model, &error))
    drivedash_widget_add_toast (GTK_WIDGET (self), adw_toast_new (error->message));
}

/* Discard always asks: the way to resume cannot be had back. */
static void
discard_action (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  DrivedashReviewPage *self = DRIVEDASH_REVIEW_PAGE (widget);

  ask_first (self, TRUE, _("Discard the stopped review?"),
             drivedash_review_model_get_stopped_text (self->model), _("_Discard"), discard);
}

/* The toast is in the window's overlay: Open shows the PDF in the
 * user's viewer, as History's Make Report does (gtk_show_uri on 4.8). */
static void
open_report_cb (AdwToast            *toast,
                DrivedashReviewPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                g_object_get_data (G_OBJECT (toast), "uri"), GDK_CURRENT_TIME);
}

static void
report_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GFile) file = user_data;
  DrivedashReviewPage *self = g_object_get_data (G_OBJECT (file), "page");
  g_autoptr(GError) error = NULL;
  AdwToast *done;

  if (!drivedash_review_model_make_report_finish (DRIVEDASH_REVIEW_MODEL (source), result, &error))
    {
      drivedash_widget_add_toast (GTK_WIDGET (self), drivedash_toast_new_plain (error->message));
      return;
    }
  done = adw_toast_new (_("Report saved"));
  adw_toast_set_button_label (done, _("_Open"));
  g_object_set_data_full (G_OBJECT (done), "uri", g_file_get_uri (file), g_free);
  g_signal_connect_object (done, "button-clicked", G_CALLBACK (open_report_cb), self, 0);
  drivedash_widget_add_toast (GTK_WIDGET (self), done);
}

static void
report_chosen (GObject *owner,
               GFile   *file)
{
  DrivedashReviewPage *self = DRIVEDASH_REVIEW_PAGE (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;

  if (file == NULL)
    return;
  if (path == NULL)
    {
      drivedash_widget_add_toast (GTK_WIDGET (self),
                                  adw_toast_new (_("The report can only be saved in a folder on this computer.")));
      return;
    }
  /* The page outlives the report: it holds the model, which the task holds. */
  g_object_set_data_full (G_OBJECT (file), "page", g_object_ref (self), g_object_unref);
  drivedash_review_model_make_report_async (self->model, path, report_done_cb, g_object_ref (file));
}

static void
report_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  /* TRANSLATORS: a file name; keep the .pdf (an HTML page of the same name is saved beside it) */
  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_SAVE, _("Make Report"), _("_Save"),
                              NULL, _("Drivedash full review.pdf"), G_OBJECT (widget), report_chosen);
}

static void
update_resume (DrivedashReviewPage *self)
{
  gboolean waiting = drivedash_review_model_get_can_resume (self->model);

  /* The main action is Resume while a stopped review waits; Start then
   * asks before discarding it. */
  if (waiting)
    {
      gtk_widget_remove_css_class (self->start_button, "suggested-action");
      gtk_widget_add_css_class (self->resume_button, "suggested-action");
    }
  else
    {
      gtk_widget_remove_css_class (self->resume_button, "suggested-action");
      gtk_widget_add_css_class (self->start_button, "suggested-action");
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.report",
                                 drivedash_review_model_get_can_report (self->model));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.resume",
                                 drivedash_review_model_get_can_resume (self->model) &&
                                 !drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (self->model)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.discard",
                                 drivedash_review_model_get_can_resume (self->model) &&
                                 !drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (self->model)));
}

/* The speed test's file: the size row's two choices. */
static const guint64 sizes[] = { G_GUINT64_CONSTANT (1) << 30, G_GUINT64_CONSTANT (8) << 30 };

static gboolean
size_to_index (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (g_value_get_uint64 (from) == sizes[i])
      {
        g_value_set_uint (to, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
index_to_size (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      unused)
{
  if (g_value_get_uint (from) >= G_N_ELEMENTS (sizes))
    return FALSE;
  g_value_set_uint64 (to, sizes[g_value_get_uint (from)]);
  return TRUE;
}

/* The speed test's tests: the preset row's choices, as bench preset ids. */
static const char *const presets[] = { "cdm-nvme", "cdm-default", "cdm6" };

static gboolean
preset_to_index (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (g_value_get_string (from), presets[i]) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
index_to_preset (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      unused)
{
  if (g_value_get_uint (from) >= G_N_ELEMENTS (presets))
    return FALSE;
  g_value_set_string (to, presets[g_value_get_uint (from)]);
  return TRUE;
}

static char *
folder_subtitle_cb (gpointer    unused,
                    const char *folder)
{
  return drivedash_run_folder_subtitle (folder);
}

static char **
status_classes_cb (gpointer unused,
                   gboolean is_error)
{
  return drivedash_bench_format_status_classes (is_error);
}

/* A screen reader hears each new step without being moved to the bar. */
static void
progress_cb (DrivedashReviewPage *self)
{
  const char *text = drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (self->model));

  if (text != NULL)
    drivedash_a11y_announce (GTK_WIDGET (self->progress_bar), text);
}

static void
drivedash_review_page_dispose (GObject *object)
{
  DrivedashReviewPage *self = DRIVEDASH_REVIEW_PAGE (object);

  /* The review stops, keeps its finished steps and puts game mode back;
   * the run holds the model until then. */
  if (self->model)
    drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (self->model));
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_REVIEW_PAGE);
  G_OBJECT_CLASS (drivedash_review_page_parent_class)->dispose (object);
}

static void
drivedash_review_page_class_init (DrivedashReviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_review_page_dispose;
  g_type_ensure (DRIVEDASH_TYPE_REVIEW_MODEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-review-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, model);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, length_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, size_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, preset_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, resume_button);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, estimate_label);
  gtk_widget_class_bind_template_child (widget_class, DrivedashReviewPage, progress_bar);
  drivedash_widget_class_bind_closures (widget_class);
  drivedash_run_actions_install (widget_class, &run_actions);
  gtk_widget_class_install_action (widget_class, "review.resume", NULL, resume_action);
  gtk_widget_class_install_action (widget_class, "review.discard", NULL, discard_action);
  gtk_widget_class_install_action (widget_class, "review.report", NULL, report_action);
  gtk_widget_class_bind_template_callback (widget_class, folder_subtitle_cb);
  gtk_widget_class_bind_template_callback (widget_class, status_classes_cb);
}

static void
drivedash_review_page_init (DrivedashReviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_bind_property_full (self->model, "length", self->length_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               drivedash_enum_to_index, drivedash_index_to_enum, NULL, NULL);
  g_object_bind_property_full (self->model, "speed-file-size", self->size_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, size_to_index, index_to_size,
                               NULL, NULL);
  g_object_bind_property_full (self->model, "speed-preset", self->preset_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL, preset_to_index,
                               index_to_preset, NULL, NULL);
  drivedash_run_actions_init (GTK_WIDGET (self));
  drivedash_a11y_described_by (self->start_button, self->estimate_label, NULL);
  drivedash_a11y_progress_reads_text (self->progress_bar);
  /* The same folder as the Long Tests: the drive they test. */
  self->settings = g_settings_new (APP_ID);
  drivedash_run_folder_bind (self->settings, "longtest-folder", self->model, drivedash_run_folder_get_mapping,
                             drivedash_run_folder_set_mapping);
  g_signal_connect_object (self->model, "notify::can-resume", G_CALLBACK (update_resume), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::running", G_CALLBACK (update_resume), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::can-report", G_CALLBACK (update_resume), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::progress-text", G_CALLBACK (progress_cb), self,
                           G_CONNECT_SWAPPED);
  update_resume (self);
}

DrivedashReviewModel *
drivedash_review_page_get_model (DrivedashReviewPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_REVIEW_PAGE (self), NULL);
  return self->model;
}
