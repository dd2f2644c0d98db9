/* drivedash-toast.c — a page's toasts, shown by the nearest toast overlay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-a11y.h"
#include "drivedash-toast.h"

void
drivedash_widget_add_toast (GtkWidget *from,
                            AdwToast  *toast)
{
  GtkWidget *overlay;

  g_return_if_fail (GTK_IS_WIDGET (from));
  g_return_if_fail (ADW_IS_TOAST (toast));

  overlay = gtk_widget_get_ancestor (from, ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    {
      g_object_unref (g_object_ref_sink (toast));
      return;
    }
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  /* The toast's button is made just now. */
  drivedash_a11y_fix_mnemonics (overlay);
}

AdwToast *
drivedash_toast_new_plain (const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  return adw_toast_new (escaped);
}
