/* drivedash-results-grid.c — benchmark results, CrystalDiskMark style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rows are the distinct tests of a run ("SEQ1M Q8T1"), columns the modes
 * (Read, Write, Mix).  Each cell shows the best pass in MB/s, big, and IOPS
 * and mean latency under it; cells fill in as the tests finish.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-results-grid.h"

typedef struct
{
  GtkWidget *box;
  GtkWidget *value;
  GtkWidget *detail;
  gboolean   filled;
} Cell;

struct _DrivedashResultsGrid
{
  AdwBin     parent_instance;

  GtkWidget *grid;
  GArray    *cells;     /* Cell, indexed by test */
  guint      running;
};

G_DEFINE_FINAL_TYPE (DrivedashResultsGrid, drivedash_results_grid, ADW_TYPE_BIN)

static gboolean
same_row (const DrivedashBenchSpec *a,
          const DrivedashBenchSpec *b)
{
  return a->pattern == b->pattern && a->block_size == b->block_size
         && a->queue_depth == b->queue_depth && a->threads == b->threads;
}

static char *
describe_spec (const DrivedashBenchSpec *spec)
{
  g_autofree char *size = g_format_size_full (spec->block_size, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *queue = NULL;
  g_autofree char *threads = NULL;

  /* Translators: part of a benchmark row's tooltip */
  queue = g_strdup_printf (ngettext ("%u request in flight", "%u requests in flight", spec->queue_depth),
                           spec->queue_depth);
  /* Translators: part of a benchmark row's tooltip */
  threads = g_strdup_printf (ngettext ("%u thread", "%u threads", spec->threads), spec->threads);

  if (spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ)
    /* Translators: tooltip of a benchmark row, e.g. SEQ1M Q8T1:
     * "Sequential: one long stretch in 1.0 MiB blocks; 8 requests in flight; 1 thread" */
    return g_strdup_printf (_("Sequential: one long stretch in %s blocks; %s per thread; %s"),
                            size, queue, threads);
  /* Translators: tooltip of a benchmark row, e.g. RND4K Q32T16 */
  return g_strdup_printf (_("Random: small pieces all over the test file, in %s blocks; %s per thread; %s"),
                          size, queue, threads);
}

static char *
format_mb_per_s (double mb)
{
  if (mb >= 1000)
    return g_strdup_printf ("%.0f", mb);
  if (mb >= 100)
    return g_strdup_printf ("%.1f", mb);
  return g_strdup_printf ("%.2f", mb);
}

static char *
format_latency (double us)
{
  if (us >= 10000)
    /* Translators: a latency in milliseconds */
    return g_strdup_printf (_("%.0f ms"), us / 1000);
  if (us >= 1000)
    return g_strdup_printf (_("%.1f ms"), us / 1000);
  /* Translators: a latency in microseconds */
  return g_strdup_printf (_("%.0f µs"), us);
}

static void
clear_grid (DrivedashResultsGrid *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)))
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_array_set_size (self->cells, 0);
  self->running = G_MAXUINT;
}

void
drivedash_results_grid_set_tests (DrivedashResultsGrid     *self,
                                  const DrivedashBenchSpec *tests,
                                  guint                     n_tests)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));
  int column_of_mode[3] = { -1, -1, -1 };
  int n_columns = 0;

  g_return_if_fail (DRIVEDASH_IS_RESULTS_GRID (self));

  clear_grid (self);

  for (guint i = 0; i < n_tests; i++)
    if (tests[i].mode <= DRIVEDASH_BENCH_MODE_MIX && column_of_mode[tests[i].mode] < 0)
      column_of_mode[tests[i].mode] = 0;
  for (guint m = DRIVEDASH_BENCH_MODE_READ; m <= DRIVEDASH_BENCH_MODE_MIX; m++)
    if (column_of_mode[m] == 0)
      {
        GtkWidget *header;
        g_autofree char *text = NULL;

        column_of_mode[m] = ++n_columns;
        /* Translators: column header of the results grid: "Read (MB/s)" */
        text = g_strdup_printf (_("%s (MB/s)"), drivedash_bench_mode_get_display_name (m));
        header = gtk_label_new (text);
        gtk_widget_add_css_class (header, "heading");
        gtk_widget_set_tooltip_text (header, _("Megabytes per second (1 MB = 1 000 000 bytes), the best of the passes"));
        gtk_grid_attach (GTK_GRID (self->grid), header, column_of_mode[m], 0, 1, 1);
      }

  for (guint i = 0; i < n_tests; i++)
    {
      const DrivedashBenchSpec *spec = &tests[i];
      Cell cell = { 0 };
      guint row;

      for (row = 0; row < rows->len; row++)
        if (same_row (&g_array_index (rows, DrivedashBenchSpec, row), spec))
          break;
      if (row == rows->len)
        {
          g_autofree char *name = drivedash_bench_spec_to_string (spec);
          g_autofree char *tip = describe_spec (spec);
          GtkWidget *label;
          char *space;

          g_array_append_val (rows, *spec);
          /* "SEQ1M Q8T1" on two lines so the grid fits 360 px. */
          space = strchr (name, ' ');
          if (space)
            *space = '\n';
          label = gtk_label_new (name);
          gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
          gtk_widget_add_css_class (label, "results-test");
          gtk_widget_set_tooltip_text (label, tip);
          gtk_grid_attach (GTK_GRID (self->grid), label, 0, row + 1, 1, 1);
        }

      cell.box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_add_css_class (cell.box, "results-cell");
      gtk_widget_add_css_class (cell.box, "card");
      gtk_widget_set_hexpand (cell.box, TRUE);
      cell.value = gtk_label_new ("—");
      gtk_widget_add_css_class (cell.value, "results-value");
      gtk_widget_add_css_class (cell.value, "numeric");
      cell.detail = gtk_label_new (" \n ");
      gtk_widget_add_css_class (cell.detail, "caption");
      gtk_widget_add_css_class (cell.detail, "dim-label");
      gtk_widget_add_css_class (cell.detail, "numeric");
      /* Wraps to a second line on a narrow screen rather than cutting. */
      gtk_label_set_wrap (GTK_LABEL (cell.detail), TRUE);
      gtk_label_set_justify (GTK_LABEL (cell.detail), GTK_JUSTIFY_CENTER);
      gtk_box_append (GTK_BOX (cell.box), cell.value);
      gtk_box_append (GTK_BOX (cell.box), cell.detail);
      gtk_grid_attach (GTK_GRID (self->grid), cell.box,
                       spec->mode <= DRIVEDASH_BENCH_MODE_MIX ? column_of_mode[spec->mode] : 1,
                       row + 1, 1, 1);
      g_array_append_val (self->cells, cell);
    }
}

void
drivedash_results_grid_set_result (DrivedashResultsGrid       *self,
                                   guint                       test_index,
                                   const DrivedashBenchResult *result)
{
  Cell *cell;
  g_autofree char *value = NULL;
  g_autofree char *latency = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *tip = NULL;
  g_autofree char *p99 = NULL;

  g_return_if_fail (DRIVEDASH_IS_RESULTS_GRID (self));
  g_return_if_fail (result != NULL);

  if (test_index >= self->cells->len)
    return;
  cell = &g_array_index (self->cells, Cell, test_index);

  value = format_mb_per_s (result->mb_per_s);
  latency = format_latency (result->latency_us.mean);
  p99 = format_latency (result->latency_us.p99);
  /* Translators: small lines under a result: IOPS, then mean latency */
  detail = g_strdup_printf (_("%.0f IOPS\n%s"), result->iops, latency);
  tip = g_strdup_printf (_("%s MB/s best of %u pass(es), median %.1f MB/s\n"
                           "%.0f IOPS: input/output operations per second\n"
                           "Latency: %s on average, 99 %% of requests within %s"),
                         value, result->n_passes, result->mb_per_s_median,
                         result->iops, latency, p99);

  gtk_label_set_text (GTK_LABEL (cell->value), value);
  gtk_label_set_text (GTK_LABEL (cell->detail), detail);
  gtk_widget_set_tooltip_text (cell->box, tip);
  gtk_widget_remove_css_class (cell->box, "running");
  if (result->includes_cache)
    gtk_widget_add_css_class (cell->value, "warning");
  cell->filled = TRUE;
  if (self->running == test_index)
    self->running = G_MAXUINT;
}

void
drivedash_results_grid_set_running (DrivedashResultsGrid *self,
                                    guint                 test_index)
{
  g_return_if_fail (DRIVEDASH_IS_RESULTS_GRID (self));

  if (self->running < self->cells->len)
    gtk_widget_remove_css_class (g_array_index (self->cells, Cell, self->running).box, "running");
  self->running = test_index;
  if (test_index < self->cells->len)
    gtk_widget_add_css_class (g_array_index (self->cells, Cell, test_index).box, "running");
}

guint
drivedash_results_grid_get_n_filled (DrivedashResultsGrid *self)
{
  guint n = 0;

  g_return_val_if_fail (DRIVEDASH_IS_RESULTS_GRID (self), 0);

  for (guint i = 0; i < self->cells->len; i++)
    n += g_array_index (self->cells, Cell, i).filled;
  return n;
}

const char *
drivedash_results_grid_get_cell_text (DrivedashResultsGrid *self,
                                      guint                 test_index)
{
  Cell *cell;

  g_return_val_if_fail (DRIVEDASH_IS_RESULTS_GRID (self), NULL);

  if (test_index >= self->cells->len)
    return NULL;
  cell = &g_array_index (self->cells, Cell, test_index);
  return cell->filled ? gtk_label_get_text (GTK_LABEL (cell->value)) : NULL;
}

static void
drivedash_results_grid_finalize (GObject *object)
{
  DrivedashResultsGrid *self = DRIVEDASH_RESULTS_GRID (object);

  g_array_unref (self->cells);
  G_OBJECT_CLASS (drivedash_results_grid_parent_class)->finalize (object);
}

static void
drivedash_results_grid_class_init (DrivedashResultsGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = drivedash_results_grid_finalize;
  gtk_widget_class_set_css_name (widget_class, "resultsgrid");
}

static void
drivedash_results_grid_init (DrivedashResultsGrid *self)
{
  self->cells = g_array_new (FALSE, TRUE, sizeof (Cell));
  self->running = G_MAXUINT;
  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 6);
  adw_bin_set_child (ADW_BIN (self), self->grid);
}

GtkWidget *
drivedash_results_grid_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_RESULTS_GRID, NULL);
}
