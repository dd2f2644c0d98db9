/* test-write-notice.c — the write-amount notice before a long test: every
 * branch (rated TBW, the drive's own wear estimate, amount only) and the
 * rounding of the share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-endurance.h"
#include "drivedash-write-notice.h"

#define GB G_GUINT64_CONSTANT (1000000000)
#define TB G_GUINT64_CONSTANT (1000000000000)

/* 1 % of this one's 200 TB is 2 TB: easy shares. */
#define SN750_250 "WDS250G3X0C-00SJG0"
#define EVO_1TB "Samsung SSD 970 EVO Plus 1TB"

static void
check (guint64     bytes,
       const char *model,
       double      used,
       guint64     written,
       const char *expected)
{
  g_autofree char *text = drivedash_write_notice_text (bytes, model, used, written);

  g_assert_cmpstr (text, ==, expected);
}

/* The issue's own example, and the rated table the notice uses. */
static void
test_rated (void)
{
  g_assert_cmpuint (drivedash_endurance_lookup_tb (EVO_1TB), ==, 600);
  check (480 * GB, EVO_1TB, -1, 0, "Writes about 480 GB: 0.08 % of this drive’s rated 600 TB.");
  /* Models are matched ignoring case; a known model wins over the drive's
   * own estimate. */
  check (480 * GB, "samsung ssd 970 evo plus 1tb", 10, 60 * TB,
         "Writes about 480 GB: 0.08 % of this drive’s rated 600 TB.");
  check (20 * TB, "Samsung SSD 980 PRO 2TB", -1, 0,
         "Writes about 20.0 TB: 1.7 % of this drive’s rated 1200 TB.");
}

/* Never "0.00 %"; two decimals under 1 %, one under 10 %, none above,
 * decided after rounding. */
static void
test_rated_rounding (void)
{
  check (1 * GB, EVO_1TB, -1, 0, "Writes about 1.00 GB: less than 0.01 % of this drive’s rated 600 TB.");
  check (19 * GB, SN750_250, -1, 0, "Writes about 19.0 GB: less than 0.01 % of this drive’s rated 200 TB.");
  check (20 * GB, SN750_250, -1, 0, "Writes about 20.0 GB: 0.01 % of this drive’s rated 200 TB.");
  check (1988 * GB, SN750_250, -1, 0, "Writes about 1.99 TB: 0.99 % of this drive’s rated 200 TB.");
  /* 0.996 % would be "1.00 %" with two decimals. */
  check (1992 * GB, SN750_250, -1, 0, "Writes about 1.99 TB: 1.0 % of this drive’s rated 200 TB.");
  check (7 * TB, SN750_250, -1, 0, "Writes about 7.00 TB: 3.5 % of this drive’s rated 200 TB.");
  /* 9.96 % would be "10.0 %" with one. */
  check (19920 * GB, SN750_250, -1, 0, "Writes about 19.9 TB: 10 % of this drive’s rated 200 TB.");
  check (300 * TB, SN750_250, -1, 0, "Writes about 300 TB: 150 % of this drive’s rated 200 TB.");
  check (0, SN750_250, -1, 0, "Writes about 0 bytes: less than 0.01 % of this drive’s rated 200 TB.");
}

/* Unknown model: the drive's percentage used and what it has written give
 * the total it is good for; one significant digit, as the estimate is in
 * whole percent. */
static void
test_wear_estimate (void)
{
  /* 60 TB written at 10 % used: 600 TB in all. */
  check (480 * GB, "Some Other SSD", 10, 60 * TB,
         "Writes about 480 GB: about 0.08 % of this drive’s life, judged by its own wear estimate.");
  /* 0.096 % rounds up to one digit after the point, not "0.10 %". */
  check (576 * GB, NULL, 10, 60 * TB,
         "Writes about 576 GB: about 0.1 % of this drive’s life, judged by its own wear estimate.");
  check (20 * TB, NULL, 10, 60 * TB,
         "Writes about 20.0 TB: about 3 % of this drive’s life, judged by its own wear estimate.");
  check (570 * TB, NULL, 10, 60 * TB,
         "Writes about 570 TB: about 100 % of this drive’s life, judged by its own wear estimate.");
  /* A fraction of a percent used (not from NVMe, but the API takes it). */
  check (3 * TB, NULL, 0.5, 3 * TB,
         "Writes about 3.00 TB: about 0.5 % of this drive’s life, judged by its own wear estimate.");
  check (10 * GB, NULL, 10, 60 * TB,
         "Writes about 10.0 GB: less than 0.01 % of this drive’s life, judged by its own wear estimate.");
}

/* No rating and no usable wear estimate: just the amount, decimal units. */
static void
test_amount_only (void)
{
  check (480 * GB, NULL, -1, 0, "Writes about 480 GB.");
  check (G_GUINT64_CONSTANT (16) << 30, "Some Other SSD", -1, 60 * TB, "Writes about 17.2 GB.");
  /* A new drive says 0 % used: it gives no estimate yet. */
  check (480 * GB, "Some Other SSD", 0, 60 * TB, "Writes about 480 GB.");
  /* Percentage known but nothing written reported. */
  check (480 * GB, NULL, 10, 0, "Writes about 480 GB.");
  check (999, NULL, -1, 0, "Writes about 999 bytes.");
}

/* A test whose writing depends on the drive's speed says both ends, the
 * share being the larger one's; equal ends read as one amount. */
static void
test_range (void)
{
  g_autofree char *rated = drivedash_write_notice_range_text (113 * GB, 1368 * GB, EVO_1TB, -1, 0);
  g_autofree char *worn = drivedash_write_notice_range_text (113 * GB, 1368 * GB, NULL, 10, 60 * TB);
  g_autofree char *plain = drivedash_write_notice_range_text (1368 * GB, 113 * GB, NULL, -1, 0);
  g_autofree char *same = drivedash_write_notice_range_text (17 * GB, 17 * GB, EVO_1TB, -1, 0);

  g_assert_cmpstr (rated, ==, "Writes between 113 GB and 1.37 TB, depending on the drive’s speed. "
                              "At the most, that is 0.23 % of this drive’s rated 600 TB.");
  g_assert_cmpstr (worn, ==, "Writes between 113 GB and 1.37 TB, depending on the drive’s speed. "
                             "At the most, that is 0.2 % of this drive’s life, judged by its own wear estimate.");
  g_assert_cmpstr (plain, ==, "Writes between 113 GB and 1.37 TB, depending on the drive’s speed.");
  g_assert_cmpstr (same, ==, "Writes about 17.0 GB: less than 0.01 % of this drive’s rated 600 TB.");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/write-notice/rated", test_rated);
  g_test_add_func ("/write-notice/rated-rounding", test_rated_rounding);
  g_test_add_func ("/write-notice/wear-estimate", test_wear_estimate);
  g_test_add_func ("/write-notice/amount-only", test_amount_only);
  g_test_add_func ("/write-notice/range", test_range);
  return g_test_run ();
}
