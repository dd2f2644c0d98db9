/* drivedash-report.c — making a report's files: both rendered first, then
 * each written to a temporary file in its folder and renamed; and the
 * same in a GTask thread for the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-report-private.h"

/* g_file_set_contents_full() writes "NAME.XXXXXX" beside the file and
 * renames it over, and removes it again when writing fails: nothing half
 * written is ever left.  Its error is turned into words for people. */
gboolean
drivedash_report_save_file (const char  *path,
                            GBytes      *data,
                            GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  gsize size;
  const char *bytes = g_bytes_get_data (data, &size);

  if (g_file_set_contents_full (path, bytes, size, G_FILE_SET_CONTENTS_CONSISTENT, 0644, &local))
    return TRUE;
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOSPC))
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                 _("The report could not be saved in “%s”: the disk is full."), dir);
  else if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                 _("The report could not be saved: there is no folder “%s”."), dir);
  else if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ISDIR))
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                 _("The report could not be saved: “%s” is a folder."), path);
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                 _("The report could not be saved in “%s”: the folder cannot be written to."), dir);
  g_debug ("saving %s: %s", path, local->message);
  return FALSE;
}

gboolean
drivedash_report_save_files (const char *const  *paths,
                             GBytes            **data,
                             guint               n,
                             GError            **error)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = TRUE;

  /* Every file written in full beside its place first (a full disk or a
   * folder that cannot be written shows here), then each put in place:
   * a failure leaves the earlier files as they were. */
  for (guint i = 0; i < n && ok; i++)
    {
      char *part = paths[i] != NULL ? g_strdup_printf ("%s.%d.part", paths[i], (int) getpid ()) : NULL;

      g_ptr_array_add (parts, part);
      /* A folder in the way is the one thing a rename would still fail on. */
      if (paths[i] != NULL && g_file_test (paths[i], G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("The report could not be saved: “%s” is a folder."), paths[i]);
          ok = FALSE;
        }
      else
        ok = part == NULL || drivedash_report_save_file (part, data[i], error);
    }
  for (guint i = 0; i < n && ok; i++)
    if (paths[i] != NULL && g_rename (g_ptr_array_index (parts, i), paths[i]) != 0)
      {
        int saved = errno;
        g_autofree char *dir = g_path_get_dirname (paths[i]);

        g_set_error (error, DRIVEDASH_ERROR, saved == EISDIR ? DRIVEDASH_ERROR_INVALID_ARGUMENT
                                                             : DRIVEDASH_ERROR_NOT_WRITABLE,
                     saved == EISDIR ? _("The report could not be saved: “%s” is a folder.")
                                     : _("The report could not be saved in “%s”: the folder cannot be written to."),
                     saved == EISDIR ? paths[i] : dir);
        ok = FALSE;
      }
  for (guint i = 0; i < parts->len; i++)
    if (g_ptr_array_index (parts, i) != NULL)
      g_unlink (g_ptr_array_index (parts, i));
  return ok;
}

gboolean
drivedash_report_write (DrivedashStore               *store,
                        const gint64                 *ids,
                        guint                         n_ids,
                        const DrivedashReportOptions *options,
                        const char                   *pdf_path,
                        const char                   *html_path,
                        GError                      **error)
{
  const DrivedashReportOptions defaults = DRIVEDASH_REPORT_OPTIONS_INIT;
  g_autoptr(DrivedashReportDocument) doc = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GBytes) html = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (store), FALSE);
  if (pdf_path == NULL && html_path == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Say where to save the report: a PDF file, an HTML file or both."));
      return FALSE;
    }
  doc = drivedash_report_build (store, ids, n_ids, options ? options : &defaults, error);
  if (doc == NULL)
    return FALSE;
  if (pdf_path != NULL && (pdf = drivedash_report_render_pdf (doc, error)) == NULL)
    return FALSE;
  if (html_path != NULL && (html = drivedash_report_render_html (doc, error)) == NULL)
    return FALSE;
  {
    const char *paths[] = { pdf_path, html_path };
    GBytes *data[] = { pdf, html };

    return drivedash_report_save_files (paths, data, G_N_ELEMENTS (paths), error);
  }
}

typedef struct
{
  char                  *db_path;
  GArray                *ids;
  DrivedashReportOptions options;
  char                  *title;
  char                  *sysfs_root;
  char                  *pdf_path;
  char                  *html_path;
} WriteJob;

static void
write_job_free (WriteJob *job)
{
  g_free (job->db_path);
  g_array_unref (job->ids);
  g_free (job->title);
  g_free (job->sysfs_root);
  g_free (job->pdf_path);
  g_free (job->html_path);
  g_free (job);
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  WriteJob *job = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  store = drivedash_store_open (job->db_path, &error);
  if (store == NULL ||
      !drivedash_report_write (store, (const gint64 *) (gpointer) job->ids->data, job->ids->len,
                               &job->options, job->pdf_path, job->html_path, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
drivedash_report_write_async (const char                   *db_path,
                              const gint64                 *ids,
                              guint                         n_ids,
                              const DrivedashReportOptions *options,
                              const char                   *pdf_path,
                              const char                   *html_path,
                              GCancellable                 *cancellable,
                              GAsyncReadyCallback           callback,
                              gpointer                      user_data)
{
  g_autoptr(GTask) task = NULL;
  WriteJob *job;

  task = g_task_new (NULL, cancellable, callback, user_data);
  job = g_new0 (WriteJob, 1);
  g_task_set_source_tag (task, drivedash_report_write_async);
  job->db_path = g_strdup (db_path);
  job->ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_ids);
  g_array_append_vals (job->ids, ids, n_ids);
  if (options != NULL)
    job->options = *options;
  job->title = g_strdup (job->options.title);
  job->sysfs_root = g_strdup (job->options.sysfs_root);
  job->options.title = job->title;
  job->options.sysfs_root = job->sysfs_root;
  job->pdf_path = g_strdup (pdf_path);
  job->html_path = g_strdup (html_path);
  g_task_set_task_data (task, job, (GDestroyNotify) write_job_free);
  g_task_run_in_thread (task, write_thread);
}

gboolean
drivedash_report_write_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

char *
drivedash_report_dup_html_path (const char *pdf_path)
{
  g_autofree char *base = NULL;
  gsize n = strlen (pdf_path);

  if (n > 4 && g_ascii_strcasecmp (pdf_path + n - 4, ".pdf") == 0)
    base = g_strndup (pdf_path, n - 4);
  else
    base = g_strdup (pdf_path);
  return g_strconcat (base, ".html", NULL);
}
