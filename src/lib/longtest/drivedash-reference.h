/* drivedash-reference.h — the published review's figures, shown beside
 * the user's drive as reference rows, only where the test matches: by
 * the full review's summary and page, and by a report of speed tests
 *
 * Kept here, below the store and the report, because its rows are keyed
 * by the speed test's and the long tests' own test names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One published figure.  The magazine measured on another PC, so these
 * are for orientation, never for a verdict. */
typedef struct
{
  const char *drive;       /* "WD Black SN750 1TB", not translated */
  gboolean    game_mode;   /* the SN750 with its Gaming Mode on */
  const char *kind;        /* "speed", "consistency", "adaptivity" */
  const char *test;        /* "SEQ1M Q32T1"; a long test's "recovery", "average" */
  const char *mode;        /* "read", "write"; NULL for a long test */
  double      low;         /* MB/s */
  double      high;        /* MB/s; == low for one figure, INFINITY for "above low" */
  gboolean    approximate; /* read off a graph: "about" */
} DrivedashReference;

/* Every row, in the review's order. */
const DrivedashReference *drivedash_references_get (guint *n_rows);
/* The rows for @kind's @test and @mode (mode NULL for a long test), in a
 * new array of pointers into the table; empty when nothing matches. */
GPtrArray  *drivedash_references_matching  (const char               *kind,
                                            const char               *test,
                                            const char               *mode);
/* Where the figures come from, in plain words: "Published by a
 * magazine, measured on another PC, CrystalDiskMark 6" (the speed test)
 * or "…, PCMark 8" (Consistency and Adaptivity).  Translated. */
const char *drivedash_reference_get_source (const char               *kind);
/* "3,477 MB/s", "598–629 MB/s", "above 800 MB/s", "about 1,759 MB/s";
 * translated and grouped as the locale does. */
char       *drivedash_reference_dup_value  (const DrivedashReference *row);
/* "WD Black SN750 1TB with Gaming Mode": the drive, translated. */
char       *drivedash_reference_dup_drive  (const DrivedashReference *row);

G_END_DECLS
