/* drivedash-write-notice.h — how much a test writes, and what share of the
 * drive's endurance that is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A test or review that may write more than this (on a fast drive) asks
 * first: the app with a dialog, the CLI for --yes.  100 GB, decimal, as
 * drive makers count. */
#define DRIVEDASH_WRITE_CONFIRM_BYTES G_GUINT64_CONSTANT (100000000000)

/* One plain, translated sentence for before a test that writes @bytes:
 *  - the model's rated TBW is known (drivedash_endurance_lookup_tb()):
 *    "Writes about 480 GB: 0.08 % of this drive’s rated 600 TB.";
 *  - else, with the drive's own wear estimate (@percentage_used > 0) and
 *    what it has written so far (@bytes_written_so_far > 0): "Writes about
 *    480 GB: about 0.1 % of this drive’s life, judged by its own wear
 *    estimate.";
 *  - else "Writes about 480 GB.".
 * Decimal GB/TB, as drive makers count.  @model may be NULL;
 * @percentage_used < 0 and @bytes_written_so_far 0 mean unknown.
 * Free with g_free(). */
char *drivedash_write_notice_text (guint64     bytes,
                                   const char *model,
                                   double      percentage_used,
                                   guint64     bytes_written_so_far);

/* The same for a test whose amount depends on the drive's speed: between
 * @low and @high bytes.  When the two read the same ("480 GB") it is
 * drivedash_write_notice_text (@high, …); else "Writes between 110 GB and
 * 1.10 TB, depending on the drive’s speed. At the most, that is 0.18 % of
 * this drive’s rated 600 TB.", the share being @high's. */
char *drivedash_write_notice_range_text (guint64     low,
                                         guint64     high,
                                         const char *model,
                                         double      percentage_used,
                                         guint64     bytes_written_so_far);

G_END_DECLS
