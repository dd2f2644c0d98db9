/* drivedash-compare-model.c — the Compare view's view-model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The statistics are drivedash-compare.c's (Welch's t-test, the same the
 * CLI's history compare and ab print), so the app and the CLI never
 * disagree about a verdict.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <string.h>

#include "drivedash-notify.h"
#include "drivedash-compare-model.h"
#include "drivedash-history-format.h"
#include "drivedash-history-jobs.h"
#include "drivedash-report.h"

struct _DrivedashCompareModel
{
  GObject        parent_instance;
  GListStore    *rows;
  GtkStringList *sides;      /* "A  30 Nov 2026, 19:22": what the baseline picker offers */
  GPtrArray     *runs;       /* the runs compared, as loaded */
  guint          baseline;   /* the side the others are measured against */
  gboolean       can_choose_baseline;
  GCancellable  *cancellable;
  gboolean       loading;
  char          *legend;
  char          *conclusion;
  char          *provenance; /* "Run on a different firmware …" */
  char          *status;
  gboolean       show_serial;         /* in the next report */
  gboolean       reporting;           /* a report is being written */
  GCancellable  *report_cancellable;
};

G_DEFINE_FINAL_TYPE (DrivedashCompareModel, drivedash_compare_model, G_TYPE_OBJECT)

enum { PROP_0, PROP_ROWS, PROP_SIDES, PROP_BASELINE, PROP_CAN_CHOOSE_BASELINE, PROP_LOADING, PROP_LEGEND,
       PROP_CONCLUSION, PROP_PROVENANCE, PROP_STATUS, PROP_SHOW_SERIAL, PROP_REPORTING, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
set_string (DrivedashCompareModel  *self,
            char                  **field,
            const char             *value,
            guint                   prop)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop]);
}

static void
set_boolean (DrivedashCompareModel *self,
             gboolean              *field,
             gboolean               value,
             guint                  prop)
{
  if (*field == !!value)
    return;
  *field = !!value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static gboolean
is_ab_set (GPtrArray *runs)
{
  DrivedashStoreRun *first = runs->len ? g_ptr_array_index (runs, 0) : NULL;

  return first != NULL && first->kind == DRIVEDASH_RUN_KIND_AB_SET;
}

/* The sides, A first: one per run; for an A/B set, its "off" and its
 * "on" rounds. */
static GArray *
make_sides (GPtrArray *runs,
            GPtrArray *off,
            GPtrArray *on)
{
  GArray *sides = g_array_new (FALSE, TRUE, sizeof (DrivedashCompareSide));

  if (is_ab_set (runs))
    {
      for (guint i = 1; i < runs->len; i++)
        {
          DrivedashStoreRun *run = g_ptr_array_index (runs, i);

          g_ptr_array_add (g_strcmp0 (run->set_role, "on") == 0 ? on : off, run);
        }
      if (off->len > 0 && on->len > 0)
        {
          DrivedashCompareSide a = { 0, "off", (DrivedashStoreRun **) off->pdata, off->len };
          DrivedashCompareSide b = { 0, "on", (DrivedashStoreRun **) on->pdata, on->len };

          g_array_append_val (sides, a);
          g_array_append_val (sides, b);
        }
      return sides;
    }
  for (guint i = 0; i < runs->len && i < 6; i++)
    {
      DrivedashCompareSide side = { 0, NULL, (DrivedashStoreRun **) &runs->pdata[i], 1 };

      side.id = ((DrivedashStoreRun *) runs->pdata[i])->id;
      g_array_append_val (sides, side);
    }
  return sides;
}

/* What a verdict calls a side: an A/B side by its game mode, a run by
 * its own name (else its date). */
static char *
side_name (const DrivedashCompareSide *side)
{
  if (side->n_runs > 1 || side->label != NULL)
    return g_strdup (drivedash_history_format_game_mode (side->runs[0]->game_mode));
  return drivedash_history_format_side_name (side->runs[0]);
}

static char *
side_description (const DrivedashCompareSide *side)
{
  const DrivedashStoreRun *run = side->runs[0];
  const char *game_mode = drivedash_history_format_game_mode (run->game_mode);
  g_autofree char *title = NULL, *subtitle = NULL;

  if (side->n_runs > 1 || side->label != NULL)
    /* TRANSLATORS: one side of an A/B test: "Game mode on, 5 rounds" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u round", "%s, %u rounds", side->n_runs),
                            game_mode ? game_mode : _("Unknown"), side->n_runs);
  subtitle = drivedash_history_format_subtitle (run);
  /* A named run by its name first: that is how the user knows it. */
  if (run->name != NULL && run->name[0] != '\0')
    return g_strdup_printf ("%s · %s · %s · %s", run->name, subtitle, drivedash_history_format_what (run),
                            run->drive_model ? run->drive_model : _("Unknown drive"));
  title = drivedash_history_format_title (run);
  if (subtitle[0] == '\0')
    return g_steal_pointer (&title);
  return g_strdup_printf ("%s · %s", title, subtitle);
}

static char *
make_legend (const GArray *sides,
             guint         baseline)
{
  g_autoptr(GString) legend = g_string_new (NULL);

  for (guint i = 0; i < sides->len; i++)
    {
      g_autofree char *text = side_description (&g_array_index (sides, DrivedashCompareSide, i));

      g_string_append_printf (legend, "%s%s  ", i ? "\n" : "", drivedash_history_side_label (i));
      if (i == baseline)
        /* TRANSLATORS: the side the others are measured against: "Game mode off, 5 rounds (the baseline)" */
        g_string_append_printf (legend, _("%s (the baseline)"), text);
      else
        g_string_append (legend, text);
    }
  return g_string_free (g_steal_pointer (&legend), FALSE);
}

/* The verdict entry @e has in every test, or CANNOT_TELL when it is not
 * the same in all (or cannot be told). */
static DrivedashCompareVerdict
uniform_verdict (GPtrArray *tests,
                 guint      e)
{
  DrivedashCompareVerdict verdict = DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL;

  for (guint i = 0; i < tests->len; i++)
    {
      const DrivedashCompareTest *t = g_ptr_array_index (tests, i);
      DrivedashCompareVerdict v = g_array_index (t->entries, DrivedashCompareEntry, e).vs_first.verdict;

      if (v == DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL || (i > 0 && v != verdict))
        return DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL;
      verdict = v;
    }
  return verdict;
}

/* Runs that each differ the same way in every test: one sentence a run,
 * the table has the figures.  NULL when some run differs test by test. */
static char *
same_everywhere (GPtrArray                   *tests,
                 const DrivedashCompareNames *names)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const char *baseline = drivedash_history_side_label (names->sides[0]);

  if (tests->len < 2)
    return NULL;
  for (guint e = 1; e < names->n_sides; e++)
    {
      const char *side = names->names[e];

      if (text->len > 0)
        g_string_append_c (text, '\n');
      switch (uniform_verdict (tests, e))
        {
        case DRIVEDASH_COMPARE_VERDICT_FASTER:
          /* TRANSLATORS: "B (After the update) is measurably faster than A in every test." */
          g_string_append_printf (text, _("%s is measurably faster than %s in every test."), side, baseline);
          break;
        case DRIVEDASH_COMPARE_VERDICT_SLOWER:
          g_string_append_printf (text, _("%s is measurably slower than %s in every test."), side, baseline);
          break;
        case DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE:
          /* TRANSLATORS: "No measurable difference between C (Off again) and A in any test." */
          g_string_append_printf (text, _("No measurable difference between %s and %s in any test."),
                                  side, baseline);
          break;
        case DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL:
        default:
          return NULL;
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
make_conclusion (GListModel                  *rows,
                 GPtrArray                   *tests,
                 const DrivedashCompareNames *names)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *advice = drivedash_compare_dup_cannot_tell (tests);
  guint n = g_list_model_get_n_items (rows), n_measurable = 0;
  char *same = same_everywhere (tests, names);

  if (same != NULL)
    return same;
  if (n == 0)
    return g_strdup (_("These runs have no test in common."));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashCompareRow) row = g_list_model_get_item (rows, i);
      g_auto(GStrv) lines = NULL;

      if (!drivedash_compare_row_get_measurable (row))
        continue;
      lines = g_strsplit (drivedash_compare_row_get_findings (row), "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        /* TRANSLATORS: "SEQ1M Q8T1 · Read: B (Game mode on) is 3.1 % faster than A (± 0.8 %)" */
        g_string_append_printf (text, _("%s: %s\n"), drivedash_compare_row_get_title (row), lines[l]);
      n_measurable++;
    }
  /* One pass per run says nothing either way: the advice, not "no
   * measurable difference". */
  if (n_measurable == n)
    g_string_truncate (text, text->len - 1);
  else if (advice != NULL)
    g_string_append (text, advice);
  else if (n_measurable == 0)
    g_string_append (text, _("No measurable difference in any test."));
  else
    g_string_append (text, _("No measurable difference in the other tests."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The sides in the order compared (the baseline first) and their names. */
typedef struct
{
  GArray *ordered;   /* of DrivedashCompareSide */
  guint   sides[6];
  char   *names[6];
  DrivedashCompareNames view;
} Ordered;

static void
order_sides (const GArray *sides,
             guint         baseline,
             Ordered      *out)
{
  out->ordered = g_array_new (FALSE, TRUE, sizeof (DrivedashCompareSide));
  for (guint i = 0, k = 0; i < sides->len && k < G_N_ELEMENTS (out->sides); i++)
    {
      guint side = i == 0 ? baseline : (i <= baseline ? i - 1 : i);
      const DrivedashCompareSide *s = &g_array_index (sides, DrivedashCompareSide, side);
      g_autofree char *name = side_name (s);

      g_array_append_val (out->ordered, *s);
      out->sides[k] = side;
      /* TRANSLATORS: a run in a verdict: "B (Game mode on)", "C (After the update)" */
      out->names[k] = g_strdup_printf (_("%s (%s)"), drivedash_history_side_label (side), name ? name : "?");
      k++;
    }
  out->view = (DrivedashCompareNames) { out->sides, (const char *const *) out->names, out->ordered->len };
}

static void
ordered_clear (Ordered *o)
{
  for (guint i = 0; i < o->ordered->len; i++)
    g_free (o->names[i]);
  g_array_unref (o->ordered);
}

static void
update_side_list (DrivedashCompareModel *self,
                  const GArray          *sides)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < sides->len; i++)
    {
      g_autofree char *name = side_name (&g_array_index (sides, DrivedashCompareSide, i));

      g_ptr_array_add (items, g_strdup_printf ("%s  %s", drivedash_history_side_label (i), name ? name : "?"));
    }
  g_ptr_array_add (items, NULL);
  gtk_string_list_splice (self->sides, 0, g_list_model_get_n_items (G_LIST_MODEL (self->sides)),
                          (const char *const *) items->pdata);
}

static void
compute (DrivedashCompareModel *self)
{
  g_autoptr(GPtrArray) off = g_ptr_array_new ();
  g_autoptr(GPtrArray) on = g_ptr_array_new ();
  g_autoptr(GArray) sides = make_sides (self->runs, off, on);
  g_autoptr(GPtrArray) tests = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *legend = NULL, *conclusion = NULL, *provenance = NULL;
  Ordered ordered;

  order_sides (sides, MIN (self->baseline, sides->len ? sides->len - 1 : 0), &ordered);
  if (sides->len >= 2)
    tests = drivedash_compare_sides ((const DrivedashCompareSide *) ordered.ordered->data, ordered.ordered->len);
  for (guint i = 0; tests != NULL && i < tests->len; i++)
    g_ptr_array_add (rows, drivedash_compare_row_new (g_ptr_array_index (tests, i), &ordered.view));
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
  legend = make_legend (sides, self->baseline);
  if (sides->len >= 2 && is_ab_set (self->runs))
    conclusion = drivedash_compare_dup_game_mode_conclusion (tests);
  else if (sides->len >= 2)
    conclusion = make_conclusion (G_LIST_MODEL (self->rows), tests, &ordered.view);
  if (sides->len >= 2)
    provenance = drivedash_compare_dup_provenance ((DrivedashStoreRun *const *) self->runs->pdata, self->runs->len);
  ordered_clear (&ordered);
  set_string (self, &self->legend, legend, PROP_LEGEND);
  set_string (self, &self->conclusion, conclusion, PROP_CONCLUSION);
  set_string (self, &self->provenance, provenance, PROP_PROVENANCE);
  set_string (self, &self->status, sides->len >= 2 ? NULL : _("Pick two to six runs to compare."),
              PROP_STATUS);
}

void
drivedash_compare_model_set_runs (DrivedashCompareModel *self,
                                  GPtrArray             *runs)
{
  g_autoptr(GPtrArray) off = g_ptr_array_new ();
  g_autoptr(GPtrArray) on = g_ptr_array_new ();
  g_autoptr(GArray) sides = NULL;

  g_return_if_fail (DRIVEDASH_IS_COMPARE_MODEL (self));

  g_ptr_array_ref (runs);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  self->runs = runs;
  sides = make_sides (runs, off, on);
  /* A new comparison starts from A, the oldest run. */
  if (self->baseline != 0)
    {
      self->baseline = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASELINE]);
    }
  update_side_list (self, sides);
  /* An A/B test is game mode off against on, always. */
  set_boolean (self, &self->can_choose_baseline, sides->len >= 2 && !is_ab_set (runs),
               PROP_CAN_CHOOSE_BASELINE);
  compute (self);
}

guint
drivedash_compare_model_get_baseline (DrivedashCompareModel *self)
{
  return self->baseline;
}

void
drivedash_compare_model_set_baseline (DrivedashCompareModel *self,
                                      guint                  baseline)
{
  g_return_if_fail (DRIVEDASH_IS_COMPARE_MODEL (self));

  if (baseline == self->baseline || baseline >= g_list_model_get_n_items (G_LIST_MODEL (self->sides)))
    return;
  if (!self->can_choose_baseline)
    return;
  self->baseline = baseline;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASELINE]);
  compute (self);
}

gboolean
drivedash_compare_model_get_can_choose_baseline (DrivedashCompareModel *self)
{
  return self->can_choose_baseline;
}

GListModel *
drivedash_compare_model_get_sides (DrivedashCompareModel *self)
{
  return G_LIST_MODEL (self->sides);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashCompareModel) self = user_data;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;

  runs = drivedash_history_load_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  set_boolean (self, &self->loading, FALSE, PROP_LOADING);
  if (runs != NULL)
    drivedash_compare_model_set_runs (self, runs);
  else
    set_string (self, &self->status, error->message, PROP_STATUS);
}

void
drivedash_compare_model_load (DrivedashCompareModel *self,
                              const char            *path,
                              const gint64          *ids,
                              guint                  n_ids)
{
  g_return_if_fail (DRIVEDASH_IS_COMPARE_MODEL (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  set_boolean (self, &self->loading, TRUE, PROP_LOADING);
  drivedash_history_load_async (path, ids, n_ids, self->cancellable, load_done_cb, g_object_ref (self));
}

gboolean
drivedash_compare_model_get_loading (DrivedashCompareModel *self)
{
  return self->loading;
}

GListModel *
drivedash_compare_model_get_rows (DrivedashCompareModel *self)
{
  return G_LIST_MODEL (self->rows);
}

const char *
drivedash_compare_model_get_legend (DrivedashCompareModel *self)
{
  return self->legend;
}

const char *
drivedash_compare_model_get_conclusion (DrivedashCompareModel *self)
{
  return self->conclusion;
}

const char *
drivedash_compare_model_get_status (DrivedashCompareModel *self)
{
  return self->status;
}

gboolean
drivedash_compare_model_get_show_serial (DrivedashCompareModel *self)
{
  return self->show_serial;
}

void
drivedash_compare_model_set_show_serial (DrivedashCompareModel *self,
                                         gboolean               show_serial)
{
  g_return_if_fail (DRIVEDASH_IS_COMPARE_MODEL (self));

  set_boolean (self, &self->show_serial, show_serial, PROP_SHOW_SERIAL);
}

gboolean
drivedash_compare_model_get_reporting (DrivedashCompareModel *self)
{
  return self->reporting;
}

/* The runs the report is of, the baseline first: an A/B test is its set. */
static GArray *
report_ids (DrivedashCompareModel *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < self->runs->len && i < 6; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (self->runs, i);

      if (i == self->baseline)
        g_array_prepend_val (ids, run->id);
      else
        g_array_append_val (ids, run->id);
      if (run->kind == DRIVEDASH_RUN_KIND_AB_SET)
        break;
    }
  return ids;
}

char *
drivedash_compare_model_dup_html_path (const char *pdf_path)
{
  return drivedash_report_dup_html_path (pdf_path);
}

static void
report_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DrivedashCompareModel *self = g_task_get_source_object (task);
  GError *error = NULL;

  g_clear_object (&self->report_cancellable);
  set_boolean (self, &self->reporting, FALSE, PROP_REPORTING);
  if (drivedash_report_write_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
drivedash_compare_model_make_report (DrivedashCompareModel *self,
                                     const char            *store_path,
                                     const char            *pdf_path,
                                     GAsyncReadyCallback    callback,
                                     gpointer               user_data)
{
  g_autoptr(GArray) ids = report_ids (self);

  drivedash_compare_model_make_report_of (self, store_path, (const gint64 *) (gpointer) ids->data, ids->len,
                                          pdf_path, callback, user_data);
}

void
drivedash_compare_model_make_report_of (DrivedashCompareModel *self,
                                        const char            *store_path,
                                        const gint64          *ids,
                                        guint                  n_ids,
                                        const char            *pdf_path,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;
  g_autofree char *html_path = drivedash_compare_model_dup_html_path (pdf_path);

  g_return_if_fail (DRIVEDASH_IS_COMPARE_MODEL (self));

  if (self->reporting)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, _("A report is already being made."));
      return;
    }
  options.show_serial = self->show_serial;
  self->report_cancellable = g_cancellable_new ();
  set_boolean (self, &self->reporting, TRUE, PROP_REPORTING);
  drivedash_report_write_async (store_path, ids, n_ids, &options,
                                pdf_path, html_path, self->report_cancellable, report_done_cb,
                                g_steal_pointer (&task));
}

gboolean
drivedash_compare_model_make_report_finish (DrivedashCompareModel  *self,
                                            GAsyncResult           *result,
                                            GError                **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
drivedash_compare_model_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashCompareModel *self = DRIVEDASH_COMPARE_MODEL (object);

  switch (prop_id)
    {
    case PROP_ROWS:       g_value_set_object (value, self->rows); break;
    case PROP_SIDES:      g_value_set_object (value, self->sides); break;
    case PROP_BASELINE:   g_value_set_uint (value, self->baseline); break;
    case PROP_CAN_CHOOSE_BASELINE: g_value_set_boolean (value, self->can_choose_baseline); break;
    case PROP_LOADING:    g_value_set_boolean (value, self->loading); break;
    case PROP_LEGEND:     g_value_set_string (value, self->legend); break;
    case PROP_CONCLUSION: g_value_set_string (value, self->conclusion); break;
    case PROP_PROVENANCE: g_value_set_string (value, self->provenance); break;
    case PROP_STATUS:     g_value_set_string (value, self->status); break;
    case PROP_SHOW_SERIAL: g_value_set_boolean (value, self->show_serial); break;
    case PROP_REPORTING:  g_value_set_boolean (value, self->reporting); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_compare_model_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  DrivedashCompareModel *self = DRIVEDASH_COMPARE_MODEL (object);

  switch (prop_id)
    {
    case PROP_BASELINE: drivedash_compare_model_set_baseline (self, g_value_get_uint (value)); break;
    case PROP_SHOW_SERIAL: drivedash_compare_model_set_show_serial (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_compare_model_dispose (GObject *object)
{
  DrivedashCompareModel *self = DRIVEDASH_COMPARE_MODEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_cancellable_cancel (self->report_cancellable);
  g_clear_object (&self->report_cancellable);
  G_OBJECT_CLASS (drivedash_compare_model_parent_class)->dispose (object);
}

static void
drivedash_compare_model_finalize (GObject *object)
{
  DrivedashCompareModel *self = DRIVEDASH_COMPARE_MODEL (object);

  g_clear_object (&self->rows);
  g_clear_object (&self->sides);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_free (self->legend);
  g_free (self->conclusion);
  g_free (self->provenance);
  g_free (self->status);
  G_OBJECT_CLASS (drivedash_compare_model_parent_class)->finalize (object);
}

static void
drivedash_compare_model_class_init (DrivedashCompareModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_compare_model_get_property;
  object_class->set_property = drivedash_compare_model_set_property;
  object_class->dispose = drivedash_compare_model_dispose;
  object_class->finalize = drivedash_compare_model_finalize;
  properties[PROP_ROWS] = g_param_spec_object ("rows", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_SIDES] = g_param_spec_object ("sides", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  /* Up to G_MAXUINT: the Baseline drop-down says "none" while its list
   * is replaced, and set_baseline() ignores that. */
  properties[PROP_BASELINE] = g_param_spec_uint ("baseline", NULL, NULL, 0, G_MAXUINT, 0, ro | G_PARAM_WRITABLE);
  properties[PROP_CAN_CHOOSE_BASELINE] = g_param_spec_boolean ("can-choose-baseline", NULL, NULL, FALSE, ro);
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  properties[PROP_LEGEND] = g_param_spec_string ("legend", NULL, NULL, NULL, ro);
  properties[PROP_CONCLUSION] = g_param_spec_string ("conclusion", NULL, NULL, NULL, ro);
  /* What differed in how the runs were made (firmware, kernel, version). */
  properties[PROP_PROVENANCE] = g_param_spec_string ("provenance", NULL, NULL, NULL, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_SHOW_SERIAL] = g_param_spec_boolean ("show-serial", NULL, NULL, FALSE, ro | G_PARAM_WRITABLE);
  properties[PROP_REPORTING] = g_param_spec_boolean ("reporting", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_compare_model_init (DrivedashCompareModel *self)
{
  self->rows = g_list_store_new (DRIVEDASH_TYPE_COMPARE_ROW);
  self->sides = gtk_string_list_new (NULL);
  self->runs = g_ptr_array_new ();
}

DrivedashCompareModel *
drivedash_compare_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_COMPARE_MODEL, NULL);
}
