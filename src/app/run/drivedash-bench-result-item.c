/* drivedash-bench-result-item.c — one test of a run, for the results grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain properties the results cell binds to; it changes only on the main
 * thread (the bench model fills it from the engine's signals).
 */
#include "config.h"

#include "drivedash-bench-result-item.h"

struct _DrivedashBenchResultItem
{
  GObject                    parent_instance;

  DrivedashBenchSpec         spec;
  char                      *title;
  DrivedashBenchResultState  state;
  double                     mb_per_s;
  double                     mb_per_s_median;
  double                     iops;
  double                     latency_mean_us;
  double                     latency_p99_us;
  guint                      n_passes;
  gboolean                   includes_cache;
  gboolean                   doubtful;
};

enum {
  PROP_0,
  PROP_TITLE,
  PROP_MODE,
  PROP_STATE,
  PROP_MB_PER_S,
  PROP_MB_PER_S_MEDIAN,
  PROP_IOPS,
  PROP_LATENCY_MEAN_US,
  PROP_LATENCY_P99_US,
  PROP_N_PASSES,
  PROP_INCLUDES_CACHE,
  PROP_DOUBTFUL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashBenchResultItem, drivedash_bench_result_item, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (DrivedashBenchResultState, drivedash_bench_result_state,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_RESULT_WAITING, "waiting"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_RESULT_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_RESULT_DONE, "done"))

static void
drivedash_bench_result_item_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  DrivedashBenchResultItem *self = DRIVEDASH_BENCH_RESULT_ITEM (object);

  switch (prop_id)
    {
    case PROP_TITLE:           g_value_set_string (value, self->title); break;
    case PROP_MODE:            g_value_set_enum (value, self->spec.mode); break;
    case PROP_STATE:           g_value_set_enum (value, self->state); break;
    case PROP_MB_PER_S:        g_value_set_double (value, self->mb_per_s); break;
    case PROP_MB_PER_S_MEDIAN: g_value_set_double (value, self->mb_per_s_median); break;
    case PROP_IOPS:            g_value_set_double (value, self->iops); break;
    case PROP_LATENCY_MEAN_US: g_value_set_double (value, self->latency_mean_us); break;
    case PROP_LATENCY_P99_US:  g_value_set_double (value, self->latency_p99_us); break;
    case PROP_N_PASSES:        g_value_set_uint (value, self->n_passes); break;
    case PROP_INCLUDES_CACHE:  g_value_set_boolean (value, self->includes_cache); break;
    case PROP_DOUBTFUL:        g_value_set_boolean (value, self->doubtful); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_result_item_finalize (GObject *object)
{
  DrivedashBenchResultItem *self = DRIVEDASH_BENCH_RESULT_ITEM (object);

  g_free (self->title);
  G_OBJECT_CLASS (drivedash_bench_result_item_parent_class)->finalize (object);
}

static GParamSpec *
double_property (const char *name)
{
  return g_param_spec_double (name, NULL, NULL, 0, G_MAXDOUBLE, 0,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
drivedash_bench_result_item_class_init (DrivedashBenchResultItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_bench_result_item_get_property;
  object_class->finalize = drivedash_bench_result_item_finalize;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  /* A DrivedashBenchMode: which column of the grid. */
  properties[PROP_MODE] = g_param_spec_enum ("mode", NULL, NULL, DRIVEDASH_TYPE_BENCH_MODE, DRIVEDASH_BENCH_MODE_READ, flags);
  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, DRIVEDASH_TYPE_BENCH_RESULT_STATE,
                                              DRIVEDASH_BENCH_RESULT_WAITING, flags);
  properties[PROP_MB_PER_S] = double_property ("mb-per-s");
  properties[PROP_MB_PER_S_MEDIAN] = double_property ("mb-per-s-median");
  properties[PROP_IOPS] = double_property ("iops");
  properties[PROP_LATENCY_MEAN_US] = double_property ("latency-mean-us");
  properties[PROP_LATENCY_P99_US] = double_property ("latency-p99-us");
  properties[PROP_N_PASSES] = g_param_spec_uint ("n-passes", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_INCLUDES_CACHE] = g_param_spec_boolean ("includes-cache", NULL, NULL, FALSE, flags);
  /* The figure can't be the drive's speed (DrivedashBenchResult.doubts). */
  properties[PROP_DOUBTFUL] = g_param_spec_boolean ("doubtful", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_bench_result_item_init (DrivedashBenchResultItem *self)
{
}

DrivedashBenchResultItem *
drivedash_bench_result_item_new (const DrivedashBenchSpec *spec)
{
  DrivedashBenchResultItem *self;

  g_return_val_if_fail (spec != NULL, NULL);

  self = g_object_new (DRIVEDASH_TYPE_BENCH_RESULT_ITEM, NULL);
  self->spec = *spec;
  self->title = drivedash_bench_spec_dup_label (spec);
  return self;
}

const DrivedashBenchSpec *
drivedash_bench_result_item_get_spec (DrivedashBenchResultItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_RESULT_ITEM (self), NULL);
  return &self->spec;
}

const char *
drivedash_bench_result_item_get_title (DrivedashBenchResultItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_RESULT_ITEM (self), NULL);
  return self->title;
}

DrivedashBenchResultState
drivedash_bench_result_item_get_state (DrivedashBenchResultItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_RESULT_ITEM (self), DRIVEDASH_BENCH_RESULT_WAITING);
  return self->state;
}

double
drivedash_bench_result_item_get_mb_per_s (DrivedashBenchResultItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_RESULT_ITEM (self), 0);
  return self->mb_per_s;
}

void
drivedash_bench_result_item_set_state (DrivedashBenchResultItem  *self,
                                       DrivedashBenchResultState  state)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_RESULT_ITEM (self));

  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_double (DrivedashBenchResultItem *self,
            double                   *field,
            double                    value,
            guint                     prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

void
drivedash_bench_result_item_set_result (DrivedashBenchResultItem   *self,
                                        const DrivedashBenchResult *result)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_RESULT_ITEM (self));
  g_return_if_fail (result != NULL);

  /* Figures first: whoever watches "state" sees them filled in. */
  g_object_freeze_notify (G_OBJECT (self));
  set_double (self, &self->mb_per_s, result->mb_per_s, PROP_MB_PER_S);
  set_double (self, &self->mb_per_s_median, result->mb_per_s_median, PROP_MB_PER_S_MEDIAN);
  set_double (self, &self->iops, result->iops, PROP_IOPS);
  set_double (self, &self->latency_mean_us, result->latency_us.mean, PROP_LATENCY_MEAN_US);
  set_double (self, &self->latency_p99_us, result->latency_us.p99, PROP_LATENCY_P99_US);
  if (self->n_passes != result->n_passes)
    {
      self->n_passes = result->n_passes;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PASSES]);
    }
  if (self->includes_cache != !!result->includes_cache)
    {
      self->includes_cache = !!result->includes_cache;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INCLUDES_CACHE]);
    }
  if (self->doubtful != (result->doubts != DRIVEDASH_BENCH_DOUBT_NONE))
    {
      self->doubtful = result->doubts != DRIVEDASH_BENCH_DOUBT_NONE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOUBTFUL]);
    }
  drivedash_bench_result_item_set_state (self, DRIVEDASH_BENCH_RESULT_DONE);
  g_object_thaw_notify (G_OBJECT (self));
}
