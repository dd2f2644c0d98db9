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

G_END_DECLS
