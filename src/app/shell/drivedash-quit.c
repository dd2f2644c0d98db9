/* drivedash-quit.c — no way out leaves a test's file behind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A run deletes its test file (up to 16 GiB for a speed test, most of the
 * free space for a long one, hidden in the user's folder) when it ends,
 * cancelled or not; a process that exits mid-run leaves the
 * file behind.  So a window with a running test never closes at once: it
 * asks, then stops the run and closes only when the model says the run is
 * over.  The application then ends by itself with its last window, with
 * status 0.  Signals take the same path without asking (the application
 * handles them).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-quit.h"

#define CONFIRMED_KEY "drivedash-quit-confirmed"
#define DIALOG_KEY "drivedash-quit-dialog"
#define RUNS_KEY "drivedash-quit-runs"

static gboolean
is_running (GObject *run)
{
  gboolean running = FALSE;

  g_object_get (run, "running", &running, NULL);
  return running;
}

static const DrivedashQuitRun *
first_running (const DrivedashQuitRun *runs,
               guint                   n_runs)
{
  for (guint i = 0; i < n_runs; i++)
    if (is_running (runs[i].run))
      return &runs[i];
  return NULL;
}

/* The window closes when the last run that was stopped is over. */
static void
run_running_cb (GObject    *run,
                GParamSpec *pspec,
                GtkWindow  *window)
{
  GPtrArray *watched = g_object_get_data (G_OBJECT (window), RUNS_KEY);

  for (guint i = 0; watched && i < watched->len; i++)
    if (is_running (g_ptr_array_index (watched, i)))
      return;
  gtk_window_close (window);
}

static void
watch_runs (GtkWindow              *window,
            const DrivedashQuitRun *runs,
            guint                   n_runs)
{
  GPtrArray *watched = g_ptr_array_new_with_free_func (g_object_unref);

  g_object_set_data (G_OBJECT (window), CONFIRMED_KEY, GINT_TO_POINTER (TRUE));
  for (guint i = 0; i < n_runs; i++)
    {
      g_ptr_array_add (watched, g_object_ref (runs[i].run));
      g_signal_connect_object (runs[i].run, "notify::running",
                               G_CALLBACK (run_running_cb), window, 0);
    }
  g_object_set_data_full (G_OBJECT (window), RUNS_KEY, watched,
                          (GDestroyNotify) g_ptr_array_unref);
}

void
drivedash_quit_stop_and_close (GtkWindow              *window,
                               const DrivedashQuitRun *runs,
                               guint                   n_runs)
{
  GtkWindow *dialog;
  gboolean any = FALSE;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (runs != NULL || n_runs == 0);

  dialog = g_object_get_data (G_OBJECT (window), DIALOG_KEY);
  if (dialog)
    gtk_window_destroy (dialog);
  if (g_object_get_data (G_OBJECT (window), CONFIRMED_KEY) == NULL)
    watch_runs (window, runs, n_runs);
  for (guint i = 0; i < n_runs; i++)
    if (is_running (runs[i].run))
      {
        any = TRUE;
        runs[i].stop (runs[i].run);
      }
  if (!any)
    gtk_window_close (window);
}

typedef struct
{
  DrivedashQuitRun *runs;
  guint             n_runs;
} Pending;

static void
pending_free (Pending *pending)
{
  g_free (pending->runs);
  g_free (pending);
}

static void
dialog_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    Pending          *pending)
{
  GtkWindow *window = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  g_object_set_data (G_OBJECT (window), DIALOG_KEY, NULL);
  if (g_strcmp0 (response, "quit") == 0)
    drivedash_quit_stop_and_close (window, pending->runs, pending->n_runs);
}

static void
ask (GtkWindow              *window,
     const DrivedashQuitRun *runs,
     guint                   n_runs,
     const DrivedashQuitRun *running)
{
  GtkWidget *dialog;
  Pending *pending;

  if (g_object_get_data (G_OBJECT (window), DIALOG_KEY))
    return;
  dialog = adw_message_dialog_new (window, running->question,
                                   _("The test is not finished. Its test file will be deleted."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Keep Testing"),
                                    "quit", _("_Stop and Quit"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "quit",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  drivedash_a11y_fix_mnemonics (dialog);
  /* The runs' objects outlive the dialog: the window's pages own them. */
  pending = g_new0 (Pending, 1);
  pending->runs = g_memdup2 (runs, n_runs * sizeof *runs);
  pending->n_runs = n_runs;
  g_object_set_data_full (G_OBJECT (dialog), "drivedash-quit-pending", pending,
                          (GDestroyNotify) pending_free);
  g_signal_connect (dialog, "response", G_CALLBACK (dialog_response_cb), pending);
  g_object_set_data (G_OBJECT (window), DIALOG_KEY, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
drivedash_quit_close_request (GtkWindow              *window,
                              const DrivedashQuitRun *runs,
                              guint                   n_runs)
{
  const DrivedashQuitRun *running;

  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (runs != NULL || n_runs == 0, FALSE);

  running = first_running (runs, n_runs);
  if (running == NULL)
    return FALSE;
  if (g_object_get_data (G_OBJECT (window), CONFIRMED_KEY))
    drivedash_quit_stop_and_close (window, runs, n_runs);
  else
    ask (window, runs, n_runs, running);
  return TRUE;
}
