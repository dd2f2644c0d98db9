/* drivedash-results-grid.c — benchmark results, CrystalDiskMark style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lays out a list model of DrivedashBenchResultItem: rows are the distinct
 * tests of a run ("SEQ1M Q8T1"), columns the modes (Read, Write, Mix).  The
 * grid only places things; each DrivedashResultCell binds to its item, so
 * cells fill in by themselves as the tests finish.  The layout is redone
 * when the list changes (a new run), never while the values change.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-bench-format.h"
#include "drivedash-bench-result-item.h"
#include "drivedash-result-cell.h"
#include "drivedash-results-grid.h"

struct _DrivedashResultsGrid
{
  AdwBin      parent_instance;

  GtkGrid    *grid;
  GListModel *model;
  GPtrArray  *cells;     /* DrivedashResultCell, indexed like the model */
};

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashResultsGrid, drivedash_results_grid, ADW_TYPE_BIN)

static gboolean
same_row (const DrivedashBenchSpec *a,
          const DrivedashBenchSpec *b)
{
  return a->pattern == b->pattern && a->block_size == b->block_size
         && a->queue_depth == b->queue_depth && a->threads == b->threads;
}

static void
clear_grid (DrivedashResultsGrid *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))))
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->cells, 0);
}

/* Column headers for the modes that occur; fills COLUMN_OF_MODE. */
static void
add_headers (DrivedashResultsGrid *self,
             int                   column_of_mode[3])
{
  guint n = g_list_model_get_n_items (self->model);
  int n_columns = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashBenchResultItem) item = g_list_model_get_item (self->model, i);
      DrivedashBenchMode mode = drivedash_bench_result_item_get_spec (item)->mode;

      if (mode <= DRIVEDASH_BENCH_MODE_MIX && column_of_mode[mode] < 0)
        column_of_mode[mode] = 0;
    }
  for (guint m = DRIVEDASH_BENCH_MODE_READ; m <= DRIVEDASH_BENCH_MODE_MIX; m++)
    if (column_of_mode[m] == 0)
      {
        g_autofree char *text = drivedash_bench_format_column_title (m);
        GtkWidget *header = gtk_label_new (text);

        column_of_mode[m] = ++n_columns;
        gtk_widget_add_css_class (header, "heading");
        gtk_widget_set_tooltip_text (header, _("Megabytes per second (1 MB = 1 000 000 bytes), the best of the passes"));
        gtk_grid_attach (self->grid, header, column_of_mode[m], 0, 1, 1);
      }
}

static void
add_row_title (DrivedashResultsGrid     *self,
               const DrivedashBenchSpec *spec,
               guint                     row)
{
  g_autofree char *name = drivedash_bench_format_row_title (spec);
  g_autofree char *tip = drivedash_bench_format_row_tooltip (spec);
  GtkWidget *label = gtk_label_new (name);

  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  /* The plain words are long: wrap them, so that 360 px still fits. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_widget_add_css_class (label, "results-test");
  gtk_widget_set_tooltip_text (label, tip);
  gtk_grid_attach (self->grid, label, 0, row + 1, 1, 1);
}

static void
rebuild (DrivedashResultsGrid *self)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));
  int column_of_mode[3] = { -1, -1, -1 };
  guint n;

  if (self->grid == NULL)
    return;
  clear_grid (self);
  if (self->model == NULL)
    return;

  add_headers (self, column_of_mode);
  n = g_list_model_get_n_items (self->model);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashBenchResultItem) item = g_list_model_get_item (self->model, i);
      const DrivedashBenchSpec *spec = drivedash_bench_result_item_get_spec (item);
      GtkWidget *cell;
      guint row;

      for (row = 0; row < rows->len; row++)
        if (same_row (&g_array_index (rows, DrivedashBenchSpec, row), spec))
          break;
      if (row == rows->len)
        {
          g_array_append_val (rows, *spec);
          add_row_title (self, spec, row);
        }

      cell = drivedash_result_cell_new (item);
      gtk_grid_attach (self->grid, cell,
                       spec->mode <= DRIVEDASH_BENCH_MODE_MIX ? column_of_mode[spec->mode] : 1,
                       row + 1, 1, 1);
      g_ptr_array_add (self->cells, cell);
    }
}

static void
items_changed_cb (DrivedashResultsGrid *self)
{
  rebuild (self);
}

GListModel *
drivedash_results_grid_get_model (DrivedashResultsGrid *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RESULTS_GRID (self), NULL);
  return self->model;
}

void
drivedash_results_grid_set_model (DrivedashResultsGrid *self,
                                  GListModel           *model)
{
  g_return_if_fail (DRIVEDASH_IS_RESULTS_GRID (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));

  if (self->model == model)
    return;
  if (self->model)
    g_signal_handlers_disconnect_by_func (self->model, items_changed_cb, self);
  g_set_object (&self->model, model);
  if (model)
    g_signal_connect_swapped (model, "items-changed", G_CALLBACK (items_changed_cb), self);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

guint
drivedash_results_grid_get_n_filled (DrivedashResultsGrid *self)
{
  guint n = 0;

  g_return_val_if_fail (DRIVEDASH_IS_RESULTS_GRID (self), 0);

  for (guint i = 0; i < self->cells->len; i++)
    {
      DrivedashResultCell *cell = g_ptr_array_index (self->cells, i);

      n += drivedash_bench_result_item_get_state (drivedash_result_cell_get_item (cell))
           == DRIVEDASH_BENCH_RESULT_DONE;
    }
  return n;
}

const char *
drivedash_results_grid_get_cell_text (DrivedashResultsGrid *self,
                                      guint                 test_index)
{
  DrivedashResultCell *cell;

  g_return_val_if_fail (DRIVEDASH_IS_RESULTS_GRID (self), NULL);

  if (test_index >= self->cells->len)
    return NULL;
  cell = g_ptr_array_index (self->cells, test_index);
  if (drivedash_bench_result_item_get_state (drivedash_result_cell_get_item (cell)) != DRIVEDASH_BENCH_RESULT_DONE)
    return NULL;
  return drivedash_result_cell_get_text (cell);
}

static void
drivedash_results_grid_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  DrivedashResultsGrid *self = DRIVEDASH_RESULTS_GRID (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_results_grid_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  DrivedashResultsGrid *self = DRIVEDASH_RESULTS_GRID (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      drivedash_results_grid_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_results_grid_dispose (GObject *object)
{
  DrivedashResultsGrid *self = DRIVEDASH_RESULTS_GRID (object);

  drivedash_results_grid_set_model (self, NULL);
  /* Not gtk_widget_dispose_template(): the grid is AdwBin's child, and
   * AdwBin unparents it. */
  self->grid = NULL;
  G_OBJECT_CLASS (drivedash_results_grid_parent_class)->dispose (object);
}

static void
drivedash_results_grid_finalize (GObject *object)
{
  DrivedashResultsGrid *self = DRIVEDASH_RESULTS_GRID (object);

  g_ptr_array_unref (self->cells);
  G_OBJECT_CLASS (drivedash_results_grid_parent_class)->finalize (object);
}

static void
drivedash_results_grid_class_init (DrivedashResultsGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_results_grid_get_property;
  object_class->set_property = drivedash_results_grid_set_property;
  object_class->dispose = drivedash_results_grid_dispose;
  object_class->finalize = drivedash_results_grid_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, G_TYPE_LIST_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-results-grid.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashResultsGrid, grid);
  gtk_widget_class_set_css_name (widget_class, "resultsgrid");
}

static void
drivedash_results_grid_init (DrivedashResultsGrid *self)
{
  self->cells = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
drivedash_results_grid_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_RESULTS_GRID, NULL);
}
