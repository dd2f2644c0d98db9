/* drivedash-sim-drive.h — the simulated drive of the demo: believable
 * speeds and latencies, with no file and no I/O at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `drivedash --demo` runs its speed tests, long tests and reviews on this
 * model instead of a disk, so that trying the app out never writes to a
 * real drive.  It behaves as a recent 1 TB PCIe 4.0 drive does: about
 * 7,000 MB/s read, 6,000 MB/s written into a 40 GB fast cache and 1,400
 * MB/s once that is full, which it empties again while idle.  Its figures
 * are made up and everything run on it is labelled as simulated.
 */
#pragma once

#include <glib.h>

#include "drivedash-folder.h"     /* its name, size and folder */
#include "drivedash-histogram.h"

G_BEGIN_DECLS

/* What a stream of requests asks of the drive. */
typedef struct
{
  guint32  block_size;     /* bytes per request (a mean, for mixed sizes) */
  guint    depth;          /* requests in flight, all threads together */
  guint    read_percent;   /* 100: reads only; 0: writes only */
  gboolean sequential;
  double   share;          /* this stream's part of @depth, 0..1 (threads) */
} DrivedashSimLoad;

#define DRIVEDASH_SIM_MAX_DRAWS 32

/* What one step of a stream did, with a few requests' latencies (ns)
 * drawn from the drive's spread for the histograms. */
typedef struct
{
  guint64  read_ios;
  guint64  write_ios;
  guint64  read_bytes;
  guint64  write_bytes;
  double   mean_ns;        /* one request's mean time in this step */
  guint    n_draws;
  guint64  draw_ns[DRIVEDASH_SIM_MAX_DRAWS];
  gboolean draw_write[DRIVEDASH_SIM_MAX_DRAWS];
} DrivedashSimStep;

typedef struct
{
  DrivedashSimLoad load;
  double           carry;   /* a request begun in one step, finished in a later one */
  guint64          rng;
} DrivedashSimStream;

void     drivedash_sim_stream_init (DrivedashSimStream     *stream,
                                    const DrivedashSimLoad *load,
                                    guint64                 seed);
/* Moves @stream for @seconds of real time: what it did in @step. */
void     drivedash_sim_stream_step (DrivedashSimStream     *stream,
                                    double                  seconds,
                                    DrivedashSimStep       *step);
/* Records @step's drawn latencies: reads in @read_hist, writes in
 * @write_hist (either may be the same or NULL). */
void     drivedash_sim_step_record (const DrivedashSimStep *step,
                                    DrivedashHistogram     *read_hist,
                                    DrivedashHistogram     *write_hist);

/* Bytes per second the drive moves under @load now (the whole drive, not
 * the stream's share), and the mean time one request takes. */
double   drivedash_sim_drive_rate  (const DrivedashSimLoad *load,
                                    double                 *latency_ns);
/* How much of the fast cache is in use now, 0..1. */
double   drivedash_sim_drive_cache_used (void);
/* Forgets what was written: an empty cache (for tests and a new demo). */
void     drivedash_sim_drive_reset (void);

G_END_DECLS
