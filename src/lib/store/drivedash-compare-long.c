/* drivedash-compare-long.c — compare stored runs of one long test: which
 * runs can be compared, their numbers from the stored summary and
 * series, rounds aligned phase by phase, and the verdicts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-compare-long.h"
#include "drivedash-error.h"

/* The long tests this compares and how their numbers are laid out.  A
 * new rounds test (Adaptivity) is one more row with
 * DRIVEDASH_COMPARE_LONG_ROUNDS: its stored "rounds" are read, aligned
 * and judged like Consistency's. */
static const struct
{
  DrivedashRunKind          kind;
  DrivedashCompareLongShape shape;
  const char               *name;
} long_kinds[] = {
  { DRIVEDASH_RUN_KIND_SUSTAINED,   DRIVEDASH_COMPARE_LONG_TIMELINE, N_("Sustained") },
  { DRIVEDASH_RUN_KIND_CONSISTENCY, DRIVEDASH_COMPARE_LONG_ROUNDS,   N_("Consistency") },
  { DRIVEDASH_RUN_KIND_SATURATION,  DRIVEDASH_COMPARE_LONG_FILL,     N_("Saturation") },
  { DRIVEDASH_RUN_KIND_ADAPTIVITY,  DRIVEDASH_COMPARE_LONG_ROUNDS,   N_("Adaptivity") },
};

static const char *const letters[DRIVEDASH_COMPARE_LONG_MAX_RUNS] = { "A", "B", "C", "D", "E", "F" };

static int
find_kind (DrivedashRunKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (long_kinds); i++)
    if (long_kinds[i].kind == kind)
      return (int) i;
  return -1;
}

gboolean
drivedash_compare_long_supports (DrivedashRunKind kind)
{
  return find_kind (kind) >= 0;
}

const char *
drivedash_compare_long_get_test_name (const DrivedashCompareLong *self)
{
  return _(long_kinds[find_kind (self->kind)].name);
}

const char *
drivedash_compare_long_verdict_to_string (DrivedashCompareLongVerdict verdict)
{
  switch (verdict)
    {
    case DRIVEDASH_COMPARE_LONG_FASTER: return "faster";
    case DRIVEDASH_COMPARE_LONG_SLOWER: return "slower";
    case DRIVEDASH_COMPARE_LONG_CANT_TELL:
    default:                            return "cant-tell";
    }
}

static void
run_free (DrivedashCompareLongRun *run)
{
  g_free (run->label);
  g_clear_pointer (&run->timeline, g_array_unref);
  g_clear_pointer (&run->iops_timeline, g_array_unref);
  g_clear_pointer (&run->rounds, g_array_unref);
  g_clear_pointer (&run->fill, g_array_unref);
  g_free (run);
}

G_DEFINE_BOXED_TYPE (DrivedashCompareLong, drivedash_compare_long,
                     drivedash_compare_long_ref, drivedash_compare_long_unref)

DrivedashCompareLong *
drivedash_compare_long_ref (DrivedashCompareLong *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
drivedash_compare_long_unref (DrivedashCompareLong *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_ptr_array_unref (self->runs);
  g_array_unref (self->phases);
  g_array_unref (self->setups);
  g_free (self);
}

static double
member_double (JsonObject *o,
               const char *name)
{
  JsonNode *node = o ? json_object_get_member (o, name) : NULL;

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return NAN;
  return json_node_get_double (node);
}

static DrivedashLongGroup
group_from_string (const char *text)
{
  for (DrivedashLongGroup g = DRIVEDASH_LONG_GROUP_DEGRADATION; g <= DRIVEDASH_LONG_GROUP_RECOVERY; g++)
    if (g_strcmp0 (text, drivedash_long_group_to_string (g)) == 0)
      return g;
  return DRIVEDASH_LONG_GROUP_NONE;
}

static JsonArray *
member_array (JsonObject *o,
              const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static JsonObject *
element_object (JsonArray *a,
                guint      i)
{
  JsonNode *node = json_array_get_element (a, i);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static void
read_rounds (DrivedashCompareLongRun *run,
             JsonObject              *doc)
{
  JsonArray *rounds = member_array (doc, "rounds");

  double sum = 0;

  run->rounds = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  run->best = run->worst = -1;
  for (guint i = 0; rounds != NULL && i < json_array_get_length (rounds); i++)
    {
      JsonObject *o = element_object (rounds, i);
      DrivedashLongRound r = { 0 };

      if (o == NULL)
        continue;
      r.group = group_from_string (json_object_get_string_member_with_default (o, "phase", NULL));
      r.index = (guint) json_object_get_int_member_with_default (o, "index", i + 1);
      r.bandwidth_mb_per_s = member_double (o, "bandwidth_mb_per_s");
      r.read_access_us = member_double (o, "read_access_us");
      r.write_access_us = member_double (o, "write_access_us");
      r.busy_s = member_double (o, "busy_s");
      if (!isfinite (r.bandwidth_mb_per_s))
        continue;
      g_array_append_val (run->rounds, r);
      sum += r.bandwidth_mb_per_s;
      if (run->best < 0 ||
          r.bandwidth_mb_per_s > g_array_index (run->rounds, DrivedashLongRound, run->best).bandwidth_mb_per_s)
        run->best = run->rounds->len - 1;
      if (run->worst < 0 ||
          r.bandwidth_mb_per_s < g_array_index (run->rounds, DrivedashLongRound, run->worst).bandwidth_mb_per_s)
        run->worst = run->rounds->len - 1;
    }
  run->average_mb_per_s = run->rounds->len ? sum / run->rounds->len : NAN;
}

static void
read_fill (DrivedashCompareLongRun *run,
           JsonObject              *doc)
{
  JsonArray *steps = member_array (doc, "per_gib");

  run->fill = g_array_new (FALSE, TRUE, sizeof (DrivedashComparePoint));
  for (guint i = 0; steps != NULL && i < json_array_get_length (steps); i++)
    {
      JsonObject *o = element_object (steps, i);
      DrivedashComparePoint p = { member_double (o, "gib"), member_double (o, "mb_per_s") };

      if (isfinite (p.x) && isfinite (p.y))
        g_array_append_val (run->fill, p);
    }
  run->cache_gib = member_double (doc, "cache_gib");
  run->after_cache_mb_per_s = member_double (doc, "after_cache_mb_per_s");
}

/* Runs stored before the first and last minute were kept in MB/s: the
 * run's own bytes per request turn its IOPS into MB/s (Sustained uses
 * one request size). */
static double
mb_per_s_or_scaled (JsonObject                    *doc,
                    const char                    *name,
                    double                         iops,
                    const DrivedashCompareLongRun *run)
{
  double value = member_double (doc, name);

  if (isfinite (value) || !(run->total_iops > 0))
    return value;
  return iops * run->total_mb_per_s / run->total_iops;
}

static void
read_timeline (DrivedashCompareLongRun *run,
               const DrivedashStoreRun *stored,
               JsonObject              *doc)
{
  g_autoptr(GArray) samples = stored->series ? drivedash_store_series_decode (stored->series, NULL) : NULL;

  run->total_iops = member_double (doc, "total_iops");
  run->first_iops = member_double (doc, "first_minute_iops");
  run->last_iops = member_double (doc, "last_minute_iops");
  run->total_mb_per_s = member_double (doc, "total_mb_per_s");
  run->first_mb_per_s = mb_per_s_or_scaled (doc, "first_minute_mb_per_s", run->first_iops, run);
  run->last_mb_per_s = mb_per_s_or_scaled (doc, "last_minute_mb_per_s", run->last_iops, run);
  run->change_percent = member_double (doc, "change_percent");
  run->timeline = g_array_new (FALSE, TRUE, sizeof (DrivedashComparePoint));
  run->iops_timeline = g_array_new (FALSE, TRUE, sizeof (DrivedashComparePoint));
  for (guint i = 0; samples != NULL && i < samples->len; i++)
    {
      const DrivedashBenchSample *s = &g_array_index (samples, DrivedashBenchSample, i);
      DrivedashComparePoint p = { s->run_elapsed_s, s->mb_per_s };
      DrivedashComparePoint q = { s->run_elapsed_s, s->iops };

      g_array_append_val (run->timeline, p);
      g_array_append_val (run->iops_timeline, q);
    }
}

static DrivedashCompareLongRun *
read_run (const DrivedashStoreRun    *stored,
          DrivedashCompareLongShape   shape,
          guint                       index,
          GError                    **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  DrivedashCompareLongRun *run;
  JsonObject *doc;

  if (stored->settings_json == NULL || !json_parser_load_from_data (parser, stored->settings_json, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("Run %lld has no stored results to compare: it may have stopped before measuring."),
                   (long long) stored->id);
      return NULL;
    }
  doc = json_node_get_object (json_parser_get_root (parser));
  run = g_new0 (DrivedashCompareLongRun, 1);
  run->id = stored->id;
  run->letter = letters[index];
  run->label = g_strdup (stored->name != NULL && stored->name[0] != '\0' ? stored->name : letters[index]);
  run->best = run->worst = -1;
  run->cache_gib = run->after_cache_mb_per_s = NAN;
  run->total_iops = run->first_iops = run->last_iops = run->change_percent = NAN;
  run->total_mb_per_s = run->first_mb_per_s = run->last_mb_per_s = NAN;
  if (shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
    read_timeline (run, stored, doc);
  else if (shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    read_rounds (run, doc);
  else
    read_fill (run, doc);
  return run;
}

static gboolean
check_runs (DrivedashStoreRun * const *runs,
            guint                      n_runs,
            guint                      min_runs,
            GError                   **error)
{
  if (n_runs < min_runs)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Pick at least two runs to compare."));
      return FALSE;
    }
  if (n_runs > DRIVEDASH_COMPARE_LONG_MAX_RUNS)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Drivedash compares at most six runs at a time: pick fewer."));
      return FALSE;
    }
  for (guint i = 0; i < n_runs; i++)
    {
      if (runs[i]->kind == runs[0]->kind && drivedash_compare_long_supports (runs[i]->kind))
        continue;
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("These runs are different tests: pick runs of the same long test to compare them."));
      return FALSE;
    }
  return TRUE;
}

/* The phases in the order the test ran them, from every run's rounds. */
static void
collect_phases (DrivedashCompareLong *self)
{
  for (guint r = 0; r < self->runs->len; r++)
    {
      const DrivedashCompareLongRun *run = g_ptr_array_index (self->runs, r);

      for (guint i = 0; i < run->rounds->len; i++)
        {
          DrivedashLongGroup g = g_array_index (run->rounds, DrivedashLongRound, i).group;
          DrivedashCompareLongPhase phase = { .group = g };
          gboolean seen = FALSE;

          for (guint p = 0; p < self->phases->len && !seen; p++)
            seen = g_array_index (self->phases, DrivedashCompareLongPhase, p).group == g;
          if (!seen)
            g_array_append_val (self->phases, phase);
        }
    }
}

static void
average_phase (DrivedashCompareLongPhase     *phase,
               guint                          index,
               const DrivedashCompareLongRun *run)
{
  double bw = 0, ra = 0, wa = 0;
  guint n = 0;

  for (guint i = 0; i < run->rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (run->rounds, DrivedashLongRound, i);

      if (r->group != phase->group)
        continue;
      bw += r->bandwidth_mb_per_s;
      ra += r->read_access_us;
      wa += r->write_access_us;
      n++;
    }
  phase->n_rounds[index] = n;
  phase->bandwidth_mb_per_s[index] = n ? bw / n : NAN;
  phase->read_access_us[index] = n ? ra / n : NAN;
  phase->write_access_us[index] = n ? wa / n : NAN;
}

static const DrivedashLongRound *
find_round (const DrivedashCompareLongRun *run,
            DrivedashLongGroup             group,
            guint                          index)
{
  for (guint i = 0; i < run->rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (run->rounds, DrivedashLongRound, i);

      if (r->group == group && r->index == index)
        return r;
    }
  return NULL;
}

/* Rounds are aligned by phase and number, so the degradation rounds'
 * planned slide does not count as spread: each pair is measured after
 * the same amount of wear.  The pairs are compared as log ratios, so a
 * round that stalled on one side does not swamp the others the way a
 * ratio of 40 to 400 MB/s would; the mean and its interval are turned
 * back into percent.  The verdict needs two pairs and a 95 % interval
 * that excludes no difference; otherwise "can't tell". */
static void
judge_phase (DrivedashCompareLongPhase     *phase,
             guint                          index,
             const DrivedashCompareLongRun *a,
             const DrivedashCompareLongRun *b)
{
  g_autoptr(GArray) logs = g_array_new (FALSE, FALSE, sizeof (double));
  DrivedashStatsSummary s;

  for (guint i = 0; i < a->rounds->len; i++)
    {
      const DrivedashLongRound *ra = &g_array_index (a->rounds, DrivedashLongRound, i);
      const DrivedashLongRound *rb = find_round (b, ra->group, ra->index);
      double l;

      if (ra->group != phase->group || rb == NULL || ra->bandwidth_mb_per_s <= 0 || rb->bandwidth_mb_per_s <= 0)
        continue;
      l = log (rb->bandwidth_mb_per_s / ra->bandwidth_mb_per_s);
      g_array_append_val (logs, l);
    }
  drivedash_stats_summarize ((const double *) (gpointer) logs->data, logs->len, &s);
  phase->n_pairs[index] = s.n;
  phase->difference_percent[index] = s.n ? expm1 (s.mean) * 100 : NAN;
  phase->ci95_percent[index] = s.n >= 2 && isfinite (s.ci95)
                               ? (exp (s.mean + s.ci95) - exp (s.mean - s.ci95)) / 2 * 100 : NAN;
  phase->ratio_low[index] = s.n >= 2 && isfinite (s.ci95) ? exp (s.mean - s.ci95) : NAN;
  phase->ratio_high[index] = s.n >= 2 && isfinite (s.ci95) ? exp (s.mean + s.ci95) : NAN;
  if (s.n < 2 || !isfinite (s.ci95) || fabs (s.mean) <= s.ci95)
    phase->verdict[index] = DRIVEDASH_COMPARE_LONG_CANT_TELL;
  else
    phase->verdict[index] = s.mean > 0 ? DRIVEDASH_COMPARE_LONG_FASTER : DRIVEDASH_COMPARE_LONG_SLOWER;
}

static void
compare_phases (DrivedashCompareLong *self)
{
  collect_phases (self);
  for (guint p = 0; p < self->phases->len; p++)
    {
      DrivedashCompareLongPhase *phase = &g_array_index (self->phases, DrivedashCompareLongPhase, p);

      for (guint r = 0; r < self->runs->len; r++)
        {
          average_phase (phase, r, g_ptr_array_index (self->runs, r));
          if (r > 0)
            judge_phase (phase, r, g_ptr_array_index (self->runs, 0), g_ptr_array_index (self->runs, r));
        }
    }
}

/* The mean of one figure (at @offset in each run) over the runs named
 * @label; ci95 NAN with one run. */
static void
summarize_setup (const DrivedashCompareLong *self,
                 const char                 *label,
                 glong                       offset,
                 DrivedashStatsSummary      *out)
{
  double values[DRIVEDASH_COMPARE_LONG_MAX_RUNS] = { 0 };
  guint n = 0;

  for (guint i = 0; i < self->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = g_ptr_array_index (self->runs, i);
      double value = G_STRUCT_MEMBER (double, run, offset);

      if (g_strcmp0 (run->label, label) == 0 && isfinite (value))
        values[n++] = value;
    }
  drivedash_stats_summarize (values, n, out);
  if (n < 2)
    out->ci95 = NAN;
}

/* Runs of one name are one setup run several times. */
static void
group_setups (DrivedashCompareLong *self)
{
  for (guint i = 0; i < self->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = g_ptr_array_index (self->runs, i);
      DrivedashCompareLongSetup *setup = NULL;

      for (guint g = 0; g < self->setups->len && setup == NULL; g++)
        if (g_strcmp0 (g_array_index (self->setups, DrivedashCompareLongSetup, g).label, run->label) == 0)
          setup = &g_array_index (self->setups, DrivedashCompareLongSetup, g);
      if (setup == NULL)
        {
          DrivedashCompareLongSetup fresh = { .label = run->label, .first = i };

          g_array_append_val (self->setups, fresh);
          setup = &g_array_index (self->setups, DrivedashCompareLongSetup, self->setups->len - 1);
        }
      setup->ids[setup->n_runs++] = run->id;
    }
  for (guint g = 0; g < self->setups->len; g++)
    {
      DrivedashCompareLongSetup *setup = &g_array_index (self->setups, DrivedashCompareLongSetup, g);

      summarize_setup (self, setup->label, G_STRUCT_OFFSET (DrivedashCompareLongRun, total_mb_per_s),
                       &setup->total_mb_per_s);
      summarize_setup (self, setup->label, G_STRUCT_OFFSET (DrivedashCompareLongRun, total_iops),
                       &setup->total_iops);
    }
  for (guint g = 0; g < self->setups->len; g++)
    drivedash_stats_compare (&g_array_index (self->setups, DrivedashCompareLongSetup, 0).total_mb_per_s,
                             &g_array_index (self->setups, DrivedashCompareLongSetup, g).total_mb_per_s,
                             &g_array_index (self->setups, DrivedashCompareLongSetup, g).vs_first);
}

static DrivedashCompareLong *
compare_long_new (DrivedashStoreRun * const *runs,
                  guint                      n_runs,
                  guint                      min_runs,
                  GError                   **error)
{
  g_autoptr(DrivedashCompareLong) self = NULL;

  g_return_val_if_fail (runs != NULL || n_runs == 0, NULL);

  if (!check_runs (runs, n_runs, min_runs, error))
    return NULL;
  self = g_new0 (DrivedashCompareLong, 1);
  self->ref_count = 1;
  self->kind = runs[0]->kind;
  self->shape = long_kinds[find_kind (self->kind)].shape;
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) run_free);
  self->phases = g_array_new (FALSE, TRUE, sizeof (DrivedashCompareLongPhase));
  self->setups = g_array_new (FALSE, TRUE, sizeof (DrivedashCompareLongSetup));
  for (guint i = 0; i < n_runs; i++)
    {
      DrivedashCompareLongRun *run = read_run (runs[i], self->shape, i, error);

      if (run == NULL)
        return NULL;
      g_ptr_array_add (self->runs, run);
    }
  if (self->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    compare_phases (self);
  if (self->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
    group_setups (self);
  return g_steal_pointer (&self);
}

DrivedashCompareLong *
drivedash_compare_long_new (DrivedashStoreRun * const *runs,
                            guint                      n_runs,
                            GError                   **error)
{
  return compare_long_new (runs, n_runs, 2, error);
}

DrivedashCompareLong *
drivedash_compare_long_new_one (DrivedashStoreRun  *run,
                                GError            **error)
{
  g_return_val_if_fail (run != NULL, NULL);

  return compare_long_new (&run, 1, 1, error);
}

void
drivedash_compare_long_phase_span (const DrivedashCompareLong *self,
                                   guint                       phase,
                                   guint                      *first,
                                   guint                      *n_rounds)
{
  guint start = 1, width = 0;

  g_return_if_fail (phase < self->phases->len);

  for (guint p = 0; p <= phase; p++)
    {
      const DrivedashCompareLongPhase *ph = &g_array_index (self->phases, DrivedashCompareLongPhase, p);

      start += width;
      width = 0;
      for (guint r = 0; r < self->runs->len; r++)
        width = MAX (width, ph->n_rounds[r]);
    }
  *first = start;
  *n_rounds = width;
}

guint
drivedash_compare_long_round_position (const DrivedashCompareLong *self,
                                       const DrivedashLongRound   *round)
{
  for (guint p = 0; p < self->phases->len; p++)
    {
      guint first, n;

      if (g_array_index (self->phases, DrivedashCompareLongPhase, p).group != round->group)
        continue;
      drivedash_compare_long_phase_span (self, p, &first, &n);
      return first + round->index - 1;
    }
  return 0;
}
