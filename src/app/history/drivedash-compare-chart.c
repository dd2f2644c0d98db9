/* drivedash-compare-chart.c — bar charts of a comparison
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn with cairo in the plots' colours (drivedash-plot-style), so run A
 * has the colour the first series has in the Speed page's plots.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-compare-chart.h"
#include "drivedash-compare-row.h"
#include "drivedash-history-format.h"
#include "drivedash-plot-bars.h"

#define TITLE_HEIGHT 26
#define BAR_HEIGHT   22
#define BAR_GAP       4
#define GROUP_GAP    14
#define LABEL_WIDTH  24

struct _DrivedashCompareChart
{
  GtkWidget   parent_instance;
  GListModel *model;
};

G_DEFINE_FINAL_TYPE (DrivedashCompareChart, drivedash_compare_chart, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static int
group_height (DrivedashCompareRow *row)
{
  guint n = drivedash_compare_row_get_n_sides (row);

  return TITLE_HEIGHT + (int) n * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP;
}

static void
draw_bar (cairo_t                  *cr,
          PangoLayout              *layout,
          DrivedashCompareRow      *row,
          guint                     side,
          double                    scale,
          double                    y,
          const DrivedashPlotStyle *style)
{
  double mean = drivedash_compare_row_get_mean (row, side);
  guint letter = drivedash_compare_row_get_side (row, side);
  g_autofree char *label = NULL;
  double w;
  int tw, th;

  drivedash_plot_bar_text (cr, layout, drivedash_history_side_label (letter), 0, y + 2, &style->foreground);
  w = drivedash_plot_bar_draw (cr, style, letter, LABEL_WIDTH, y, BAR_HEIGHT, mean,
                               drivedash_compare_row_get_ci95 (row, side), scale, NULL);
  label = isfinite (mean) ? g_strdup_printf (_("%.0f MB/s"), mean) : g_strdup ("—");
  pango_layout_set_text (layout, label, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  /* The value on the bar when it fits there, else just after it. */
  if (tw + 12 < w)
    drivedash_plot_bar_text (cr, layout, label, LABEL_WIDTH + w - tw - 6, y + (BAR_HEIGHT - th) / 2.0,
                             &style->background);
  else
    drivedash_plot_bar_text (cr, layout, label, LABEL_WIDTH + w + 6, y + (BAR_HEIGHT - th) / 2.0,
                             &style->foreground);
}

static void
draw_group (cairo_t                  *cr,
            PangoLayout              *layout,
            DrivedashCompareRow      *row,
            int                       width,
            const DrivedashPlotStyle *style)
{
  guint n = drivedash_compare_row_get_n_sides (row);
  double max = 0;

  for (guint i = 0; i < n; i++)
    {
      double top = drivedash_compare_row_get_mean (row, i) + fmax (drivedash_compare_row_get_ci95 (row, i), 0);

      if (isfinite (top))
        max = MAX (max, top);
    }
  drivedash_plot_bar_text (cr, layout, drivedash_compare_row_get_title (row), 0, 2, &style->foreground);
  for (guint i = 0; i < n; i++)
    draw_bar (cr, layout, row, i, max > 0 ? (width - LABEL_WIDTH - 8) / max : 0,
              TITLE_HEIGHT + i * (BAR_HEIGHT + BAR_GAP), style);
}

static void
drivedash_compare_chart_snapshot (GtkWidget   *widget,
                                  GtkSnapshot *snapshot)
{
  DrivedashCompareChart *self = DRIVEDASH_COMPARE_CHART (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  DrivedashPlotStyle style;
  cairo_t *cr;
  int y = 0;

  if (self->model == NULL || width <= LABEL_WIDTH * 2)
    return;
  drivedash_plot_style_from_widget (&style, widget);
  /* On-bar labels need a colour that reads on every series colour. */
  style.background = (GdkRGBA) { 1, 1, 1, 1 };
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (guint i = 0; i < g_list_model_get_n_items (self->model); i++)
    {
      g_autoptr(DrivedashCompareRow) row = g_list_model_get_item (self->model, i);

      cairo_save (cr);
      cairo_translate (cr, 0, y);
      draw_group (cr, layout, row, width, &style);
      cairo_restore (cr);
      y += group_height (row);
    }
  cairo_destroy (cr);
}

static void
drivedash_compare_chart_measure (GtkWidget      *widget,
                                 GtkOrientation  orientation,
                                 int             for_size,
                                 int            *minimum,
                                 int            *natural,
                                 int            *minimum_baseline,
                                 int            *natural_baseline)
{
  DrivedashCompareChart *self = DRIVEDASH_COMPARE_CHART (widget);
  int height = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
      return;
    }
  for (guint i = 0; self->model && i < g_list_model_get_n_items (self->model); i++)
    {
      g_autoptr(DrivedashCompareRow) row = g_list_model_get_item (self->model, i);

      height += group_height (row);
    }
  *minimum = *natural = height;
}

static void
items_changed_cb (GListModel            *model,
                  guint                  position,
                  guint                  removed,
                  guint                  added,
                  DrivedashCompareChart *self)
{
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

GListModel *
drivedash_compare_chart_get_model (DrivedashCompareChart *self)
{
  return self->model;
}

void
drivedash_compare_chart_set_model (DrivedashCompareChart *self,
                                   GListModel            *model)
{
  g_return_if_fail (DRIVEDASH_IS_COMPARE_CHART (self));

  if (self->model == model)
    return;
  if (self->model)
    g_signal_handlers_disconnect_by_func (self->model, items_changed_cb, self);
  g_set_object (&self->model, model);
  if (model)
    g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static void
drivedash_compare_chart_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL: g_value_set_object (value, DRIVEDASH_COMPARE_CHART (object)->model); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_compare_chart_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL: drivedash_compare_chart_set_model (DRIVEDASH_COMPARE_CHART (object), g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_compare_chart_dispose (GObject *object)
{
  drivedash_compare_chart_set_model (DRIVEDASH_COMPARE_CHART (object), NULL);
  G_OBJECT_CLASS (drivedash_compare_chart_parent_class)->dispose (object);
}

static void
drivedash_compare_chart_class_init (DrivedashCompareChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_compare_chart_get_property;
  object_class->set_property = drivedash_compare_chart_set_property;
  object_class->dispose = drivedash_compare_chart_dispose;
  widget_class->snapshot = drivedash_compare_chart_snapshot;
  widget_class->measure = drivedash_compare_chart_measure;
  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, G_TYPE_LIST_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "comparechart");
}

static void
drivedash_compare_chart_init (DrivedashCompareChart *self)
{
}
