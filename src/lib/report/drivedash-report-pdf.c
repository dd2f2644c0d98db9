/* drivedash-report-pdf.c — the report as a multi-page A4 PDF: cairo's PDF
 * surface, text through pango-cairo (so Japanese finds its fonts)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "drivedash-error.h"
#include "drivedash-report-private.h"

#define PAGE_WIDTH  595.28   /* A4 in points */
#define PAGE_HEIGHT 841.89
#define MARGIN       56.0    /* 2 cm */
#define FOOTER       28.0
#define CONTENT_WIDTH (PAGE_WIDTH - 2 * MARGIN)
#define BOTTOM (PAGE_HEIGHT - MARGIN - FOOTER)
#define CELL_PAD 4.0
#define BULLET_INDENT 14.0

typedef struct
{
  cairo_t                       *cr;
  const DrivedashReportDocument *doc;
  gboolean                       draw;     /* FALSE: only count the pages */
  guint                          page;     /* 1-based */
  guint                          n_pages;  /* known on the drawing pass */
  double                         y;
} Pager;

static PangoLayout *
text_layout (Pager      *p,
             const char *font,
             const char *text,
             double      width)
{
  PangoLayout *layout = pango_cairo_create_layout (p->cr);
  g_autoptr(PangoFontDescription) desc = pango_font_description_from_string (font);

  pango_context_set_language (pango_layout_get_context (layout), pango_language_from_string (p->doc->language));
  pango_layout_context_changed (layout);
  pango_layout_set_font_description (layout, desc);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int h;

  pango_layout_get_pixel_size (layout, NULL, &h);
  return h;
}

static void
show_at (Pager       *p,
         PangoLayout *layout,
         double       x,
         double       y)
{
  if (!p->draw)
    return;
  cairo_move_to (p->cr, x, y);
  pango_cairo_show_layout (p->cr, layout);
}

static void
draw_footer (Pager *p)
{
  g_autofree char *words = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  int w;

  if (!p->draw)
    return;
  /* TRANSLATORS: the footer of each page of a report */
  words = g_strdup_printf (_("Page %u of %u"), p->page, p->n_pages);
  layout = text_layout (p, "Sans 8", words, 0);
  pango_layout_get_pixel_size (layout, &w, NULL);
  cairo_set_source_rgb (p->cr, 0.4, 0.4, 0.4);
  show_at (p, layout, (PAGE_WIDTH - w) / 2, PAGE_HEIGHT - MARGIN);
  cairo_set_source_rgb (p->cr, 0, 0, 0);
}

static void
next_page (Pager *p)
{
  draw_footer (p);
  cairo_show_page (p->cr);
  p->page++;
  p->y = MARGIN;
}

/* Starts a new page unless @height fits below; a block taller than a page
 * is drawn from the top of a fresh one and clipped. */
static void
need (Pager  *p,
      double  height)
{
  if (p->y + height > BOTTOM && p->y > MARGIN)
    next_page (p);
}

static const char *
font_of (DrivedashReportBlockKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_REPORT_BLOCK_TITLE:      return "Sans Bold 20";
    case DRIVEDASH_REPORT_BLOCK_HEADING:    return "Sans Bold 14";
    case DRIVEDASH_REPORT_BLOCK_SUBHEADING: return "Sans Bold 10.5";
    case DRIVEDASH_REPORT_BLOCK_PARAGRAPH:
    case DRIVEDASH_REPORT_BLOCK_BULLET:
    case DRIVEDASH_REPORT_BLOCK_TABLE:
    case DRIVEDASH_REPORT_BLOCK_CHART:
    default:                                return "Sans 10";
    }
}

/* Space above a block, so headings sit with what follows them. */
static double
space_before (DrivedashReportBlockKind kind)
{
  return kind == DRIVEDASH_REPORT_BLOCK_HEADING ? 16 : kind == DRIVEDASH_REPORT_BLOCK_SUBHEADING ? 10 : 4;
}

static double
text_block_height (Pager                      *p,
                   const DrivedashReportBlock *block)
{
  double indent = block->kind == DRIVEDASH_REPORT_BLOCK_BULLET ? BULLET_INDENT : 0;
  g_autoptr(PangoLayout) layout = text_layout (p, font_of (block->kind), block->text, CONTENT_WIDTH - indent);

  return layout_height (layout) + 4;
}

static void
draw_text_block (Pager                      *p,
                 const DrivedashReportBlock *block)
{
  double indent = block->kind == DRIVEDASH_REPORT_BLOCK_BULLET ? BULLET_INDENT : 0;
  g_autoptr(PangoLayout) layout = text_layout (p, font_of (block->kind), block->text, CONTENT_WIDTH - indent);

  if (block->kind == DRIVEDASH_REPORT_BLOCK_BULLET)
    {
      g_autoptr(PangoLayout) dot = text_layout (p, "Sans 10", "•", 0);

      show_at (p, dot, MARGIN + 3, p->y);
    }
  show_at (p, layout, MARGIN + indent, p->y);
  p->y += layout_height (layout) + 4;
  if (block->kind == DRIVEDASH_REPORT_BLOCK_HEADING && p->draw)
    {
      cairo_set_source_rgb (p->cr, 0.75, 0.75, 0.75);
      cairo_rectangle (p->cr, MARGIN, p->y - 2, CONTENT_WIDTH, 0.75);
      cairo_fill (p->cr);
      cairo_set_source_rgb (p->cr, 0, 0, 0);
    }
}

/* Column widths: each column's widest cell; when the table is wider than
 * the page, the widest columns are capped at one width (found by halving)
 * so that narrow ones keep their words whole and the wide ones wrap. */
static double
capped_total (const double *natural,
              guint         n_cols,
              double        cap)
{
  double total = 0;

  for (guint c = 0; c < n_cols; c++)
    total += MIN (natural[c], cap);
  return total;
}

static double *
column_widths (Pager     *p,
               GPtrArray *rows,
               guint      n_cols)
{
  double *widths = g_new0 (double, n_cols);
  double lo = 0, hi = CONTENT_WIDTH;

  for (guint r = 0; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);

      for (guint c = 0; c < n_cols && row[c] != NULL; c++)
        {
          g_autoptr(PangoLayout) layout = text_layout (p, r == 0 ? "Sans Bold 8.5" : "Sans 8.5", row[c], 0);
          int w;

          pango_layout_get_pixel_size (layout, &w, NULL);
          widths[c] = MAX (widths[c], w + 3 * CELL_PAD);
        }
    }
  if (capped_total (widths, n_cols, hi) <= CONTENT_WIDTH)
    return widths;
  for (guint i = 0; i < 30; i++)
    {
      double mid = (lo + hi) / 2;

      if (capped_total (widths, n_cols, mid) > CONTENT_WIDTH)
        hi = mid;
      else
        lo = mid;
    }
  for (guint c = 0; c < n_cols; c++)
    widths[c] = MIN (widths[c], lo);
  return widths;
}

static double
table_row (Pager        *p,
           char        **row,
           gboolean      header,
           const double *widths,
           guint         n_cols,
           gboolean      draw)
{
  g_autoptr(GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);
  double height = 0, x = MARGIN, total = 0;

  for (guint c = 0; c < n_cols && row[c] != NULL; c++)
    {
      PangoLayout *layout = text_layout (p, header ? "Sans Bold 8.5" : "Sans 8.5", row[c],
                                         widths[c] - 2 * CELL_PAD);

      g_ptr_array_add (layouts, layout);
      total += widths[c];
      height = MAX (height, layout_height (layout) + 2 * CELL_PAD);
    }
  if (!draw || !p->draw)
    return height;
  if (header)
    {
      cairo_set_source_rgb (p->cr, 0.92, 0.92, 0.92);
      cairo_rectangle (p->cr, MARGIN, p->y, total, height);
      cairo_fill (p->cr);
    }
  cairo_set_source_rgb (p->cr, 0, 0, 0);
  for (guint c = 0; c < layouts->len; c++)
    {
      show_at (p, g_ptr_array_index (layouts, c), x + CELL_PAD, p->y + CELL_PAD);
      x += widths[c];
    }
  cairo_set_source_rgb (p->cr, 0.8, 0.8, 0.8);
  cairo_rectangle (p->cr, MARGIN, p->y + height - 0.5, total, 0.5);
  cairo_fill (p->cr);
  cairo_set_source_rgb (p->cr, 0, 0, 0);
  return height;
}

/* What a table needs below to start on this page: its header and its
 * first row (the rest continues on the next pages). */
static double
table_start_height (Pager     *p,
                    GPtrArray *rows)
{
  guint n_cols = g_strv_length (g_ptr_array_index (rows, 0));
  g_autofree double *widths = column_widths (p, rows, n_cols);
  double height = 6;

  for (guint r = 0; r < MIN (rows->len, 2); r++)
    height += table_row (p, g_ptr_array_index (rows, r), r == 0, widths, n_cols, FALSE);
  return height;
}

/* Row by row: a row that does not fit above the footer goes to the next
 * page, under the header row drawn again. */
static void
draw_table (Pager     *p,
            GPtrArray *rows)
{
  guint n_cols = g_strv_length (g_ptr_array_index (rows, 0));
  g_autofree double *widths = column_widths (p, rows, n_cols);
  char **header = g_ptr_array_index (rows, 0);

  p->y += table_row (p, header, TRUE, widths, n_cols, TRUE);
  for (guint r = 1; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);
      double height = table_row (p, row, FALSE, widths, n_cols, FALSE);

      if (p->y + height > BOTTOM && p->y > MARGIN)
        {
          next_page (p);
          p->y += table_row (p, header, TRUE, widths, n_cols, TRUE);
        }
      p->y += table_row (p, row, FALSE, widths, n_cols, TRUE);
    }
  p->y += 6;
}

static double
block_height (Pager                      *p,
              const DrivedashReportBlock *block)
{
  if (block->kind == DRIVEDASH_REPORT_BLOCK_TABLE)
    return table_start_height (p, block->rows);
  if (block->kind == DRIVEDASH_REPORT_BLOCK_CHART)
    return drivedash_report_chart_height (block->chart) + 6;
  return space_before (block->kind) + text_block_height (p, block);
}

static void
draw_block (Pager                      *p,
            const DrivedashReportBlock *block)
{
  if (block->kind == DRIVEDASH_REPORT_BLOCK_TABLE)
    draw_table (p, block->rows);
  else if (block->kind == DRIVEDASH_REPORT_BLOCK_CHART)
    {
      if (p->draw)
        {
          cairo_save (p->cr);
          cairo_translate (p->cr, MARGIN, p->y);
          drivedash_report_chart_draw (p->cr, block->chart, p->doc->language, CONTENT_WIDTH);
          cairo_restore (p->cr);
        }
      p->y += drivedash_report_chart_height (block->chart) + 6;
    }
  else
    {
      p->y += space_before (block->kind);
      draw_text_block (p, block);
    }
}

static DrivedashReportBlockKind
kind_at (GPtrArray *blocks,
         guint      i)
{
  return ((const DrivedashReportBlock *) g_ptr_array_index (blocks, i))->kind;
}

/* One past the last block kept on a page with block @i: a heading with
 * what follows it, a test's subheading with its charts and table, so no
 * page ends on a title and no chart is parted from its test. */
static guint
group_end (GPtrArray *blocks,
           guint      i)
{
  DrivedashReportBlockKind kind = kind_at (blocks, i);
  guint j = i + 1;

  /* A mixed report's section title stays with its first heading. */
  if ((kind == DRIVEDASH_REPORT_BLOCK_HEADING && j < blocks->len &&
       kind_at (blocks, j) == DRIVEDASH_REPORT_BLOCK_SUBHEADING) ||
      (kind == DRIVEDASH_REPORT_BLOCK_TITLE && j < blocks->len &&
       kind_at (blocks, j) == DRIVEDASH_REPORT_BLOCK_HEADING))
    return group_end (blocks, j);
  if (kind == DRIVEDASH_REPORT_BLOCK_HEADING)
    return MIN (j + 1, blocks->len);
  while (kind == DRIVEDASH_REPORT_BLOCK_SUBHEADING && j < blocks->len &&
         (kind_at (blocks, j) == DRIVEDASH_REPORT_BLOCK_CHART || kind_at (blocks, j) == DRIVEDASH_REPORT_BLOCK_TABLE))
    j++;
  return j;
}

static double
group_height (Pager *p,
              guint  i)
{
  guint end = group_end (p->doc->blocks, i);
  double height = 0;

  for (guint k = i; k < end; k++)
    height += block_height (p, g_ptr_array_index (p->doc->blocks, k));
  return height;
}

static void
lay_out (Pager *p)
{
  p->page = 1;
  p->y = MARGIN;
  for (guint i = 0; i < p->doc->blocks->len; i++)
    {
      need (p, group_height (p, i));
      draw_block (p, g_ptr_array_index (p->doc->blocks, i));
    }
  draw_footer (p);
  cairo_show_page (p->cr);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* One pass over the document: count only (@n_pages 0) or draw. */
static cairo_status_t
render_pass (const DrivedashReportDocument *doc,
             GByteArray                    *out,
             guint                         *n_pages)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (append_bytes, out, PAGE_WIDTH, PAGE_HEIGHT);
  Pager p = { .doc = doc, .draw = *n_pages > 0, .n_pages = *n_pages };
  cairo_status_t status;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, doc->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Drivedash " PACKAGE_VERSION);
  p.cr = cairo_create (surface);
  lay_out (&p);
  cairo_destroy (p.cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  *n_pages = p.page;
  return status;
}

GBytes *
drivedash_report_render_pdf (const DrivedashReportDocument *doc,
                             GError                       **error)
{
  g_autoptr(GByteArray) scratch = g_byte_array_new ();
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint n_pages = 0;
  cairo_status_t status;

  /* The footer says "of N": the first pass lays the pages out to count
   * them, the second draws them the same way. */
  status = render_pass (doc, scratch, &n_pages);
  if (status == CAIRO_STATUS_SUCCESS)
    status = render_pass (doc, out, &n_pages);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not make the PDF report (%s)."), cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
