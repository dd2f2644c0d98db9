/* drivedash-review-plan.c — the full review's settings, steps and
 * estimate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-bench-estimate.h"
#include "drivedash-bench-spec.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-review-plan.h"
#include "drivedash-write-notice.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)

/* A speed test's writes, for the estimate: the long tests' slow drive
 * (a DRAM-less drive past its cache) and a fast one's random bursts
 * (drivedash-longtest-phases.c), since a preset mixes both kinds. */
#define SLOW_WRITE_BYTES_PER_S 150e6
#define FAST_WRITE_BYTES_PER_S 2.5e9
/* A PCIe 5.0 drive reading or writing in order: what ends a capped pass
 * soonest. */
#define FASTEST_BYTES_PER_S    14e9

G_DEFINE_ENUM_TYPE (DrivedashReviewLength, drivedash_review_length,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_LENGTH_QUICK, "quick"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_LENGTH_STANDARD, "standard"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_LENGTH_REVIEW, "review"))
G_DEFINE_ENUM_TYPE (DrivedashReviewStepKind, drivedash_review_step_kind,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_STEP_SPEED, "speed"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_STEP_SUSTAINED, "sustained"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_STEP_CONSISTENCY, "consistency"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_REVIEW_STEP_ADAPTIVITY, "adaptivity"))

static const char *const length_ids[] = { "quick", "standard", "review" };
static const char *const kind_ids[] = { "speed", "sustained", "consistency", "adaptivity" };

const char *
drivedash_review_length_to_string (DrivedashReviewLength length)
{
  g_return_val_if_fail (length < G_N_ELEMENTS (length_ids), NULL);
  return length_ids[length];
}

gboolean
drivedash_review_length_from_string (const char            *text,
                                     DrivedashReviewLength *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (length_ids); i++)
    if (g_ascii_strcasecmp (text, length_ids[i]) == 0)
      {
        *out = (DrivedashReviewLength) i;
        return TRUE;
      }
  return FALSE;
}

const char *
drivedash_review_step_kind_to_string (DrivedashReviewStepKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (kind_ids), NULL);
  return kind_ids[kind];
}

gboolean
drivedash_review_step_kind_from_string (const char              *text,
                                        DrivedashReviewStepKind *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (kind_ids); i++)
    if (g_strcmp0 (text, kind_ids[i]) == 0)
      {
        *out = (DrivedashReviewStepKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
drivedash_review_step_kind_get_display_name (DrivedashReviewStepKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_REVIEW_STEP_SPEED:
      return _("Speed test");
    case DRIVEDASH_REVIEW_STEP_SUSTAINED:
      return _("Sustained");
    case DRIVEDASH_REVIEW_STEP_CONSISTENCY:
      return _("Consistency");
    case DRIVEDASH_REVIEW_STEP_ADAPTIVITY:
    default:
      return _("Adaptivity");
    }
}

DrivedashReviewSettings *
drivedash_review_settings_new (DrivedashReviewLength length)
{
  /* The review ran CrystalDiskMark with 9 passes on 8 GiB, 5 times;
   * Quick and Standard keep the method at the scale their promise allows
   * (see drivedash_long_test_settings_apply_preset()): fewer and shorter
   * passes, each of which ends once it has moved its share. */
  static const guint passes[] = { 2, 3, 9 };
  static const guint repeats[] = { 2, 3, 5 };
  static const guint64 size[] = { GIB, GIB, 8 * GIB };
  static const double pass_s[] = { 3, 5, DRIVEDASH_BENCH_DEFAULT_PASS_DURATION };
  static const guint64 pass_bytes[] = { GIB / 2, GIB, 0 };
  DrivedashReviewSettings *self = g_new0 (DrivedashReviewSettings, 1);
  DrivedashLongPreset preset = (DrivedashLongPreset) length;

  g_return_val_if_fail (length <= DRIVEDASH_REVIEW_LENGTH_REVIEW, NULL);
  self->length = length;
  self->speed_preset = g_strdup ("cdm-nvme");
  self->speed_repeats = repeats[length];
  self->bench = drivedash_bench_settings_new ();
  self->bench->passes = passes[length];
  self->bench->test_size = size[length];
  self->bench->pass_duration = pass_s[length];
  self->bench->pass_bytes = pass_bytes[length];
  self->sustained = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  self->consistency = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_CONSISTENCY);
  self->adaptivity = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_ADAPTIVITY);
  drivedash_long_test_settings_apply_preset (self->sustained, preset);
  drivedash_long_test_settings_apply_preset (self->consistency, preset);
  drivedash_long_test_settings_apply_preset (self->adaptivity, preset);
  return self;
}

static DrivedashLongTestSettings *
long_copy (const DrivedashLongTestSettings *s)
{
  DrivedashLongTestSettings *copy = g_memdup2 (s, sizeof *s);

  copy->folder = g_strdup (s->folder);
  copy->hwmon_path = g_strdup (s->hwmon_path);
  copy->controller = g_strdup (s->controller);
  return copy;
}

DrivedashReviewSettings *
drivedash_review_settings_copy (const DrivedashReviewSettings *self)
{
  DrivedashReviewSettings *copy = g_memdup2 (self, sizeof *self);

  copy->speed_preset = g_strdup (self->speed_preset);
  copy->bench = drivedash_bench_settings_copy (self->bench);
  copy->sustained = long_copy (self->sustained);
  copy->consistency = long_copy (self->consistency);
  copy->adaptivity = long_copy (self->adaptivity);
  return copy;
}

void
drivedash_review_settings_free (DrivedashReviewSettings *self)
{
  if (self == NULL)
    return;
  g_free (self->speed_preset);
  drivedash_bench_settings_free (self->bench);
  drivedash_long_test_settings_free (self->sustained);
  drivedash_long_test_settings_free (self->consistency);
  drivedash_long_test_settings_free (self->adaptivity);
  g_free (self);
}

void
drivedash_review_settings_set_folder (DrivedashReviewSettings *self,
                                      const char              *folder)
{
  /* The demo's simulated drive has a folder of its own (drivedash-folder.h). */
  const gboolean simulated = g_strcmp0 (folder, DRIVEDASH_SIM_DRIVE_FOLDER) == 0;

  drivedash_bench_settings_set_folder (self->bench, folder);
  self->bench->simulated = simulated;
  for (guint k = DRIVEDASH_REVIEW_STEP_SUSTAINED; k < DRIVEDASH_REVIEW_N_KINDS; k++)
    {
      DrivedashLongTestSettings *s = drivedash_review_settings_get_long (self, k);

      g_free (s->folder);
      s->folder = g_strdup (folder);
      s->simulated = simulated;
    }
}

DrivedashLongTestSettings *
drivedash_review_settings_get_long (const DrivedashReviewSettings *self,
                                    DrivedashReviewStepKind        kind)
{
  switch (kind)
    {
    case DRIVEDASH_REVIEW_STEP_SUSTAINED:
      return self->sustained;
    case DRIVEDASH_REVIEW_STEP_CONSISTENCY:
      return self->consistency;
    case DRIVEDASH_REVIEW_STEP_ADAPTIVITY:
      return self->adaptivity;
    case DRIVEDASH_REVIEW_STEP_SPEED:
    default:
      return NULL;
    }
}

char *
drivedash_review_settings_dup_scale_text (const DrivedashReviewSettings *self)
{
  g_autofree char *pass = NULL;
  g_autofree char *fill = NULL;
  g_autofree char *minutes = NULL;

  if (self->length == DRIVEDASH_REVIEW_LENGTH_REVIEW)
    return NULL;
  pass = g_format_size_full (self->bench->pass_bytes, G_FORMAT_SIZE_IEC_UNITS);
  fill = g_format_size_full (self->adaptivity->fill_cap, G_FORMAT_SIZE_IEC_UNITS);
  minutes = drivedash_format_duration_estimate (self->sustained->duration_s);
  /* Translators: the method of a shorter review; "Quick" or "Standard",
   * then "512 MiB", "2 min", "2 GiB" */
  return g_strdup_printf (_("A %s review is shorter than the magazine’s: each pass of the speed test ends after "
                            "%s, Sustained runs %s, Consistency writes in shorter bursts, and Adaptivity fills "
                            "at most %s instead of the whole free space. A fast drive is therefore not pushed as far, and "
                            "its slowdown under hours of writing may not show."),
                          self->length == DRIVEDASH_REVIEW_LENGTH_QUICK ? _("Quick") : _("Standard"),
                          pass, minutes, fill);
}

gboolean
drivedash_review_settings_validate (const DrivedashReviewSettings *self,
                                    GError                       **error)
{
  g_autoptr(GArray) tests = NULL;

  if (self->speed_repeats < 2 || self->speed_repeats > 100)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("The speed test must run between 2 and 100 times: an interval needs "
                             "at least two runs."));
      return FALSE;
    }
  if (!drivedash_bench_settings_validate (self->bench, error) ||
      (tests = drivedash_review_speed_tests (self, error)) == NULL)
    return FALSE;
  for (guint k = DRIVEDASH_REVIEW_STEP_SUSTAINED; k < DRIVEDASH_REVIEW_N_KINDS; k++)
    if (!drivedash_long_test_settings_validate (drivedash_review_settings_get_long (self, k), error))
      return FALSE;
  return TRUE;
}

GArray *
drivedash_review_speed_tests (const DrivedashReviewSettings *settings,
                              GError                       **error)
{
  const DrivedashBenchPreset *preset = drivedash_bench_preset_lookup (settings->speed_preset);

  if (preset == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("Unknown preset “%s”. Run “drivedash-cli bench --list-presets” to see them."),
                   settings->speed_preset);
      return NULL;
    }
  return drivedash_bench_preset_expand (preset, DRIVEDASH_BENCH_MODES_READ_WRITE);
}

void
drivedash_review_figure_clear (DrivedashReviewFigure *figure)
{
  g_clear_pointer (&figure->test, g_free);
  g_clear_pointer (&figure->mode, g_free);
}

GArray *
drivedash_review_figures_new (void)
{
  GArray *figures = g_array_new (FALSE, TRUE, sizeof (DrivedashReviewFigure));

  g_array_set_clear_func (figures, (GDestroyNotify) drivedash_review_figure_clear);
  return figures;
}

void
drivedash_review_figures_add (GArray     *figures,
                              const char *test,
                              const char *mode,
                              double      value,
                              double      ci95)
{
  DrivedashReviewFigure f = { g_strdup (test), g_strdup (mode), value, ci95 };

  g_array_append_val (figures, f);
}

void
drivedash_review_step_clear (DrivedashReviewStep *step)
{
  g_clear_pointer (&step->figures, g_array_unref);
}

static void
add_step (GArray                  *steps,
          DrivedashReviewStepKind  kind,
          int                      game_mode)
{
  DrivedashReviewStep step = { .kind = kind, .game_mode = game_mode };

  g_array_append_val (steps, step);
}

GArray *
drivedash_review_plan (const DrivedashReviewSettings *settings)
{
  GArray *steps = g_array_new (FALSE, TRUE, sizeof (DrivedashReviewStep));

  g_array_set_clear_func (steps, (GDestroyNotify) drivedash_review_step_clear);
  for (guint k = 0; k < DRIVEDASH_REVIEW_N_KINDS; k++)
    {
      if (!settings->game_mode_ab)
        {
          add_step (steps, k, -1);
          continue;
        }
      add_step (steps, k, 0);
      add_step (steps, k, 1);
    }
  return steps;
}

/* One speed-test run: the test file, then each write test's warm-up and
 * passes at @bytes_per_s, each no more than its cap where it has one. */
static double
speed_run_bytes (const DrivedashReviewSettings *s,
                 GArray                        *tests,
                 double                         bytes_per_s)
{
  const DrivedashBenchSettings *b = s->bench;
  double pass = b->pass_duration * bytes_per_s;
  double bytes = (double) b->test_size;

  if (b->pass_bytes > 0)
    pass = MIN (pass, (double) b->pass_bytes);
  for (guint i = 0; i < tests->len; i++)
    if (g_array_index (tests, DrivedashBenchSpec, i).mode == DRIVEDASH_BENCH_MODE_WRITE)
      bytes += (b->passes + (b->warmup ? 1 : 0)) * pass;
  return bytes;
}

/* What capped passes save on the fastest drive: each may end once its
 * share is moved at FASTEST_BYTES_PER_S rather than at its time. */
static double
capped_saving_s (const DrivedashBenchSettings *b,
                 guint                         n_tests)
{
  double shortest;

  if (b->pass_bytes == 0)
    return 0;
  shortest = MIN (b->pass_duration, (double) b->pass_bytes / FASTEST_BYTES_PER_S);
  return n_tests * (b->passes + (b->warmup ? 1 : 0)) * (b->pass_duration - shortest);
}

static void
estimate_speed (const DrivedashReviewSettings *s,
                DrivedashReviewEstimate       *out)
{
  g_autoptr(GArray) tests = drivedash_review_speed_tests (s, NULL);
  DrivedashBenchEstimate fast, slow;
  /* A cap bounds what a pass writes on any drive; without one, the
   * fast drive's speed does. */
  double fastest = s->bench->pass_bytes > 0 ? G_MAXDOUBLE : FAST_WRITE_BYTES_PER_S;

  if (tests == NULL)
    return;
  drivedash_bench_estimate (s->bench, tests->len, FAST_WRITE_BYTES_PER_S / 1e6, &fast);
  drivedash_bench_estimate (s->bench, tests->len, SLOW_WRITE_BYTES_PER_S / 1e6, &slow);
  out->bytes_low += (guint64) (s->speed_repeats * speed_run_bytes (s, tests, SLOW_WRITE_BYTES_PER_S));
  out->bytes_high += (guint64) (s->speed_repeats * speed_run_bytes (s, tests, fastest));
  out->seconds_low += s->speed_repeats * (fast.total_s - capped_saving_s (s->bench, tests->len));
  out->seconds_high += s->speed_repeats * slow.total_s;
}

void
drivedash_review_estimate (const DrivedashReviewSettings *settings,
                           GArray                        *steps,
                           guint64                        fill_amount,
                           DrivedashReviewEstimate       *out)
{
  *out = (DrivedashReviewEstimate) { 0 };
  for (guint i = 0; i < steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (steps, DrivedashReviewStep, i);
      const DrivedashLongTestSettings *s = drivedash_review_settings_get_long (settings, step->kind);
      DrivedashLongEstimate e;

      if (step->done)
        continue;
      if (s == NULL)
        {
          estimate_speed (settings, out);
          continue;
        }
      drivedash_long_test_estimate (s, drivedash_long_test_kind_fills (s->kind) ? fill_amount : 0, &e);
      out->bytes_low += e.bytes_low;
      out->bytes_high += e.bytes_high;
      out->seconds_low += e.seconds_low;
      out->seconds_high += e.seconds_high;
    }
}

/* "14:05", or with the day when it is not today: "Thu 02:10". */
static char *
format_clock (GDateTime *now,
              double     seconds)
{
  g_autoptr(GDateTime) then = g_date_time_add_seconds (now, seconds);

  if (g_date_time_get_day_of_year (then) == g_date_time_get_day_of_year (now) &&
      g_date_time_get_year (then) == g_date_time_get_year (now))
    return g_date_time_format (then, "%H:%M");
  /* Translators: a finish time on another day, "Thu 02:10"; see
   * g_date_time_format() for the codes */
  return g_date_time_format (then, _("%a %H:%M"));
}

char *
drivedash_review_estimate_dup_text (const DrivedashReviewEstimate *e,
                                    const char                    *model,
                                    double                         percentage_used,
                                    guint64                        bytes_written_so_far,
                                    GDateTime                     *now)
{
  g_autofree char *writes = drivedash_write_notice_range_text (e->bytes_low, e->bytes_high, model,
                                                               percentage_used, bytes_written_so_far);
  g_autofree char *shortest = drivedash_format_duration_estimate (e->seconds_low);
  g_autofree char *longest = drivedash_format_duration_estimate (e->seconds_high);
  g_autofree char *first = format_clock (now, e->seconds_low);
  g_autofree char *last = format_clock (now, e->seconds_high);

  if (g_strcmp0 (shortest, longest) == 0)
    /* Translators: after the write notice; "about 25 min", then a
     * finish time, "14:05" */
    return g_strdup_printf (_("%s Takes %s; done at about %s."), writes, shortest, last);
  if (g_strcmp0 (first, last) == 0)
    /* Translators: after the write notice; two durations ("about 25 min",
     * "about 30 min"), then one finish time ("14:05") */
    return g_strdup_printf (_("%s Takes between %s and %s, depending on the drive’s speed; done at "
                              "about %s."), writes, shortest, longest, last);
  /* Translators: after the write notice; two durations ("about 25 min",
   * "about 2 h 5 min"), then two finish times ("14:05", "Thu 02:10") */
  return g_strdup_printf (_("%s Takes between %s and %s, depending on the drive’s speed; done between "
                            "%s and %s."), writes, shortest, longest, first, last);
}
