/* drivedash-history-transfer.c — the History view's Export, Import and
 * Make Report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The formats are the CLI's (drivedash-store-export.c, documented in
 * docs/history-json.md), so a file exported here imports with
 * "drivedash-cli history import" and the other way round.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-file-chooser.h"
#include "drivedash-history-transfer.h"
#include "drivedash-store-export.h"
#include "drivedash-toast.h"

typedef struct
{
  char   *path;
  gint64  id;
  GFile  *file;
} Transfer;

static void
transfer_free (Transfer *t)
{
  g_free (t->path);
  g_clear_object (&t->file);
  g_free (t);
}

const char *
drivedash_history_transfer_format_for (const char *basename)
{
  if (basename && g_str_has_suffix (basename, ".csv"))
    return "csv";
  if (basename && g_str_has_suffix (basename, ".txt"))
    return "txt";
  return "json";
}

static char *
export_text (DrivedashStore  *store,
             gint64           id,
             const char      *format,
             GError         **error)
{
  g_autoptr(DrivedashStoreRun) run = NULL;

  if (g_str_equal (format, "json"))
    return drivedash_store_export_json (store, &id, 1, error);
  run = drivedash_store_get_run (store, id, error);
  if (run == NULL)
    return NULL;
  return g_str_equal (format, "csv") ? drivedash_store_run_to_csv (run) : drivedash_store_run_to_text (run);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Transfer *t = task_data;
  g_autofree char *name = g_file_get_basename (t->file);
  g_autoptr(DrivedashStore) store = NULL;
  g_autofree char *text = NULL;
  GError *error = NULL;

  store = drivedash_store_open (t->path, &error);
  if (store != NULL)
    text = export_text (store, t->id, drivedash_history_transfer_format_for (name), &error);
  if (text != NULL)
    g_file_replace_contents (t->file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                             NULL, cancellable, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
drivedash_history_export_async (const char          *path,
                                gint64               id,
                                GFile               *file,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, callback, user_data);
  Transfer *t = g_new0 (Transfer, 1);

  t->path = g_strdup (path);
  t->id = id;
  t->file = g_object_ref (file);
  g_task_set_task_data (task, t, (GDestroyNotify) transfer_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
drivedash_history_export_finish (GAsyncResult  *result,
                                 GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Transfer *t = task_data;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  GError *error = NULL;

  if ((store = drivedash_store_open (t->path, &error)) != NULL)
    ids = drivedash_store_import_file (store, t->file, cancellable, &error);
  if (ids == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&ids), (GDestroyNotify) g_array_unref);
}

void
drivedash_history_import_async (const char          *path,
                                GFile               *file,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, callback, user_data);
  Transfer *t = g_new0 (Transfer, 1);

  t->path = g_strdup (path);
  t->file = g_object_ref (file);
  g_task_set_task_data (task, t, (GDestroyNotify) transfer_free);
  g_task_run_in_thread (task, import_thread);
}

gssize
drivedash_history_import_finish (GAsyncResult  *result,
                                 gint64        *first_id,
                                 GError       **error)
{
  g_autoptr(GArray) ids = g_task_propagate_pointer (G_TASK (result), error);

  if (ids == NULL)
    return -1;
  if (first_id != NULL)
    *first_id = ids->len > 0 ? g_array_index (ids, gint64, 0) : 0;
  return ids->len;
}

static void
toast (DrivedashHistoryPage *self,
       const char           *text)
{
  drivedash_history_page_show_toast (self, drivedash_toast_new_plain (text));
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(DrivedashHistoryPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (drivedash_history_export_finish (result, &error))
    toast (self, _("Run saved"));
  else
    toast (self, error->message);
}

static void
export_chosen (GObject *owner,
               GFile   *file)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (owner);
  DrivedashHistoryItem *item = drivedash_history_page_get_current (self);

  if (file == NULL || item == NULL)
    return;
  drivedash_history_export_async (drivedash_history_model_get_path (drivedash_history_page_get_model (self)),
                                  drivedash_history_item_get_id (item), file, export_done_cb, g_object_ref (self));
}

static void
export_action (GtkWidget  *widget,
               const char *action,
               GVariant   *param)
{
  DrivedashHistoryItem *item = drivedash_history_page_get_current (DRIVEDASH_HISTORY_PAGE (widget));
  g_autofree char *name = NULL;

  if (item == NULL)
    return;
  /* TRANSLATORS: a file name; end it in .csv or .txt for those formats */
  name = g_strdup_printf (_("drivedash-run-%lld.json"), (long long) drivedash_history_item_get_id (item));
  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_SAVE, _("Export Run"), _("_Save"),
                              NULL, name, G_OBJECT (widget), export_chosen);
}

/* The toast is in the window's overlay, above the page: its button
 * cannot reach the page's actions by name, so it calls them here. */
static void
show_clicked_cb (AdwToast             *toast,
                 DrivedashHistoryPage *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (toast), "id");
  gtk_widget_activate_action (GTK_WIDGET (self), "history.show-run", "x", id);
}

static void
import_again_cb (AdwToast             *toast,
                 DrivedashHistoryPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "history.import", NULL);
}

/* What happened, and what to do next: see the run, or pick another file. */
static AdwToast *
import_toast (DrivedashHistoryPage *self,
              gssize                n,
              gint64                id,
              const GError         *error)
{
  g_autofree char *text = NULL;
  AdwToast *toast;

  /* The reason, often two sentences, is on the page: a toast has one
   * line, cut to "This is …" at 360 px beside its button. */
  drivedash_history_model_set_import_error (drivedash_history_page_get_model (self),
                                            n < 0 ? error->message : NULL);
  if (n < 0)
    {
      toast = adw_toast_new (_("Nothing was imported"));
      adw_toast_set_button_label (toast, _("_Try Another File…"));
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (import_again_cb), self, 0);
      return toast;
    }
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lld run added", "%lld runs added", (gulong) n),
                          (long long) n);
  toast = drivedash_toast_new_plain (text);
  if (n == 1)
    {
      adw_toast_set_button_label (toast, _("_Show"));
      g_object_set_data_full (G_OBJECT (toast), "id", g_memdup2 (&id, sizeof id), g_free);
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (show_clicked_cb), self, 0);
    }
  return toast;
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(DrivedashHistoryPage) self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 id = 0;
  gssize n = drivedash_history_import_finish (result, &id, &error);
  /* The answer to what the user just did comes before older news. */
  drivedash_history_page_show_toast (self, import_toast (self, n, id, error));
  if (n > 0)
    drivedash_history_model_reload (drivedash_history_page_get_model (self));
}

static void
import_chosen (GObject *owner,
               GFile   *file)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (owner);

  if (file == NULL)
    return;
  drivedash_history_import_async (drivedash_history_model_get_path (drivedash_history_page_get_model (self)),
                                  file, import_done_cb, g_object_ref (self));
}

static void
import_action (GtkWidget  *widget,
               const char *action,
               GVariant   *param)
{
  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_OPEN, _("Import Runs"), _("_Import"),
                              NULL, NULL, G_OBJECT (widget), import_chosen);
}

/* The toast is in the window's overlay: Open shows the PDF in the
 * user's viewer (GtkFileLauncher is GTK 4.10; 4.8 has gtk_show_uri). */
static void
open_report_cb (AdwToast             *toast,
                DrivedashHistoryPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                g_object_get_data (G_OBJECT (toast), "uri"), GDK_CURRENT_TIME);
}

typedef struct
{
  DrivedashHistoryPage *page;
  char                 *uri;     /* the PDF's */
} Report;

static void
report_free (Report *r)
{
  g_object_unref (r->page);
  g_free (r->uri);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Report, report_free)

static void
report_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(Report) r = user_data;
  DrivedashHistoryPage *self = r->page;
  g_autoptr(GError) error = NULL;
  AdwToast *done;

  if (!drivedash_compare_model_make_report_finish (DRIVEDASH_COMPARE_MODEL (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        toast (self, error->message);
      return;
    }
  done = adw_toast_new (_("Report saved"));
  adw_toast_set_button_label (done, _("_Open"));
  g_object_set_data_full (G_OBJECT (done), "uri", g_steal_pointer (&r->uri), g_free);
  g_signal_connect_object (done, "button-clicked", G_CALLBACK (open_report_cb), self, 0);
  drivedash_history_page_show_toast (self, done);
}

static void
report_chosen (GObject *owner,
               GFile   *file)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GArray) ids = NULL;
  Report *r;

  if (file == NULL)
    return;
  if (path == NULL)
    {
      toast (self, _("The report can only be saved in a folder on this computer."));
      return;
    }
  r = g_new0 (Report, 1);
  r->page = g_object_ref (self);
  r->uri = g_file_get_uri (file);
  ids = drivedash_history_page_dup_report_ids (self);
  if (ids != NULL)
    drivedash_compare_model_make_report_of (drivedash_history_page_get_compare_model (self),
                                            drivedash_history_model_get_path (drivedash_history_page_get_model (self)),
                                            (const gint64 *) (gpointer) ids->data, ids->len, path,
                                            report_done_cb, r);
  else
    drivedash_compare_model_make_report (drivedash_history_page_get_compare_model (self),
                                         drivedash_history_model_get_path (drivedash_history_page_get_model (self)),
                                         path, report_done_cb, r);
}

static void
report_action (GtkWidget  *widget,
               const char *action,
               GVariant   *param)
{
  /* TRANSLATORS: a file name; keep the .pdf (an HTML page of the same name is saved beside it) */
  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_SAVE, _("Make Report"), _("_Save"),
                              NULL, _("Drivedash report.pdf"), G_OBJECT (widget), report_chosen);
}

void
drivedash_history_transfer_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "history.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "history.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "history.report", NULL, report_action);
}
