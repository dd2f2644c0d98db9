/* drivedash-bench-fio.h — the fio command that does a test's work, for
 * `drivedash-cli bench --fio-command` and build-aux/bench-vs-fio
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-bench-settings.h"
#include "drivedash-bench-spec.h"

G_BEGIN_DECLS

/* fio's file in the test folder: the engine names its own at run time. */
#define DRIVEDASH_BENCH_FIO_FILE "drivedash-fio.dat"

/* fio's argument vector (argv[0] "fio") for @spec under @settings: the
 * same file size, block size, queue depth, threads (as jobs), pattern and
 * mode (mix: --rwmixread), direct I/O through io_uring, the warm-up pass
 * as --ramp_time and the measured passes together as --runtime (fio
 * reports their mean, the engine the best pass: alike with one pass),
 * each sequential thread in its own stretch of the file as the engine's.
 * The file is DRIVEDASH_BENCH_FIO_FILE in settings->folder, made absolute
 * (the home folder when NULL). */
GStrv drivedash_bench_fio_argv         (const DrivedashBenchSettings *settings,
                                        const DrivedashBenchSpec     *spec);
/* The same as one shell command line: words quoted where they need it. */
char *drivedash_bench_fio_command_line (const DrivedashBenchSettings *settings,
                                        const DrivedashBenchSpec     *spec);

G_END_DECLS
