/* drivedash-toast.c — a page's toasts, shown by the nearest toast overlay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-a11y.h"
#include "drivedash-toast.h"

static void
overlay_children_cb (GListModel *children,
                     guint       position,
                     guint       removed,
                     guint       added,
                     GtkWidget  *overlay)
{
  /* A toast added while another shows waits in a queue: its widget,
   * with its button, is made only when its turn comes. */
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWidget) child = g_list_model_get_item (children, i);

      drivedash_a11y_fix_mnemonics (child);
    }
}

static void
watch_overlay (GtkWidget *overlay)
{
  GListModel *children;

  if (g_object_get_data (G_OBJECT (overlay), "drivedash-toast-children") != NULL)
    return;
  children = gtk_widget_observe_children (overlay);
  g_signal_connect_object (children, "items-changed", G_CALLBACK (overlay_children_cb), overlay, 0);
  g_object_set_data_full (G_OBJECT (overlay), "drivedash-toast-children", children, g_object_unref);
}

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
  watch_overlay (overlay);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  /* The toast's button is made just now, when nothing else showed. */
  drivedash_a11y_fix_mnemonics (overlay);
}

void
drivedash_toast_set_plain_title (AdwToast   *toast,
                                 const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_return_if_fail (ADW_IS_TOAST (toast));
  adw_toast_set_title (toast, escaped);
}

AdwToast *
drivedash_toast_new_plain (const char *text)
{
  AdwToast *toast = adw_toast_new ("");

  drivedash_toast_set_plain_title (toast, text);
  return toast;
}
