/* test-longtest-run.c — short real runs of the long tests on a real
 * filesystem (the build folder, and tmpfs when /dev/shm is there): phases
 * in order, Stop in every phase, the test file always removed (the CLI's
 * runs are in test-longtest-cli.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-longtest.h"

/* Stop must end a phase that would otherwise last this long. */
#define LONG_PHASE_S 60.0
/* The generous bound: the mechanism is 50 ms slices and a 120 ms grace. */
#define STOP_BOUND_US (5 * G_USEC_PER_SEC)

static char *
make_dir (const char *parent)
{
  g_autofree char *tmpl = g_build_filename (parent, "longtest-XXXXXX", NULL);

  return g_strdup (g_mkdtemp (tmpl));
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static DrivedashLongTestSettings *
tiny (DrivedashLongTestKind  kind,
      const char            *dir)
{
  DrivedashLongTestSettings *s = drivedash_long_test_settings_new (kind);

  s->folder = g_strdup (dir);
  s->file_size = 8u << 20;
  s->duration_s = 2;
  s->round_s = 0.05;
  s->round_step_s = 0.01;
  s->idle_s = 0.05;
  s->amount = 32u << 20;
  s->step_bytes = 4u << 20;
  s->interval_s = 0.25;
  return s;
}

typedef struct
{
  GArray *phases;   /* of guint: the phase index of each progress report */
  guint   rows;
  gint    bad_rows;
  GArray *rounds;   /* of DrivedashLongRound, as the sink saw them */
} Seen;

static void
seen_round (gpointer                  user_data,
            const DrivedashLongRound *round)
{
  Seen *seen = user_data;

  if (seen->rounds)
    g_array_append_val (seen->rounds, *round);
}

static void
seen_progress (gpointer                     user_data,
               const DrivedashLongProgress *p)
{
  Seen *seen = user_data;

  g_array_append_val (seen->phases, p->phase_index);
}

static void
seen_row (gpointer                      user_data,
          const DrivedashTimeseriesRow *row)
{
  Seen *seen = user_data;

  seen->rows++;
  if (row->read_iops < 0 || row->write_iops < 0 || row->t_s <= 0)
    seen->bad_rows++;
}

static void
run_consistency (const char *parent)
{
  g_autofree char *dir = make_dir (parent);
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_CONSISTENCY, dir);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(GError) error = NULL;
  Seen seen = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, 0,
                g_array_new (FALSE, FALSE, sizeof (DrivedashLongRound)) };
  const DrivedashLongTestSink sink = { .progress = seen_progress, .row = seen_row, .round = seen_round };
  guint last = 0;

  res = drivedash_long_test_execute (s, NULL, &sink, &seen, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (res->rounds->len, ==, 18);
  /* Each round reached the sink as it was measured, the same as kept. */
  g_assert_cmpuint (seen.rounds->len, ==, 18);
  g_assert_cmpmem (seen.rounds->data, 18 * sizeof (DrivedashLongRound),
                   res->rounds->data, 18 * sizeof (DrivedashLongRound));
  g_array_unref (seen.rounds);
  for (guint i = 0; i < 18; i++)
    {
      const DrivedashLongRound *r = &g_array_index (res->rounds, DrivedashLongRound, i);

      g_assert_cmpint (r->group, ==, i < 8 ? DRIVEDASH_LONG_GROUP_DEGRADATION
                                   : i < 13 ? DRIVEDASH_LONG_GROUP_STEADY : DRIVEDASH_LONG_GROUP_RECOVERY);
      g_assert_cmpfloat (r->bandwidth_mb_per_s, >, 0);
      g_assert_cmpfloat (r->busy_s, >, 0);
      g_assert_cmpfloat (r->read_access_us, >, 0);
      g_assert_cmpfloat (r->write_access_us, >, 0);
    }
  /* every phase reported, in order */
  for (guint i = 0; i < seen.phases->len; i++)
    {
      guint idx = g_array_index (seen.phases, guint, i);

      g_assert_cmpuint (idx, >=, last);
      last = idx;
    }
  g_assert_cmpuint (last, ==, 36);
  g_assert_cmpuint (res->bytes_written, >=, 2 * s->file_size);
  g_assert_cmpint (seen.bad_rows, ==, 0);
  g_assert_cmpuint (seen.rows, ==, drivedash_timeseries_get_n_rows (res->series));
  g_assert_false (g_file_test (res->file_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_array_unref (seen.phases);
  g_rmdir (dir);
}

static void
run_saturation (const char *parent)
{
  g_autofree char *dir = make_dir (parent);
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SATURATION, dir);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(GError) error = NULL;

  res = drivedash_long_test_execute (s, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (res->bytes_written, ==, 32u << 20);
  g_assert_cmpuint (res->per_step->len, ==, 8);
  for (guint i = 0; i < 8; i++)
    g_assert_cmpfloat (g_array_index (res->per_step, double, i), >, 0);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

/* The fill writes the whole amount, then ten recovery rounds follow, each
 * an idle period and the storage test, in plan order. */
static void
run_adaptivity (const char *parent)
{
  g_autofree char *dir = make_dir (parent);
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_ADAPTIVITY, dir);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(GError) error = NULL;
  Seen seen = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, 0,
                g_array_new (FALSE, FALSE, sizeof (DrivedashLongRound)) };
  const DrivedashLongTestSink sink = { .progress = seen_progress, .row = seen_row, .round = seen_round };

  s->amount = 16u << 20;
  res = drivedash_long_test_execute (s, NULL, &sink, &seen, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (res->fill_bytes, ==, 16u << 20);
  g_assert_cmpuint (res->bytes_written, >, res->fill_bytes);
  g_assert_cmpuint (res->bytes_read, >, 0);
  g_assert_cmpuint (res->rounds->len, ==, 10);
  g_assert_cmpuint (seen.rounds->len, ==, 10);
  for (guint i = 0; i < 10; i++)
    {
      const DrivedashLongRound *r = &g_array_index (res->rounds, DrivedashLongRound, i);

      g_assert_cmpint (r->group, ==, DRIVEDASH_LONG_GROUP_RECOVERY);
      g_assert_cmpuint (r->index, ==, i + 1);
      g_assert_cmpfloat (r->bandwidth_mb_per_s, >, 0);
      g_assert_cmpfloat (r->read_access_us, >, 0);
      g_assert_cmpfloat (r->write_access_us, >, 0);
    }
  g_assert_cmpuint (g_array_index (seen.phases, guint, seen.phases->len - 1), ==, 20);
  g_assert_cmpint (seen.bad_rows, ==, 0);
  g_assert_false (g_file_test (res->file_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_array_unref (seen.phases);
  g_array_unref (seen.rounds);
  g_rmdir (dir);
}

static void
run_sustained (const char *parent)
{
  g_autofree char *dir = make_dir (parent);
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SUSTAINED, dir);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashTimeseriesRow *rows;
  guint n, measured = 0;
  double reads = 0, writes = 0;

  s->duration_s = 1.5;
  res = drivedash_long_test_execute (s, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  rows = drivedash_timeseries_get_rows (res->series);
  n = drivedash_timeseries_get_n_rows (res->series);
  for (guint i = 0; i < n; i++)
    if (rows[i].phase == DRIVEDASH_LONG_PHASE_MEASURE)
      {
        measured++;
        reads += rows[i].read_iops;
        writes += rows[i].write_iops;
      }
  /* 1.5 s in 0.25 s rows; the mix is 70/30 */
  g_assert_cmpuint (measured, >=, 5);
  g_assert_cmpuint (measured, <=, 7);
  g_assert_cmpfloat (reads / (reads + writes), >, 0.6);
  g_assert_cmpfloat (reads / (reads + writes), <, 0.8);
  g_assert_cmpuint (res->measured_ios, >, 0);
  g_assert_cmpuint (res->minute_p99_us->len, ==, 1);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

static void
test_runs_ext4 (void)
{
  const char *build = g_getenv ("G_TEST_BUILDDIR");

  run_consistency (build);
  run_saturation (build);
  run_adaptivity (build);
  run_sustained (build);
}

static void
test_runs_tmpfs (void)
{
  if (!g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no /dev/shm");
      return;
    }
  run_consistency ("/dev/shm");
  run_saturation ("/dev/shm");
  run_adaptivity ("/dev/shm");
  run_sustained ("/dev/shm");
}

/* --- Stop in every phase --- */

typedef struct
{
  DrivedashLongTestSettings *s;
  GCancellable              *cancellable;
  DrivedashLongPhaseKind     target;
  gboolean                   cancel_in_sink;
  GMutex                     lock;
  GCond                      cond;
  gboolean                   reached;
  gboolean                   done;
  GError                    *error;
  char                      *file_path;
} StopCase;

static void
stop_progress (gpointer                     user_data,
               const DrivedashLongProgress *p)
{
  StopCase *c = user_data;

  if (p->phase.kind != c->target)
    return;
  if (c->cancel_in_sink)
    g_cancellable_cancel (c->cancellable);
  g_mutex_lock (&c->lock);
  c->reached = TRUE;
  g_cond_signal (&c->cond);
  g_mutex_unlock (&c->lock);
}

static gpointer
stop_thread (gpointer data)
{
  StopCase *c = data;
  const DrivedashLongTestSink sink = { stop_progress, NULL, NULL, NULL };
  DrivedashLongTestResult *partial = NULL;
  DrivedashLongTestResult *res;

  res = drivedash_long_test_execute (c->s, c->cancellable, &sink, c, &partial, &c->error);
  g_assert_null (res);
  g_assert_nonnull (partial);
  c->file_path = g_strdup (partial->file_path);
  drivedash_long_test_result_free (partial);
  g_mutex_lock (&c->lock);
  c->done = TRUE;
  g_cond_signal (&c->cond);
  g_mutex_unlock (&c->lock);
  return NULL;
}

static void
stop_in (DrivedashLongTestKind  kind,
         DrivedashLongPhaseKind target,
         gboolean               cancel_in_sink)
{
  g_autofree char *dir = make_dir (g_getenv ("G_TEST_BUILDDIR"));
  g_autoptr(DrivedashLongTestSettings) s = tiny (kind, dir);
  StopCase c = { .s = s, .target = target, .cancel_in_sink = cancel_in_sink };
  GThread *thread;
  gint64 cancelled_at, deadline;

  /* The timed phases last a minute unless Stop works. */
  s->duration_s = LONG_PHASE_S;
  s->round_s = LONG_PHASE_S;
  s->idle_s = LONG_PHASE_S;
  if (target != DRIVEDASH_LONG_PHASE_BURST)
    s->round_s = 0.02;
  /* Adaptivity measures only after a rest. */
  if (target != DRIVEDASH_LONG_PHASE_IDLE)
    s->idle_s = 0.02;
  c.cancellable = g_cancellable_new ();
  g_mutex_init (&c.lock);
  g_cond_init (&c.cond);
  thread = g_thread_new ("stop", stop_thread, &c);
  g_mutex_lock (&c.lock);
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!c.reached && !c.done)
    g_assert_true (g_cond_wait_until (&c.cond, &c.lock, deadline));
  g_mutex_unlock (&c.lock);
  g_assert_true (c.reached);
  if (!cancel_in_sink)
    {
      g_usleep (100000);  /* well inside the phase */
      g_cancellable_cancel (c.cancellable);
    }
  cancelled_at = g_get_monotonic_time ();
  g_thread_join (thread);
  g_test_message ("stopped in %.0f ms", (g_get_monotonic_time () - cancelled_at) / 1e3);
  g_assert_cmpint (g_get_monotonic_time () - cancelled_at, <, STOP_BOUND_US);
  g_assert_error (c.error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED);
  g_assert_false (g_file_test (c.file_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
  g_clear_error (&c.error);
  g_free (c.file_path);
  g_object_unref (c.cancellable);
  g_mutex_clear (&c.lock);
  g_cond_clear (&c.cond);
}

static void
test_stop_every_phase (void)
{
  stop_in (DRIVEDASH_LONG_TEST_CONSISTENCY, DRIVEDASH_LONG_PHASE_PREPARE, TRUE);
  stop_in (DRIVEDASH_LONG_TEST_CONSISTENCY, DRIVEDASH_LONG_PHASE_BURST, FALSE);
  stop_in (DRIVEDASH_LONG_TEST_CONSISTENCY, DRIVEDASH_LONG_PHASE_MEASURE, TRUE);
  stop_in (DRIVEDASH_LONG_TEST_CONSISTENCY, DRIVEDASH_LONG_PHASE_IDLE, FALSE);
  stop_in (DRIVEDASH_LONG_TEST_SUSTAINED, DRIVEDASH_LONG_PHASE_MEASURE, FALSE);
  stop_in (DRIVEDASH_LONG_TEST_SATURATION, DRIVEDASH_LONG_PHASE_FILL, TRUE);
  stop_in (DRIVEDASH_LONG_TEST_ADAPTIVITY, DRIVEDASH_LONG_PHASE_FILL, TRUE);
  stop_in (DRIVEDASH_LONG_TEST_ADAPTIVITY, DRIVEDASH_LONG_PHASE_IDLE, FALSE);
  stop_in (DRIVEDASH_LONG_TEST_ADAPTIVITY, DRIVEDASH_LONG_PHASE_MEASURE, TRUE);
}

static void
test_file_vanishes (void)
{
  g_autofree char *dir = make_dir (g_getenv ("G_TEST_BUILDDIR"));
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SUSTAINED, dir);
  g_autoptr(GDir) d = NULL;
  StopCase c = { .s = s, .target = DRIVEDASH_LONG_PHASE_MEASURE };
  GThread *thread;
  const char *name;

  s->duration_s = 2;
  c.cancellable = g_cancellable_new ();
  g_mutex_init (&c.lock);
  g_cond_init (&c.cond);
  thread = g_thread_new ("vanish", stop_thread, &c);
  g_mutex_lock (&c.lock);
  while (!c.reached && !c.done)
    g_cond_wait (&c.cond, &c.lock);
  g_mutex_unlock (&c.lock);
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_thread_join (thread);
  g_assert_error (c.error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FILE_REMOVED);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
  g_clear_error (&c.error);
  g_free (c.file_path);
  g_object_unref (c.cancellable);
}

/* A hwmon directory as the kernel's NVMe driver makes it. */
static char *
fake_hwmon (const char *parent,
            const char *input,
            const char *crit)
{
  char *dir = make_dir (parent);
  g_autofree char *in = g_build_filename (dir, "temp1_input", NULL);
  g_autofree char *cr = g_build_filename (dir, "temp1_crit", NULL);

  g_assert_true (g_file_set_contents (in, input, -1, NULL));
  g_assert_true (g_file_set_contents (cr, crit, -1, NULL));
  return dir;
}

static void
remove_hwmon (const char *dir)
{
  g_autofree char *in = g_build_filename (dir, "temp1_input", NULL);
  g_autofree char *cr = g_build_filename (dir, "temp1_crit", NULL);

  g_unlink (in);
  g_unlink (cr);
  g_rmdir (dir);
}

/* Every row has the drive's temperature; at the critical limit the run
 * stops and says why. */
static void
test_temperature (void)
{
  const char *build = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *dir = make_dir (build);
  g_autofree char *warm = fake_hwmon (build, "45850\n", "84850\n");
  g_autofree char *hot = fake_hwmon (build, "84850\n", "84850\n");
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SUSTAINED, dir);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  DrivedashLongTestResult *partial = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashTimeseriesRow *rows;

  s->duration_s = 1;
  s->hwmon_path = g_strdup (warm);
  res = drivedash_long_test_execute (s, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  rows = drivedash_timeseries_get_rows (res->series);
  g_assert_cmpuint (drivedash_timeseries_get_n_rows (res->series), >, 0);
  for (guint i = 0; i < drivedash_timeseries_get_n_rows (res->series); i++)
    g_assert_cmpuint (rows[i].temperature_kelvin, ==, 319);
  g_assert_cmpuint (res->max_temperature_kelvin, ==, 319);

  g_free (s->hwmon_path);
  s->hwmon_path = g_strdup (hot);
  s->duration_s = LONG_PHASE_S;
  g_assert_null (drivedash_long_test_execute (s, NULL, NULL, NULL, &partial, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "critical temperature (85 °C)"));
  g_assert_cmpfloat (partial->elapsed_s, <, LONG_PHASE_S / 2);
  drivedash_long_test_result_free (partial);
  g_assert_cmpuint (count_files (dir), ==, 0);
  remove_hwmon (warm);
  remove_hwmon (hot);
  g_rmdir (dir);
}

/* --- a sink's pause before a phase --- */

#define PAUSE_S 1.2

typedef struct
{
  GArray *kinds;   /* of guint: the phase kind of each phase_begin */
} Begun;

static void
begin_phase (gpointer                  user_data,
             const DrivedashLongPhase *phase)
{
  Begun *b = user_data;
  guint kind = phase->kind;

  g_array_append_val (b->kinds, kind);
  /* As the CLI's thermal read can take, through D-Bus. */
  if (phase->kind == DRIVEDASH_LONG_PHASE_MEASURE)
    g_usleep ((gulong) (PAUSE_S * G_USEC_PER_SEC));
}

/* phase_begin comes before each phase, in order, and the time the sink
 * takes there is in no row: the measured phase's rows start after it. */
static void
test_phase_begin (void)
{
  g_autofree char *dir = make_dir (g_getenv ("G_TEST_BUILDDIR"));
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SUSTAINED, dir);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(GError) error = NULL;
  Begun b = { g_array_new (FALSE, FALSE, sizeof (guint)) };
  const DrivedashLongTestSink sink = { NULL, NULL, begin_phase, NULL };
  const DrivedashTimeseriesRow *rows;
  guint measured = 0;
  float first_t = -1;

  s->duration_s = 2;
  s->interval_s = 0.5;
  res = drivedash_long_test_execute (s, NULL, &sink, &b, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (b.kinds->len, ==, 2);
  g_assert_cmpuint (g_array_index (b.kinds, guint, 0), ==, DRIVEDASH_LONG_PHASE_PREPARE);
  g_assert_cmpuint (g_array_index (b.kinds, guint, 1), ==, DRIVEDASH_LONG_PHASE_MEASURE);
  rows = drivedash_timeseries_get_rows (res->series);
  for (guint i = 0; i < drivedash_timeseries_get_n_rows (res->series); i++)
    if (rows[i].phase == DRIVEDASH_LONG_PHASE_MEASURE)
      {
        if (first_t < 0)
          first_t = rows[i].t_s;
        measured++;
      }
  g_test_message ("first measured row at %.3f s, %u measured rows", first_t, measured);
  /* The first row ends one interval after the pause, not during it... */
  g_assert_cmpfloat (first_t, >=, PAUSE_S + s->interval_s - 0.01);
  /* ...and 2 s measured at 0.5 s make 4 rows and perhaps a short last
   * one, none for the pause. */
  g_assert_cmpuint (measured, >=, 1);
  g_assert_cmpuint (measured, <=, 5);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_array_unref (b.kinds);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/longtest/run/ext4", test_runs_ext4);
  g_test_add_func ("/longtest/run/tmpfs", test_runs_tmpfs);
  g_test_add_func ("/longtest/run/stop-every-phase", test_stop_every_phase);
  g_test_add_func ("/longtest/run/file-vanishes", test_file_vanishes);
  g_test_add_func ("/longtest/run/temperature", test_temperature);
  g_test_add_func ("/longtest/run/phase-begin", test_phase_begin);
  return g_test_run ();
}
