/* drivedash-longtest-rounds.c — the result plots' data of the long tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Consistency and Adaptivity measure one storage test per round; the
 * rounds arrive one by one while the run goes on (minutes to hours
 * apart), so the plot and the words about them grow with the run.  Write saturation's exact speed
 * per step is known only at the end; until then its rows (one a second)
 * are placed at the amount written so far, which the fill's own speed
 * gives.  Nothing here needs a display.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-notify.h"
#include "drivedash-format.h"
#include "drivedash-longtest-rounds.h"
#include "drivedash-longtest-summary.h"

/* The plan's rounds (drivedash-longtest-phases.c). */
#define N_DEGRADATION 8
#define N_STEADY      5
/* The cache detector's rule, as the summary sentence uses it. */
#define CACHE_MIN_POINTS 2
#define CACHE_DROP       0.30

typedef struct
{
  double gb;
  double mb_per_s;
} Point;

struct _DrivedashLongTestRounds
{
  GObject                parent_instance;
  DrivedashLongTestKind  kind;
  double                 amount_gb;
  GArray                *rounds;   /* DrivedashLongRound */
  GArray                *points;   /* Point */
  double                 written_bytes;
  double                 last_t;
  gboolean               has_cache;
  double                 cache_gb;
  double                 after_mb_per_s;
  char                  *details;
  char                  *verdict;
};

enum { PROP_0, PROP_KIND, PROP_DETAILS, PROP_VERDICT, N_PROPS };
enum { CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DrivedashLongTestRounds, drivedash_long_test_rounds, G_TYPE_OBJECT)

guint
drivedash_long_round_position (const DrivedashLongRound *r)
{
  switch (r->group)
    {
    case DRIVEDASH_LONG_GROUP_STEADY:
      return N_DEGRADATION + r->index;
    case DRIVEDASH_LONG_GROUP_RECOVERY:
      return N_DEGRADATION + N_STEADY + r->index;
    case DRIVEDASH_LONG_GROUP_DEGRADATION:
    case DRIVEDASH_LONG_GROUP_NONE:
    default:
      return r->index;
    }
}

static void
append_average (GString            *s,
                DrivedashLongGroup  group,
                double              mb_per_s)
{
  g_autofree char *speed = drivedash_format_figure (mb_per_s, 0);

  g_string_append_c (s, '\n');
  switch (group)
    {
    case DRIVEDASH_LONG_GROUP_DEGRADATION:
      /* Translators: the consistency test's first phase, "getting worse";
       * %s is a grouped number, "1,234" */
      g_string_append_printf (s, _("Average while getting worse: %s MB/s"), speed);
      break;
    case DRIVEDASH_LONG_GROUP_STEADY:
      g_string_append_printf (s, _("Average when steady: %s MB/s"), speed);
      break;
    case DRIVEDASH_LONG_GROUP_RECOVERY:
      g_string_append_printf (s, _("Average after resting: %s MB/s"), speed);
      break;
    case DRIVEDASH_LONG_GROUP_NONE:
    default:
      break;
    }
}

/* "Best: round 3, 1,234 MB/s. Worst: …", numbered as the plot does:
 * Adaptivity's rounds 1 … 10, Consistency's 1 … 18 across its phases. */
static GString *
best_and_worst (const DrivedashLongRound *rounds,
                guint                     n,
                gboolean                  by_index)
{
  g_autofree char *best_speed = NULL, *worst_speed = NULL;
  guint best = 0, worst = 0;
  GString *s;

  for (guint i = 0; i < n; i++)
    {
      if (rounds[i].bandwidth_mb_per_s > rounds[best].bandwidth_mb_per_s)
        best = i;
      if (rounds[i].bandwidth_mb_per_s < rounds[worst].bandwidth_mb_per_s)
        worst = i;
    }
  best_speed = drivedash_format_figure (rounds[best].bandwidth_mb_per_s, 0);
  worst_speed = drivedash_format_figure (rounds[worst].bandwidth_mb_per_s, 0);
  s = g_string_new (NULL);
  /* Translators: %u are round numbers 1–18, %s grouped speeds ("1,234") */
  g_string_append_printf (s, _("Best: round %u, %s MB/s. Worst: round %u, %s MB/s."),
                          by_index ? rounds[best].index : drivedash_long_round_position (&rounds[best]),
                          best_speed,
                          by_index ? rounds[worst].index : drivedash_long_round_position (&rounds[worst]),
                          worst_speed);
  return s;
}

/* Best and worst round, then the average of each phase seen so far, one
 * line each. */
char *
drivedash_long_rounds_details_text (const DrivedashLongRound *rounds,
                                    guint                     n)
{
  GString *s;
  DrivedashLongRound avg;

  if (n == 0)
    return NULL;
  s = best_and_worst (rounds, n, FALSE);
  for (guint g = DRIVEDASH_LONG_GROUP_DEGRADATION; g <= DRIVEDASH_LONG_GROUP_RECOVERY; g++)
    {
      if (drivedash_long_rounds_average (rounds, n, g, &avg))
        append_average (s, g, avg.bandwidth_mb_per_s);
    }
  return g_string_free (s, FALSE);
}

/* Best and worst round and, until all ten are in (or when the run was
 * stopped), the average of the rounds so far with their access times;
 * the finished run's summary says the average itself. */
char *
drivedash_long_adaptivity_details_text (const DrivedashLongRound *rounds,
                                        guint                     n)
{
  GString *s;
  DrivedashLongRound avg;
  g_autofree char *speed = NULL, *read = NULL, *write = NULL;

  if (n == 0 || !drivedash_long_rounds_average (rounds, n, DRIVEDASH_LONG_GROUP_NONE, &avg))
    return NULL;
  s = best_and_worst (rounds, n, TRUE);
  if (n >= DRIVEDASH_LONG_ADAPTIVITY_ROUNDS)
    return g_string_free (s, FALSE);
  speed = drivedash_format_figure (avg.bandwidth_mb_per_s, 0);
  read = drivedash_format_latency_us ((guint32) MIN (avg.read_access_us + 0.5, G_MAXUINT32));
  write = drivedash_format_latency_us ((guint32) MIN (avg.write_access_us + 0.5, G_MAXUINT32));
  g_string_append_c (s, '\n');
  /* Translators: while Adaptivity runs or when it was stopped; %u is the
   * number of rounds measured so far, then a grouped speed ("1,234") and
   * two times ("85 µs", "1.2 ms") */
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                          "Average of the first %u round: %s MB/s, reads %s, writes %s",
                                          "Average of the first %u rounds: %s MB/s, reads %s, writes %s", n),
                          n, speed, read, write);
  return g_string_free (s, FALSE);
}

/* SNIA's rule over the steady rounds, in one sentence that says why;
 * NULL until all of them are measured. */
char *
drivedash_long_rounds_verdict_text (const DrivedashLongRound *rounds,
                                    guint                     n)
{
  g_autoptr(GArray) steady = g_array_new (FALSE, FALSE, sizeof (double));
  double range, slope;

  for (guint i = 0; i < n; i++)
    if (rounds[i].group == DRIVEDASH_LONG_GROUP_STEADY)
      g_array_append_val (steady, rounds[i].bandwidth_mb_per_s);
  if (steady->len < N_STEADY)
    return NULL;
  if (drivedash_long_steady_state ((const double *) (gpointer) steady->data, steady->len,
                                   &range, &slope))
    return g_strdup_printf (_("Steady state reached: over the steady rounds the speed varied by only "
                              "%.0f %% and drifted by %.0f %%, so this is the speed to expect under "
                              "heavy use."),
                            range * 100, slope * 100);
  return g_strdup_printf (_("Steady state not reached: over the steady rounds the speed still varied "
                            "by %.0f %% and drifted by %.0f %% (steady means at most 20 %% and 10 %%), "
                            "so it may change further under heavy use."),
                          range * 100, slope * 100);
}

static void
set_text (DrivedashLongTestRounds  *self,
          char                    **field,
          char                     *value,
          guint                     prop)
{
  drivedash_take_string_notify (G_OBJECT (self), field, value, properties[prop]);
}

static void
rounds_changed (DrivedashLongTestRounds *self)
{
  const DrivedashLongRound *r = (const DrivedashLongRound *) (gpointer) self->rounds->data;

  set_text (self, &self->details,
            self->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY
            ? drivedash_long_adaptivity_details_text (r, self->rounds->len)
            : drivedash_long_rounds_details_text (r, self->rounds->len),
            PROP_DETAILS);
  set_text (self, &self->verdict, drivedash_long_rounds_verdict_text (r, self->rounds->len),
            PROP_VERDICT);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
drivedash_long_test_rounds_reset (DrivedashLongTestRounds *self,
                                  DrivedashLongTestKind    kind,
                                  double                   amount_gb)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_ROUNDS (self));
  if (self->kind != kind)
    {
      self->kind = kind;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
    }
  self->amount_gb = amount_gb;
  g_array_set_size (self->rounds, 0);
  g_array_set_size (self->points, 0);
  self->written_bytes = 0;
  self->last_t = 0;
  self->has_cache = FALSE;
  rounds_changed (self);
}

void
drivedash_long_test_rounds_add_round (DrivedashLongTestRounds  *self,
                                      const DrivedashLongRound *round)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_ROUNDS (self));
  g_array_append_val (self->rounds, *round);
  rounds_changed (self);
}

void
drivedash_long_test_rounds_add_row (DrivedashLongTestRounds      *self,
                                    const DrivedashTimeseriesRow *row)
{
  double dt = MAX (0, row->t_s - self->last_t);
  Point p;

  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_ROUNDS (self));
  self->last_t = row->t_s;
  if (self->kind != DRIVEDASH_LONG_TEST_SATURATION || row->phase != DRIVEDASH_LONG_PHASE_FILL)
    return;
  self->written_bytes += row->write_mb_per_s * 1e6 * dt;
  p = (Point) { self->written_bytes / 1e9, row->write_mb_per_s };
  g_array_append_val (self->points, p);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
set_steps (DrivedashLongTestRounds       *self,
           const DrivedashLongTestResult *res)
{
  const double *v = (const double *) (gpointer) res->per_step->data;
  guint n = res->per_step->len, cache_points;
  double before;

  g_array_set_size (self->points, 0);
  for (guint i = 0; i < n; i++)
    {
      Point p = { (double) (i + 1) * res->step_bytes / 1e9, v[i] };

      g_array_append_val (self->points, p);
    }
  self->has_cache = n >= 3 && drivedash_long_cache_detect (v, n, CACHE_MIN_POINTS, CACHE_DROP,
                                                           &cache_points, &before,
                                                           &self->after_mb_per_s);
  if (self->has_cache)
    self->cache_gb = (double) cache_points * res->step_bytes / 1e9;
}

void
drivedash_long_test_rounds_set_result (DrivedashLongTestRounds       *self,
                                       const DrivedashLongTestResult *res)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_ROUNDS (self));
  if (res->kind == DRIVEDASH_LONG_TEST_SATURATION && res->per_step != NULL)
    set_steps (self, res);
  if ((res->kind == DRIVEDASH_LONG_TEST_CONSISTENCY || res->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY) &&
      res->rounds != NULL)
    {
      g_array_set_size (self->rounds, 0);
      g_array_append_vals (self->rounds, res->rounds->data, res->rounds->len);
    }
  rounds_changed (self);
}

DrivedashLongTestKind
drivedash_long_test_rounds_get_kind (DrivedashLongTestRounds *self)
{
  return self->kind;
}

double
drivedash_long_test_rounds_get_amount_gb (DrivedashLongTestRounds *self)
{
  return self->amount_gb;
}

guint
drivedash_long_test_rounds_get_n_rounds (DrivedashLongTestRounds *self)
{
  return self->rounds->len;
}

const DrivedashLongRound *
drivedash_long_test_rounds_get_round (DrivedashLongTestRounds *self,
                                      guint                    i)
{
  g_return_val_if_fail (i < self->rounds->len, NULL);
  return &g_array_index (self->rounds, DrivedashLongRound, i);
}

guint
drivedash_long_test_rounds_get_position (DrivedashLongTestRounds *self,
                                         guint                    i)
{
  const DrivedashLongRound *r = drivedash_long_test_rounds_get_round (self, i);

  g_return_val_if_fail (r != NULL, 0);
  return self->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY ? r->index : drivedash_long_round_position (r);
}

guint
drivedash_long_test_rounds_get_n_points (DrivedashLongTestRounds *self)
{
  return self->points->len;
}

void
drivedash_long_test_rounds_get_point (DrivedashLongTestRounds *self,
                                      guint                    i,
                                      double                  *gb,
                                      double                  *mb_per_s)
{
  const Point *p;

  g_return_if_fail (i < self->points->len);
  p = &g_array_index (self->points, Point, i);
  *gb = p->gb;
  *mb_per_s = p->mb_per_s;
}

gboolean
drivedash_long_test_rounds_get_cache (DrivedashLongTestRounds *self,
                                      double                  *cache_gb,
                                      double                  *after_mb_per_s)
{
  *cache_gb = self->cache_gb;
  *after_mb_per_s = self->after_mb_per_s;
  return self->has_cache;
}

const char *
drivedash_long_test_rounds_get_details (DrivedashLongTestRounds *self)
{
  return self->details;
}

const char *
drivedash_long_test_rounds_get_verdict (DrivedashLongTestRounds *self)
{
  return self->verdict;
}

static void
drivedash_long_test_rounds_finalize (GObject *object)
{
  DrivedashLongTestRounds *self = DRIVEDASH_LONG_TEST_ROUNDS (object);

  g_array_unref (self->rounds);
  g_array_unref (self->points);
  g_free (self->details);
  g_free (self->verdict);
  G_OBJECT_CLASS (drivedash_long_test_rounds_parent_class)->finalize (object);
}

static void
drivedash_long_test_rounds_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  DrivedashLongTestRounds *self = DRIVEDASH_LONG_TEST_ROUNDS (object);

  switch (prop_id)
    {
    case PROP_KIND:    g_value_set_enum (value, self->kind); break;
    case PROP_DETAILS: g_value_set_string (value, self->details); break;
    case PROP_VERDICT: g_value_set_string (value, self->verdict); break;
    default:           G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_long_test_rounds_class_init (DrivedashLongTestRoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = drivedash_long_test_rounds_finalize;
  object_class->get_property = drivedash_long_test_rounds_get_property;
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, DRIVEDASH_TYPE_LONG_TEST_KIND,
                                             DRIVEDASH_LONG_TEST_SUSTAINED, ro);
  properties[PROP_DETAILS] = g_param_spec_string ("details", NULL, NULL, NULL, ro);
  properties[PROP_VERDICT] = g_param_spec_string ("verdict", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
drivedash_long_test_rounds_init (DrivedashLongTestRounds *self)
{
  self->rounds = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
}

DrivedashLongTestRounds *
drivedash_long_test_rounds_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_LONG_TEST_ROUNDS, NULL);
}
