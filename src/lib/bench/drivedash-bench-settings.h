/* drivedash-bench-settings.h — what a benchmark run is asked to do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_BENCH_DATA_RANDOM,  /* incompressible: what CrystalDiskMark uses */
  DRIVEDASH_BENCH_DATA_ZEROS,
} DrivedashBenchData;

#define DRIVEDASH_BENCH_DEFAULT_TEST_SIZE      (G_GUINT64_CONSTANT (1) << 30)  /* 1 GiB */
#define DRIVEDASH_BENCH_DEFAULT_PASSES         5
#define DRIVEDASH_BENCH_DEFAULT_PASS_DURATION  5.0   /* seconds */
#define DRIVEDASH_BENCH_DEFAULT_PAUSE          5.0   /* seconds between tests */
#define DRIVEDASH_BENCH_DEFAULT_MIX_READ       70    /* percent reads in mix mode */
#define DRIVEDASH_BENCH_DEFAULT_SAMPLE_INTERVAL 0.1  /* seconds between live samples */
/* Like the Linux NVMe driver's own I/O timeout: a drive that has not
 * answered a request in this time is not going to. */
#define DRIVEDASH_BENCH_DEFAULT_IO_TIMEOUT     30.0  /* seconds */

/* How much DrivedashBenchSettings.background raises the I/O threads' nice
 * value: enough that a GUI's main thread wins the CPU whenever it wants
 * it, while the I/O threads still get every cycle nobody else wants. */
#define DRIVEDASH_BENCH_BACKGROUND_NICE 10

/* Plain public fields: set them after _new(), which fills in the defaults.
 * A running DrivedashBench keeps its own copy. */
typedef struct
{
  char               *folder;           /* where the test file goes; NULL = home */
  guint64             test_size;        /* bytes */
  guint               passes;           /* measured passes per test, >= 1 */
  double              pass_duration;    /* seconds per pass (the warm-up pass too) */
  guint64             pass_bytes;       /* a pass ends earlier once its threads have moved
                                           this many bytes, so that a fast drive writes no
                                           more than a short test promises; 0: by time only */
  double              pause;            /* seconds between tests */
  DrivedashBenchData  data;
  guint               mix_read_percent; /* 0..100 */
  gboolean            allow_buffered;   /* if O_DIRECT is refused, run through the
                                           page cache and mark results "includes cache" */
  gboolean            warmup;           /* run one discarded warm-up pass (default TRUE) */
  double              sample_interval;  /* seconds between live samples */
  gboolean            background;       /* lower the I/O threads' CPU priority, so an
                                           interactive process on the same cores stays
                                           responsive (the GUI); FALSE by default, so
                                           the CLI's results stay comparable with fio's */
  double              io_timeout;       /* seconds one read or write may take before the run
                                           ends with "the drive stopped responding" */
  gboolean            merge_requests;   /* an expert's choice: let Linux join a sequential
                                           test's neighbouring requests into bigger ones
                                           (faster-looking; the drive no longer sees the
                                           size the test is named after).  FALSE: each
                                           sequential request goes in on its own */
  gboolean            simulated;        /* the demo: run on the simulated drive
                                           (drivedash-sim-drive.h), with no file and
                                           no I/O; @folder is not used */
} DrivedashBenchSettings;

#define DRIVEDASH_TYPE_BENCH_SETTINGS (drivedash_bench_settings_get_type ())

GType                   drivedash_bench_settings_get_type (void) G_GNUC_CONST;
DrivedashBenchSettings *drivedash_bench_settings_new      (void);
DrivedashBenchSettings *drivedash_bench_settings_copy     (const DrivedashBenchSettings *self);
void                    drivedash_bench_settings_free     (DrivedashBenchSettings       *self);
void                    drivedash_bench_settings_set_folder (DrivedashBenchSettings     *self,
                                                             const char                 *folder);

/* Checks ranges; DRIVEDASH_ERROR_INVALID_ARGUMENT with a message for people. */
gboolean                drivedash_bench_settings_validate (const DrivedashBenchSettings *self,
                                                           GError                      **error);

/* "1GiB", "512MiB", "64M", "1g", "1073741824" → bytes (1024-based suffixes). */
gboolean                drivedash_bench_parse_size        (const char                   *text,
                                                           guint64                      *out_bytes,
                                                           GError                      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashBenchSettings, drivedash_bench_settings_free)

G_END_DECLS
