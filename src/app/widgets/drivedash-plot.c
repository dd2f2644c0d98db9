/* drivedash-plot.c — a live time-series plot drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget holds a DrivedashPlotModel (series in core's DrivedashSeries,
 * limits, markers, settings) and hands it to drivedash_plot_model_draw()
 * (drivedash-plot-render.c) with a cairo context: the widget's snapshot,
 * an image surface in the tests, or a PNG export.  Axis arithmetic lives
 * in drivedash-plot-axis.c, colours and PNG files in drivedash-plot-style.c.
 */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-error.h"
#include "drivedash-plot-private.h"

struct _DrivedashPlot
{
  GtkWidget          parent_instance;

  DrivedashPlotModel model;
  guint              describe_source;
};

G_DEFINE_FINAL_TYPE (DrivedashPlot, drivedash_plot, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_CAPTION,
  PROP_UNIT,
  PROP_SCALE,
  PROP_TIME_AXIS,
  PROP_TIME_WINDOW,
  PROP_INCLUDE_ZERO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---------------------------------------------------------------------- */
/* Accessibility                                                          */

char *
drivedash_plot_dup_description (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);
  return drivedash_plot_model_dup_description (&self->model);
}

static gboolean
update_description_cb (gpointer data)
{
  DrivedashPlot *self = data;
  g_autofree char *desc = drivedash_plot_dup_description (self);

  self->describe_source = 0;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->model.title ? self->model.title : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc,
                                  -1);
  return G_SOURCE_REMOVE;
}

static void
changed (DrivedashPlot *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* Screen readers get the latest values at most twice a second. */
  if (self->describe_source == 0)
    self->describe_source = g_timeout_add (500, update_description_cb, self);
}

/* For the plot's other files: the model, about to change. */
DrivedashPlotModel *
drivedash_plot_edit_model (DrivedashPlot *self)
{
  changed (self);
  return &self->model;
}

/* For the plot's other files: the model, to read only. */
const DrivedashPlotModel *
drivedash_plot_get_model (DrivedashPlot *self)
{
  return &self->model;
}

/* ---------------------------------------------------------------------- */
/* Drawing                                                                */

void
drivedash_plot_draw (DrivedashPlot            *self,
                     cairo_t                  *cr,
                     int                       width,
                     int                       height,
                     const DrivedashPlotStyle *style)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  drivedash_plot_model_draw (&self->model, cr, width, height, style);
}

void
drivedash_plot_get_style (DrivedashPlot      *self,
                          DrivedashPlotStyle *style)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  drivedash_plot_style_from_widget (style, GTK_WIDGET (self));
}

/* Like the widget's own colours but with an opaque background, for
 * pictures that leave the window. */
void
drivedash_plot_get_export_style (DrivedashPlot      *self,
                                 DrivedashPlotStyle *style)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  drivedash_plot_style_for_export (style, GTK_WIDGET (self));
}

static void
draw_stack (DrivedashPlot * const *plots,
            guint                  n_plots,
            cairo_t               *cr,
            int                    width,
            int                    height)
{
  DrivedashPlotStyle style;

  for (guint i = 0; i < n_plots; i++)
    {
      drivedash_plot_get_export_style (plots[i], &style);
      drivedash_plot_draw (plots[i], cr, width, height, &style);
      cairo_translate (cr, 0, height);
    }
}

/* The one picture export of the app: the Speed and Long Tests pages and
 * the single plot all come here. */
gboolean
drivedash_plot_save_stack (DrivedashPlot * const  *plots,
                           guint                   n_plots,
                           const char             *path,
                           int                     width,
                           int                     height,
                           GError                **error)
{
  gboolean svg = g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG");
  int total_height = height * MAX (n_plots, 1);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (plots != NULL || n_plots == 0, FALSE);

  surface = svg ? cairo_svg_surface_create (path, width, total_height)
                : cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, total_height);
  cr = cairo_create (surface);
  draw_stack (plots, n_plots, cr, width, height);
  cairo_destroy (cr);
  if (svg)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  else
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("Could not save the picture as “%s”: the folder may be read-only or full."),
                   name);
      return FALSE;
    }
  return TRUE;
}

gboolean
drivedash_plot_save_png (DrivedashPlot  *self,
                         const char     *path,
                         int             width,
                         int             height,
                         GError        **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), FALSE);
  return drivedash_plot_save_stack (&self, 1, path, width, height, error);
}

/* ---------------------------------------------------------------------- */
/* Widget                                                                 */

static void
drivedash_plot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  DrivedashPlotStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  drivedash_plot_get_style (self, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  drivedash_plot_model_draw (&self->model, cr, width, height, &style);
  cairo_destroy (cr);
}

static void
drivedash_plot_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  /* Small enough for a 360 px wide phone, big enough to read. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      *minimum = 140;
      *natural = 200;
    }
}

static void
drivedash_plot_css_changed (GtkWidget         *widget,
                            GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (drivedash_plot_parent_class)->css_changed (widget, change);
  /* Light/dark switches change every colour we drew with. */
  gtk_widget_queue_draw (widget);
}

static void
drivedash_plot_dispose (GObject *object)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (object);

  g_clear_handle_id (&self->describe_source, g_source_remove);
  G_OBJECT_CLASS (drivedash_plot_parent_class)->dispose (object);
}

static void
drivedash_plot_finalize (GObject *object)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (object);

  drivedash_plot_model_clear (&self->model);
  G_OBJECT_CLASS (drivedash_plot_parent_class)->finalize (object);
}

static void
drivedash_plot_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->model.title);
      break;
    case PROP_CAPTION:
      g_value_set_string (value, self->model.caption);
      break;
    case PROP_UNIT:
      g_value_set_string (value, self->model.unit);
      break;
    case PROP_SCALE:
      g_value_set_enum (value, self->model.scale);
      break;
    case PROP_TIME_AXIS:
      g_value_set_enum (value, self->model.time_axis);
      break;
    case PROP_TIME_WINDOW:
      g_value_set_double (value, self->model.time_window);
      break;
    case PROP_INCLUDE_ZERO:
      g_value_set_boolean (value, self->model.include_zero);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_plot_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      drivedash_plot_set_title (self, g_value_get_string (value));
      break;
    case PROP_CAPTION:
      drivedash_plot_set_caption (self, g_value_get_string (value));
      break;
    case PROP_UNIT:
      drivedash_plot_set_unit (self, g_value_get_string (value));
      break;
    case PROP_SCALE:
      drivedash_plot_set_scale (self, g_value_get_enum (value));
      break;
    case PROP_TIME_AXIS:
      drivedash_plot_set_time_axis (self, g_value_get_enum (value));
      break;
    case PROP_TIME_WINDOW:
      drivedash_plot_set_time_window (self, g_value_get_double (value));
      break;
    case PROP_INCLUDE_ZERO:
      drivedash_plot_set_include_zero (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  /* What runs now (the benchmark's current test), after the title. */
  properties[PROP_CAPTION] = g_param_spec_string ("caption", NULL, NULL, NULL, flags);
  properties[PROP_UNIT] = g_param_spec_string ("unit", NULL, NULL, NULL, flags);
  properties[PROP_SCALE] =
    g_param_spec_enum ("scale", NULL, NULL,
                       DRIVEDASH_TYPE_PLOT_SCALE, DRIVEDASH_PLOT_SCALE_LINEAR, flags);
  properties[PROP_TIME_AXIS] =
    g_param_spec_enum ("time-axis", NULL, NULL,
                       DRIVEDASH_TYPE_PLOT_TIME_AXIS, DRIVEDASH_PLOT_TIME_ELAPSED, flags);
  /* Seconds shown at most; 0: the whole run ("elapsed") or at least a
   * minute ("ago"). */
  properties[PROP_TIME_WINDOW] =
    g_param_spec_double ("time-window", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  /* Whether a linear Y axis always reaches down (or up) to zero. */
  properties[PROP_INCLUDE_ZERO] =
    g_param_spec_boolean ("include-zero", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_plot_class_init (DrivedashPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_plot_dispose;
  object_class->finalize = drivedash_plot_finalize;
  object_class->get_property = drivedash_plot_get_property;
  object_class->set_property = drivedash_plot_set_property;
  widget_class->snapshot = drivedash_plot_snapshot;
  widget_class->measure = drivedash_plot_measure;
  widget_class->css_changed = drivedash_plot_css_changed;
  install_properties (object_class);

  gtk_widget_class_set_css_name (widget_class, "plot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
drivedash_plot_init (DrivedashPlot *self)
{
  drivedash_plot_model_init (&self->model);
}

GtkWidget *
drivedash_plot_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_PLOT, NULL);
}

/* ---------------------------------------------------------------------- */
/* Properties                                                             */

static void
set_string (DrivedashPlot *self,
            char         **field,
            const char    *value,
            guint          prop)
{
  /* g_set_str() is GLib 2.76. */
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  changed (self);
}

void
drivedash_plot_set_title (DrivedashPlot *self,
                          const char    *title)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  set_string (self, &self->model.title, title, PROP_TITLE);
}

const char *
drivedash_plot_get_title (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);
  return self->model.title;
}

void
drivedash_plot_set_caption (DrivedashPlot *self,
                            const char    *caption)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  set_string (self, &self->model.caption, caption, PROP_CAPTION);
}

const char *
drivedash_plot_get_caption (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);
  return self->model.caption;
}

void
drivedash_plot_set_unit (DrivedashPlot *self,
                         const char    *unit)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  set_string (self, &self->model.unit, unit, PROP_UNIT);
}

const char *
drivedash_plot_get_unit (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);
  return self->model.unit;
}

void
drivedash_plot_set_scale (DrivedashPlot      *self,
                          DrivedashPlotScale  scale)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  if (self->model.scale == scale)
    return;
  self->model.scale = scale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
  changed (self);
}

DrivedashPlotScale
drivedash_plot_get_scale (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), DRIVEDASH_PLOT_SCALE_LINEAR);
  return self->model.scale;
}

void
drivedash_plot_set_time_axis (DrivedashPlot         *self,
                              DrivedashPlotTimeAxis  mode)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  if (self->model.time_axis == mode)
    return;
  self->model.time_axis = mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_AXIS]);
  changed (self);
}

DrivedashPlotTimeAxis
drivedash_plot_get_time_axis (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), DRIVEDASH_PLOT_TIME_ELAPSED);
  return self->model.time_axis;
}

void
drivedash_plot_set_time_window (DrivedashPlot *self,
                                double         seconds)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  /* NaN or negative: no window, like 0. */
  seconds = seconds > 0 ? seconds : 0;
  if (self->model.time_window == seconds)
    return;
  self->model.time_window = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_WINDOW]);
  changed (self);
}

double
drivedash_plot_get_time_window (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  return self->model.time_window;
}

void
drivedash_plot_set_include_zero (DrivedashPlot *self,
                                 gboolean       include_zero)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  include_zero = !!include_zero;
  if (self->model.include_zero == include_zero)
    return;
  self->model.include_zero = include_zero;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INCLUDE_ZERO]);
  changed (self);
}

gboolean
drivedash_plot_get_include_zero (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), TRUE);
  return self->model.include_zero;
}

/* The Y axis shows at least MIN…MAX (NaN: no bound on that side), so a
 * steady temperature isn't magnified into a mountain range. */
void
drivedash_plot_set_y_range_hint (DrivedashPlot *self,
                                 double         min,
                                 double         max)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->model.hint_min = min;
  self->model.hint_max = max;
  changed (self);
}

void
drivedash_plot_set_decimate (DrivedashPlot *self,
                             gboolean       decimate)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->model.decimate = !!decimate;
  changed (self);
}

/* ---------------------------------------------------------------------- */
/* Data                                                                   */

guint
drivedash_plot_add_series (DrivedashPlot *self,
                           const char    *label)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);

  g_ptr_array_add (self->model.series, drivedash_series_new (label));
  changed (self);
  return self->model.series->len - 1;
}

/* A series on the right-hand axis, with its own scale (right-unit). */
guint
drivedash_plot_add_series_right (DrivedashPlot *self,
                                 const char    *label)
{
  guint i;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  g_return_val_if_fail (self->model.series->len < 64, 0);

  i = drivedash_plot_add_series (self, label);
  self->model.right_series |= G_GUINT64_CONSTANT (1) << i;
  return i;
}

void
drivedash_plot_set_right_unit (DrivedashPlot *self,
                               const char    *unit)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  if (g_strcmp0 (self->model.right_unit, unit) == 0)
    return;
  g_free (self->model.right_unit);
  self->model.right_unit = g_strdup (unit);
  changed (self);
}

guint
drivedash_plot_get_n_series (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  return self->model.series->len;
}

static DrivedashSeries *
get_series (DrivedashPlot *self,
            guint          series)
{
  return g_ptr_array_index (self->model.series, series);
}

/* A value that is not finite is a gap; T must be finite. */
void
drivedash_plot_append (DrivedashPlot *self,
                       guint          series,
                       double         t,
                       double         y)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (series < self->model.series->len);
  g_return_if_fail (isfinite (t));

  drivedash_series_append (get_series (self, series), t, y);
  changed (self);
}

/* Breaks the line: the next sample starts a new one. */
void
drivedash_plot_append_gap (DrivedashPlot *self,
                           guint          series)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (series < self->model.series->len);

  if (drivedash_series_append_gap (get_series (self, series)))
    changed (self);
}

/* Samples, not counting gaps. */
gsize
drivedash_plot_get_n_samples (DrivedashPlot *self,
                              guint          series)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  g_return_val_if_fail (series < self->model.series->len, 0);

  return drivedash_series_get_n_samples (get_series (self, series));
}

gboolean
drivedash_plot_get_last (DrivedashPlot *self,
                         guint          series,
                         double        *t,
                         double        *y)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), FALSE);
  g_return_val_if_fail (series < self->model.series->len, FALSE);

  return drivedash_series_get_last (get_series (self, series), t, y);
}

/* Forgets the samples and markers; keeps the series and limit lines. */
void
drivedash_plot_clear (DrivedashPlot *self)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  for (guint i = 0; i < self->model.series->len; i++)
    drivedash_series_clear (get_series (self, i));
  g_ptr_array_set_size (self->model.markers, 0);
  changed (self);
}

static void
add_limit (DrivedashPlot          *self,
           const char             *label,
           double                  y,
           DrivedashPlotLimitKind  kind,
           gboolean                right)
{
  DrivedashPlotLimit *l;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (isfinite (y));

  l = g_new0 (DrivedashPlotLimit, 1);
  l->label = g_strdup (label);
  l->y = y;
  l->kind = kind;
  l->right = right;
  g_ptr_array_add (self->model.limits, l);
  changed (self);
}

void
drivedash_plot_add_limit (DrivedashPlot          *self,
                          const char             *label,
                          double                  y,
                          DrivedashPlotLimitKind  kind)
{
  add_limit (self, label, y, kind, FALSE);
}

/* A limit on the right-hand axis's scale. */
void
drivedash_plot_add_limit_right (DrivedashPlot          *self,
                                const char             *label,
                                double                  y,
                                DrivedashPlotLimitKind  kind)
{
  add_limit (self, label, y, kind, TRUE);
}

static void
band_free (gpointer data)
{
  DrivedashPlotBand *b = data;

  g_free (b->label);
  g_free (b);
}

/* The X axis of plots that do not run against time: its unit, a fixed
 * range and shaded bands (drawn by drivedash-plot-xaxis.c). */
void
drivedash_plot_set_x_unit (DrivedashPlot *self,
                           const char    *unit)
{
  DrivedashPlotModel *m;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  m = drivedash_plot_edit_model (self);
  g_free (m->x_unit);
  m->x_unit = g_strdup (unit);
}

void
drivedash_plot_set_x_range (DrivedashPlot *self,
                            double         min,
                            double         max)
{
  DrivedashPlotModel *m;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  m = drivedash_plot_edit_model (self);
  m->x_min = min;
  m->x_max = max;
}

void
drivedash_plot_add_band (DrivedashPlot *self,
                         double         x0,
                         double         x1,
                         const char    *label)
{
  DrivedashPlotModel *m;
  DrivedashPlotBand *b;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  m = drivedash_plot_edit_model (self);
  if (m->bands == NULL)
    m->bands = g_ptr_array_new_with_free_func (band_free);
  b = g_new0 (DrivedashPlotBand, 1);
  b->label = g_strdup (label);
  b->x0 = x0;
  b->x1 = x1;
  g_ptr_array_add (m->bands, b);
}

void
drivedash_plot_add_marker (DrivedashPlot *self,
                           double         t,
                           const char    *label)
{
  DrivedashPlotMarker *m;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  m = g_new0 (DrivedashPlotMarker, 1);
  m->label = g_strdup (label);
  m->t = t;
  g_ptr_array_add (self->model.markers, m);
  changed (self);
}

void
drivedash_plot_clear_annotations (DrivedashPlot *self)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_ptr_array_set_size (self->model.limits, 0);
  g_ptr_array_set_size (self->model.markers, 0);
  changed (self);
}
