/* drivedash-long-compare-model.c — the long-test comparison's view-model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything it says comes from drivedash-compare-long.c, which the
 * CLI's history compare prints too, so the two never disagree.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-compare.h"
#include "drivedash-history-format.h"
#include "drivedash-history-jobs.h"
#include "drivedash-long-compare-model.h"
#include "drivedash-notify.h"

struct _DrivedashLongCompareModel
{
  GObject               parent_instance;
  DrivedashCompareLong *comparison;
  GCancellable         *cancellable;
  gboolean              loading;
  char                 *title;
  char                 *legend;
  char                 *conclusion;
  char                 *provenance;  /* "Run on a different firmware …" */
  char                 *status;
};

G_DEFINE_FINAL_TYPE (DrivedashLongCompareModel, drivedash_long_compare_model, G_TYPE_OBJECT)

enum { PROP_0, PROP_COMPARISON, PROP_LOADING, PROP_TITLE, PROP_LEGEND, PROP_CONCLUSION, PROP_PROVENANCE,
       PROP_STATUS, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
set_string (DrivedashLongCompareModel  *self,
            char                      **field,
            const char                 *value,
            guint                       prop)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop]);
}

static void
set_loading (DrivedashLongCompareModel *self,
             gboolean                   loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
set_comparison (DrivedashLongCompareModel *self,
                DrivedashCompareLong      *comparison)
{
  if (self->comparison == comparison)
    return;
  g_clear_pointer (&self->comparison, drivedash_compare_long_unref);
  self->comparison = comparison ? drivedash_compare_long_ref (comparison) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
}

/* The name is the label; the date and drive say which run it is. */
static char *
make_legend (GPtrArray *runs)
{
  g_autoptr(GString) legend = g_string_new (NULL);

  for (guint i = 0; i < runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (runs, i);
      g_autofree char *title = drivedash_history_format_side_name (run);
      g_autofree char *date = drivedash_history_format_date (run->started_at);
      /* "%e" pads the day with a figure space (U+2007). */
      const char *day = g_str_has_prefix (date, "\u2007") ? date + strlen ("\u2007") : date;
      const char *game_mode = drivedash_history_format_game_mode (run->game_mode);

      /* Every run is of the same test: its name (or date), the date of a
       * named one, its drive. */
      g_string_append_printf (legend, "%s%s  %s", i ? "\n" : "", drivedash_history_side_label (i), title);
      if (run->name != NULL && run->name[0] != '\0')
        g_string_append_printf (legend, " · %s", day);
      g_string_append_printf (legend, " · %s", run->drive_model ? run->drive_model : _("Unknown drive"));
      if (game_mode != NULL)
        g_string_append_printf (legend, " · %s", game_mode);
    }
  return g_string_free (g_steal_pointer (&legend), FALSE);
}

void
drivedash_long_compare_model_set_runs (DrivedashLongCompareModel *self,
                                       GPtrArray                 *runs)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashCompareLong) cmp = NULL;
  g_autofree char *legend = NULL, *conclusion = NULL, *provenance = NULL;

  g_return_if_fail (DRIVEDASH_IS_LONG_COMPARE_MODEL (self));

  /* One run is shown alone, with what it measured. */
  if (runs->len == 1)
    cmp = drivedash_compare_long_new_one (g_ptr_array_index (runs, 0), &error);
  else
    cmp = drivedash_compare_long_new ((DrivedashStoreRun * const *) runs->pdata, runs->len, &error);
  if (cmp != NULL)
    {
      legend = make_legend (runs);
      conclusion = runs->len == 1 ? drivedash_compare_long_dup_figures (cmp)
                                  : drivedash_compare_long_dup_conclusion (cmp);
      provenance = drivedash_compare_dup_provenance ((DrivedashStoreRun *const *) runs->pdata, runs->len);
    }
  set_string (self, &self->title, cmp ? drivedash_history_format_kind (cmp->kind) : _("Comparison"), PROP_TITLE);
  set_string (self, &self->legend, legend, PROP_LEGEND);
  set_string (self, &self->conclusion, conclusion, PROP_CONCLUSION);
  set_string (self, &self->provenance, provenance, PROP_PROVENANCE);
  set_string (self, &self->status, error ? error->message : NULL, PROP_STATUS);
  set_comparison (self, cmp);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashLongCompareModel) self = user_data;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;

  runs = drivedash_history_load_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  if (runs != NULL)
    drivedash_long_compare_model_set_runs (self, runs);
  else
    {
      set_comparison (self, NULL);
      set_string (self, &self->status, error->message, PROP_STATUS);
    }
  set_loading (self, FALSE);
}

void
drivedash_long_compare_model_load (DrivedashLongCompareModel *self,
                                   const char                *path,
                                   const gint64              *ids,
                                   guint                      n_ids)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_COMPARE_MODEL (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  set_loading (self, TRUE);
  drivedash_history_load_async (path, ids, n_ids, self->cancellable, load_done_cb, g_object_ref (self));
}

gboolean
drivedash_long_compare_model_get_loading (DrivedashLongCompareModel *self)
{
  return self->loading;
}

DrivedashCompareLong *
drivedash_long_compare_model_get_comparison (DrivedashLongCompareModel *self)
{
  return self->comparison;
}

const char *
drivedash_long_compare_model_get_title (DrivedashLongCompareModel *self)
{
  return self->title;
}

const char *
drivedash_long_compare_model_get_legend (DrivedashLongCompareModel *self)
{
  return self->legend;
}

const char *
drivedash_long_compare_model_get_conclusion (DrivedashLongCompareModel *self)
{
  return self->conclusion;
}

const char *
drivedash_long_compare_model_get_status (DrivedashLongCompareModel *self)
{
  return self->status;
}

static void
drivedash_long_compare_model_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  DrivedashLongCompareModel *self = DRIVEDASH_LONG_COMPARE_MODEL (object);

  switch (prop_id)
    {
    case PROP_COMPARISON: g_value_set_boxed (value, self->comparison); break;
    case PROP_LOADING:    g_value_set_boolean (value, self->loading); break;
    case PROP_TITLE:      g_value_set_string (value, self->title); break;
    case PROP_LEGEND:     g_value_set_string (value, self->legend); break;
    case PROP_CONCLUSION: g_value_set_string (value, self->conclusion); break;
    case PROP_PROVENANCE: g_value_set_string (value, self->provenance); break;
    case PROP_STATUS:     g_value_set_string (value, self->status); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_long_compare_model_dispose (GObject *object)
{
  DrivedashLongCompareModel *self = DRIVEDASH_LONG_COMPARE_MODEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_long_compare_model_parent_class)->dispose (object);
}

static void
drivedash_long_compare_model_finalize (GObject *object)
{
  DrivedashLongCompareModel *self = DRIVEDASH_LONG_COMPARE_MODEL (object);

  g_clear_pointer (&self->comparison, drivedash_compare_long_unref);
  g_free (self->title);
  g_free (self->legend);
  g_free (self->conclusion);
  g_free (self->provenance);
  g_free (self->status);
  G_OBJECT_CLASS (drivedash_long_compare_model_parent_class)->finalize (object);
}

static void
drivedash_long_compare_model_class_init (DrivedashLongCompareModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_long_compare_model_get_property;
  object_class->dispose = drivedash_long_compare_model_dispose;
  object_class->finalize = drivedash_long_compare_model_finalize;
  properties[PROP_COMPARISON] = g_param_spec_boxed ("comparison", NULL, NULL, DRIVEDASH_TYPE_COMPARE_LONG, ro);
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_LEGEND] = g_param_spec_string ("legend", NULL, NULL, NULL, ro);
  properties[PROP_CONCLUSION] = g_param_spec_string ("conclusion", NULL, NULL, NULL, ro);
  /* What differed in how the runs were made (firmware, kernel, version). */
  properties[PROP_PROVENANCE] = g_param_spec_string ("provenance", NULL, NULL, NULL, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_long_compare_model_init (DrivedashLongCompareModel *self)
{
}

DrivedashLongCompareModel *
drivedash_long_compare_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_LONG_COMPARE_MODEL, NULL);
}
