/* drivedash-entry-row.h — a titled text field in a boxed list that a
 * screen reader sees focused
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libadwaita 1.2's AdwEntryRow gives focus to a GtkText that GTK 4.8
 * leaves out of the accessibility tree, and the row does not say it has
 * the focus (gtk_accessible_update_platform_state() is GTK 4.10): Tab to
 * it and a screen reader says nothing.  This row holds a GtkEntry, which
 * GTK 4.8 reports focused, named after the row's title.  The row itself
 * is no Tab stop.  Like AdwEntryRow with show-apply-button, an Apply
 * button shows once the text is edited, and "apply" is emitted on it or
 * on Enter.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_ENTRY_ROW (drivedash_entry_row_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashEntryRow, drivedash_entry_row, DRIVEDASH, ENTRY_ROW, AdwActionRow)

GtkWidget  *drivedash_entry_row_new      (void);
/* The text as last applied or set: setting it is not an edit. */
void        drivedash_entry_row_set_text (DrivedashEntryRow *self,
                                          const char        *text);
const char *drivedash_entry_row_get_text (DrivedashEntryRow *self);
GtkEntry   *drivedash_entry_row_get_entry (DrivedashEntryRow *self);

G_END_DECLS
