/* drivedash-run-notes.h — why results can't be the drive's speed, and
 * what the drive saw, under a run's results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_RUN_NOTES (drivedash_run_notes_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashRunNotes, drivedash_run_notes, DRIVEDASH, RUN_NOTES, GtkBox)

/* Both texts as drivedash_bench_report_dup_doubt_text() and
 * _dup_device_text() make them; NULL hides that part, both NULL the
 * whole. */
void drivedash_run_notes_set_doubt_text  (DrivedashRunNotes *self,
                                          const char        *text);
void drivedash_run_notes_set_device_text (DrivedashRunNotes *self,
                                          const char        *text);

G_END_DECLS
