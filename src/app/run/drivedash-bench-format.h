/* drivedash-bench-format.h — what the Speed view says, as pure functions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value the Speed view's template shows goes through one of these:
 * they take plain values and return new strings, touch no widget and need
 * no display, so the unit tests call them directly.
 */
#pragma once

#include <glib.h>

#include "drivedash-bench-spec.h"
#include "drivedash-bench.h"

G_BEGIN_DECLS

/* Where one test of a run stands; its cell shows "—" until DONE. */
typedef enum
{
  DRIVEDASH_BENCH_RESULT_WAITING,
  DRIVEDASH_BENCH_RESULT_RUNNING,
  DRIVEDASH_BENCH_RESULT_DONE,
} DrivedashBenchResultState;

/* "3477", "512.3", "12.34": three or four significant digits. */
char  *drivedash_bench_format_mb_per_s (double mb_per_s);
/* "87 µs", "2.4 ms", "31 ms". */
char  *drivedash_bench_format_latency  (double latency_us);
/* The two small lines under a result: IOPS, then mean latency. */
char  *drivedash_bench_format_detail   (double iops,
                                        double latency_us);
char  *drivedash_bench_format_tooltip  (double mb_per_s,
                                        guint  n_passes,
                                        double mb_per_s_median,
                                        double iops,
                                        double latency_mean_us,
                                        double latency_p99_us);
/* A results cell: the big number, the lines under it, the tooltip (NULL
 * until done) and the CSS classes of the cell and of the number. */
char  *drivedash_bench_format_value_text   (DrivedashBenchResultState state,
                                            double                    mb_per_s);
char  *drivedash_bench_format_detail_text  (DrivedashBenchResultState state,
                                            double                    iops,
                                            double                    latency_us);
GStrv  drivedash_bench_format_cell_classes (DrivedashBenchResultState state);
GStrv  drivedash_bench_format_value_classes (gboolean                 doubtful);
/* "SEQ1M\nQ8T1": a results row's title on two lines (fits 360 px). */
char  *drivedash_bench_format_row_title (const DrivedashBenchSpec *spec);
/* "Sequential: one long stretch in 1.0 MiB blocks; …" */
char  *drivedash_bench_format_row_tooltip (const DrivedashBenchSpec *spec);
/* "Read (MB/s)" */
char  *drivedash_bench_format_column_title (DrivedashBenchMode mode);

/* A result cell read aloud: "Read, Large files, one at a time: 1454
 * megabytes per second" (or "measuring now", "not measured yet"). */
char  *drivedash_bench_format_cell_accessible (const DrivedashBenchSpec  *spec,
                                               DrivedashBenchResultState  state,
                                               double                     mb_per_s);
/* The folder row's subtitle, plain text (never markup): "Home folder on
 * Samsung SSD 970 EVO Plus 1TB", or the folder's display name and where it
 * is; @path in the file-name encoding, which need not be UTF-8.
 * @drive_text (drivedash_folder_info_dup_drive_text()) may be NULL. */
char  *drivedash_bench_format_folder   (const char *path,
                                        const char *drive_text);
/* "Estimated time: about 1 min 5 s", before Start. */
char  *drivedash_bench_format_estimate (double      seconds);
/* "About 40 s left", while a run goes on. */
char  *drivedash_bench_format_time_left (double     seconds);
/* "RND4K Q32T16 Read — Measuring", or just the phase when @test_label is
 * NULL. */
char  *drivedash_bench_format_progress (const char          *test_label,
                                        DrivedashBenchPhase  phase);
/* CSS classes of the status line: an error shows in the error colour. */
GStrv  drivedash_bench_format_status_classes (gboolean is_error);

G_END_DECLS
