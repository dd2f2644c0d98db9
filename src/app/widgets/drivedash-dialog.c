/* drivedash-dialog.c — the app's message dialogs, made one way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-dialog.h"

static GtkWidget *
dialog_new (GtkWidget  *widget,
            const char *heading,
            const char *body)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  return adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
}

GtkWidget *
drivedash_dialog_new_confirm (GtkWidget  *widget,
                              const char *heading,
                              const char *body,
                              const char *verb)
{
  GtkWidget *dialog = dialog_new (widget, heading, body);
  AdwMessageDialog *d = ADW_MESSAGE_DIALOG (dialog);

  adw_message_dialog_add_responses (d, "cancel", _("_Cancel"), "start", verb, NULL);
  adw_message_dialog_set_response_appearance (d, "start", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (d, "cancel");
  adw_message_dialog_set_close_response (d, "cancel");
  drivedash_a11y_fix_mnemonics (dialog);
  return dialog;
}

GtkWidget *
drivedash_dialog_new_message (GtkWidget  *widget,
                              const char *heading,
                              const char *body)
{
  GtkWidget *dialog = dialog_new (widget, heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  drivedash_a11y_fix_mnemonics (dialog);
  return dialog;
}
