/* drivedash-report-private.h — the report's one document model, which the
 * PDF and the HTML renderer both draw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every string in the model is finished text for people: translated, and
 * stored strings (names, models, firmware) already passed through the
 * device-string sanitiser.  The HTML renderer still escapes each one; the
 * PDF renderer sets them as plain text, never as markup.
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "drivedash-report.h"

G_BEGIN_DECLS

/* Runs of one kind of test in a report, and of every kind together. */
#define DRIVEDASH_REPORT_MAX_RUNS 6
#define DRIVEDASH_REPORT_MAX_IDS  30

typedef enum
{
  DRIVEDASH_REPORT_BLOCK_TITLE,      /* the report's title */
  DRIVEDASH_REPORT_BLOCK_HEADING,    /* a section */
  DRIVEDASH_REPORT_BLOCK_SUBHEADING, /* one test within Results */
  DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
  DRIVEDASH_REPORT_BLOCK_BULLET,     /* one item of a list */
  DRIVEDASH_REPORT_BLOCK_TABLE,
  DRIVEDASH_REPORT_BLOCK_CHART,
} DrivedashReportBlockKind;

typedef enum
{
  DRIVEDASH_REPORT_CHART_BARS,   /* one bar per run: its result */
  DRIVEDASH_REPORT_CHART_LINES,  /* one line per run: MB/s over the test's time */
} DrivedashReportChartKind;

typedef struct
{
  double x;  /* seconds since the test started; a long test's round, GiB written */
  double y;  /* MB/s; a long test's ms */
} DrivedashReportPoint;

/* A stretch of the X axis shaded and named: a long test's phase. */
typedef struct
{
  double  from;
  double  to;
  char   *label;
} DrivedashReportBand;

/* One chart, one bar or line per run in the runs' colours. */
typedef struct
{
  DrivedashReportChartKind kind;
  GArray *lines[DRIVEDASH_REPORT_MAX_RUNS];    /* LINES: of DrivedashReportPoint; NULL: none */
  guint   n_bars;
  char   *labels[DRIVEDASH_REPORT_MAX_RUNS];
  double  values[DRIVEDASH_REPORT_MAX_RUNS];  /* NAN: the run lacks the test */
  guint   colours[DRIVEDASH_REPORT_MAX_RUNS]; /* index into the palette */
  char   *unit;                                /* "MB/s" */
  gboolean whole;                              /* BARS: figures without decimals */
  /* LINES only.  NULL: the speed test's caption and seconds. */
  char   *caption;                             /* the line above the plot */
  char   *x_unit;                              /* "GiB", "Round" */
  gboolean x_unit_first;                       /* "Round 18", not "18 GiB" */
  double  x_min;                               /* the left end of the X axis */
  GArray *bands;                               /* of DrivedashReportBand, or NULL */
} DrivedashReportChart;

/* A one-line label in the charts' small font, ellipsized at @width. */
PangoLayout *drivedash_report_chart_layout (cairo_t    *cr,
                                            const char *language,
                                            const char *text,
                                            double      width);

/* drivedash-report-timeline.c: the LINES kind, with its axes and legend. */
double drivedash_report_timeline_height (const DrivedashReportChart *chart);
void   drivedash_report_timeline_draw   (cairo_t                    *cr,
                                         const DrivedashReportChart *chart,
                                         const char                 *language,
                                         double                      width);

typedef struct
{
  DrivedashReportBlockKind  kind;
  char                     *text;   /* title, heading, paragraph, bullet */
  GPtrArray                *rows;   /* table: of GStrv, the first row the header */
  DrivedashReportChart     *chart;
} DrivedashReportBlock;

typedef struct
{
  char      *title;
  char      *language;  /* "en", "ja": the language the text is in */
  GPtrArray *blocks;    /* of DrivedashReportBlock */
} DrivedashReportDocument;

void  drivedash_report_document_free (DrivedashReportDocument *doc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashReportDocument, drivedash_report_document_free)

/* drivedash-report-build.c: reads the runs (and the health snapshots
 * around them) and writes the whole document. */
DrivedashReportDocument *drivedash_report_build (DrivedashStore               *store,
                                                 const gint64                 *ids,
                                                 guint                         n_ids,
                                                 const DrivedashReportOptions *options,
                                                 GError                      **error);

/* drivedash-report-document.c: adding blocks. */
DrivedashReportDocument *drivedash_report_document_new (const char *title);
void  drivedash_report_add_text   (DrivedashReportDocument  *doc,
                                   DrivedashReportBlockKind  kind,
                                   const char               *text);
/* Takes @rows (of GStrv, the first the header). */
void  drivedash_report_add_table  (DrivedashReportDocument  *doc,
                                   GPtrArray                *rows);
/* Takes @chart. */
void  drivedash_report_add_chart  (DrivedashReportDocument  *doc,
                                   DrivedashReportChart     *chart);
void  drivedash_report_chart_free (DrivedashReportChart     *chart);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashReportChart, drivedash_report_chart_free)

/* drivedash-report-chart.c: the one drawing of a chart, for the PDF page
 * and the HTML's SVG.  Draws at the current origin, @width wide, and
 * returns the height used; drivedash_report_chart_height() says it
 * before drawing. */
double drivedash_report_chart_height  (const DrivedashReportChart *chart);
double drivedash_report_chart_draw    (cairo_t                    *cr,
                                       const DrivedashReportChart *chart,
                                       const char                 *language,
                                       double                      width);

/* drivedash-report-pdf.c, -html.c: the two renderers. */
GBytes *drivedash_report_render_pdf   (const DrivedashReportDocument *doc,
                                       GError                       **error);
GBytes *drivedash_report_render_html  (const DrivedashReportDocument *doc,
                                       GError                       **error);

/* drivedash-report.c: writes @data to a temporary file beside @path and
 * renames it over @path; the errors are DRIVEDASH_ERROR_* in words. */
gboolean drivedash_report_save_file (const char  *path,
                                     GBytes      *data,
                                     GError     **error);
/* Saves @n files at once (a NULL path is skipped): all are written in
 * full beside their places, then put in place, so a failure (a full disk,
 * a folder that cannot be written) leaves every earlier file as it was. */
gboolean drivedash_report_save_files (const char *const  *paths,
                                      GBytes            **data,
                                      guint               n,
                                      GError            **error);

G_END_DECLS
