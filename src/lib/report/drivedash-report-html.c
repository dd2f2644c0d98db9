/* drivedash-report-html.c — the report as one self-contained HTML page:
 * inline CSS, each chart an SVG drawn by the same chart code as the PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-report-private.h"

#define CHART_WIDTH 640.0

static const char css[] =
  "body{font-family:Cantarell,'Noto Sans','Noto Sans CJK JP',sans-serif;max-width:46em;"
  "margin:2em auto;padding:0 1em;color:#222;line-height:1.45}"
  "h1{font-size:1.7em;margin-bottom:.2em}"
  "h2{font-size:1.25em;border-bottom:1px solid #ccc;margin-top:1.6em}"
  "h3{font-size:1em;margin:1.2em 0 .3em}"
  "table{border-collapse:collapse;font-size:.85em;margin:.4em 0 1em}"
  "th,td{text-align:left;padding:.25em .6em;border-bottom:1px solid #ddd}"
  "th{background:#eee}"
  "img{max-width:100%;height:auto;display:block}";

/* Every string goes through here: names and models come from the
 * history, which may have been imported from anywhere. */
static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

static void
append_element (GString    *out,
                const char *tag,
                const char *text)
{
  g_string_append_printf (out, "<%s>", tag);
  append_escaped (out, text);
  g_string_append_printf (out, "</%s>\n", tag);
}

static void
append_table (GString   *out,
              GPtrArray *rows)
{
  g_string_append (out, "<table>\n");
  for (guint r = 0; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);

      g_string_append (out, "<tr>");
      for (guint c = 0; row[c] != NULL; c++)
        append_element (out, r == 0 ? "th" : "td", row[c]);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</table>\n");
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* An <img> of a data: URL, not inline <svg>: cairo names its glyphs and
 * clips "glyph0-1", "clip1" in every SVG it writes, and several inline
 * SVGs in one page would take each other's. */
static gboolean
append_chart (GString                       *out,
              const DrivedashReportDocument *doc,
              const DrivedashReportChart    *chart,
              GError                       **error)
{
  g_autoptr(GByteArray) svg = g_byte_array_new ();
  double height = drivedash_report_chart_height (chart);
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_bytes, svg, CHART_WIDTH, height);
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;
  g_autofree char *base64 = NULL;
  g_autofree char *alt = NULL;

  drivedash_report_chart_draw (cr, chart, doc->language, CHART_WIDTH);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not draw a chart of the report (%s)."), cairo_status_to_string (status));
      return FALSE;
    }
  base64 = g_base64_encode (svg->data, svg->len);
  /* A long test's plot says what it shows, for screen readers too; the
   * others repeat the table beside them. */
  alt = chart->caption ? g_markup_escape_text (chart->caption, -1) : g_strdup ("");
  g_string_append_printf (out, "<img width=\"%.0f\" height=\"%.0f\" alt=\"%s\" src=\"data:image/svg+xml;base64,%s\">\n",
                          CHART_WIDTH, height, alt, base64);
  return TRUE;
}

static void
append_head (GString                       *out,
             const DrivedashReportDocument *doc)
{
  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"");
  append_escaped (out, doc->language);
  g_string_append (out, "\">\n<head>\n<meta charset=\"utf-8\">\n"
                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
  g_string_append_printf (out, "<meta name=\"generator\" content=\"Drivedash %s\">\n", PACKAGE_VERSION);
  append_element (out, "title", doc->title);
  g_string_append_printf (out, "<style>%s</style>\n</head>\n<body>\n", css);
}

static gboolean
append_block (GString                       *out,
              const DrivedashReportDocument *doc,
              guint                          i,
              GError                       **error)
{
  const DrivedashReportBlock *block = g_ptr_array_index (doc->blocks, i);
  gboolean bullet = block->kind == DRIVEDASH_REPORT_BLOCK_BULLET;
  gboolean after_bullet = i > 0 &&
    ((DrivedashReportBlock *) g_ptr_array_index (doc->blocks, i - 1))->kind == DRIVEDASH_REPORT_BLOCK_BULLET;

  /* Consecutive bullets are one list. */
  if (bullet && !after_bullet)
    g_string_append (out, "<ul>\n");
  else if (!bullet && after_bullet)
    g_string_append (out, "</ul>\n");

  switch (block->kind)
    {
    case DRIVEDASH_REPORT_BLOCK_TITLE:      append_element (out, "h1", block->text); break;
    case DRIVEDASH_REPORT_BLOCK_HEADING:    append_element (out, "h2", block->text); break;
    case DRIVEDASH_REPORT_BLOCK_SUBHEADING: append_element (out, "h3", block->text); break;
    case DRIVEDASH_REPORT_BLOCK_PARAGRAPH:  append_element (out, "p", block->text); break;
    case DRIVEDASH_REPORT_BLOCK_BULLET:     append_element (out, "li", block->text); break;
    case DRIVEDASH_REPORT_BLOCK_TABLE:      append_table (out, block->rows); break;
    case DRIVEDASH_REPORT_BLOCK_CHART:      return append_chart (out, doc, block->chart, error);
    default:                                g_assert_not_reached ();
    }
  return TRUE;
}

GBytes *
drivedash_report_render_html (const DrivedashReportDocument *doc,
                              GError                       **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = doc->blocks->len;

  append_head (out, doc);
  for (guint i = 0; i < n; i++)
    if (!append_block (out, doc, i, error))
      return NULL;
  if (n > 0 && ((DrivedashReportBlock *) g_ptr_array_index (doc->blocks, n - 1))->kind == DRIVEDASH_REPORT_BLOCK_BULLET)
    g_string_append (out, "</ul>\n");
  g_string_append (out, "</body>\n</html>\n");
  return g_string_free_to_bytes (g_steal_pointer (&out));
}
