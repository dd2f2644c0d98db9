/* drivedash-bench-settings.c — what a benchmark run is asked to do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-bench-settings.h"
#include "drivedash-error.h"

G_DEFINE_BOXED_TYPE (DrivedashBenchSettings, drivedash_bench_settings,
                     drivedash_bench_settings_copy, drivedash_bench_settings_free)

DrivedashBenchSettings *
drivedash_bench_settings_new (void)
{
  DrivedashBenchSettings *self = g_new0 (DrivedashBenchSettings, 1);

  self->folder = NULL;
  self->test_size = DRIVEDASH_BENCH_DEFAULT_TEST_SIZE;
  self->passes = DRIVEDASH_BENCH_DEFAULT_PASSES;
  self->pass_duration = DRIVEDASH_BENCH_DEFAULT_PASS_DURATION;
  self->pause = DRIVEDASH_BENCH_DEFAULT_PAUSE;
  self->data = DRIVEDASH_BENCH_DATA_RANDOM;
  self->mix_read_percent = DRIVEDASH_BENCH_DEFAULT_MIX_READ;
  self->allow_buffered = FALSE;
  self->warmup = TRUE;
  self->sample_interval = DRIVEDASH_BENCH_DEFAULT_SAMPLE_INTERVAL;
  self->io_timeout = DRIVEDASH_BENCH_DEFAULT_IO_TIMEOUT;
  return self;
}

DrivedashBenchSettings *
drivedash_bench_settings_copy (const DrivedashBenchSettings *self)
{
  DrivedashBenchSettings *copy = g_memdup2 (self, sizeof *self);

  copy->folder = g_strdup (self->folder);
  return copy;
}

void
drivedash_bench_settings_free (DrivedashBenchSettings *self)
{
  if (self == NULL)
    return;
  g_free (self->folder);
  g_free (self);
}

void
drivedash_bench_settings_set_folder (DrivedashBenchSettings *self,
                                     const char             *folder)
{
  g_free (self->folder);
  self->folder = g_strdup (folder);
}

gboolean
drivedash_bench_settings_validate (const DrivedashBenchSettings  *self,
                                   GError                       **error)
{
  if (self->test_size < 1024 * 1024)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The test size must be at least 1 MiB."));
      return FALSE;
    }
  if (self->passes < 1 || self->passes > 1000)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The number of passes must be between 1 and 1000."));
      return FALSE;
    }
  if (!isfinite (self->pass_duration) || self->pass_duration < 0.05 || self->pass_duration > 3600)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The pass duration must be between 0.05 seconds and one hour."));
      return FALSE;
    }
  if (!isfinite (self->pause) || self->pause < 0 || self->pause > 3600)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The pause between tests must be between 0 seconds and one hour."));
      return FALSE;
    }
  if (self->mix_read_percent > 100)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The share of reads in mixed tests must be between 0 and 100 %."));
      return FALSE;
    }
  if (!isfinite (self->sample_interval) || self->sample_interval < 0.01 || self->sample_interval > 60)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The sample interval must be between 0.01 and 60 seconds."));
      return FALSE;
    }
  if (!isfinite (self->io_timeout) || self->io_timeout < 0.1 || self->io_timeout > 3600)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The time limit for one read or write must be between 0.1 seconds and one hour."));
      return FALSE;
    }
  return TRUE;
}

gboolean
drivedash_bench_parse_size (const char  *text,
                            guint64     *out_bytes,
                            GError     **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end = NULL;
  guint64 value, unit = 1;

  if (!g_ascii_isdigit (copy[0]))
    goto bad;
  value = g_ascii_strtoull (copy, &end, 10);
  while (g_ascii_isspace (*end))
    end++;
  switch (g_ascii_toupper (*end))
    {
    case '\0':
      break;
    case 'K':
      unit = G_GUINT64_CONSTANT (1) << 10;
      break;
    case 'M':
      unit = G_GUINT64_CONSTANT (1) << 20;
      break;
    case 'G':
      unit = G_GUINT64_CONSTANT (1) << 30;
      break;
    case 'T':
      unit = G_GUINT64_CONSTANT (1) << 40;
      break;
    default:
      goto bad;
    }
  if (*end != '\0')
    {
      end++;
      if (g_ascii_strcasecmp (end, "iB") != 0 && g_ascii_strcasecmp (end, "B") != 0 &&
          *end != '\0')
        goto bad;
    }
  if (value == 0 || value > G_MAXUINT64 / unit)
    goto bad;

  *out_bytes = value * unit;
  return TRUE;

bad:
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a size. Write it like “1GiB”, “512MiB” or “64M”."), text);
  return FALSE;
}
