/* drivedash-report-results.c — the method, the results of each test and
 * the verdicts of a report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "drivedash-bench-doubts.h"
#include "drivedash-bench-spec.h"
#include "drivedash-bench-words.h"
#include "drivedash-compare.h"
#include "drivedash-format.h"
#include "drivedash-report-build-private.h"

#define LABEL(rb, i) ((const char *) g_ptr_array_index ((rb)->labels, (i)))
#define RUN(rb, i) ((const DrivedashStoreRun *) g_ptr_array_index ((rb)->runs, (i)))

static gboolean
is_set (const DrivedashStoreRun *run)
{
  return run->kind == DRIVEDASH_RUN_KIND_AB_SET || run->kind == DRIVEDASH_RUN_KIND_REPEAT_SET;
}

char *
drivedash_report_test_words (const char *test,
                             const char *mode_id)
{
  DrivedashBenchMode mode;
  DrivedashBenchSpec spec;
  g_autofree char *safe_test = NULL;
  g_autofree char *safe_mode = NULL;

  if (drivedash_bench_mode_from_string (mode_id, &mode) && drivedash_bench_spec_parse (test, mode, &spec, NULL))
    return drivedash_bench_spec_dup_counted (&spec);
  /* Not a test Drivedash knows (an imported run): its own name. */
  safe_test = drivedash_format_device_string (test);
  safe_mode = drivedash_format_device_string (mode_id);
  return g_strdup_printf ("%s %s", safe_test, safe_mode);
}

static char *
test_name (const DrivedashStoreResult *r)
{
  return drivedash_report_test_words (r->test, r->mode);
}

static const char *
game_mode_words (int game_mode)
{
  return game_mode == 1 ? _("on") : game_mode == 0 ? _("off") : _("not recorded");
}

static char *
tests_words (const DrivedashStoreRun *run)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < run->results->len; i++)
    {
      g_autofree char *name = test_name (g_ptr_array_index (run->results, i));

      /* The names hold commas: "Reading large files, 8 at a time; …". */
      g_string_append_printf (s, "%s%s", i ? "; " : "", name);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
seconds_words (JsonObject *o,
               const char *member)
{
  double value = o ? json_object_get_double_member_with_default (o, member, NAN) : NAN;

  if (!isfinite (value))
    return g_strdup ("?");
  /* "5 s", "0.1 s": no ".0" on whole seconds. */
  return drivedash_format_figure (value, value == floor (value) ? 0 : value < 10 ? 1 : 0);
}

static JsonObject *
settings_of (const DrivedashStoreRun *run,
             JsonNode               **node)
{
  *node = run->settings_json ? json_from_string (run->settings_json, NULL) : NULL;
  return *node != NULL && JSON_NODE_HOLDS_OBJECT (*node) ? json_node_get_object (*node) : NULL;
}

static char *
method_line (ReportBuild *rb,
             guint        i)
{
  const DrivedashStoreRun *run = RUN (rb, i);
  g_autoptr(JsonNode) node = NULL;
  JsonObject *o = settings_of (run, &node);
  gint64 passes = o ? json_object_get_int_member_with_default (o, "passes", 0) : 0;
  gint64 size = o ? json_object_get_int_member_with_default (o, "test_size", 0) : 0;
  g_autofree char *size_words = size > 0 ? drivedash_format_size_iec (size) : g_strdup (_("unknown"));
  g_autofree char *duration = seconds_words (o, "pass_duration_s");
  g_autofree char *pause = seconds_words (o, "pause_s");
  g_autofree char *tests = tests_words (run);
  g_autoptr(GString) line = g_string_new (NULL);

  /* An imported run may lack its settings: its passes still say how many. */
  if (passes <= 0 && run->results->len > 0 && !is_set (run))
    passes = ((const DrivedashStoreResult *) g_ptr_array_index (run->results, 0))->passes->len;

  /* TRANSLATORS: one run's method: its label, the passes, their length in
   * seconds, the test file's size, the pause in seconds, game mode on/off
   * and the list of tests */
  g_string_printf (line, ngettext ("%s: the best of %d pass of %s s for each test, on a %s test file, "
                                   "%s s between tests; game mode %s. Tests: %s.",
                                   "%s: the best of %d passes of %s s for each test, on a %s test file, "
                                   "%s s between tests; game mode %s. Tests: %s.", (gulong) passes),
                   LABEL (rb, i), (int) passes, duration, size_words, pause, game_mode_words (run->game_mode), tests);
  if (is_set (run) && run->results->len > 0)
    {
      guint n = ((const DrivedashStoreResult *) g_ptr_array_index (run->results, 0))->passes->len;

      g_string_append_c (line, ' ');
      g_string_append_printf (line, ngettext ("Its results are the mean of %u run made one after another.",
                                              "Its results are the mean of %u runs made one after another.", n), n);
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

static void
check_sizes (ReportBuild *rb)
{
  g_autoptr(GString) sizes = g_string_new (NULL);
  gint64 first = -1;
  gboolean differ = FALSE;

  for (guint i = 0; i < rb->runs->len; i++)
    {
      g_autoptr(JsonNode) node = NULL;
      JsonObject *o = settings_of (RUN (rb, i), &node);
      gint64 size = o ? json_object_get_int_member_with_default (o, "test_size", 0) : 0;
      g_autofree char *words = drivedash_format_size_iec (size);

      differ |= first >= 0 && size != first;
      first = first < 0 ? size : first;
      g_string_append_printf (sizes, "%s%s", i ? ", " : "", words);
    }
  if (differ)
    g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
      _("The runs used different test file sizes (%s), and a small file may be served from the drive’s "
        "fast cache, so their speeds are not strictly comparable."), sizes->str));
}

static void
check_passes (ReportBuild *rb,
              guint        i)
{
  const DrivedashStoreRun *run = RUN (rb, i);

  if (is_set (run))
    return;
  for (guint r = 0; r < run->results->len; r++)
    if (((const DrivedashStoreResult *) g_ptr_array_index (run->results, r))->passes->len < 2)
      {
        g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
          _("%s measured each test only once, so how much its speed varies is unknown, "
            "and no difference to it can be called real."), LABEL (rb, i)));
        return;
      }
}

void
drivedash_report_add_method (ReportBuild *rb)
{
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("How it was measured"));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
    /* xgettext:no-c-format */
    _("Drivedash measures the way CrystalDiskMark does: it writes a test file, runs each test once to warm up "
      "and then for several passes, and reports the best pass in MB/s (millions of bytes a second). "
      "A difference between runs is called real only when the passes of both runs show it with 95 % "
      "confidence (the statistical test is named at the end); otherwise the report says there is no "
      "measurable difference."));
  for (guint i = 0; i < rb->runs->len; i++)
    {
      g_autofree char *line = method_line (rb, i);

      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, line);
      check_passes (rb, i);
    }
  check_sizes (rb);
}

/* Every test of any run, once, in the order the runs have them. */
static GPtrArray *
all_tests (ReportBuild *rb)
{
  GPtrArray *tests = g_ptr_array_new ();

  for (guint i = 0; i < rb->runs->len; i++)
    for (guint r = 0; r < RUN (rb, i)->results->len; r++)
      {
        const DrivedashStoreResult *res = g_ptr_array_index (RUN (rb, i)->results, r);
        gboolean seen = FALSE;

        for (guint t = 0; t < tests->len && !seen; t++)
          {
            const DrivedashStoreResult *other = g_ptr_array_index (tests, t);

            seen = g_strcmp0 (other->test, res->test) == 0 && g_strcmp0 (other->mode, res->mode) == 0;
          }
        if (!seen)
          g_ptr_array_add (tests, (gpointer) res);
      }
  return tests;
}

/* Where the speed likely lies, as a range people read at once; an
 * interval wider than half the mean says only that the passes varied. */
static char *
spread_words (const DrivedashStoreResult *r)
{
  DrivedashStatsSummary s;
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  drivedash_stats_summarize ((const double *) (gpointer) r->passes->data, r->passes->len, &s);
  if (s.n < 2 || !isfinite (s.ci95))
    return g_strdup ("–");
  if (s.ci95 >= s.mean / 2)
    return g_strdup (_("varied too much to pin down"));
  low = drivedash_format_figure (s.mean - s.ci95, 0);
  high = drivedash_format_figure (s.mean + s.ci95, 0);
  /* Translators: a range of speeds, "4,100–5,600 MB/s" */
  return g_strdup_printf (_("%s–%s MB/s"), low, high);
}

static char **
result_row (ReportBuild                *rb,
            guint                       i,
            const DrivedashStoreResult *r)
{
  char **row = g_new0 (char *, 5);

  row[0] = g_strdup (LABEL (rb, i));
  if (r == NULL)
    {
      row[1] = g_strdup (_("not measured"));
      for (guint c = 2; c < 4; c++)
        row[c] = g_strdup ("–");
      return row;
    }
  {
    g_autofree char *figure = drivedash_format_figure (r->mb_per_s, r->mb_per_s < 100 ? 2 : 1);

    row[1] = g_strdup_printf (_("%s MB/s"), figure);
  }
  row[2] = g_strdup_printf ("%u", r->passes->len);
  row[3] = spread_words (r);
  return row;
}

/* The measured samples of run @i's test @r as chart points; NULL when the
 * run kept none (a set, an imported run, a test it lacks). */
static GArray *
test_line (ReportBuild                *rb,
           guint                       i,
           const DrivedashStoreResult *r)
{
  GArray *samples = g_ptr_array_index (rb->series, i);
  GPtrArray *results = RUN (rb, i)->results;
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (DrivedashReportPoint));
  double start = NAN;
  guint index;

  if (samples == NULL || r == NULL || !g_ptr_array_find (results, r, &index))
    return NULL;
  for (guint s = 0; s < samples->len; s++)
    {
      const DrivedashBenchSample *sample = &g_array_index (samples, DrivedashBenchSample, s);
      DrivedashReportPoint point;

      if (sample->test_index != index || sample->phase != DRIVEDASH_BENCH_PHASE_MEASURING)
        continue;
      /* Time from the start of the first measured window, so every run's
       * line starts at the left edge whatever its warm-up took. */
      if (isnan (start))
        start = sample->elapsed_s - sample->window_s;
      point = (DrivedashReportPoint) { sample->elapsed_s - start, sample->mb_per_s };
      g_array_append_val (line, point);
    }
  return line->len >= 2 ? g_steal_pointer (&line) : NULL;
}

static DrivedashReportChart *
timeline_chart (ReportBuild                *rb,
                const DrivedashStoreResult *test)
{
  g_autoptr(DrivedashReportChart) chart = g_new0 (DrivedashReportChart, 1);
  guint present = 0;

  chart->kind = DRIVEDASH_REPORT_CHART_LINES;
  chart->unit = g_strdup ("MB/s");
  chart->n_bars = rb->runs->len;
  for (guint i = 0; i < rb->runs->len; i++)
    {
      const DrivedashStoreResult *r = drivedash_store_run_find_result (RUN (rb, i), test->test, test->mode);

      chart->labels[i] = g_strdup (LABEL (rb, i));
      chart->colours[i] = i;
      chart->lines[i] = test_line (rb, i, r);
      present += chart->lines[i] != NULL;
    }
  return present > 0 ? g_steal_pointer (&chart) : NULL;
}

/* Under a test's table: each run whose result can't be the drive's
 * speed, with the reasons the run gave (kept in History). */
static void
add_doubts (ReportBuild                *rb,
            const DrivedashStoreResult *test)
{
  for (guint i = 0; i < rb->runs->len; i++)
    {
      const DrivedashStoreResult *r = drivedash_store_run_find_result (RUN (rb, i), test->test, test->mode);
      g_autofree char *doubt_words = NULL, *device_words = NULL, *text = NULL;
      DrivedashBenchDoubts doubts = DRIVEDASH_BENCH_DOUBT_NONE;

      if (r == NULL || r->checks == NULL ||
          !drivedash_bench_checks_parse (r->checks, &doubts, &doubt_words, &device_words) ||
          doubts == DRIVEDASH_BENCH_DOUBT_NONE || doubt_words == NULL)
        continue;
      /* TRANSLATORS: under a report's table: "Run A: this result can't
       * be the drive's speed. 9,000 MB/s is more than …" */
      text = g_strdup_printf (_("%s: this result can’t be the drive’s speed. %s"), LABEL (rb, i), doubt_words);
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, text);
    }
}

static void
add_test (ReportBuild                *rb,
          const DrivedashStoreResult *test)
{
  g_autofree char *name = test_name (test);
  DrivedashReportChart *chart = g_new0 (DrivedashReportChart, 1);
  GPtrArray *rows = g_ptr_array_new ();
  guint present = 0;

  chart->unit = g_strdup ("MB/s");
  /* TRANSLATORS: the columns of a report's table of one test; the last is
   * the 95 % interval of the passes' mean, as a range of speeds */
  g_ptr_array_add (rows, g_strsplit (_("Run|Speed|Passes|Likely between"), "|", -1));
  for (guint i = 0; i < rb->runs->len; i++)
    {
      const DrivedashStoreResult *r = drivedash_store_run_find_result (RUN (rb, i), test->test, test->mode);

      chart->labels[i] = g_strdup (LABEL (rb, i));
      chart->values[i] = r ? r->mb_per_s : NAN;
      chart->colours[i] = i;
      g_ptr_array_add (rows, result_row (rb, i, r));
      present += r != NULL;
    }
  chart->n_bars = rb->runs->len;
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_SUBHEADING, name);
  drivedash_report_add_chart (rb->doc, chart);
  drivedash_report_add_table (rb->doc, rows);
  add_doubts (rb, test);
  if ((chart = timeline_chart (rb, test)) != NULL)
    drivedash_report_add_chart (rb->doc, chart);
  if (rb->runs->len > 1 && present == 1)
    g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
      _("%s is in one run only, so it is not compared."), name));
}

void
drivedash_report_add_results (ReportBuild *rb)
{
  g_autoptr(GPtrArray) tests = all_tests (rb);

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Results"));
  if (tests->len == 0)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, _("These runs have no results."));
  for (guint t = 0; t < tests->len; t++)
    add_test (rb, g_ptr_array_index (tests, t));
}

static void
add_comparisons (ReportBuild *rb)
{
  g_autofree DrivedashCompareSide *sides = g_new0 (DrivedashCompareSide, rb->runs->len);
  g_autoptr(GPtrArray) tests = NULL;
  g_autofree char *lead = NULL;

  for (guint i = 0; i < rb->runs->len; i++)
    sides[i] = (DrivedashCompareSide) { RUN (rb, i)->id, NULL, (DrivedashStoreRun **) &rb->runs->pdata[i], 1 };
  tests = drivedash_compare_sides (sides, rb->runs->len);
  if (tests->len == 0)
    {
      g_ptr_array_add (rb->cannot_judge, g_strdup (_("These runs have no test in common.")));
      return;
    }
  lead = g_strdup_printf (_("Each run against %s, the first one:"), LABEL (rb, 0));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, lead);
  for (guint t = 0; t < tests->len; t++)
    {
      const DrivedashCompareTest *test = g_ptr_array_index (tests, t);
      g_autofree char *safe = drivedash_report_test_words (test->test, test->mode);

      for (guint e = 1; e < test->entries->len; e++)
        {
          const DrivedashCompareEntry *entry = &g_array_index (test->entries, DrivedashCompareEntry, e);
          g_autofree char *words = NULL;
          g_autofree char *line = NULL;

          if (entry->summary.n == 0)
            continue;
          words = drivedash_compare_describe (&entry->vs_first);
          /* TRANSLATORS: "Reading large files, 8 at a time, B against A: 3.1 % faster (between 2.3 % and 3.9 %)." */
          line = g_strdup_printf (_("%s, %s against %s: %s."), safe, LABEL (rb, e), LABEL (rb, 0), words);
          drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, line);
        }
    }
}

/* A game-mode A/B set: its own rounds, off against on, in the words the
 * A/B test itself uses. */
static void
add_ab_conclusion (ReportBuild *rb,
                   guint        i)
{
  g_autoptr(GPtrArray) members = drivedash_store_list_members (rb->store, RUN (rb, i)->id, NULL);
  g_autoptr(GPtrArray) off = g_ptr_array_new ();
  g_autoptr(GPtrArray) on = g_ptr_array_new ();
  g_autoptr(GPtrArray) tests = NULL;
  g_autofree char *lead = NULL;
  g_autofree char *conclusion = NULL;
  g_auto(GStrv) lines = NULL;
  DrivedashCompareSide sides[2];

  for (guint m = 0; members != NULL && m < members->len; m++)
    {
      DrivedashStoreRun *member = g_ptr_array_index (members, m);

      g_ptr_array_add (g_strcmp0 (member->set_role, "on") == 0 ? on : off, member);
    }
  if (off->len == 0 || on->len == 0)
    return;
  sides[0] = (DrivedashCompareSide) { 0, "off", (DrivedashStoreRun **) off->pdata, off->len };
  sides[1] = (DrivedashCompareSide) { 0, "on", (DrivedashStoreRun **) on->pdata, on->len };
  tests = drivedash_compare_sides (sides, 2);
  conclusion = drivedash_compare_dup_game_mode_conclusion (tests);
  lead = g_strdup_printf (_("%s, a game-mode A/B test, off against on:"), LABEL (rb, i));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, lead);
  lines = g_strsplit (conclusion, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, lines[l]);
}

void
drivedash_report_add_verdicts (ReportBuild *rb)
{
  guint ab = 0;

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Verdicts"));
  if (rb->runs->len > 1)
    add_comparisons (rb);
  for (guint i = 0; i < rb->runs->len; i++)
    if (RUN (rb, i)->kind == DRIVEDASH_RUN_KIND_AB_SET)
      {
        add_ab_conclusion (rb, i);
        ab++;
      }
  if (rb->runs->len == 1 && ab == 0)
    {
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                                 _("There is no other run to compare this one with."));
      g_ptr_array_add (rb->cannot_judge, g_strdup (
        _("With one run, Drivedash cannot say whether these speeds are usual for this drive: "
          "make a report of it together with another run.")));
    }
}

/* One line of the appendix per speed test in @runs: its words, its code
 * and what it does. */
static void
add_test_terms (ReportBuild *rb,
                GPtrArray   *runs)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < runs->len; i++)
    for (guint r = 0; ((DrivedashStoreRun *) g_ptr_array_index (runs, i))->results != NULL
                      && r < ((DrivedashStoreRun *) g_ptr_array_index (runs, i))->results->len; r++)
      {
        const DrivedashStoreResult *res = g_ptr_array_index (((DrivedashStoreRun *) g_ptr_array_index (runs, i))->results, r);
        g_autofree char *key = g_strdup_printf ("%s %s", res->test, res->mode);
        g_autofree char *words = NULL, *code = NULL, *tooltip = NULL, *line = NULL;
        DrivedashBenchMode mode;
        DrivedashBenchSpec spec;

        if (g_hash_table_contains (seen, key) || !drivedash_bench_mode_from_string (res->mode, &mode)
            || !drivedash_bench_spec_parse (res->test, mode, &spec, NULL))
          continue;
        words = drivedash_bench_spec_dup_counted (&spec);
        code = drivedash_bench_spec_dup_label (&spec);
        tooltip = drivedash_bench_spec_dup_tooltip (&spec);
        /* TRANSLATORS: "Reading large files, 8 at a time — SEQ1M Q8T1 Read: Reads one long …" */
        line = g_strdup_printf (_("%s — %s: %s"), words, code, tooltip);
        drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, line);
        g_hash_table_add (seen, g_steal_pointer (&key));
      }
}

/* Only the speed tests' tables show IOPS: the long tests speak in MB/s. */
static gboolean
has_speed_runs (GPtrArray *runs)
{
  for (guint i = 0; i < runs->len; i++)
    if (!drivedash_compare_long_supports (((DrivedashStoreRun *) g_ptr_array_index (runs, i))->kind))
      return TRUE;
  return FALSE;
}

void
drivedash_report_add_terms (ReportBuild *rb,
                            GPtrArray   *runs)
{
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Terms and test codes"));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                             _("The report speaks in plain words; here is what each stands for, with the "
                               "codes other tools and reviews use."));
  add_test_terms (rb, runs);
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, drivedash_bench_explain_mb_per_s ());
  if (has_speed_runs (runs))
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, drivedash_bench_explain_iops ());
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET,
                             /* xgettext:no-c-format */
                             _("95 % confidence, Welch’s t-test: the standard test of whether two sets of "
                               "measurements differ by more than chance; a difference is called real only "
                               "when it passes."));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET,
                             _("CrystalDiskMark, Iometer, PCMark 8: the programs reviewers use on Windows; "
                               "Drivedash’s tests follow their methods so the figures can be set side by side."));
}
