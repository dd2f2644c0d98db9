/* drivedash-bench-guide.c — the words around a speed test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view-model beside DrivedashBenchModel (which is at its size limit): it
 * follows the model's options, run and report and turns them into the
 * estimate before Start, the time left while running and the run's
 * verdict after it.  The estimate uses the last run's large-file write
 * speed for the file preparation once there is one.  The time left is
 * recomputed from each live sample and counts down once a second in
 * between (the pauses have no samples).  No display needed.
 */
#include "config.h"

#include "drivedash-notify.h"
#include "drivedash-bench-estimate.h"
#include "drivedash-bench-format.h"
#include "drivedash-bench-guide.h"
#include "drivedash-bench-verdict.h"
#include "drivedash-bench-words.h"
#include "drivedash-folder.h"

struct _DrivedashBenchGuide
{
  GObject              parent_instance;

  DrivedashBenchModel *model;
  double               write_mb_per_s;
  double               remaining_s;
  gint64               remaining_at;
  guint                tick_id;
  char                *estimate_text;
  char                *time_left_text;
  char                *verdict_headline;
  char                *verdict_how;
  char                *device_text;
  char                *doubt_text;
};

enum {
  PROP_0,
  PROP_MODEL,
  PROP_ESTIMATE_TEXT,
  PROP_TIME_LEFT_TEXT,
  PROP_VERDICT_HEADLINE,
  PROP_VERDICT_HOW,
  PROP_EXPLANATION,
  PROP_DEVICE_TEXT,
  PROP_DOUBT_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashBenchGuide, drivedash_bench_guide, G_TYPE_OBJECT)

static void
set_string (DrivedashBenchGuide  *self,
            char                **field,
            const char           *value,
            guint                 prop_id)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop_id]);
}

/* The settings and number of tests the next (or current) run uses. */
static DrivedashBenchSettings *
run_plan (DrivedashBenchGuide *self,
          guint               *n_tests)
{
  DrivedashBenchOptions *options = drivedash_bench_model_get_options (self->model);
  g_autoptr(GArray) tests = drivedash_bench_options_dup_tests (options);

  *n_tests = tests->len;
  return drivedash_bench_model_make_settings (self->model);
}

static void
update_estimate (DrivedashBenchGuide *self)
{
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  g_autofree char *text = NULL;
  DrivedashBenchEstimate estimate;
  guint n_tests;

  settings = run_plan (self, &n_tests);
  drivedash_bench_estimate (settings, n_tests, self->write_mb_per_s, &estimate);
  text = drivedash_bench_format_estimate (estimate.total_s);
  set_string (self, &self->estimate_text, text, PROP_ESTIMATE_TEXT);
}

static void
show_time_left (DrivedashBenchGuide *self)
{
  double gone = (g_get_monotonic_time () - self->remaining_at) / (double) G_USEC_PER_SEC;
  g_autofree char *text = drivedash_bench_format_time_left (MAX (self->remaining_s - gone, 0));

  set_string (self, &self->time_left_text, text, PROP_TIME_LEFT_TEXT);
}

static gboolean
tick_cb (gpointer user_data)
{
  show_time_left (user_data);
  return G_SOURCE_CONTINUE;
}

static void
set_remaining (DrivedashBenchGuide *self,
               double               seconds)
{
  self->remaining_s = seconds;
  self->remaining_at = g_get_monotonic_time ();
  show_time_left (self);
  /* For whatever else shows the run: its finish time follows. */
  drivedash_run_model_set_time_left (DRIVEDASH_RUN_MODEL (self->model), seconds);
}

static void
run_started_cb (DrivedashBenchGuide *self)
{
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  DrivedashBenchEstimate estimate;
  guint n_tests;

  settings = run_plan (self, &n_tests);
  drivedash_bench_estimate (settings, n_tests, self->write_mb_per_s, &estimate);
  set_string (self, &self->verdict_headline, NULL, PROP_VERDICT_HEADLINE);
  set_string (self, &self->verdict_how, NULL, PROP_VERDICT_HOW);
  set_string (self, &self->device_text, NULL, PROP_DEVICE_TEXT);
  set_string (self, &self->doubt_text, NULL, PROP_DOUBT_TEXT);
  set_remaining (self, estimate.total_s);
  if (self->tick_id == 0)
    self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
}

static void
sample_cb (DrivedashBenchGuide        *self,
           const DrivedashBenchSample *sample,
           DrivedashBenchMode          mode)
{
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  guint n_tests;

  settings = run_plan (self, &n_tests);
  set_remaining (self, drivedash_bench_estimate_remaining_s (settings, n_tests, self->write_mb_per_s,
                                                             sample->test_index, sample->phase,
                                                             sample->elapsed_s));
}

static void
judge (DrivedashBenchGuide *self)
{
  DrivedashBenchReport *report = drivedash_bench_model_get_report (self->model);
  GFile *folder = drivedash_bench_options_get_folder (drivedash_bench_model_get_options (self->model));
  g_autofree char *path = folder ? g_file_get_path (folder) : NULL;
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(DrivedashSpeedVerdict) verdict = NULL;
  g_autofree char *device = NULL, *doubts = NULL;

  if (report == NULL)
    return;
  info = drivedash_folder_probe (path);
  verdict = drivedash_bench_report_judge (report, info);
  set_string (self, &self->verdict_headline, verdict->headline, PROP_VERDICT_HEADLINE);
  set_string (self, &self->verdict_how, verdict->how, PROP_VERDICT_HOW);
  device = drivedash_bench_report_dup_device_text (report);
  doubts = drivedash_bench_report_dup_doubt_text (report);
  set_string (self, &self->device_text, device, PROP_DEVICE_TEXT);
  set_string (self, &self->doubt_text, doubts, PROP_DOUBT_TEXT);
}

static void
finished_cb (DrivedashBenchGuide *self,
             gboolean             success)
{
  DrivedashBenchReport *report = drivedash_bench_model_get_report (self->model);
  double write = report ? drivedash_bench_report_best_seq_write (report) : 0;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  set_string (self, &self->time_left_text, NULL, PROP_TIME_LEFT_TEXT);
  /* Only a whole run's best write is a fair speed for the next file. */
  if (success && write > 0)
    self->write_mb_per_s = write;
  judge (self);
  update_estimate (self);
}

/* ---------------------------------------------------------------------- */

char *
drivedash_bench_guide_dup_explanation (void)
{
  return g_strjoin ("\n\n", drivedash_bench_explain_mb_per_s (), drivedash_bench_explain_iops (),
                    drivedash_bench_explain_latency (), drivedash_bench_explain_p99 (),
                    drivedash_bench_explain_queue (), NULL);
}

const char *
drivedash_bench_guide_get_estimate_text (DrivedashBenchGuide *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_GUIDE (self), NULL);
  return self->estimate_text;
}

const char *
drivedash_bench_guide_get_time_left_text (DrivedashBenchGuide *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_GUIDE (self), NULL);
  return self->time_left_text;
}

const char *
drivedash_bench_guide_get_verdict_headline (DrivedashBenchGuide *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_GUIDE (self), NULL);
  return self->verdict_headline;
}

const char *
drivedash_bench_guide_get_verdict_how (DrivedashBenchGuide *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_GUIDE (self), NULL);
  return self->verdict_how;
}

static void
drivedash_bench_guide_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashBenchGuide *self = DRIVEDASH_BENCH_GUIDE (object);

  switch (prop_id)
    {
    case PROP_MODEL:            g_value_set_object (value, self->model); break;
    case PROP_ESTIMATE_TEXT:    g_value_set_string (value, self->estimate_text); break;
    case PROP_TIME_LEFT_TEXT:   g_value_set_string (value, self->time_left_text); break;
    case PROP_VERDICT_HEADLINE: g_value_set_string (value, self->verdict_headline); break;
    case PROP_VERDICT_HOW:      g_value_set_string (value, self->verdict_how); break;
    case PROP_EXPLANATION:      g_value_take_string (value, drivedash_bench_guide_dup_explanation ()); break;
    case PROP_DEVICE_TEXT:      g_value_set_string (value, self->device_text); break;
    case PROP_DOUBT_TEXT:       g_value_set_string (value, self->doubt_text); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_guide_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DrivedashBenchGuide *self = DRIVEDASH_BENCH_GUIDE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      self->model = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_guide_constructed (GObject *object)
{
  DrivedashBenchGuide *self = DRIVEDASH_BENCH_GUIDE (object);

  G_OBJECT_CLASS (drivedash_bench_guide_parent_class)->constructed (object);
  g_return_if_fail (DRIVEDASH_IS_BENCH_MODEL (self->model));

  g_signal_connect_object (drivedash_bench_model_get_options (self->model), "notify",
                           G_CALLBACK (update_estimate), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "run-started", G_CALLBACK (run_started_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "sample", G_CALLBACK (sample_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "finished", G_CALLBACK (finished_cb), self, G_CONNECT_SWAPPED);
  update_estimate (self);
}

static void
drivedash_bench_guide_dispose (GObject *object)
{
  DrivedashBenchGuide *self = DRIVEDASH_BENCH_GUIDE (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (drivedash_bench_guide_parent_class)->dispose (object);
}

static void
drivedash_bench_guide_finalize (GObject *object)
{
  DrivedashBenchGuide *self = DRIVEDASH_BENCH_GUIDE (object);

  g_free (self->estimate_text);
  g_free (self->time_left_text);
  g_free (self->verdict_headline);
  g_free (self->verdict_how);
  g_free (self->device_text);
  g_free (self->doubt_text);
  G_OBJECT_CLASS (drivedash_bench_guide_parent_class)->finalize (object);
}

static void
drivedash_bench_guide_class_init (DrivedashBenchGuideClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_bench_guide_get_property;
  object_class->set_property = drivedash_bench_guide_set_property;
  object_class->constructed = drivedash_bench_guide_constructed;
  object_class->dispose = drivedash_bench_guide_dispose;
  object_class->finalize = drivedash_bench_guide_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_BENCH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ESTIMATE_TEXT] = g_param_spec_string ("estimate-text", NULL, NULL, NULL, ro);
  properties[PROP_TIME_LEFT_TEXT] = g_param_spec_string ("time-left-text", NULL, NULL, NULL, ro);
  properties[PROP_VERDICT_HEADLINE] = g_param_spec_string ("verdict-headline", NULL, NULL, NULL, ro);
  properties[PROP_VERDICT_HOW] = g_param_spec_string ("verdict-how", NULL, NULL, NULL, ro);
  properties[PROP_EXPLANATION] = g_param_spec_string ("explanation", NULL, NULL, NULL, ro);
  /* After a run: what the drive saw of each test, and why a result
   * can't be the drive's speed (drivedash-bench-words.h); NULL: none. */
  properties[PROP_DEVICE_TEXT] = g_param_spec_string ("device-text", NULL, NULL, NULL, ro);
  properties[PROP_DOUBT_TEXT] = g_param_spec_string ("doubt-text", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_bench_guide_init (DrivedashBenchGuide *self)
{
}

DrivedashBenchGuide *
drivedash_bench_guide_new (DrivedashBenchModel *model)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (model), NULL);
  return g_object_new (DRIVEDASH_TYPE_BENCH_GUIDE, "model", model, NULL);
}
