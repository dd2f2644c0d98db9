/* drivedash-bench-engine.h — the synchronous benchmark engine (internal):
 * runs in the calling thread, starts the I/O threads, reports to a sink.
 * DrivedashBench wraps it in a thread and delivers to the main context.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-bench.h"

G_BEGIN_DECLS

/* Called from the engine's thread (not an I/O thread); must not block long. */
typedef struct
{
  void (*sample)        (gpointer                    user_data,
                         const DrivedashBenchSample *sample);
  void (*progress)      (gpointer                    user_data,
                         guint                       test_index,
                         DrivedashBenchPhase         phase,
                         double                      fraction);
  void (*test_finished) (gpointer                    user_data,
                         guint                       test_index,
                         DrivedashBenchResult       *result);
} DrivedashBenchSink;

DrivedashBenchReport *drivedash_bench_engine_run (const DrivedashBenchSettings *settings,
                                                  const DrivedashBenchSpec     *tests,
                                                  guint                         n_tests,
                                                  GCancellable                 *cancellable,
                                                  const DrivedashBenchSink     *sink,
                                                  gpointer                      user_data,
                                                  GError                      **error);

G_END_DECLS
