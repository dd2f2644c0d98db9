/* drivedash-result-cell.c — one cell of the results grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows one DrivedashBenchResultItem: the best pass in MB/s, big, and IOPS
 * and mean latency under it.  Everything it shows is bound in its template
 * to the item's properties through the pure functions of
 * drivedash-bench-format.h.
 */
#include "config.h"

#include "drivedash-result-cell.h"

struct _DrivedashResultCell
{
  AdwBin                    parent_instance;

  DrivedashBenchResultItem *item;
  GtkLabel                 *value_label;
};

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashResultCell, drivedash_result_cell, ADW_TYPE_BIN)

static char *
value_text_cb (gpointer                  unused,
               DrivedashBenchResultState state,
               double                    mb_per_s)
{
  return drivedash_bench_format_value_text (state, mb_per_s);
}

static char *
detail_text_cb (gpointer                  unused,
                DrivedashBenchResultState state,
                double                    iops,
                double                    latency_us)
{
  return drivedash_bench_format_detail_text (state, iops, latency_us);
}

static char *
tooltip_cb (gpointer                  unused,
            DrivedashBenchResultState state,
            double                    mb_per_s,
            guint                     n_passes,
            double                    median,
            double                    iops,
            double                    latency_us,
            double                    p99_us)
{
  if (state != DRIVEDASH_BENCH_RESULT_DONE)
    return NULL;
  return drivedash_bench_format_tooltip (mb_per_s, n_passes, median, iops, latency_us, p99_us);
}

static GStrv
cell_classes_cb (gpointer                  unused,
                 DrivedashBenchResultState state)
{
  return drivedash_bench_format_cell_classes (state);
}

static GStrv
value_classes_cb (gpointer unused,
                  gboolean doubtful)
{
  return drivedash_bench_format_value_classes (doubtful);
}

/* GtkBuilder cannot bind accessible properties: follow the item here. */
static void
item_changed_cb (DrivedashResultCell *self)
{
  g_autofree char *name = NULL;
  DrivedashBenchResultState state;

  g_object_get (self->item, "state", &state, NULL);
  name = drivedash_bench_format_cell_accessible (drivedash_bench_result_item_get_spec (self->item), state,
                                                 drivedash_bench_result_item_get_mb_per_s (self->item));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
drivedash_result_cell_constructed (GObject *object)
{
  DrivedashResultCell *self = DRIVEDASH_RESULT_CELL (object);

  G_OBJECT_CLASS (drivedash_result_cell_parent_class)->constructed (object);
  if (self->item == NULL)
    return;
  g_signal_connect_object (self->item, "notify::state", G_CALLBACK (item_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->item, "notify::mb-per-s", G_CALLBACK (item_changed_cb), self, G_CONNECT_SWAPPED);
  item_changed_cb (self);
}

static void
drivedash_result_cell_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashResultCell *self = DRIVEDASH_RESULT_CELL (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_result_cell_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DrivedashResultCell *self = DRIVEDASH_RESULT_CELL (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      self->item = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_result_cell_dispose (GObject *object)
{
  DrivedashResultCell *self = DRIVEDASH_RESULT_CELL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_RESULT_CELL);
  g_clear_object (&self->item);
  G_OBJECT_CLASS (drivedash_result_cell_parent_class)->dispose (object);
}

static void
drivedash_result_cell_class_init (DrivedashResultCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_result_cell_get_property;
  object_class->set_property = drivedash_result_cell_set_property;
  object_class->dispose = drivedash_result_cell_dispose;
  object_class->constructed = drivedash_result_cell_constructed;

  properties[PROP_ITEM] = g_param_spec_object ("item", NULL, NULL, DRIVEDASH_TYPE_BENCH_RESULT_ITEM,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-result-cell.ui");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, DrivedashResultCell, value_label);
  gtk_widget_class_bind_template_callback (widget_class, value_text_cb);
  gtk_widget_class_bind_template_callback (widget_class, detail_text_cb);
  gtk_widget_class_bind_template_callback (widget_class, tooltip_cb);
  gtk_widget_class_bind_template_callback (widget_class, cell_classes_cb);
  gtk_widget_class_bind_template_callback (widget_class, value_classes_cb);
}

static void
drivedash_result_cell_init (DrivedashResultCell *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
drivedash_result_cell_new (DrivedashBenchResultItem *item)
{
  return g_object_new (DRIVEDASH_TYPE_RESULT_CELL, "item", item, NULL);
}

DrivedashBenchResultItem *
drivedash_result_cell_get_item (DrivedashResultCell *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RESULT_CELL (self), NULL);
  return self->item;
}

const char *
drivedash_result_cell_get_text (DrivedashResultCell *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RESULT_CELL (self), NULL);
  return gtk_label_get_text (self->value_label);
}
