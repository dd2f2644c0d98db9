/* drivedash-writes-tally.h — what each app wrote to each drive, added up
 * over many polls in bounded memory, and sent over D-Bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * drivedashd keeps one tally for every caller of GetAppWrites: each poll's
 * DrivedashWriteSampler totals are added in, at most max_apps apps are
 * named and the smallest others are folded, for good, into one "Others"
 * row per drive, so a flood of process names costs nothing.  Callers take
 * their own deltas between two answers with drivedash_app_writes_delta(),
 * which keeps each drive's sum right when an app is folded meanwhile.
 */
#pragma once

#include <glib.h>

#include "drivedash-write-sampler.h"

G_BEGIN_DECLS

/* The same name as the store's DRIVEDASH_APP_WRITES_OTHERS. */
#define DRIVEDASH_WRITES_TALLY_OTHERS "Others"
/* As many apps as the store keeps per bucket. */
#define DRIVEDASH_WRITES_TALLY_MAX_APPS 100

typedef struct _DrivedashWritesTally DrivedashWritesTally;

DrivedashWritesTally *drivedash_writes_tally_new      (guint                 max_apps);
void                  drivedash_writes_tally_free     (DrivedashWritesTally *self);
/* Adds @rows (element-type DrivedashAppWrites, as the sampler's
 * take_totals gives them): bytes add up, processes keep the most seen in
 * one poll. */
void                  drivedash_writes_tally_add      (DrivedashWritesTally *self,
                                                       GPtrArray            *rows);
/* Every row, most first, "Others" rows among them.
 * (element-type DrivedashAppWrites) */
GPtrArray            *drivedash_writes_tally_dup_rows (DrivedashWritesTally *self);

/* One row as a{sv}: "app" s, "disk" s, "drive" s, "controller" s (each
 * absent when unknown), "bytes" t, "processes" u, "source" s ("process"
 * or "cgroup"). */
GVariant             *drivedash_app_writes_to_variant   (const DrivedashAppWrites *row);
/* The other way, checked: NULL with an error for a row without an app
 * name or byte count; names are made printable and cut as the sampler's
 * are. */
DrivedashAppWrites   *drivedash_app_writes_from_variant (GVariant                 *dict,
                                                         GError                  **error);

/* What was written between two cumulative answers, @before (may be NULL:
 * from zero) and @after, rows that did not grow left out, most first.
 * A row that shrank means the counting started again: all of it counts.
 * An app folded into "Others" meanwhile moves what it had into that row,
 * which is taken off again, so each drive's sum stays what it wrote. */
GPtrArray            *drivedash_app_writes_delta (GPtrArray *before,
                                                  GPtrArray *after);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashWritesTally, drivedash_writes_tally_free)

G_END_DECLS
