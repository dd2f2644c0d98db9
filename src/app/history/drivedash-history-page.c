/* drivedash-history-page.c — the History view: wiring between the
 * template and its view-models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-closures.h"
#include "drivedash-ab-model.h"
#include "drivedash-bench-plots.h"
#include "drivedash-bench-result-item.h"
#include "drivedash-bench-words.h"
#include "drivedash-compare-chart.h"
#include "drivedash-entry-row.h"
#include "drivedash-file-chooser.h"
#include "drivedash-history-format.h"
#include "drivedash-history-jobs.h"
#include "drivedash-history-page.h"
#include "drivedash-history-transfer.h"
#include "drivedash-long-compare-view.h"
#include "drivedash-results-grid.h"
#include "drivedash-run-notes.h"
#include "drivedash-review-state.h"
#include "drivedash-toast.h"

struct _DrivedashHistoryPage
{
  AdwBin                 parent_instance;

  DrivedashHistoryModel *history;
  DrivedashCompareModel *compare;
  DrivedashLongCompareView *long_compare;
  GtkStack              *stack;
  GtkListBox            *list;
  GtkListBox            *compare_list;
  GtkLabel              *run_title;
  GtkLabel              *run_subtitle;
  DrivedashEntryRow     *name_row;
  DrivedashEntryRow     *note_row;
  GListStore            *run_results;
  GtkWidget             *grid;
  GtkLabel              *run_figures;
  GtkWidget             *run_graphs;
  DrivedashBenchPlots   *plots;
  DrivedashRunNotes     *run_notes;
  DrivedashAbModel      *ab;
  AdwComboRow           *ab_preset;
  GtkSpinButton         *ab_rounds;
  GtkLabel              *ab_status;
  GtkLabel              *ab_estimate;
  GtkWidget             *ab_start;

  DrivedashHistoryItem  *current;       /* the run shown on the "run" view */
  AdwToast              *delete_toast;  /* weak: the last "Run deleted" */
  GCancellable          *open_cancellable;
};

G_DEFINE_FINAL_TYPE (DrivedashHistoryPage, drivedash_history_page, ADW_TYPE_BIN)

static void
row_activated_cb (AdwActionRow         *row,
                  DrivedashHistoryPage *self)
{
  drivedash_history_page_open (self, g_object_get_data (G_OBJECT (row), "item"));
}

/* A screen reader hears the title, then the date and speeds; the check
 * box says which run it ticks. */
static void
describe_run_row (DrivedashHistoryItem *item,
                  GParamSpec           *pspec,
                  GtkWidget            *row)
{
  GtkWidget *check = g_object_get_data (G_OBJECT (row), "check");
  /* TRANSLATORS: a check box's name read aloud: "Compare this run: Speed test · Samsung SSD 970" */
  g_autofree char *check_name = g_strdup_printf (_("Compare this run: %s"),
                                                 drivedash_history_item_get_title (item));

  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  drivedash_history_item_get_description (item), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, check_name, -1);
}

static GtkWidget *
create_run_row (gpointer item,
                gpointer user_data)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *headline = gtk_label_new (NULL);

  g_object_set_data_full (G_OBJECT (row), "item", g_object_ref (item), g_object_unref);
  g_object_set_data (G_OBJECT (row), "check", check);
  /* Run names and drive models are text (maybe imported), not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  g_object_bind_property (item, "title", row, "title", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "subtitle", row, "subtitle", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "headline", headline, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "selected", check, "active", G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (check, _("Compare this run"));
  gtk_widget_add_css_class (headline, "numeric");
  gtk_label_set_justify (GTK_LABEL (headline), GTK_JUSTIFY_RIGHT);
  gtk_label_set_xalign (GTK_LABEL (headline), 1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), headline);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_signal_connect (row, "activated", G_CALLBACK (row_activated_cb), user_data);
  describe_run_row (item, NULL, row);
  g_signal_connect_object (item, "notify::title", G_CALLBACK (describe_run_row), row, 0);
  g_signal_connect_object (item, "notify::description", G_CALLBACK (describe_run_row), row, 0);
  return row;
}

static GtkWidget *
create_compare_row (gpointer item,
                    gpointer user_data)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *values = gtk_label_new (NULL);
  GtkWidget *differences = gtk_label_new (NULL);

  /* The verdict in words under the test's name; the figures beside it.
   * Test names are text, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  g_object_bind_property (item, "title", row, "title", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "verdict", row, "subtitle", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "values", values, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (item, "differences", differences, "label", G_BINDING_SYNC_CREATE);
  /* A row is made anew for each comparison: its words do not change. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  drivedash_compare_row_get_description (item), -1);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  gtk_label_set_xalign (GTK_LABEL (values), 1);
  gtk_label_set_xalign (GTK_LABEL (differences), 1);
  gtk_widget_add_css_class (values, "numeric");
  gtk_widget_add_css_class (differences, "numeric");
  gtk_widget_add_css_class (differences, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), values);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), differences);
  return row;
}

/* A long test has no speed grid: what it measured, in words, and a
 * button to its graphs (the long-test comparison with this run alone). */
/* What the run said of its results, as it was kept; NULL: nothing. */
static void
show_notes (DrivedashHistoryPage       *self,
            const DrivedashBenchReport *report)
{
  g_autofree char *doubts = report ? drivedash_bench_report_dup_doubt_text (report) : NULL;
  g_autofree char *device = report ? drivedash_bench_report_dup_device_text (report) : NULL;

  drivedash_run_notes_set_doubt_text (self->run_notes, doubts);
  drivedash_run_notes_set_device_text (self->run_notes, device);
}

static gboolean
show_long_run (DrivedashHistoryPage *self,
               DrivedashStoreRun    *run)
{
  gboolean is_long = drivedash_compare_long_supports (run->kind);
  g_autoptr(DrivedashCompareLong) cmp = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *figures = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->run_figures), is_long);
  gtk_widget_set_visible (self->run_graphs, is_long);
  gtk_widget_set_visible (self->grid, !is_long);
  if (!is_long)
    return FALSE;
  cmp = drivedash_compare_long_new_one (run, &error);
  figures = cmp ? drivedash_compare_long_dup_figures (cmp) : NULL;
  gtk_label_set_text (self->run_figures, cmp ? figures : error->message);
  gtk_widget_set_visible (self->run_graphs, cmp != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->plots), FALSE);
  show_notes (self, NULL);
  return TRUE;
}

static void
show_speed_run (DrivedashHistoryPage *self,
                DrivedashStoreRun    *run)
{
  g_autoptr(DrivedashBenchReport) report = drivedash_store_run_to_report (run);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) samples = run->series ? drivedash_store_series_decode (run->series, NULL) : NULL;

  for (guint i = 0; i < report->results->len; i++)
    {
      const DrivedashBenchResult *result = g_ptr_array_index (report->results, i);
      DrivedashBenchResultItem *item = drivedash_bench_result_item_new (&result->spec);

      drivedash_bench_result_item_set_result (item, result);
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (self->run_results, 0, g_list_model_get_n_items (G_LIST_MODEL (self->run_results)),
                       items->pdata, items->len);
  drivedash_bench_plots_show_stored (self->plots, report, samples);
  gtk_widget_set_visible (GTK_WIDGET (self->plots), samples != NULL && samples->len > 0);
  show_notes (self, report);
}

/* A full review: its steps, each with what it measured; Report makes
 * the review's report. */
static void
show_review_run (DrivedashHistoryPage *self,
                 GPtrArray            *runs)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const DrivedashStoreRun *review = g_ptr_array_index (runs, 0);
  g_autoptr(DrivedashReviewState) state = drivedash_review_state_from_record (review->settings_json, NULL);

  /* Its answer first, from its record; then each step. */
  if (state != NULL && drivedash_review_state_next_step (state) > 0)
    {
      g_autofree char *verdict = drivedash_review_state_dup_verdict (state);

      g_string_append_printf (text, "%s\n", verdict);
    }
  for (guint i = 1; i < runs->len; i++)
    {
      const DrivedashStoreRun *step = g_ptr_array_index (runs, i);
      g_autofree char *headline = drivedash_history_format_headline (step);
      g_auto(GStrv) lines = g_strsplit (headline, "\n", -1);
      g_autofree char *figures = g_strjoinv (", ", lines);

      if (i > 1)
        g_string_append_c (text, '\n');
      if (figures[0] != '\0')
        /* TRANSLATORS: a step of a full review in History: its number, what
         * it was ("Sustained writes") and its figures */
        g_string_append_printf (text, _("%u. %s: %s"), i, drivedash_history_format_what (step), figures);
      else
        g_string_append_printf (text, "%u. %s", i, drivedash_history_format_what (step));
    }
  if (runs->len < 2)
    g_string_append (text, _("No finished step of this review is stored."));
  gtk_label_set_text (self->run_figures, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->run_figures), TRUE);
  gtk_widget_set_visible (self->run_graphs, FALSE);
  gtk_widget_set_visible (self->grid, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->plots), FALSE);
  show_notes (self, NULL);
}

static void
open_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashHistoryPage) self = user_data;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;

  runs = drivedash_history_load_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->open_cancellable);
  if (runs == NULL || runs->len == 0)
    {
      gtk_label_set_text (self->run_subtitle, error ? error->message : _("This run is no longer stored."));
      return;
    }
  if (((DrivedashStoreRun *) g_ptr_array_index (runs, 0))->kind == DRIVEDASH_RUN_KIND_REVIEW)
    show_review_run (self, runs);
  else if (!show_long_run (self, g_ptr_array_index (runs, 0)))
    show_speed_run (self, g_ptr_array_index (runs, 0));
}

void
drivedash_history_page_open (DrivedashHistoryPage *self,
                             DrivedashHistoryItem *item)
{
  const DrivedashStoreRun *run = drivedash_history_item_get_run (item);
  gint64 id = run->id;

  g_return_if_fail (DRIVEDASH_IS_HISTORY_PAGE (self));

  /* An A/B test is a comparison of its own rounds. */
  if (run->kind == DRIVEDASH_RUN_KIND_AB_SET)
    {
      drivedash_compare_model_load (self->compare, drivedash_history_model_get_path (self->history), &id, 1);
      gtk_stack_set_visible_child_name (self->stack, "compare");
      return;
    }
  g_set_object (&self->current, item);
  gtk_label_set_text (self->run_title, drivedash_history_item_get_title (item));
  gtk_label_set_text (self->run_subtitle, drivedash_history_item_get_subtitle (item));
  drivedash_entry_row_set_text (self->name_row, run->name);
  drivedash_entry_row_set_text (self->note_row, run->note);
  g_list_store_remove_all (self->run_results);
  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();
  drivedash_history_load_async (drivedash_history_model_get_path (self->history), &id, 1,
                                self->open_cancellable, open_done_cb, g_object_ref (self));
  gtk_stack_set_visible_child_name (self->stack, "run");
}

static void
apply_cb (DrivedashEntryRow    *row,
          DrivedashHistoryPage *self)
{
  const char *text = drivedash_entry_row_get_text (row);

  if (self->current == NULL)
    return;
  if (row == self->name_row)
    {
      drivedash_history_model_rename (self->history, self->current, text);
      gtk_label_set_text (self->run_title, drivedash_history_item_get_title (self->current));
    }
  else
    drivedash_history_model_set_note (self->history, self->current, text);
}

static void
run_graphs_action (GtkWidget  *widget,
                   const char *action,
                   GVariant   *param)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (widget);
  gint64 id;

  if (self->current == NULL)
    return;
  id = drivedash_history_item_get_id (self->current);
  drivedash_long_compare_model_load (drivedash_long_compare_view_get_model (self->long_compare),
                                     drivedash_history_model_get_path (self->history), &id, 1);
  gtk_stack_set_visible_child_name (self->stack, "long-compare");
}

static void
back_action (GtkWidget  *widget,
             const char *action,
             GVariant   *param)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (widget);

  gtk_stack_set_visible_child_name (self->stack, "list");
}

/* Long tests compare over time and round by round, in their own view;
 * one long run among the ticked ones picks it, and it refuses a mix in
 * plain words. */
static gboolean
selection_has_long_test (DrivedashHistoryPage *self)
{
  GListModel *runs = drivedash_history_model_get_runs (self->history);

  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);

      if (drivedash_history_item_get_selected (item) &&
          drivedash_compare_long_supports (drivedash_history_item_get_run (item)->kind))
        return TRUE;
    }
  return FALSE;
}

static void
compare_action (GtkWidget  *widget,
                const char *action,
                GVariant   *param)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (widget);
  g_autoptr(GArray) ids = drivedash_history_model_dup_selected_ids (self->history);

  /* The oldest run is A, the baseline: lists are newest first. */
  for (guint i = 0; i < ids->len / 2; i++)
    {
      gint64 t = g_array_index (ids, gint64, i);

      g_array_index (ids, gint64, i) = g_array_index (ids, gint64, ids->len - 1 - i);
      g_array_index (ids, gint64, ids->len - 1 - i) = t;
    }
  if (selection_has_long_test (self))
    {
      drivedash_long_compare_model_load (drivedash_long_compare_view_get_model (self->long_compare),
                                         drivedash_history_model_get_path (self->history),
                                         (const gint64 *) (gpointer) ids->data, ids->len);
      gtk_stack_set_visible_child_name (self->stack, "long-compare");
      return;
    }
  drivedash_compare_model_load (self->compare, drivedash_history_model_get_path (self->history),
                                (const gint64 *) (gpointer) ids->data, ids->len);
  gtk_stack_set_visible_child_name (self->stack, "compare");
}

/* Each toast acts on its own run only: a second delete has committed
 * the first, and its toast must not undo or forget the second. */
static gboolean
toast_is_pending (AdwToast              *toast,
                  DrivedashHistoryModel *history)
{
  DrivedashHistoryItem *removed = drivedash_history_model_get_removed (history);

  return removed != NULL && g_object_get_data (G_OBJECT (toast), "item") == (gpointer) removed;
}

static void
undo_cb (AdwToast              *toast,
         DrivedashHistoryModel *history)
{
  if (toast_is_pending (toast, history))
    drivedash_history_model_undo_remove (history);
}

static void
toast_dismissed_cb (AdwToast              *toast,
                    DrivedashHistoryModel *history)
{
  /* Dismissed after Undo: nothing is pending any more, this is a no-op. */
  if (toast_is_pending (toast, history))
    drivedash_history_model_commit_remove (history);
}

/* Gone or on its way out (it slides out for a while): the next delete
 * makes a new one. */
static void
delete_toast_dismissed_cb (AdwToast             *toast,
                           DrivedashHistoryPage *self)
{
  if (self->delete_toast == toast)
    g_clear_weak_pointer (&self->delete_toast);
}

/* The "Run deleted" toast: one, renamed for each delete while it shows,
 * never dismissed by the page.  libadwaita 1.2 frees a toast dismissed
 * while it is still sliding in (shown in 500 ms when it replaces another,
 * hidden in 300) and then writes to it when the slide ends: three quick
 * deletes crashed (fixed in libadwaita 1.3, commit 1674ebc9).  Showing
 * the same toast again only restarts its timeout. */
static AdwToast *
delete_toast (DrivedashHistoryPage *self)
{
  AdwToast *toast = self->delete_toast;

  if (toast != NULL)
    return g_object_ref (toast);
  toast = adw_toast_new ("");
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (undo_cb), self->history, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self->history, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (delete_toast_dismissed_cb), self, 0);
  g_set_weak_pointer (&self->delete_toast, toast);
  return toast;
}

static void
delete_action (GtkWidget  *widget,
               const char *action,
               GVariant   *param)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (widget);
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (self->current == NULL)
    return;
  /* TRANSLATORS: a toast; %s is the run's title */
  text = g_strdup_printf (_("Run deleted: %s"), drivedash_history_item_get_title (self->current));
  toast = delete_toast (self);
  drivedash_toast_set_plain_title (toast, text);
  /* Its Undo and timeout act on this run only; the run before is
   * committed by the remove below. */
  g_object_set_data_full (G_OBJECT (toast), "item", g_object_ref (self->current), g_object_unref);
  drivedash_history_model_remove (self->history, self->current);
  g_clear_object (&self->current);
  gtk_stack_set_visible_child_name (self->stack, "list");
  /* Shown now, not after a toast already on screen: Undo is for a few seconds. */
  drivedash_history_page_show_toast (self, toast);
}

static void
show_run_action (GtkWidget  *widget,
                 const char *action,
                 GVariant   *param)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (widget);
  DrivedashHistoryItem *item = drivedash_history_model_find (self->history, g_variant_get_int64 (param));

  if (item == NULL)
    {
      drivedash_history_page_show_toast (self, adw_toast_new (_("This run is no longer stored.")));
      return;
    }
  drivedash_history_page_open (self, item);
}

static void
ab_action (GtkWidget  *widget,
           const char *action,
           GVariant   *param)
{
  gtk_stack_set_visible_child_name (DRIVEDASH_HISTORY_PAGE (widget)->stack, "ab");
}

static void
ab_folder_chosen (GObject *owner,
                  GFile   *folder)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (owner);

  if (folder != NULL)
    drivedash_bench_options_set_folder (drivedash_ab_model_get_options (self->ab), folder);
}

static void
ab_folder_action (GtkWidget  *widget,
                  const char *action,
                  GVariant   *param)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (widget);
  GFile *folder = drivedash_bench_options_get_folder (drivedash_ab_model_get_options (self->ab));

  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("Folder to Test"),
                              _("_Select"), folder, NULL, G_OBJECT (widget), ab_folder_chosen);
}

static void
ab_start_action (GtkWidget  *widget,
                 const char *action,
                 GVariant   *param)
{
  drivedash_ab_model_start (DRIVEDASH_HISTORY_PAGE (widget)->ab);
}

static void
ab_stop_action (GtkWidget  *widget,
                const char *action,
                GVariant   *param)
{
  drivedash_ab_model_stop (DRIVEDASH_HISTORY_PAGE (widget)->ab);
}

/* A finished A/B test: its answer is the comparison of its rounds. */
static void
ab_set_id_cb (DrivedashHistoryPage *self)
{
  gint64 id = drivedash_ab_model_get_set_id (self->ab);

  drivedash_history_model_reload (self->history);
  drivedash_compare_model_load (self->compare, drivedash_history_model_get_path (self->history), &id, 1);
  gtk_stack_set_visible_child_name (self->stack, "compare");
}

static void
ab_status_is_error_cb (DrivedashHistoryPage *self)
{
  if (drivedash_ab_model_get_status_is_error (self->ab))
    gtk_widget_add_css_class (GTK_WIDGET (self->ab_status), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->ab_status), "error");
}

static void
bind_ab (DrivedashHistoryPage *self)
{
  DrivedashBenchOptions *options = drivedash_ab_model_get_options (self->ab);
  g_autoptr(GListModel) names = NULL;

  g_object_get (options, "preset-names", &names, NULL);
  adw_combo_row_set_model (self->ab_preset, names);
  g_object_bind_property (options, "preset", self->ab_preset, "selected",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->ab, "rounds", self->ab_rounds, "value",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_swapped (self->ab, "notify::set-id", G_CALLBACK (ab_set_id_cb), self);
  g_signal_connect_swapped (self->ab, "notify::status-is-error", G_CALLBACK (ab_status_is_error_cb), self);
  /* How long it takes is heard with Start. */
  drivedash_a11y_described_by (self->ab_start, self->ab_estimate, NULL);
}

static void
n_selected_cb (DrivedashHistoryPage *self)
{
  guint n = drivedash_history_model_get_n_selected (self->history);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.compare", n >= 2 && n <= 6);
}

GArray *
drivedash_history_page_dup_report_ids (DrivedashHistoryPage *self)
{
  const char *view = gtk_stack_get_visible_child_name (self->stack);
  DrivedashCompareLong *cmp = drivedash_long_compare_model_get_comparison (
    drivedash_long_compare_view_get_model (self->long_compare));
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (g_strcmp0 (view, "run") == 0 && self->current != NULL)
    {
      gint64 id = drivedash_history_item_get_id (self->current);

      g_array_append_val (ids, id);
    }
  else if (g_strcmp0 (view, "long-compare") == 0 && cmp != NULL)
    for (guint i = 0; i < cmp->runs->len; i++)
      g_array_append_val (ids, ((const DrivedashCompareLongRun *) g_ptr_array_index (cmp->runs, i))->id);
  else
    g_clear_pointer (&ids, g_array_unref);
  return ids;
}

/* One report at a time, of runs that have loaded: the speed comparison's,
 * the long-test comparison's or the opened run. */
static void
can_report_cb (DrivedashHistoryPage *self)
{
  const char *view = gtk_stack_get_visible_child_name (self->stack);
  DrivedashLongCompareModel *long_model = drivedash_long_compare_view_get_model (self->long_compare);
  gboolean ready;

  if (g_strcmp0 (view, "run") == 0)
    ready = self->current != NULL;
  else if (g_strcmp0 (view, "long-compare") == 0)
    ready = drivedash_long_compare_model_get_comparison (long_model) != NULL &&
            !drivedash_long_compare_model_get_loading (long_model);
  else if (g_strcmp0 (view, "compare") == 0)
    ready = !drivedash_compare_model_get_loading (self->compare) &&
            drivedash_compare_model_get_status (self->compare) == NULL;
  else
    ready = FALSE;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.report",
                                 ready && !drivedash_compare_model_get_reporting (self->compare));
}

static void
map_cb (DrivedashHistoryPage *self)
{
  /* Runs saved by the Speed page or by drivedash-cli since last time. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "list") == 0)
    drivedash_history_model_reload (self->history);
}

DrivedashHistoryModel *
drivedash_history_page_get_model (DrivedashHistoryPage *self)
{
  return self->history;
}

DrivedashAbModel *
drivedash_history_page_get_ab_model (DrivedashHistoryPage *self)
{
  return self->ab;
}

DrivedashCompareModel *
drivedash_history_page_get_compare_model (DrivedashHistoryPage *self)
{
  return self->compare;
}

const char *
drivedash_history_page_get_view (DrivedashHistoryPage *self)
{
  return gtk_stack_get_visible_child_name (self->stack);
}

static void
drivedash_history_page_dispose (GObject *object)
{
  DrivedashHistoryPage *self = DRIVEDASH_HISTORY_PAGE (object);

  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  g_clear_object (&self->current);
  g_clear_weak_pointer (&self->delete_toast);
  /* Closing the window stops a running A/B test; it puts game mode back. */
  if (self->ab != NULL)
    drivedash_ab_model_stop (self->ab);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HISTORY_PAGE);
  G_OBJECT_CLASS (drivedash_history_page_parent_class)->dispose (object);
}

static void
drivedash_history_page_class_init (DrivedashHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_history_page_dispose;
  g_type_ensure (DRIVEDASH_TYPE_ENTRY_ROW);
  g_type_ensure (DRIVEDASH_TYPE_RUN_NOTES);
  g_type_ensure (DRIVEDASH_TYPE_HISTORY_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_COMPARE_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_AB_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_COMPARE_CHART);
  g_type_ensure (DRIVEDASH_TYPE_LONG_COMPARE_VIEW);
  g_type_ensure (DRIVEDASH_TYPE_RESULTS_GRID);
  g_type_ensure (DRIVEDASH_TYPE_BENCH_PLOTS);
  g_type_ensure (DRIVEDASH_TYPE_BENCH_RESULT_ITEM);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-history-page.ui");
  drivedash_widget_class_bind_closures (widget_class);
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, DrivedashHistoryPage, name)
  CHILD (history);
  CHILD (compare);
  CHILD (long_compare);
  CHILD (stack);
  CHILD (list);
  CHILD (compare_list);
  CHILD (run_title);
  CHILD (run_subtitle);
  CHILD (name_row);
  CHILD (note_row);
  CHILD (run_results);
  CHILD (grid);
  CHILD (run_figures);
  CHILD (run_graphs);
  CHILD (plots);
  CHILD (run_notes);
  CHILD (ab);
  CHILD (ab_preset);
  CHILD (ab_rounds);
  CHILD (ab_status);
  CHILD (ab_estimate);
  CHILD (ab_start);
#undef CHILD
  gtk_widget_class_install_action (widget_class, "history.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "history.compare", NULL, compare_action);
  gtk_widget_class_install_action (widget_class, "history.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "history.run-graphs", NULL, run_graphs_action);
  gtk_widget_class_install_action (widget_class, "history.show-run", "x", show_run_action);
  gtk_widget_class_install_action (widget_class, "history.ab", NULL, ab_action);
  gtk_widget_class_install_action (widget_class, "history.ab-folder", NULL, ab_folder_action);
  gtk_widget_class_install_action (widget_class, "history.ab-start", NULL, ab_start_action);
  gtk_widget_class_install_action (widget_class, "history.ab-stop", NULL, ab_stop_action);
  drivedash_history_transfer_install_actions (widget_class);
}

static void
drivedash_history_page_init (DrivedashHistoryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_bind_model (self->list, drivedash_history_model_get_runs (self->history),
                           create_run_row, self, NULL);
  gtk_list_box_bind_model (self->compare_list, drivedash_compare_model_get_rows (self->compare),
                           create_compare_row, self, NULL);
  g_signal_connect (self->name_row, "apply", G_CALLBACK (apply_cb), self);
  g_signal_connect (self->note_row, "apply", G_CALLBACK (apply_cb), self);
  g_signal_connect_swapped (self->history, "notify::n-selected", G_CALLBACK (n_selected_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
  g_signal_connect_swapped (self->compare, "notify::reporting", G_CALLBACK (can_report_cb), self);
  g_signal_connect_swapped (self->compare, "notify::loading", G_CALLBACK (can_report_cb), self);
  g_signal_connect_swapped (self->compare, "notify::status", G_CALLBACK (can_report_cb), self);
  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (can_report_cb), self);
  g_signal_connect_swapped (drivedash_long_compare_view_get_model (self->long_compare), "notify::comparison",
                            G_CALLBACK (can_report_cb), self);
  g_signal_connect_swapped (drivedash_long_compare_view_get_model (self->long_compare), "notify::loading",
                            G_CALLBACK (can_report_cb), self);
  bind_ab (self);
  n_selected_cb (self);
  can_report_cb (self);
}

/* At once: libadwaita queues a new toast behind one on screen, and the
 * answer to what the user just did comes before older news. */
void
drivedash_history_page_show_toast (DrivedashHistoryPage *self,
                                   AdwToast             *toast)
{
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

/* For drivedash-history-transfer.c: the run on the "run" view, or NULL. */
DrivedashHistoryItem *
drivedash_history_page_get_current (DrivedashHistoryPage *self)
{
  return self->current;
}
