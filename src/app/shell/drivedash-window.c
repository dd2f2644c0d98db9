/* drivedash-window.c
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-quit.h"
#include "drivedash-window.h"

#include "drivedash-bench-page.h"
#include "drivedash-longtest-page.h"
#include "drivedash-review-page.h"
#include "drivedash-health-page.h"
#include "drivedash-health-report-window.h"
#include "drivedash-history-page.h"

struct _DrivedashWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;

  /* Template children */
  AdwViewStack         *stack;
  DrivedashBenchPage   *speed_page;
  DrivedashHealthPage  *health_page;
  DrivedashLongTestPage *long_tests_page;
  DrivedashReviewPage   *review_page;
  DrivedashHistoryPage  *history_page;
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar   *switcher_bar;
};

G_DEFINE_FINAL_TYPE (DrivedashWindow, drivedash_window, ADW_TYPE_APPLICATION_WINDOW)

DrivedashWindow *
drivedash_window_new (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_new (DRIVEDASH_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

const char *
drivedash_window_get_visible_page (DrivedashWindow *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WINDOW (self), NULL);

  return adw_view_stack_get_visible_child_name (self->stack);
}

/**
 * drivedash_window_set_visible_page:
 * @name: a stack page: "health", "speed", "longtests" or "history" (the
 * areas of src/app)
 */
void
drivedash_window_set_visible_page (DrivedashWindow *self,
                                   const char      *name)
{
  g_return_if_fail (DRIVEDASH_IS_WINDOW (self));
  g_return_if_fail (name != NULL);

  if (adw_view_stack_get_child_by_name (self->stack, name) == NULL)
    {
      g_warning ("No page named “%s” in the main window", name);
      return;
    }

  adw_view_stack_set_visible_child_name (self->stack, name);
}

void
drivedash_window_show_drive (DrivedashWindow *self,
                             const char      *controller)
{
  g_return_if_fail (DRIVEDASH_IS_WINDOW (self));
  g_return_if_fail (controller != NULL);

  drivedash_window_set_visible_page (self, "health");
  drivedash_health_model_show_drive (drivedash_health_page_get_model (self->health_page), controller);
}

void
drivedash_window_show_app_writes (DrivedashWindow *self,
                                  const char      *controller,
                                  const char      *app)
{
  g_return_if_fail (DRIVEDASH_IS_WINDOW (self));
  g_return_if_fail (controller != NULL);

  /* The details window follows the page's drive, which may come only
   * once the drive list has. */
  drivedash_window_show_drive (self, controller);
  drivedash_health_page_show_writes (self->health_page, app);
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  drivedash_window_set_visible_page (DRIVEDASH_WINDOW (widget),
                                     g_variant_get_string (parameter, NULL));
}

static void
drivedash_window_save_state (DrivedashWindow *self)
{
  int width = 0;
  int height = 0;

  /* The default size is the unmaximized size, which is what we want to
   * restore; the maximized flag is stored separately. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);

  g_settings_delay (self->settings);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static void
stop_run_model (gpointer run)
{
  drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (run));
}

static void
stop_ab_model (gpointer run)
{
  drivedash_ab_model_stop (DRIVEDASH_AB_MODEL (run));
}

/* The runs that must not leave their test file behind: each writes one
 * while it runs. */
static guint
window_runs (DrivedashWindow  *self,
             DrivedashQuitRun  runs[4])
{
  runs[0] = (DrivedashQuitRun) { G_OBJECT (drivedash_bench_page_get_model (self->speed_page)),
                                 stop_run_model, _("Stop the speed test and quit?") };
  runs[1] = (DrivedashQuitRun) { G_OBJECT (drivedash_long_test_page_get_model (self->long_tests_page)),
                                 stop_run_model, _("Stop the long test and quit?") };
  runs[2] = (DrivedashQuitRun) { G_OBJECT (drivedash_review_page_get_model (self->review_page)),
                                 stop_run_model, _("Stop the full review and quit?") };
  runs[3] = (DrivedashQuitRun) { G_OBJECT (drivedash_history_page_get_ab_model (self->history_page)),
                                 stop_ab_model, _("Stop the game mode test and quit?") };
  return 4;
}

/**
 * drivedash_window_stop_and_close:
 *
 * Closes the window without asking, once every running test is stopped
 * and its test file deleted.
 */
void
drivedash_window_stop_and_close (DrivedashWindow *self)
{
  DrivedashQuitRun runs[4];
  guint n_runs;

  g_return_if_fail (DRIVEDASH_IS_WINDOW (self));

  n_runs = window_runs (self, runs);
  drivedash_quit_stop_and_close (GTK_WINDOW (self), runs, n_runs);
}

static gboolean
drivedash_window_close_request (GtkWindow *window)
{
  DrivedashWindow *self = DRIVEDASH_WINDOW (window);

  DrivedashQuitRun runs[4];
  guint n_runs;

  drivedash_window_save_state (self);
  n_runs = window_runs (self, runs);
  if (drivedash_quit_close_request (window, runs, n_runs))
    return TRUE;

  return GTK_WINDOW_CLASS (drivedash_window_parent_class)->close_request (window);
}

/* A report from elsewhere opens in a window of its own: the drives of
 * this computer stay as they were. */
static void
open_report (DrivedashWindow  *self,
             GFile           **files,
             guint             n_files)
{
  DrivedashHealthReportWindow *report;

  report = drivedash_health_report_window_new_for_files (gtk_window_get_application (GTK_WINDOW (self)), files,
                                                         n_files);
  gtk_window_present (GTK_WINDOW (report));
}

static void
report_chosen_cb (GObject *owner,
                  GFile   *file)
{
  if (file != NULL)
    open_report (DRIVEDASH_WINDOW (owner), &file, 1);
}

static void
open_report_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  drivedash_health_report_choose (widget, G_OBJECT (widget), report_chosen_cb);
}

static gboolean
drop_cb (GtkDropTarget   *target,
         const GValue    *value,
         double           x,
         double           y,
         DrivedashWindow *self)
{
  g_autoptr(GPtrArray) files = drivedash_health_report_dropped_files (value);

  if (files == NULL)
    return FALSE;
  open_report (self, (GFile **) files->pdata, files->len);
  return TRUE;
}

static void
drivedash_window_constructed (GObject *object)
{
  DrivedashWindow *self = DRIVEDASH_WINDOW (object);

  G_OBJECT_CLASS (drivedash_window_parent_class)->constructed (object);

  /* The same backend as the application's: one store of settings. */
  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
drivedash_window_dispose (GObject *object)
{
  DrivedashWindow *self = DRIVEDASH_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_WINDOW);

  G_OBJECT_CLASS (drivedash_window_parent_class)->dispose (object);
}

static void
drivedash_window_finalize (GObject *object)
{
  DrivedashWindow *self = DRIVEDASH_WINDOW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (drivedash_window_parent_class)->finalize (object);
}

static void
drivedash_window_class_init (DrivedashWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = drivedash_window_constructed;
  object_class->dispose = drivedash_window_dispose;
  object_class->finalize = drivedash_window_finalize;

  window_class->close_request = drivedash_window_close_request;

  /* The page types the template uses. */
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_PAGE);
  g_type_ensure (DRIVEDASH_TYPE_BENCH_PAGE);
  g_type_ensure (DRIVEDASH_TYPE_HISTORY_PAGE);
  g_type_ensure (DRIVEDASH_TYPE_LONG_TEST_PAGE);
  g_type_ensure (DRIVEDASH_TYPE_REVIEW_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, speed_page);
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, health_page);
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, long_tests_page);
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, review_page);
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, history_page);
  gtk_widget_class_bind_template_child (widget_class, DrivedashWindow, switcher_title);
  /* Reachable with gtk_widget_get_template_child() for the tests. */
  gtk_widget_class_bind_template_child_full (widget_class, "switcher_bar", FALSE,
                                             G_STRUCT_OFFSET (DrivedashWindow, switcher_bar));

  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.open-health-report", NULL, open_report_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "win.open-health-report", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_ALT_MASK,
                                       "win.show-page", "s", "health");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_ALT_MASK,
                                       "win.show-page", "s", "speed");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_ALT_MASK,
                                       "win.show-page", "s", "longtests");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_4, GDK_ALT_MASK,
                                       "win.show-page", "s", "history");
}

static void
drivedash_window_init (DrivedashWindow *self)
{
  GtkDropTarget *drop = drivedash_health_report_drop_target_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* A smartctl or nvme-cli report (or nvme-cli's two files) dropped
   * anywhere on the window. */
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  drivedash_a11y_fix_mnemonics (GTK_WIDGET (self));
  drivedash_a11y_rows_read_values (GTK_WIDGET (self));
  drivedash_a11y_watch_expanders (GTK_WIDGET (self));
  drivedash_a11y_watch_switchers (self->switcher_title, self->switcher_bar);
  /* The Long Tests' write notice uses what the Health page read. */
  g_object_bind_property (drivedash_health_page_get_model (self->health_page), "health",
                          drivedash_long_test_page_get_model (self->long_tests_page), "health",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (drivedash_health_page_get_model (self->health_page), "health",
                          drivedash_review_page_get_model (self->review_page), "health",
                          G_BINDING_SYNC_CREATE);
}
