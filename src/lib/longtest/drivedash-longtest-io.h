/* drivedash-longtest-io.h — the I/O loop of the long tests (internal)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <liburing.h>

#include "drivedash-bench-worker.h"
#include "drivedash-histogram.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_LONG_IO_MIX,        /* random reads and writes of one block size */
  DRIVEDASH_LONG_IO_BURST,      /* random writes, 4 KiB–1 MiB, 4 KiB aligned */
  DRIVEDASH_LONG_IO_SEQ_WRITE,  /* sequential writes from offset 0, wrapping */
  DRIVEDASH_LONG_IO_TRACE,      /* the storage test (drivedash-longtest-io.c) */
} DrivedashLongIoPattern;

#define DRIVEDASH_LONG_IO_MAX_BLOCK (1u << 20)
#define DRIVEDASH_LONG_IO_MAX_QD    256u

typedef struct
{
  DrivedashLongIoPattern pattern;
  guint32                block_size;    /* MIX and SEQ_WRITE */
  guint                  queue_depth;   /* MIX, BURST, SEQ_WRITE; TRACE picks 1–4 */
  guint                  read_percent;  /* MIX */
  guint64                duration_ns;   /* 0: until @bytes */
  guint64                bytes;         /* 0: until @duration_ns */
  guint64                seed;
} DrivedashLongIoJob;

/* What completed: the runner reads and resets the interval part at every
 * interval; the totals run for the whole job. */
typedef struct
{
  guint64             read_ios;
  guint64             write_ios;
  guint64             read_bytes;
  guint64             write_bytes;
  DrivedashHistogram *read_hist;
  DrivedashHistogram *write_hist;
} DrivedashLongIoWindow;

typedef struct
{
  guint64 read_ios;
  guint64 write_ios;
  guint64 read_bytes;
  guint64 write_bytes;
  double  read_latency_sum_us;
  double  write_latency_sum_us;
  guint64 busy_ns;        /* time with at least one request in flight */
  guint64 elapsed_ns;
} DrivedashLongIoTotals;

typedef struct
{
  struct io_uring        ring;
  int                    fd;
  guint64                file_size;
  guint64                io_timeout_ns;
  gint                  *cancel;         /* atomic, owned by the runner */
  DrivedashLongIoWindow  window;
  /* Called between waits, at most every 50 ms, from this thread; FALSE
   * ends the job (the runner's own stop). */
  gboolean             (*tick)           (gpointer user_data,
                                          guint64  now_ns);
  gpointer               user_data;
  /* Optional: the time at which every @step_bytes of writes completed
   * (ns since the job started), for the saturation test. */
  guint64                step_bytes;
  GArray                *step_times;     /* of guint64 */
  guint64                seq_cursor;     /* SEQ_WRITE: carries over between jobs */
  int                    error;          /* errno of the failure, 0 */
  gboolean               stalled;        /* a request outlived io_timeout_ns */
  gboolean               abandoned;      /* requests left to the kernel on cancel */
} DrivedashLongIo;

/* FALSE with errno in io->error. */
gboolean drivedash_long_io_init   (DrivedashLongIo          *io,
                                   int                       fd,
                                   guint64                   file_size);
void     drivedash_long_io_clear  (DrivedashLongIo          *io);
void     drivedash_long_io_window_reset (DrivedashLongIoWindow *w);

/* Runs @job to its end, a cancel, the tick's stop or an error (FALSE,
 * io->error set; ECANCELED for a cancel).  Fills @totals. */
gboolean drivedash_long_io_run    (DrivedashLongIo          *io,
                                   const DrivedashLongIoJob *job,
                                   DrivedashLongIoTotals    *totals);

/* drivedash_long_io_run() on the demo's simulated drive (an @io with
 * fd -1): the job's pace, counts and latencies from drivedash-sim-drive.h,
 * with no I/O (drivedash-longtest-sim.c). */
gboolean drivedash_long_io_run_simulated (DrivedashLongIo          *io,
                                          const DrivedashLongIoJob *job,
                                          DrivedashLongIoTotals    *totals);

/* The storage test's bytes for a file of @file_size: a quarter of the
 * file, at least 8 MiB and at most 2 GiB. */
guint64  drivedash_long_io_trace_bytes (guint64 file_size);
/* The storage test's workload is the same every round: one seed. */
#define DRIVEDASH_LONG_IO_STORAGE_SEED G_GUINT64_CONSTANT (0x5eed0f7e57)

/* What a TRACE job of @bytes on a file of @file_size from @seed writes:
 * its requests replayed without I/O (the seed makes them the same each
 * time), for the estimate before a test. */
guint64  drivedash_long_io_trace_write_bytes (guint64 file_size,
                                              guint64 bytes,
                                              guint64 seed);

G_END_DECLS
