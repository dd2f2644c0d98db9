/* drivedash-store-series.c — a run's live samples, decimated and compressed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Layout before compression: "DDS1", guint32 LE point count, then each
 * point as 8 little-endian float32: test_index, phase, pass, elapsed_s,
 * run_elapsed_s, window_s, mb_per_s, iops, latency_mean_us,
 * latency_p99_us (10 values).  float32 keeps 7 digits: more than a plot
 * can show, half the size of doubles.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-store-run.h"

#define MAGIC "DDS1"
#define N_VALUES 10
/* More tests or passes than any run has: the series is not ours. */
#define MAX_TESTS 4096
#define MAX_PASSES 65536
/* 115 days: longer than any run; and 10^12 MB/s, IOPS or µs. */
#define MAX_SECONDS 1e7
#define MAX_MEASURE 1e12

static void
merge (DrivedashBenchSample       *into,
       const DrivedashBenchSample *s)
{
  double total = into->window_s + s->window_s;

  if (total > 0)
    {
      into->mb_per_s = (into->mb_per_s * into->window_s + s->mb_per_s * s->window_s) / total;
      into->iops = (into->iops * into->window_s + s->iops * s->window_s) / total;
      into->latency_mean_us = (into->latency_mean_us * into->window_s +
                               s->latency_mean_us * s->window_s) / total;
    }
  into->latency_p99_us = MAX (into->latency_p99_us, s->latency_p99_us);
  into->elapsed_s = s->elapsed_s;
  into->run_elapsed_s = s->run_elapsed_s;
  into->window_s = total;
}

/* Merges each run of consecutive samples of one test and pass into
 * ceil(n / max_points) sized groups. */
static GArray *
decimate (const DrivedashBenchSample *samples,
          guint                       n,
          guint                       max_points)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSample));
  guint start = 0;

  while (start < n)
    {
      guint end = start, group;

      while (end < n && samples[end].test_index == samples[start].test_index)
        end++;
      group = MAX (1, (end - start + max_points - 1) / MAX (max_points, 1));
      for (guint i = start; i < end; i++)
        {
          DrivedashBenchSample *last = out->len ? &g_array_index (out, DrivedashBenchSample, out->len - 1) : NULL;

          if ((i - start) % group != 0 && last != NULL && last->pass == samples[i].pass)
            merge (last, &samples[i]);
          else
            g_array_append_val (out, samples[i]);
        }
      start = end;
    }
  return out;
}

static void
put_f32 (GByteArray *buf,
         double      value)
{
  union { float f; guint32 u; } v = { .f = (float) value };
  guint32 le = GUINT32_TO_LE (v.u);

  g_byte_array_append (buf, (const guint8 *) &le, 4);
}

static GBytes *
convert (GConverter    *converter,
         const guint8  *data,
         gsize          len,
         GError       **error)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (data, len, NULL);
  g_autoptr(GInputStream) stream = g_converter_input_stream_new (in, converter);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  if (g_output_stream_splice (out, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE |
                              G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, error) < 0)
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

GBytes *
drivedash_store_series_encode (const DrivedashBenchSample *samples,
                               guint                       n_samples,
                               guint                       max_points)
{
  g_autoptr(GArray) points = decimate (samples, n_samples, max_points);
  g_autoptr(GByteArray) buf = g_byte_array_new ();
  g_autoptr(GZlibCompressor) zlib = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9);
  guint32 count = GUINT32_TO_LE (points->len);

  g_byte_array_append (buf, (const guint8 *) MAGIC, 4);
  g_byte_array_append (buf, (const guint8 *) &count, 4);
  for (guint i = 0; i < points->len; i++)
    {
      const DrivedashBenchSample *s = &g_array_index (points, DrivedashBenchSample, i);

      put_f32 (buf, s->test_index);
      put_f32 (buf, s->phase);
      put_f32 (buf, s->pass);
      put_f32 (buf, s->elapsed_s);
      put_f32 (buf, s->run_elapsed_s);
      put_f32 (buf, s->window_s);
      put_f32 (buf, s->mb_per_s);
      put_f32 (buf, s->iops);
      put_f32 (buf, s->latency_mean_us);
      put_f32 (buf, s->latency_p99_us);
    }
  return convert (G_CONVERTER (zlib), buf->data, buf->len, NULL);
}

static double
get_f32 (const guint8 *p)
{
  union { float f; guint32 u; } v;

  memcpy (&v.u, p, 4);
  v.u = GUINT32_FROM_LE (v.u);
  return v.f;
}

/* Inflates into out until it is full or the stream ends, never further:
 * a few MB of zlib can inflate to GiBs. */
static GConverterResult
inflate_into (GConverter   *zlib,
              const guint8 *in,
              gsize         in_len,
              guint8       *out,
              gsize         out_len,
              gsize        *produced)
{
  GConverterResult res = G_CONVERTER_CONVERTED;

  *produced = 0;
  while (*produced < out_len && res != G_CONVERTER_FINISHED)
    {
      gsize read = 0, written = 0;

      res = g_converter_convert (zlib, in, in_len, out + *produced, out_len - *produced,
                                 G_CONVERTER_INPUT_AT_END, &read, &written, NULL);
      if (res == G_CONVERTER_ERROR || (read == 0 && written == 0 && res != G_CONVERTER_FINISHED))
        return G_CONVERTER_ERROR;
      in += read;
      in_len -= read;
      *produced += written;
    }
  return res;
}

/* The raw points: the header first, then exactly the size its count
 * gives (one byte more is room to notice a longer stream). */
static guint8 *
inflate_points (GBytes  *data,
                guint32 *count)
{
  g_autoptr(GZlibDecompressor) zlib = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  const guint8 *in = g_bytes_get_data (data, NULL);
  gsize in_len = g_bytes_get_size (data);
  guint8 head[8];
  g_autofree guint8 *raw = NULL;
  gsize produced, size;

  if (inflate_into (G_CONVERTER (zlib), in, in_len, head, 8, &produced) == G_CONVERTER_ERROR ||
      produced != 8 || memcmp (head, MAGIC, 4) != 0)
    return NULL;
  memcpy (count, head + 4, 4);
  *count = GUINT32_FROM_LE (*count);
  if (*count > DRIVEDASH_STORE_SERIES_MAX_POINTS)
    return NULL;
  size = 8 + (gsize) *count * N_VALUES * 4;
  raw = g_malloc (size + 1);
  g_converter_reset (G_CONVERTER (zlib));
  if (inflate_into (G_CONVERTER (zlib), in, in_len, raw, size + 1, &produced) != G_CONVERTER_FINISHED ||
      produced != size)
    return NULL;
  return g_steal_pointer (&raw);
}

static GArray *
damaged (GError **error)
{
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("The stored plot data of this run is damaged."));
  return NULL;
}

/* A whole number in 0..max. */
static gboolean
whole (double value,
       double max)
{
  return value >= 0 && value <= max && value == floor (value);
}

/* Times (the first three values) within MAX_SECONDS and rates and
 * latencies within MAX_MEASURE, none negative or NaN: a time of 1e17 s
 * used to hang the History plots. */
static gboolean
measures (const guint8 *v)
{
  for (guint i = 0; i < N_VALUES - 3; i++)
    {
      double value = get_f32 (v + 4 * i);

      if (!(value >= 0 && value <= (i < 3 ? MAX_SECONDS : MAX_MEASURE)))
        return FALSE;
    }
  return TRUE;
}

GArray *
drivedash_store_series_decode (GBytes  *data,
                               GError **error)
{
  g_autofree guint8 *p = NULL;
  guint32 count = 0;
  GArray *out;

  p = inflate_points (data, &count);
  if (p == NULL)
    return damaged (error);

  out = g_array_sized_new (FALSE, TRUE, sizeof (DrivedashBenchSample), count);
  for (guint32 i = 0; i < count; i++)
    {
      const guint8 *v = p + 8 + i * N_VALUES * 4;
      DrivedashBenchSample s = { 0 };

      /* Checked before the casts: a float-to-integer cast of NaN or of
       * an out-of-range value is undefined. */
      if (!whole (get_f32 (v), MAX_TESTS) || !whole (get_f32 (v + 4), DRIVEDASH_BENCH_PHASE_FINISHED) ||
          !whole (get_f32 (v + 8), MAX_PASSES) || !measures (v + 12))
        {
          g_array_unref (out);
          return damaged (error);
        }
      s = (DrivedashBenchSample) {
        .test_index = (guint) get_f32 (v),
        .phase = (DrivedashBenchPhase) get_f32 (v + 4),
        .pass = (guint) get_f32 (v + 8),
        .elapsed_s = get_f32 (v + 12),
        .run_elapsed_s = get_f32 (v + 16),
        .window_s = get_f32 (v + 20),
        .mb_per_s = get_f32 (v + 24),
        .iops = get_f32 (v + 28),
        .latency_mean_us = get_f32 (v + 32),
        .latency_p99_us = get_f32 (v + 36),
      };

      g_array_append_val (out, s);
    }
  return out;
}
