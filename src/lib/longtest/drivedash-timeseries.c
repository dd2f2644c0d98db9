/* drivedash-timeseries.c — the per-interval time series of a long test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>

#include "drivedash-timeseries.h"

G_DEFINE_BOXED_TYPE (DrivedashTimeseriesRow, drivedash_timeseries_row,
                     drivedash_timeseries_row_copy, drivedash_timeseries_row_free)

DrivedashTimeseriesRow *
drivedash_timeseries_row_copy (const DrivedashTimeseriesRow *row)
{
  return g_memdup2 (row, sizeof *row);
}

void
drivedash_timeseries_row_free (DrivedashTimeseriesRow *row)
{
  g_free (row);
}

struct _DrivedashTimeseries
{
  GArray *rows;
  GArray *pending;  /* rows waiting to be merged into the next one */
  guint   factor;   /* appended rows per stored row */
  double  interval_s;
  guint   cap;      /* even, so the stored rows always pair up */
};

DrivedashTimeseries *
drivedash_timeseries_new (double interval_s,
                          guint  cap)
{
  DrivedashTimeseries *self = g_new0 (DrivedashTimeseries, 1);

  self->interval_s = interval_s;
  self->cap = MAX (cap, 2) & ~1u;
  self->factor = 1;
  self->rows = g_array_new (FALSE, TRUE, sizeof (DrivedashTimeseriesRow));
  self->pending = g_array_new (FALSE, TRUE, sizeof (DrivedashTimeseriesRow));
  return self;
}

void
drivedash_timeseries_free (DrivedashTimeseries *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->rows);
  g_array_unref (self->pending);
  g_free (self);
}

/* Latency means are weighted by the I/Os behind them; a p99 cannot be
 * merged exactly, so the worst one is kept (a plot must not hide a
 * spike). */
void
drivedash_timeseries_merge_rows (const DrivedashTimeseriesRow *rows,
                                 guint                         n,
                                 DrivedashTimeseriesRow       *out)
{
  double ri = 0, wi = 0, rm = 0, wm = 0, rl = 0, wl = 0;
  DrivedashTimeseriesRow r = { 0 };

  for (guint i = 0; i < n; i++)
    {
      const DrivedashTimeseriesRow *x = &rows[i];

      ri += x->read_iops;
      wi += x->write_iops;
      rm += x->read_mb_per_s;
      wm += x->write_mb_per_s;
      rl += (double) x->read_mean_us * x->read_iops;
      wl += (double) x->write_mean_us * x->write_iops;
      r.read_p99_us = MAX (r.read_p99_us, x->read_p99_us);
      r.write_p99_us = MAX (r.write_p99_us, x->write_p99_us);
      r.p99_us = MAX (r.p99_us, x->p99_us);
      r.temperature_kelvin = MAX (r.temperature_kelvin, x->temperature_kelvin);
    }
  if (n == 0)
    {
      *out = r;
      return;
    }
  r.t_s = rows[n - 1].t_s;
  r.phase = rows[n - 1].phase;
  r.round = rows[n - 1].round;
  r.read_iops = (float) (ri / n);
  r.write_iops = (float) (wi / n);
  r.read_mb_per_s = (float) (rm / n);
  r.write_mb_per_s = (float) (wm / n);
  r.read_mean_us = ri > 0 ? (float) (rl / ri) : 0;
  r.write_mean_us = wi > 0 ? (float) (wl / wi) : 0;
  r.mean_us = ri + wi > 0 ? (float) ((rl + wl) / (ri + wi)) : 0;
  *out = r;
}

static void
halve (DrivedashTimeseries *self)
{
  DrivedashTimeseriesRow *rows = (DrivedashTimeseriesRow *) (gpointer) self->rows->data;
  guint n = self->rows->len / 2;

  for (guint i = 0; i < n; i++)
    drivedash_timeseries_merge_rows (&rows[2 * i], 2, &rows[i]);
  g_array_set_size (self->rows, n);
  self->interval_s *= 2;
  self->factor *= 2;
}

/* Rows arrive one interval at a time; once the series has been halved,
 * every stored row is @factor of them merged, so a later row covers as
 * much time as an earlier one.  The last factor − 1 rows of a very long
 * run wait in @pending. */
void
drivedash_timeseries_append (DrivedashTimeseries          *self,
                             const DrivedashTimeseriesRow *row)
{
  DrivedashTimeseriesRow merged;

  g_array_append_val (self->pending, *row);
  if (self->pending->len < self->factor)
    return;
  drivedash_timeseries_merge_rows ((const DrivedashTimeseriesRow *) (gpointer) self->pending->data,
                                   self->pending->len, &merged);
  g_array_set_size (self->pending, 0);
  g_array_append_val (self->rows, merged);
  if (self->rows->len >= self->cap)
    halve (self);
}

guint
drivedash_timeseries_get_n_rows (const DrivedashTimeseries *self)
{
  return self->rows->len;
}

const DrivedashTimeseriesRow *
drivedash_timeseries_get_rows (const DrivedashTimeseries *self)
{
  return (const DrivedashTimeseriesRow *) (gpointer) self->rows->data;
}

double
drivedash_timeseries_get_interval (const DrivedashTimeseries *self)
{
  return self->interval_s;
}

gsize
drivedash_timeseries_get_memory (const DrivedashTimeseries *self)
{
  /* GArray grows by doubling: what is allocated, not what is used. */
  gsize alloc = 1;

  while (alloc < self->rows->len)
    alloc *= 2;
  return sizeof *self + (alloc + self->factor) * sizeof (DrivedashTimeseriesRow);
}

GArray *
drivedash_timeseries_decimate (const DrivedashTimeseries *self,
                               guint                      max_points)
{
  const DrivedashTimeseriesRow *rows = drivedash_timeseries_get_rows (self);
  guint n = self->rows->len;
  guint group = max_points > 0 ? (n + max_points - 1) / max_points : n;
  GArray *out = g_array_new (FALSE, TRUE, sizeof (DrivedashTimeseriesRow));

  group = MAX (group, 1);
  for (guint i = 0; i < n; i += group)
    {
      DrivedashTimeseriesRow r;

      drivedash_timeseries_merge_rows (&rows[i], MIN (group, n - i), &r);
      g_array_append_val (out, r);
    }
  return out;
}

/* A number and its comma, with a "." whatever the locale: the CLI runs
 * in the user's locale, and "1,5" would split a field in two. */
static void
append_field (GString    *s,
              const char *format,
              double      v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (s, g_ascii_formatd (buf, sizeof buf, format, v));
  g_string_append_c (s, ',');
}

gboolean
drivedash_timeseries_write_csv (const DrivedashTimeseries *self,
                                const char                *path,
                                GError                   **error)
{
  g_autoptr(GString) s = g_string_new ("t_s,read_iops,write_iops,read_mb_per_s,write_mb_per_s,"
                                       "read_mean_latency_us,read_p99_latency_us,"
                                       "write_mean_latency_us,write_p99_latency_us,"
                                       "mean_latency_us,p99_latency_us,temperature_kelvin\n");
  const DrivedashTimeseriesRow *rows = drivedash_timeseries_get_rows (self);

  for (guint i = 0; i < self->rows->len; i++)
    {
      const DrivedashTimeseriesRow *r = &rows[i];

      append_field (s, "%.3f", r->t_s);
      append_field (s, "%.1f", r->read_iops);
      append_field (s, "%.1f", r->write_iops);
      append_field (s, "%.3f", r->read_mb_per_s);
      append_field (s, "%.3f", r->write_mb_per_s);
      append_field (s, "%.1f", r->read_mean_us);
      append_field (s, "%.1f", r->read_p99_us);
      append_field (s, "%.1f", r->write_mean_us);
      append_field (s, "%.1f", r->write_p99_us);
      append_field (s, "%.1f", r->mean_us);
      append_field (s, "%.1f", r->p99_us);
      /* Unknown is an empty field (the JSON's null), never 0 K. */
      if (r->temperature_kelvin != 0)
        g_string_append_printf (s, "%u", r->temperature_kelvin);
      g_string_append_c (s, '\n');
    }
  return g_file_set_contents (path, s->str, (gssize) s->len, error);
}
