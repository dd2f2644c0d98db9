/* drivedash-dialog.h — the app's message dialogs, made one way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A question before something that cannot be taken back, over the window
 * @widget is in: "cancel" (the default, also Escape) and "start", whose
 * button says @verb (with its mnemonic) in the destructive colour.  The
 * buttons are named as a screen reader should hear them ("開始", not
 * "開始(S)").  Present it after connecting to "response". */
GtkWidget *drivedash_dialog_new_confirm (GtkWidget  *widget,
                                         const char *heading,
                                         const char *body,
                                         const char *verb);
/* A message with one "close" response, closed with its window. */
GtkWidget *drivedash_dialog_new_message (GtkWidget  *widget,
                                         const char *heading,
                                         const char *body);

G_END_DECLS
