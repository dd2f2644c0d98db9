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
  char    *findings;
  char    *description;
  GArray  *mean;
  GArray  *ci95;
  GArray  *sides;   /* of guint: each entry's side, its letter and colour */
  gboolean measurable;
};

G_DEFINE_FINAL_TYPE (DrivedashCompareRow, drivedash_compare_row, G_TYPE_OBJECT)

enum { PROP_0, PROP_TITLE, PROP_VALUES, PROP_DIFFERENCES, PROP_VERDICT, PROP_DESCRIPTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

static char *
make_title (const DrivedashCompareTest *test)
{
  DrivedashBenchMode mode;

  if (drivedash_bench_mode_from_string (test->mode, &mode))
    return g_strdup_printf ("%s · %s", test->test, drivedash_bench_mode_get_display_name (mode));
  return g_strdup_printf ("%s · %s", test->test, test->mode);
}

static const char *
label_of (const DrivedashCompareNames *names,
          guint                        i)
{
  return drivedash_history_side_label (names->sides[i]);
}

static void
add_difference (GString                     *differences,
                guint                        i,
                const char                  *label,
                const DrivedashCompareEntry *entry)
{
  double d = entry->vs_first.difference_percent;

  /* The difference alone, narrow enough beside the speeds at 360 px: its
   * range is in the verdict's words under the test's name. */
  if (isfinite (d))
    g_string_append_printf (differences, "%s%s  %+.1f %%", i > 1 ? "\n" : "", label, d);
  else
    g_string_append_printf (differences, "%s%s  —", i > 1 ? "\n" : "", label);
}

static void
add_side (DrivedashCompareRow         *self,
          guint                        i,
          const DrivedashCompareEntry *entry,
          const DrivedashCompareNames *names,
          GString                     *values,
          GString                     *differences,
          GString                     *verdict,
          GString                     *findings)
{
  guint side = names->sides[i];
  const char *label = drivedash_history_side_label (side);
  g_autofree char *mean = drivedash_history_format_mean (&entry->summary);
  g_autofree char *words = NULL;
  double m = entry->summary.n > 0 ? entry->summary.mean : NAN;
  double ci = entry->summary.n > 1 ? entry->summary.ci95 : NAN;
  gboolean measurable;

  g_array_append_val (self->mean, m);
  g_array_append_val (self->ci95, ci);
  g_array_append_val (self->sides, side);
  g_string_append_printf (values, "%s%s  %s", i ? "\n" : "", label, mean);
  if (i == 0)
    return;
  add_difference (differences, i, label, entry);
  /* Every line names its run, by the letter and the run's own name. */
  words = drivedash_compare_describe_against (&entry->vs_first, names->names[i], label_of (names, 0));
  g_string_append_printf (verdict, "%s%s", i > 1 ? "\n" : "", words);
  measurable = entry->vs_first.verdict == DRIVEDASH_COMPARE_VERDICT_FASTER ||
               entry->vs_first.verdict == DRIVEDASH_COMPARE_VERDICT_SLOWER;
  if (measurable)
    g_string_append_printf (findings, "%s%s", findings->len ? "\n" : "", words);
  self->measurable |= measurable;
}

DrivedashCompareRow *
drivedash_compare_row_new (const DrivedashCompareTest  *test,
                           const DrivedashCompareNames *names)
{
  DrivedashCompareRow *self = g_object_new (DRIVEDASH_TYPE_COMPARE_ROW, NULL);
  g_autoptr(GString) values = g_string_new (NULL);
  g_autoptr(GString) differences = g_string_new (NULL);
  g_autoptr(GString) verdict = g_string_new (NULL);
  g_autoptr(GString) findings = g_string_new (NULL);

  g_return_val_if_fail (names->n_sides >= test->entries->len, self);

  self->title = make_title (test);
  for (guint i = 0; i < test->entries->len; i++)
    add_side (self, i, &g_array_index (test->entries, DrivedashCompareEntry, i), names,
              values, differences, verdict, findings);
  self->values = g_string_free (g_steal_pointer (&values), FALSE);
  self->differences = g_string_free (g_steal_pointer (&differences), FALSE);
  self->verdict = g_string_free (g_steal_pointer (&verdict), FALSE);
  self->findings = g_string_free (g_steal_pointer (&findings), FALSE);
  /* TRANSLATORS: a comparison row read aloud after its test: the verdicts, then the speeds */
  self->description = g_strdup_printf (_("%s. %s"), self->verdict, self->values);
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

const char *
drivedash_compare_row_get_findings (DrivedashCompareRow *self)
{
  return self->findings;
}

const char *
drivedash_compare_row_get_description (DrivedashCompareRow *self)
{
  return self->description;
}

guint
drivedash_compare_row_get_side (DrivedashCompareRow *self,
                                guint                i)
{
  return i < self->sides->len ? g_array_index (self->sides, guint, i) : i;
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
    case PROP_DESCRIPTION: g_value_set_string (value, self->description); break;
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
  g_free (self->findings);
  g_free (self->description);
  g_array_unref (self->mean);
  g_array_unref (self->ci95);
  g_array_unref (self->sides);
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
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_compare_row_init (DrivedashCompareRow *self)
{
  self->mean = g_array_new (FALSE, FALSE, sizeof (double));
  self->ci95 = g_array_new (FALSE, FALSE, sizeof (double));
  self->sides = g_array_new (FALSE, FALSE, sizeof (guint));
}
