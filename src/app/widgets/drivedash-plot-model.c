/* drivedash-plot-model.c — what a plot shows, apart from the widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-plot-private.h"

static void
limit_free (gpointer data)
{
  DrivedashPlotLimit *l = data;

  g_free (l->label);
  g_free (l);
}

static void
marker_free (gpointer data)
{
  DrivedashPlotMarker *m = data;

  g_free (m->label);
  g_free (m);
}

void
drivedash_plot_model_init (DrivedashPlotModel *m)
{
  *m = (DrivedashPlotModel) {
    .scale = DRIVEDASH_PLOT_SCALE_LINEAR,
    .time_axis = DRIVEDASH_PLOT_TIME_ELAPSED,
    .hint_min = NAN,
    .hint_max = NAN,
    .x_min = NAN,
    .x_max = NAN,
    .include_zero = TRUE,
    .decimate = TRUE,
    .stack_highlight = G_MAXUINT,
    .series = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_series_free),
    .limits = g_ptr_array_new_with_free_func (limit_free),
    .markers = g_ptr_array_new_with_free_func (marker_free),
  };
}

void
drivedash_plot_model_clear (DrivedashPlotModel *m)
{
  g_clear_pointer (&m->title, g_free);
  g_clear_pointer (&m->caption, g_free);
  g_clear_pointer (&m->unit, g_free);
  g_clear_pointer (&m->right_unit, g_free);
  g_clear_pointer (&m->series, g_ptr_array_unref);
  g_clear_pointer (&m->limits, g_ptr_array_unref);
  g_clear_pointer (&m->markers, g_ptr_array_unref);
  drivedash_plot_xaxis_clear (m);
}

static char *
format_latest (double v)
{
  if (fabs (v) >= 100)
    return g_strdup_printf ("%.0f", v);
  if (fabs (v) >= 10)
    return g_strdup_printf ("%.1f", v);
  return g_strdup_printf ("%.2f", v);
}

/* What a screen reader says for the plot: the caption and each series'
 * newest value. */
char *
drivedash_plot_model_dup_description (const DrivedashPlotModel *m)
{
  GString *s = g_string_new (NULL);

  if (m->caption && *m->caption)
    g_string_append_printf (s, "%s. ", m->caption);

  for (guint i = 0; i < m->series->len; i++)
    {
      const DrivedashSeries *ser = g_ptr_array_index (m->series, i);
      const char *unit = drivedash_plot_model_is_right (m, i) ? m->right_unit : m->unit;
      g_autofree char *v = NULL;
      double y;

      if (!drivedash_series_get_last (ser, NULL, &y))
        continue;
      v = format_latest (y);
      /* Translators: accessible description of a plot: "Read: 3400 MB/s" */
      g_string_append_printf (s, _("%s: %s %s"), drivedash_series_get_label (ser), v,
                              unit ? unit : "");
      g_string_append (s, "; ");
    }

  if (s->len >= 2 && g_str_has_suffix (s->str, "; "))
    g_string_truncate (s, s->len - 2);
  else if (!(m->caption && *m->caption))
    g_string_append (s, _("No data yet"));

  return g_string_free (s, FALSE);
}
