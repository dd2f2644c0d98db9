/* drivedash-long-compare-bars.c — bar groups of a long-test comparison
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Compare view's chart (drivedash-compare-chart.c) draws MB/s with
 * intervals under letters; long tests need GiB and milliseconds too,
 * and the runs' own names, so these bars are their own small widget; a
 * bar itself is drawn by the same drivedash-plot-bars.c.
 */
#include "config.h"

#include <math.h>

#include "drivedash-long-compare-bars.h"
#include "drivedash-plot-bars.h"

#define TITLE_HEIGHT 26
#define NAME_HEIGHT  18
#define BAR_HEIGHT   18
#define BAR_GAP       6
#define GROUP_GAP    14

typedef struct
{
  char   *title;
  GStrv   labels;
  GStrv   texts;
  double *values;
  double *ci95;
  guint  *colours;
  guint   n;
} Group;

struct _DrivedashLongCompareBars
{
  GtkWidget  parent_instance;
  GPtrArray *groups;  /* of Group */
};

G_DEFINE_FINAL_TYPE (DrivedashLongCompareBars, drivedash_long_compare_bars, GTK_TYPE_WIDGET)

static void
group_free (Group *g)
{
  g_free (g->title);
  g_strfreev (g->labels);
  g_strfreev (g->texts);
  g_free (g->values);
  g_free (g->ci95);
  g_free (g->colours);
  g_free (g);
}

static int
group_height (const Group *g)
{
  return TITLE_HEIGHT + (int) g->n * (NAME_HEIGHT + BAR_HEIGHT + BAR_GAP) + GROUP_GAP;
}

static void
draw_group (cairo_t                  *cr,
            PangoLayout              *layout,
            const Group              *g,
            int                       width,
            const DrivedashPlotStyle *style)
{
  double max = 0, y = TITLE_HEIGHT;

  for (guint i = 0; i < g->n; i++)
    if (isfinite (g->values[i]))
      max = MAX (max, g->values[i] + (isfinite (g->ci95[i]) ? g->ci95[i] : 0));
  pango_layout_set_width (layout, width * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  drivedash_plot_bar_text (cr, layout, g->title, 0, 2, &style->foreground);
  for (guint i = 0; i < g->n; i++, y += NAME_HEIGHT + BAR_HEIGHT + BAR_GAP)
    {
      /* The number beside the bar needs room: bars use 70 % at most. */
      double reach;

      pango_layout_set_width (layout, width * PANGO_SCALE);
      drivedash_plot_bar_text (cr, layout, g->labels[i], 0, y, &style->foreground);
      drivedash_plot_bar_draw (cr, style, g->colours[i], 0, y + NAME_HEIGHT, BAR_HEIGHT, g->values[i],
                               g->ci95[i], max > 0 ? width * 0.7 / max : 0, &reach);
      pango_layout_set_width (layout, MAX (width - (int) reach - 6, 1) * PANGO_SCALE);
      drivedash_plot_bar_text (cr, layout, g->texts[i], reach + 6, y + NAME_HEIGHT, &style->foreground);
    }
}

static void
drivedash_long_compare_bars_snapshot (GtkWidget   *widget,
                                      GtkSnapshot *snapshot)
{
  DrivedashLongCompareBars *self = DRIVEDASH_LONG_COMPARE_BARS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  DrivedashPlotStyle style;
  cairo_t *cr;
  int y = 0;

  if (self->groups->len == 0 || width < 40)
    return;
  drivedash_plot_style_from_widget (&style, widget);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (guint i = 0; i < self->groups->len; i++)
    {
      const Group *g = g_ptr_array_index (self->groups, i);

      cairo_save (cr);
      cairo_translate (cr, 0, y);
      draw_group (cr, layout, g, width, &style);
      cairo_restore (cr);
      y += group_height (g);
    }
  cairo_destroy (cr);
}

static void
drivedash_long_compare_bars_measure (GtkWidget      *widget,
                                     GtkOrientation  orientation,
                                     int             for_size,
                                     int            *minimum,
                                     int            *natural,
                                     int            *minimum_baseline,
                                     int            *natural_baseline)
{
  DrivedashLongCompareBars *self = DRIVEDASH_LONG_COMPARE_BARS (widget);
  int height = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
      return;
    }
  for (guint i = 0; i < self->groups->len; i++)
    height += group_height (g_ptr_array_index (self->groups, i));
  *minimum = *natural = height;
}

static void
update_accessible (DrivedashLongCompareBars *self)
{
  g_autofree char *text = drivedash_long_compare_bars_dup_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

void
drivedash_long_compare_bars_clear (DrivedashLongCompareBars *self)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_COMPARE_BARS (self));

  g_ptr_array_set_size (self->groups, 0);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
drivedash_long_compare_bars_add_group (DrivedashLongCompareBars *self,
                                       const char               *title,
                                       const char * const       *labels,
                                       const double             *values,
                                       const double             *ci95,
                                       const guint              *colours,
                                       const char * const       *texts,
                                       guint                     n)
{
  Group *g;

  g_return_if_fail (DRIVEDASH_IS_LONG_COMPARE_BARS (self));

  g = g_new0 (Group, 1);
  g->title = g_strdup (title);
  g->n = n;
  g->labels = g_new0 (char *, n + 1);
  g->texts = g_new0 (char *, n + 1);
  g->values = g_memdup2 (values, n * sizeof (double));
  g->ci95 = g_new (double, n);
  g->colours = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    {
      g->ci95[i] = ci95 ? ci95[i] : NAN;
      g->colours[i] = colours ? colours[i] : i;
      g->labels[i] = g_strdup (labels[i]);
      g->texts[i] = g_strdup (texts[i]);
    }
  g_ptr_array_add (self->groups, g);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
drivedash_long_compare_bars_get_n_groups (DrivedashLongCompareBars *self)
{
  return self->groups->len;
}

char *
drivedash_long_compare_bars_dup_description (DrivedashLongCompareBars *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < self->groups->len; i++)
    {
      const Group *g = g_ptr_array_index (self->groups, i);

      g_string_append_printf (text, "%s%s:", i ? "\n" : "", g->title);
      for (guint b = 0; b < g->n; b++)
        g_string_append_printf (text, "%s %s %s", b ? "," : "", g->labels[b], g->texts[b]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
drivedash_long_compare_bars_finalize (GObject *object)
{
  g_ptr_array_unref (DRIVEDASH_LONG_COMPARE_BARS (object)->groups);
  G_OBJECT_CLASS (drivedash_long_compare_bars_parent_class)->finalize (object);
}

static void
drivedash_long_compare_bars_class_init (DrivedashLongCompareBarsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = drivedash_long_compare_bars_finalize;
  widget_class->snapshot = drivedash_long_compare_bars_snapshot;
  widget_class->measure = drivedash_long_compare_bars_measure;
  gtk_widget_class_set_css_name (widget_class, "comparebars");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
drivedash_long_compare_bars_init (DrivedashLongCompareBars *self)
{
  self->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
}

GtkWidget *
drivedash_long_compare_bars_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_LONG_COMPARE_BARS, NULL);
}
