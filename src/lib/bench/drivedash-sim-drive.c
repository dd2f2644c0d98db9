/* drivedash-sim-drive.c — the demo's simulated drive (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "drivedash-bench-worker.h"
#include "drivedash-sim-drive.h"

#define READ_CAP        7.0e9    /* bytes/s */
#define WRITE_CAP       6.0e9    /* into the fast cache */
#define WRITE_SLOW_CAP  1.4e9    /* once the cache is full */
#define READ_IOPS_CAP   1.0e6
#define WRITE_IOPS_CAP  0.85e6
#define CACHE_BYTES     40e9
#define CACHE_DRAIN     0.6e9    /* bytes/s the drive moves out of its cache */
#define NOISE           0.03     /* step-to-step spread of the speed */
#define LATENCY_SIGMA   0.35     /* log-normal spread of one request */

static GMutex cache_lock;
static double cache_used;        /* bytes */
static guint64 cache_seen_ns;

/* The cache as it is now, after draining since it was last looked at;
 * with cache_lock held. */
static void
cache_update (guint64 now)
{
  if (cache_seen_ns != 0 && now > cache_seen_ns)
    cache_used = MAX (0.0, cache_used - CACHE_DRAIN * (double) (now - cache_seen_ns) / 1e9);
  cache_seen_ns = now;
}

static gboolean
cache_full (void)
{
  gboolean full;

  g_mutex_lock (&cache_lock);
  cache_update (drivedash_bench_now_ns ());
  full = cache_used >= CACHE_BYTES * 0.98;  /* it drains all the time */
  g_mutex_unlock (&cache_lock);
  return full;
}

static void
cache_fill (guint64 bytes)
{
  g_mutex_lock (&cache_lock);
  cache_update (drivedash_bench_now_ns ());
  cache_used = MIN (CACHE_BYTES, cache_used + (double) bytes);
  g_mutex_unlock (&cache_lock);
}

double
drivedash_sim_drive_cache_used (void)
{
  double used;

  g_mutex_lock (&cache_lock);
  cache_update (drivedash_bench_now_ns ());
  used = cache_used / CACHE_BYTES;
  g_mutex_unlock (&cache_lock);
  return used;
}

void
drivedash_sim_drive_reset (void)
{
  g_mutex_lock (&cache_lock);
  cache_used = 0;
  cache_seen_ns = 0;
  g_mutex_unlock (&cache_lock);
}

/* Time-weighted: a share r of reads at @read and the rest at @write. */
static double
blend_rate (double r,
            double read,
            double write)
{
  return 1.0 / (r / read + (1.0 - r) / write);
}

double
drivedash_sim_drive_rate (const DrivedashSimLoad *load,
                          double                 *latency_ns)
{
  const double bs = MAX (load->block_size, 512u);
  const double r = MIN (load->read_percent, 100u) / 100.0;
  const gboolean full = r < 1.0 && cache_full ();
  double read_ns = (load->sequential ? 40e3 : 60e3) + bs / 3.2e9 * 1e9;
  double write_ns = full ? 25e3 + bs / WRITE_SLOW_CAP * 1e9 : 11e3 + bs / 2.8e9 * 1e9;
  double one_ns = r * read_ns + (1.0 - r) * write_ns;
  double concurrent = MAX (load->depth, 1u) * bs / one_ns * 1e9;
  double cap = blend_rate (r, READ_CAP, full ? WRITE_SLOW_CAP : WRITE_CAP);
  double iops_cap = blend_rate (r, READ_IOPS_CAP, WRITE_IOPS_CAP) * bs;
  double rate = MIN (concurrent, MIN (cap, iops_cap));

  /* Past a limit the requests wait in line: Little's law. */
  if (latency_ns != NULL)
    *latency_ns = MAX (one_ns, MAX (load->depth, 1u) * bs / rate * 1e9);
  return rate;
}

static double
uniform (guint64 *state)
{
  /* splitmix64: plenty for a demo's noise. */
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  z ^= z >> 31;
  return (double) (z >> 11) / 9007199254740992.0;
}

/* Roughly normal, mean 0 and spread 1 (Irwin–Hall). */
static double
normal (guint64 *state)
{
  double sum = 0;

  for (int i = 0; i < 12; i++)
    sum += uniform (state);
  return sum - 6.0;
}

void
drivedash_sim_stream_init (DrivedashSimStream     *stream,
                           const DrivedashSimLoad *load,
                           guint64                 seed)
{
  *stream = (DrivedashSimStream) { .load = *load, .rng = seed };
  if (stream->load.share <= 0 || stream->load.share > 1)
    stream->load.share = 1;
}

static void
draw_latencies (DrivedashSimStream *stream,
                double              mean_ns,
                DrivedashSimStep   *step)
{
  const guint64 n = step->read_ios + step->write_ios;
  const double norm = exp (LATENCY_SIGMA * LATENCY_SIGMA / 2);

  step->n_draws = (guint) MIN (n, (guint64) DRIVEDASH_SIM_MAX_DRAWS);
  for (guint i = 0; i < step->n_draws; i++)
    {
      double x = mean_ns * exp (LATENCY_SIGMA * normal (&stream->rng)) / norm;

      /* One request in a hundred waits behind the drive's own work. */
      if (uniform (&stream->rng) < 0.01)
        x *= 4;
      step->draw_ns[i] = (guint64) MAX (x, 1000.0);
      step->draw_write[i] = uniform (&stream->rng) * n >= step->read_ios;
    }
}

void
drivedash_sim_stream_step (DrivedashSimStream *stream,
                           double              seconds,
                           DrivedashSimStep   *step)
{
  const DrivedashSimLoad *load = &stream->load;
  double latency_ns;
  double rate = drivedash_sim_drive_rate (load, &latency_ns) * load->share;
  double ios = MAX (0.0, rate * (1.0 + NOISE * normal (&stream->rng)) * seconds / MAX (load->block_size, 512u));
  guint64 n;

  *step = (DrivedashSimStep) { 0 };
  ios += stream->carry;
  n = (guint64) ios;
  stream->carry = ios - (double) n;
  step->read_ios = (guint64) floor ((double) n * MIN (load->read_percent, 100u) / 100.0 + uniform (&stream->rng));
  step->read_ios = MIN (step->read_ios, n);
  step->write_ios = n - step->read_ios;
  step->read_bytes = step->read_ios * load->block_size;
  step->write_bytes = step->write_ios * load->block_size;
  step->mean_ns = latency_ns;
  if (step->write_bytes > 0)
    cache_fill (step->write_bytes);
  draw_latencies (stream, latency_ns, step);
}

void
drivedash_sim_step_record (const DrivedashSimStep *step,
                           DrivedashHistogram     *read_hist,
                           DrivedashHistogram     *write_hist)
{
  for (guint i = 0; i < step->n_draws; i++)
    {
      DrivedashHistogram *h = step->draw_write[i] ? write_hist : read_hist;

      if (h != NULL)
        drivedash_histogram_record (h, step->draw_ns[i]);
    }
}
