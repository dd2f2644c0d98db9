/* drivedash-compare-row.c — one test of a comparison, as the Compare view
 * shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-bench-spec.h"
#include "drivedash-compare-row.h"
#include "drivedash-history-format.h"

struct _DrivedashCompareRow
{
  GObject  parent_instance;
  char    *title;
  char    *values;
  char    *differences;
  char    *verdict;
  GArray  *mean;
  GArray  *ci95;
  gboolean measurable;
};

G_DEFINE_FINAL_TYPE (DrivedashCompareRow, drivedash_compare_row, G_TYPE_OBJECT)

enum { PROP_0, PROP_TITLE, PROP_VALUES, PROP_DIFFERENCES, PROP_VERDICT, N_PROPS };
static GParamSpec *properties[N_PROPS];

static char *
make_title (const DrivedashCompareTest *test)
{
  DrivedashBenchMode mode;

  if (drivedash_bench_mode_from_string (test->mode, &mode))
    return g_strdup_printf ("%s · %s", test->test, drivedash_bench_mode_get_display_name (mode));
  return g_strdup_printf ("%s · %s", test->test, test->mode);
}

static void
add_side (DrivedashCompareRow         *self,
          guint                        i,
          const DrivedashCompareEntry *entry,
          GString                     *values,
          GString                     *differences,
          GString                     *verdict)
{
  const char *label = drivedash_history_side_label (i);
  g_autofree char *mean = drivedash_history_format_mean (&entry->summary);
  double m = entry->summary.n > 0 ? entry->summary.mean : NAN;
  double ci = entry->summary.n > 1 ? entry->summary.ci95 : NAN;

  g_array_append_val (self->mean, m);
  g_array_append_val (self->ci95, ci);
  g_string_append_printf (values, "%s%s  %s", i ? "\n" : "", label, mean);
  if (i == 0)
    return;
  if (isfinite (entry->vs_first.difference_percent) && isfinite (entry->vs_first.ci95_percent))
    g_string_append_printf (differences, "%s%s  %+.1f %% (± %.1f %%)", i > 1 ? "\n" : "", label,
                            entry->vs_first.difference_percent, entry->vs_first.ci95_percent);
  else if (isfinite (entry->vs_first.difference_percent))
    g_string_append_printf (differences, "%s%s  %+.1f %%", i > 1 ? "\n" : "", label,
                            entry->vs_first.difference_percent);
  else
    g_string_append_printf (differences, "%s%s  —", i > 1 ? "\n" : "", label);
  {
    g_autofree char *words = drivedash_history_format_verdict (&entry->vs_first, label);

    g_string_append_printf (verdict, "%s%s", i > 1 ? "\n" : "", words);
  }
  self->measurable |= entry->vs_first.verdict != DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE;
}

DrivedashCompareRow *
drivedash_compare_row_new (const DrivedashCompareTest *test)
{
  DrivedashCompareRow *self = g_object_new (DRIVEDASH_TYPE_COMPARE_ROW, NULL);
  g_autoptr(GString) values = g_string_new (NULL);
  g_autoptr(GString) differences = g_string_new (NULL);
  g_autoptr(GString) verdict = g_string_new (NULL);

  self->title = make_title (test);
  for (guint i = 0; i < test->entries->len; i++)
    add_side (self, i, &g_array_index (test->entries, DrivedashCompareEntry, i),
              values, differences, verdict);
  self->values = g_string_free (g_steal_pointer (&values), FALSE);
  self->differences = g_string_free (g_steal_pointer (&differences), FALSE);
  self->verdict = g_string_free (g_steal_pointer (&verdict), FALSE);
  return self;
}

const char *
drivedash_compare_row_get_title (DrivedashCompareRow *self)
{
  return self->title;
}

const char *
drivedash_compare_row_get_values (DrivedashCompareRow *self)
{
  return self->values;
}

const char *
drivedash_compare_row_get_differences (DrivedashCompareRow *self)
{
  return self->differences;
}

const char *
drivedash_compare_row_get_verdict (DrivedashCompareRow *self)
{
  return self->verdict;
}

guint
drivedash_compare_row_get_n_sides (DrivedashCompareRow *self)
{
  return self->mean->len;
}

double
drivedash_compare_row_get_mean (DrivedashCompareRow *self,
                                guint                side)
{
  return side < self->mean->len ? g_array_index (self->mean, double, side) : NAN;
}

double
drivedash_compare_row_get_ci95 (DrivedashCompareRow *self,
                                guint                side)
{
  return side < self->ci95->len ? g_array_index (self->ci95, double, side) : NAN;
}

gboolean
drivedash_compare_row_get_measurable (DrivedashCompareRow *self)
{
  return self->measurable;
}

static void
drivedash_compare_row_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashCompareRow *self = DRIVEDASH_COMPARE_ROW (object);

  switch (prop_id)
    {
    case PROP_TITLE:       g_value_set_string (value, self->title); break;
    case PROP_VALUES:      g_value_set_string (value, self->values); break;
    case PROP_DIFFERENCES: g_value_set_string (value, self->differences); break;
    case PROP_VERDICT:     g_value_set_string (value, self->verdict); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_compare_row_finalize (GObject *object)
{
  DrivedashCompareRow *self = DRIVEDASH_COMPARE_ROW (object);

  g_free (self->title);
  g_free (self->values);
  g_free (self->differences);
  g_free (self->verdict);
  g_array_unref (self->mean);
  g_array_unref (self->ci95);
  G_OBJECT_CLASS (drivedash_compare_row_parent_class)->finalize (object);
}

static void
drivedash_compare_row_class_init (DrivedashCompareRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_compare_row_get_property;
  object_class->finalize = drivedash_compare_row_finalize;
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_VALUES] = g_param_spec_string ("values", NULL, NULL, NULL, ro);
  properties[PROP_DIFFERENCES] = g_param_spec_string ("differences", NULL, NULL, NULL, ro);
  properties[PROP_VERDICT] = g_param_spec_string ("verdict", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_compare_row_init (DrivedashCompareRow *self)
{
  self->mean = g_array_new (FALSE, FALSE, sizeof (double));
  self->ci95 = g_array_new (FALSE, FALSE, sizeof (double));
}
