/* drivedash-toast.h — a page's toasts, shown by the nearest toast overlay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows @toast (transfer full) in the AdwToastOverlay nearest above
 * @from, so that a page needs to know nothing of the window it is in.
 * Outside any overlay (a page alone in a test) the toast is dropped. */
void drivedash_widget_add_toast (GtkWidget *from,
                                 AdwToast  *toast);

/* A toast whose title shows @text as it is.  libadwaita 1.2 parses a
 * toast's title as Pango markup: "Tom & Jerry" would show nothing, and
 * json-glib's messages hold "<data>".  Every toast with words that are
 * not a fixed translated string is made with this. */
AdwToast *drivedash_toast_new_plain       (const char *text);
/* The same for a toast already made (one that is shown again, renamed). */
void      drivedash_toast_set_plain_title (AdwToast   *toast,
                                           const char *text);

G_END_DECLS
