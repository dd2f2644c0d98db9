/* drivedash-quit.c — no way out leaves a speed test's file behind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A run deletes its test file (up to 16 GiB, hidden in the user's folder)
 * when it ends, cancelled or not; a process that exits mid-run leaves the
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

static void
model_running_cb (DrivedashRunModel   *model,
                  GParamSpec          *pspec,
                  GtkWindow           *window)
{
  if (!drivedash_run_model_get_running (model))
    gtk_window_close (window);
}

void
drivedash_quit_stop_and_close (GtkWindow           *window,
                               DrivedashRunModel   *model)
{
  GtkWindow *dialog;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (model));

  dialog = g_object_get_data (G_OBJECT (window), DIALOG_KEY);
  if (dialog)
    gtk_window_destroy (dialog);
  if (g_object_get_data (G_OBJECT (window), CONFIRMED_KEY) == NULL)
    {
      g_object_set_data (G_OBJECT (window), CONFIRMED_KEY, GINT_TO_POINTER (TRUE));
      g_signal_connect_object (model, "notify::running", G_CALLBACK (model_running_cb), window, 0);
    }
  if (drivedash_run_model_get_running (model))
    drivedash_run_model_stop (model);
  else
    gtk_window_close (window);
}

static void
dialog_response_cb (AdwMessageDialog    *dialog,
                    const char          *response,
                    DrivedashRunModel   *model)
{
  GtkWindow *window = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  g_object_set_data (G_OBJECT (window), DIALOG_KEY, NULL);
  if (g_strcmp0 (response, "quit") == 0)
    drivedash_quit_stop_and_close (window, model);
}

static void
ask (GtkWindow           *window,
     DrivedashRunModel   *model)
{
  GtkWidget *dialog;

  if (g_object_get_data (G_OBJECT (window), DIALOG_KEY))
    return;
  dialog = adw_message_dialog_new (window, _("Stop the speed test and quit?"),
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
  g_signal_connect_object (dialog, "response", G_CALLBACK (dialog_response_cb), model, 0);
  g_object_set_data (G_OBJECT (window), DIALOG_KEY, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
drivedash_quit_close_request (GtkWindow           *window,
                              DrivedashRunModel   *model)
{
  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (model), FALSE);

  if (!drivedash_run_model_get_running (model))
    return FALSE;
  if (g_object_get_data (G_OBJECT (window), CONFIRMED_KEY))
    drivedash_quit_stop_and_close (window, model);
  else
    ask (window, model);
  return TRUE;
}
