/* drivedash-plot-style.c — colours and font of a plot, and PNG export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-palette.h"
#include "drivedash-plot-style.h"

static void
rgba (GdkRGBA *c,
      guint32  rgb,
      double   alpha)
{
  c->red = ((rgb >> 16) & 0xff) / 255.0;
  c->green = ((rgb >> 8) & 0xff) / 255.0;
  c->blue = (rgb & 0xff) / 255.0;
  c->alpha = alpha;
}

void
drivedash_plot_style_init_default (DrivedashPlotStyle *style,
                                   gboolean            dark)
{
  /* libadwaita 1.2's palette, for rendering without a widget. */
  memset (style, 0, sizeof *style);
  rgba (&style->background, dark ? 0x1e1e1e : 0xffffff, 1);
  rgba (&style->foreground, dark ? 0xffffff : 0x000000, 0.8);
  rgba (&style->grid, dark ? 0xffffff : 0x000000, 0.12);
  rgba (&style->warning, dark ? 0xf8e45c : 0x9c6e03, 1);
  rgba (&style->critical, dark ? 0xff7b63 : 0xc01c28, 1);
  for (guint i = 0; i < DRIVEDASH_PLOT_MAX_SERIES; i++)
    rgba (&style->series[i], drivedash_palette_rgb (i, dark), 1);
  g_strlcpy (style->font, "Sans 9", sizeof style->font);
  style->scale = 1;
}

/* GtkStyleContext is deprecated in GTK 4.10, but named colours have no
 * other way in before that, and we build against 4.8. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
lookup (GtkStyleContext *ctx,
        const char      *name,
        GdkRGBA         *out)
{
  GdkRGBA c;

  if (gtk_style_context_lookup_color (ctx, name, &c))
    *out = c;
}

static void
lookup_series_colours (DrivedashPlotStyle *style,
                       GtkStyleContext    *ctx,
                       gboolean            dark)
{
  static const char * const series_names[DRIVEDASH_PLOT_MAX_SERIES] = {
    "accent_color", "orange_4", "green_4", "purple_3", "red_3", "brown_3",
  };

  lookup (ctx, "warning_color", &style->warning);
  lookup (ctx, "error_color", &style->critical);
  for (guint i = 0; i < G_N_ELEMENTS (series_names); i++)
    lookup (ctx, series_names[i], &style->series[i]);
  if (dark)
    {
      /* The darker palette shades disappear on a dark background. */
      lookup (ctx, "orange_2", &style->series[1]);
      lookup (ctx, "green_2", &style->series[2]);
      lookup (ctx, "purple_2", &style->series[3]);
    }
}

/* The theme's colours and font as WIDGET sees them, on a transparent
 * background (the widget's own shows through). */
void
drivedash_plot_style_from_widget (DrivedashPlotStyle *style,
                                  GtkWidget          *widget)
{
  GtkStyleContext *ctx = gtk_widget_get_style_context (widget);
  PangoContext *pango = gtk_widget_get_pango_context (widget);
  const PangoFontDescription *desc = pango ? pango_context_get_font_description (pango) : NULL;
  gboolean dark;
  GdkRGBA fg;

  gtk_style_context_get_color (ctx, &fg);
  /* Light text means a dark theme; this also covers high-contrast variants. */
  dark = (fg.red + fg.green + fg.blue) / 3 > 0.5;
  drivedash_plot_style_init_default (style, dark);

  style->background.alpha = 0;
  style->foreground = fg;
  style->grid = fg;
  style->grid.alpha = fg.alpha * 0.15;
  lookup_series_colours (style, ctx, dark);
  style->scale = MAX (1, gtk_widget_get_scale_factor (widget));
  if (desc)
    {
      g_autofree char *s = pango_font_description_to_string (desc);

      g_strlcpy (style->font, s, sizeof style->font);
    }
}

/* Like drivedash_plot_style_from_widget() but with an opaque background,
 * for pictures that leave the window: the theme's when the widget is
 * shown, else the light default. */
void
drivedash_plot_style_for_export (DrivedashPlotStyle *style,
                                 GtkWidget          *widget)
{
  if (gtk_widget_get_realized (widget))
    {
      GdkRGBA bg;

      drivedash_plot_style_from_widget (style, widget);
      if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget),
                                          "view_bg_color", &bg))
        style->background = bg;
      else
        drivedash_plot_style_init_default (style, FALSE);
    }
  else
    drivedash_plot_style_init_default (style, FALSE);
  style->background.alpha = 1;
  /* A saved picture has its own pixels, whatever the window's scale. */
  style->scale = 1;
}
G_GNUC_END_IGNORE_DEPRECATIONS
