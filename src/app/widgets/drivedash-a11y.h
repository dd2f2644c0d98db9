/* drivedash-a11y.h — what a screen reader hears
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Pure: "_Start" → "Start", "C_opy as Text" → "Copy as Text", "a__b" →
 * "a_b" (GTK's mnemonic rules), "選択(_C)…" → "選択…" (the key in
 * brackets that translations without Latin letters add). */
char *drivedash_a11y_strip_mnemonic      (const char *label);
/* Pure: "Life Left, 97 %": a row's title with its value, as read aloud;
 * just @title when @value is empty. */
char *drivedash_a11y_title_with_value    (const char *title,
                                          const char *value);

/* Every GtkButton below @root with a text label gets that label, without
 * the mnemonic's underline, as its only accessible name: GTK 4.8 reads
 * "_Start Start" (and "Copy Results Copy Results" for a toast's button).
 * Icon-only buttons and menu buttons are named after their tooltip. */
void  drivedash_a11y_fix_mnemonics       (GtkWidget  *root);
/* Every AdwActionRow below @root that shows a value in a label of its own
 * is named "Title, value", following the label; a level bar in it is
 * named after the row.  Its subtitle becomes its description.  A combo
 * row is named "Title, choice", following the choice. */
void  drivedash_a11y_rows_read_values    (GtkWidget  *root);
/* Keeps the header's view switchers that are not on screen (the squeezer
 * keeps a wide and a narrow one, and the bottom bar one more) out of the
 * accessibility tree, so one set of tabs is read. */
void  drivedash_a11y_watch_switchers     (AdwViewSwitcherTitle *title,
                                          AdwViewSwitcherBar   *bar);
/* Each AdwExpanderRow below @root says whether it is expanded (libadwaita
 * 1.2 does not), and its arrow is kept out of the tree. */
void  drivedash_a11y_watch_expanders     (GtkWidget  *root);
/* @widget's description is the text of the labels (NULL-terminated) that
 * are shown, in order, following them: a notice next to Start is heard
 * before starting. */
void  drivedash_a11y_described_by        (GtkWidget  *widget,
                                          GtkLabel   *first,
                                          ...) G_GNUC_NULL_TERMINATED;
/* The bar is named by its visible text ("Preparing the test file…"). */
void  drivedash_a11y_progress_reads_text (GtkProgressBar *bar);

/* Says @message politely, without moving the focus (a run's next phase):
 * with GTK 4.14 and later as an announcement; before, as the description
 * of the focused widget until the focus leaves it.  FALSE where neither
 * can (no widget of @widget's window has the focus), and for an empty
 * message. */
gboolean drivedash_a11y_announce          (GtkWidget  *widget,
                                           const char *message);

G_END_DECLS
