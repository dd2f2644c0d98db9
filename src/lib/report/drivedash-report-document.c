/* drivedash-report-document.c — the blocks of a report's document model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-report-private.h"

void
drivedash_report_chart_free (DrivedashReportChart *chart)
{
  if (chart == NULL)
    return;
  for (guint i = 0; i < chart->n_bars; i++)
    {
      g_free (chart->labels[i]);
      g_clear_pointer (&chart->lines[i], g_array_unref);
    }
  g_free (chart->unit);
  g_free (chart->caption);
  g_free (chart->x_unit);
  for (guint i = 0; chart->bands != NULL && i < chart->bands->len; i++)
    g_free (g_array_index (chart->bands, DrivedashReportBand, i).label);
  g_clear_pointer (&chart->bands, g_array_unref);
  g_free (chart);
}

static void
block_free (DrivedashReportBlock *block)
{
  g_free (block->text);
  g_clear_pointer (&block->rows, g_ptr_array_unref);
  drivedash_report_chart_free (block->chart);
  g_free (block);
}

DrivedashReportDocument *
drivedash_report_document_new (const char *title)
{
  DrivedashReportDocument *doc = g_new0 (DrivedashReportDocument, 1);

  doc->title = g_strdup (title);
  /* TRANSLATORS: the language code of this translation ("ja"), written
   * into the report so that its text is shown with the right fonts */
  doc->language = g_strdup (C_("language code", "en"));
  doc->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  return doc;
}

void
drivedash_report_document_free (DrivedashReportDocument *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->title);
  g_free (doc->language);
  g_ptr_array_unref (doc->blocks);
  g_free (doc);
}

static DrivedashReportBlock *
add_block (DrivedashReportDocument  *doc,
           DrivedashReportBlockKind  kind)
{
  DrivedashReportBlock *block = g_new0 (DrivedashReportBlock, 1);

  block->kind = kind;
  g_ptr_array_add (doc->blocks, block);
  return block;
}

void
drivedash_report_add_text (DrivedashReportDocument  *doc,
                           DrivedashReportBlockKind  kind,
                           const char               *text)
{
  add_block (doc, kind)->text = g_strdup (text);
}

void
drivedash_report_add_table (DrivedashReportDocument *doc,
                            GPtrArray               *rows)
{
  g_ptr_array_set_free_func (rows, (GDestroyNotify) g_strfreev);
  add_block (doc, DRIVEDASH_REPORT_BLOCK_TABLE)->rows = rows;
}

void
drivedash_report_add_chart (DrivedashReportDocument *doc,
                            DrivedashReportChart    *chart)
{
  add_block (doc, DRIVEDASH_REPORT_BLOCK_CHART)->chart = chart;
}
