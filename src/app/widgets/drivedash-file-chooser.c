/* drivedash-file-chooser.c — ask for one file or folder, GTK 4.8 style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GtkFileDialog needs GTK 4.10; until then, GtkFileChooserNative (which
 * goes through the portal where there is one) with the bookkeeping every
 * caller would otherwise repeat.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-file-chooser.h"

typedef struct
{
  GWeakRef                owner;
  DrivedashFileChosenFunc callback;
} Request;

static void
response_cb (GtkNativeDialog *dialog,
             int              response,
             Request         *request)
{
  g_autoptr(GObject) owner = g_weak_ref_get (&request->owner);
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (owner)
    request->callback (owner, file);
  g_weak_ref_clear (&request->owner);
  g_free (request);
  g_object_unref (dialog);
}

void
drivedash_file_chooser_run (GtkWidget               *parent,
                            GtkFileChooserAction     action,
                            const char              *title,
                            const char              *accept_label,
                            GFile                   *initial,
                            const char              *initial_name,
                            GObject                 *owner,
                            DrivedashFileChosenFunc  callback)
{
  GtkRoot *root = gtk_widget_get_root (parent);
  GtkFileChooserNative *chooser;
  Request *request = g_new0 (Request, 1);

  g_weak_ref_init (&request->owner, owner);
  request->callback = callback;
  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action, accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (initial)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), initial, NULL);
  if (initial_name)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), initial_name);
  g_signal_connect (chooser, "response", G_CALLBACK (response_cb), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
