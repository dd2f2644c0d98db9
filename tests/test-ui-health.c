/* test-ui-health.c — the Health view of the real app, in demo mode
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens the main window with the simulated drive (what `drivedash --demo`
 * does), checks that every value on the page is the model's value as the
 * formatting functions write it, that the temperature plot receives the
 * 2-second samples, that game mode can be switched, and saves screenshots
 * in light and dark, wide and 360 px narrow.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "drivedash-demo.h"
#include "drivedash-endurance.h"
#include "drivedash-format.h"
#include "drivedash-health-fields.h"
#include "drivedash-bench-page.h"
#include "drivedash-health-model-private.h"
#include "drivedash-health-page-private.h"
#include "drivedash-health-event-item.h"
#include "drivedash-health-provider-private.h"
#include "drivedash-service-offer-private.h"
#include "drivedash-test-locale.h"
#include "test-ui-common.h"

#include "drivedash-test-tree.h"

static DrivedashApplication *app;

static DrivedashHealthPage *
health_page (DrivedashWindow *window)
{
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE);

  g_assert_nonnull (page);
  return DRIVEDASH_HEALTH_PAGE (page);
}

static DrivedashHealth *
page_health (DrivedashHealthPage *page)
{
  return drivedash_health_model_get_health (drivedash_health_page_get_model (page));
}

static gboolean
has_health (gpointer data)
{
  return page_health (data) != NULL;
}

/* The page's values are the model's properties (its templates bind to
 * them); test-health-model checks the model without a display. */
static const char *
page_value (DrivedashHealthPage *page,
            const char          *property)
{
  return drivedash_health_model_get_text (drivedash_health_page_get_model (page), property);
}

static void
assert_value (DrivedashHealthPage *page,
              const char          *property,
              const char          *expected)
{
  g_test_message ("%s: “%s”", property, page_value (page, property));
  g_assert_cmpstr (page_value (page, property), ==, expected);
}

/* Some widget on the page shows TEXT: a visible label, or an action
 * row's subtitle.  What ties the two is the template's bindings. */
static gboolean
widget_shows (GtkWidget  *widget,
              const char *text)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  if (ADW_IS_ACTION_ROW (widget) && g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (widget_shows (child, text))
      return TRUE;
  return FALSE;
}

static void
assert_shown (DrivedashHealthPage *page,
              const char          *property)
{
  const char *value = page_value (page, property);

  g_test_message ("shown? %s: “%s”", property, value);
  g_assert_nonnull (value);
  g_assert_true (widget_shows (GTK_WIDGET (page), value));
}

static gboolean
events_read (gpointer data)
{
  return page_value (data, "events-text") != NULL;
}

static void
test_demo_values (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  DrivedashHealthPage *page = health_page (window);
  DrivedashHealth *h;
  g_autofree char *written = NULL;
  g_autofree char *read = NULL;
  g_autofree char *hours = NULL;
  g_autofree char *unsafe = NULL;
  g_autofree char *media = NULL;
  g_autofree char *life = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *critical = NULL;
  g_autofree char *limits = NULL;

  ui_iterate_until (has_health, page, 10);
  h = page_health (page);

  /* The page shows the simulated drive, and says so. */
  g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_DEMO);
  g_assert_cmpstr (h->controller, ==, DRIVEDASH_DEMO_CONTROLLER);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (drivedash_health_page_get_drives (page))), ==, 1);

  written = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (h->smart.data_units_written));
  /* The demo model is in the built-in endurance table: 600 TB rated. */
  g_assert_cmpuint (drivedash_endurance_lookup_tb (h->model), ==, 600);
  g_assert_nonnull (strstr (page_value (page, "written-subtitle"), "rates it for 600 TB"));
  read = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (h->smart.data_units_read));
  hours = drivedash_format_hours (h->smart.power_on_hours);
  unsafe = drivedash_format_count (h->smart.unsafe_shutdowns);
  media = drivedash_format_count (h->smart.media_errors);
  life = g_strdup_printf ("%d %%", 100 - (int) h->smart.percentage_used);
  warning = drivedash_format_temperature (h->warning_temperature_kelvin);
  critical = drivedash_format_temperature (h->critical_temperature_kelvin);
  limits = g_strdup_printf ("Slows down at %s\nCritical at %s", warning, critical);

  assert_value (page, "written-text", written);
  assert_value (page, "read-text", read);
  assert_value (page, "hours-text", hours);
  assert_value (page, "unsafe-text", unsafe);
  assert_value (page, "media-text", media);
  assert_value (page, "life-text", life);
  assert_value (page, "limits-text", limits);
  /* The demo drive's own log is a healthy one (3 % used, no warnings),
   * but the kernel saw it stop responding this week: that counts. */
  ui_iterate_until (events_read, page, 10);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_cmpstr (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, 0))->id, ==, "kernel-reset");
  assert_value (page, "title", "Your drive needs attention.");
  /* The page shows each of them: the templates are bound to the model. */
  {
    static const char * const shown[] = {
      "title", "reasons-text", "drive-text", "temperature-text", "temperature-subtitle",
      "limits-text", "life-text", "written-text", "written-subtitle", "read-text",
      "hours-text", "unsafe-text", "media-text", "game-mode-text",
    };

    for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
      assert_shown (page, shown[i]);
  }
  /* Spot-check the formatter against the numbers the demo is built on. */
  g_assert_cmpstr (written, ==, "12.3 TB");
  g_assert_cmpstr (life, ==, "97 %");

  ui_close (window);
}

typedef struct
{
  DrivedashPlot *plot;
  gsize          n;
} PlotWait;

static gboolean
plot_grew (gpointer data)
{
  PlotWait *w = data;

  return drivedash_plot_get_n_samples (w->plot, 0) > w->n;
}

/* hwmon is polled every 2 s; the demo drive answers the same way. */
static void
test_temperature_samples (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  DrivedashHealthPage *page = health_page (window);
  PlotWait wait = { drivedash_health_page_get_temperature_plot (page), 0 };
  g_autofree char *expected = NULL;
  double t, celsius;

  ui_iterate_until (has_health, page, 10);
  wait.n = drivedash_plot_get_n_samples (wait.plot, 0);
  /* Ten minutes of simulated history at 2 s, plus the first reading. */
  g_assert_cmpuint (wait.n, >=, 300);
  ui_iterate_until (plot_grew, &wait, 6);

  g_assert_true (drivedash_plot_get_last (wait.plot, 0, &t, &celsius));
  g_assert_cmpfloat (celsius, >, 30);
  g_assert_cmpfloat (celsius, <, 60);
  expected = drivedash_format_temperature ((guint) lround (celsius + 273.15));
  assert_value (page, "temperature-text", expected);

  /* Refreshing (F5) re-reads the drive but keeps the history. */
  wait.n = drivedash_plot_get_n_samples (wait.plot, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "health.refresh", NULL));
  ui_wait_frame (GTK_WIDGET (page));
  g_assert_cmpuint (drivedash_plot_get_n_samples (wait.plot, 0), >=, wait.n);
  g_assert_nonnull (page_health (page));

  ui_close (window);
}

typedef struct
{
  DrivedashHealthPage *page;
  const char          *needle;
} TextWait;

static gboolean
game_mode_text_has (gpointer data)
{
  TextWait *w = data;
  const char *text = page_value (w->page, "game-mode-text");

  return text != NULL && strstr (text, w->needle) != NULL;
}

/* The demo source answers in an idle; on a loaded machine that can take
 * longer than a fixed wait. */
static void
wait_game_mode_text (DrivedashHealthPage *page,
                     const char          *needle)
{
  TextWait w = { page, needle };

  ui_iterate_until (game_mode_text_has, &w, 10);
  ui_wait_frame (GTK_WIDGET (page));
}

/* Every Details row is read aloud with its value, like the summary's. */
static void
test_details_read_aloud (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  DrivedashHealthPage *page = health_page (window);
  g_autofree char *spare = NULL;
  guint checked = 0;
  GtkWidget *w;

  ui_iterate_until (has_health, page, 10);
  ui_wait_frame (GTK_WIDGET (page));
  spare = g_strdup_printf ("Spare blocks left, %u %%", page_health (page)->smart.available_spare_percent);
  for (w = GTK_WIDGET (page); w != NULL; )
    {
      if (ADW_IS_ACTION_ROW (w) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), "Spare blocks left") == 0)
        {
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL, spare);
          checked++;
        }
      /* Depth first. */
      if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && w != GTK_WIDGET (page) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = (w == NULL || w == GTK_WIDGET (page)) ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_cmpuint (checked, ==, 1);

  ui_close (window);
}

static void
test_game_mode_switch (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  DrivedashHealthPage *page = health_page (window);
  GtkWidget *sw;

  ui_iterate_until (has_health, page, 10);
  sw = ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_SWITCH);
  g_assert_nonnull (sw);
  g_assert_true (gtk_widget_get_sensitive (sw));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (sw)));
  g_assert_nonnull (strstr (page_value (page, "game-mode-text"), "Off (simulated)"));

  /* What a click or Space ends in, without waiting for the animation. */
  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  wait_game_mode_text (page, "On (simulated)");
  g_assert_true (gtk_switch_get_state (GTK_SWITCH (sw)));
  g_assert_nonnull (strstr (page_value (page, "game-mode-text"), "On (simulated)"));

  /* "Keep after restart" is the next switch on the page: only while on. */
  {
    GtkWidget *row = gtk_widget_get_ancestor (sw, ADW_TYPE_ACTION_ROW);
    GtkWidget *next_row = gtk_widget_get_next_sibling (row);
    GtkWidget *persist = ui_find_descendant (next_row, GTK_TYPE_SWITCH);

    g_assert_nonnull (persist);
    g_assert_true (gtk_widget_is_sensitive (persist));
    gtk_switch_set_active (GTK_SWITCH (persist), TRUE);
    wait_game_mode_text (page, "also after a restart");
    g_assert_nonnull (strstr (page_value (page, "game-mode-text"), "also after a restart"));
    gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
    wait_game_mode_text (page, "Off (simulated)");
    /* Turning game mode off also drops the restart rule. */
    g_assert_false (gtk_switch_get_active (GTK_SWITCH (persist)));
    g_assert_false (gtk_widget_is_sensitive (persist));
  }
  g_assert_false (gtk_switch_get_state (GTK_SWITCH (sw)));

  ui_close (window);
}

static void
expand_details (DrivedashHealthPage *page,
                gboolean             expanded)
{
  GtkWidget *w = GTK_WIDGET (page);

  /* Depth-first over the page: every expander row. */
  for (GtkWidget *child = gtk_widget_get_first_child (w); child; )
    {
      if (ADW_IS_EXPANDER_ROW (child))
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (child), expanded);
      if (gtk_widget_get_first_child (child) && !ADW_IS_EXPANDER_ROW (child))
        child = gtk_widget_get_first_child (child);
      else
        {
          while (child && child != w && gtk_widget_get_next_sibling (child) == NULL)
            child = gtk_widget_get_parent (child);
          if (child == NULL || child == w)
            break;
          child = gtk_widget_get_next_sibling (child);
        }
    }
}

static void
test_screenshots (void)
{
  /* details: 0 collapsed, 1 all expanded, 2 all but the long health report */
  static const struct { gboolean dark; int width, height; int details; const char *name; } shots[] = {
    { FALSE, 960, 1400, 0, "health-light.png" },
    { TRUE, 960, 1400, 0, "health-dark.png" },
    { FALSE, 960, 2200, 1, "health-details-light.png" },
    { TRUE, 960, 2200, 1, "health-details-dark.png" },
    { FALSE, 960, 2200, 2, "health-details-more-light.png" },
    { FALSE, 360, 1400, 0, "health-narrow-light.png" },
    { TRUE, 360, 1400, 0, "health-narrow-dark.png" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      DrivedashWindow *window;
      DrivedashHealthPage *page;
      g_autofree char *path = NULL;

      ui_set_dark (app, shots[i].dark);
      window = ui_open_window (app, shots[i].width, shots[i].height);
      page = health_page (window);
      ui_iterate_until (has_health, page, 10);
      expand_details (page, shots[i].details != 0);
      if (shots[i].details == 2)
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (ui_find_descendant (GTK_WIDGET (page), ADW_TYPE_EXPANDER_ROW)), FALSE);
      ui_wait_revealed (GTK_WIDGET (page));
      path = ui_screenshot (window, shots[i].name);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      /* Narrow: neither page asks for more than a 360 px phone screen
       * (the header bar is the window's business). */
      if (shots[i].width == 360)
        for (GType t = DRIVEDASH_TYPE_HEALTH_PAGE; t; t = t == DRIVEDASH_TYPE_HEALTH_PAGE ? DRIVEDASH_TYPE_BENCH_PAGE : 0)
          {
            int min = 0;

            gtk_widget_measure (ui_find_descendant (GTK_WIDGET (window), t),
                                GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
            g_test_message ("%s: at least %d px wide", g_type_name (t), min);
            g_assert_cmpint (min, <=, 360);
          }
      ui_close (window);
    }
  ui_set_dark (app, FALSE);
}

static gboolean
has_events_text (gpointer data)
{
  return page_value (data, "events-text") != NULL;
}

static gboolean
is_kept_at_full_power (gpointer data)
{
  gboolean persistent = FALSE;

  g_object_get (drivedash_health_page_get_model (data), "game-mode-persistent", &persistent, NULL);
  return persistent;
}

static gboolean
model_flag (DrivedashHealthPage *page,
            const char          *name)
{
  gboolean value = FALSE;

  g_object_get (drivedash_health_page_get_model (page), name, &value, NULL);
  return value;
}

/* A visible, sensitive button for ACTION somewhere under widget. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found)
        return found;
    }
  return NULL;
}

/* An action row titled TITLE is on the page. */
static gboolean
row_titled (GtkWidget  *widget,
            const char *title)
{
  if (!gtk_widget_get_visible (widget))
    return FALSE;
  if (ADW_IS_PREFERENCES_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (row_titled (child, title))
      return TRUE;
  return FALSE;
}

static DrivedashHealth *
page_health_or_wait (DrivedashHealthPage *page)
{
  ui_iterate_until (has_health, page, 10);
  return page_health (page);
}

/* The expander row titled "Firmware" (or its translation). */
static GtkWidget *
firmware_expander (DrivedashHealthPage *page)
{
  for (GtkWidget *w = ui_find_descendant (GTK_WIDGET (page), ADW_TYPE_EXPANDER_ROW); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (ADW_IS_EXPANDER_ROW (w) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)),
                                              _("Firmware")) == 0)
      return w;
  g_assert_not_reached ();
}

/* Details lists the demo drive's firmware slots in the shared words:
 * the factory firmware in read-only slot 1, the update running in 2. */
static void
test_firmware_slots (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  DrivedashHealthPage *page = health_page (window);

  ui_iterate_until (has_health, page, 10);
  ui_wait_frame (GTK_WIDGET (page));
  g_assert_true (page_health (page)->has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG);
  g_assert_true (row_titled (GTK_WIDGET (page), "Firmware"));
  g_assert_true (row_titled (GTK_WIDGET (page), "Slot 1 (read-only)"));
  g_assert_true (widget_shows (GTK_WIDGET (page), "3B2QGXA0"));
  g_assert_true (row_titled (GTK_WIDGET (page), "Slot 2"));
  g_assert_true (widget_shows (GTK_WIDGET (page), "3B2QGXA7 · active"));
  g_assert_true (row_titled (GTK_WIDGET (page), "Version in use"));

  ui_close (window);
}

/* The simulated drive stopped responding three times this week: the
 * Events group lists each kind, offers Keep at Full Power, and once that
 * is done says the drive has not dropped out since.  Screenshots wide and
 * narrow (prefix: "health-events" or, in Japanese, "health-events-ja"). */
static void
check_events (const char *prefix)
{
  static const struct { int width, height; const char *suffix; } shots[] = {
    { 960, 2300, "" }, { 360, 3400, "-narrow" },
  };
  DrivedashWindow *window = NULL;
  DrivedashHealthPage *page = NULL;
  g_autoptr(GListModel) events = NULL;

  for (guint s = 0; s < G_N_ELEMENTS (shots); s++)
    {
      g_autofree char *name = g_strdup_printf ("%s%s-light.png", prefix, shots[s].suffix);

      if (window != NULL)
        gtk_window_close (GTK_WINDOW (window));
      ui_set_dark (app, FALSE);
      window = ui_open_window (app, shots[s].width, shots[s].height);
      page = health_page (window);
      ui_iterate_until (has_events_text, page, 10);
      ui_wait_frame (GTK_WIDGET (page));
      g_free (ui_screenshot (window, name));
    }

  g_object_get (drivedash_health_page_get_model (page), "events", &events, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (events), ==, 3);
  for (guint i = 0; i < g_list_model_get_n_items (events); i++)
    {
      g_autoptr(DrivedashHealthEventItem) item = g_list_model_get_item (events, i);

      g_assert_true (row_titled (GTK_WIDGET (page), drivedash_health_event_item_get_title (item)));
      g_assert_true (widget_shows (GTK_WIDGET (page), drivedash_health_event_item_get_subtitle (item)));
    }
  /* Most serious first. */
  {
    g_autoptr(DrivedashHealthEventItem) first = g_list_model_get_item (events, 0);

    g_assert_cmpint (drivedash_health_event_item_get_kind (first), ==, DRIVEDASH_EVENT_KIND_RESET);
  }
  assert_shown (page, "full-power-text");
  g_assert_true (model_flag (page, "suggest-full-power"));
  g_assert_nonnull (find_action_button (GTK_WIDGET (page), "health.keep-full-power"));

  /* The fix: the persistent game mode. */
  gtk_widget_activate (find_action_button (GTK_WIDGET (page), "health.keep-full-power"));
  ui_iterate_until (is_kept_at_full_power, page, 10);
  g_assert_false (model_flag (page, "suggest-full-power"));
  g_assert_null (find_action_button (GTK_WIDGET (page), "health.keep-full-power"));
  g_test_message ("after: %s", page_value (page, "full-power-text"));
  assert_shown (page, "full-power-text");
  {
    g_autofree char *name = g_strdup_printf ("%s-kept-light.png", prefix);

    ui_wait_frame (GTK_WIDGET (page));
    g_free (ui_screenshot (window, name));
  }
  ui_close (window);
}

static void
test_events (void)
{
  check_events ("health-events");
  g_assert_nonnull (strstr (g_dgettext (GETTEXT_PACKAGE, "This drive is kept at full power now, and it has not stopped responding since."),
                            "full power"));
}

static void
test_events_japanese (void)
{
  ui_in_japanese (check_events, "health-events-ja", "Drive stopped responding");
}

/* Details with only the Firmware expander open, scrolled to the end,
 * wide and narrow (PREFIX-wide.png, PREFIX-narrow.png). */
static void
firmware_screenshots (const char *prefix)
{
  static const int widths[] = { 960, 360 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      DrivedashWindow *window = ui_open_window (app, widths[i], 1000);
      DrivedashHealthPage *page = health_page (window);
      GtkWidget *scrolled;
      GtkAdjustment *adj;
      g_autofree char *name = g_strdup_printf ("%s-%s-light.png", prefix, i == 0 ? "wide" : "narrow");
      g_autofree char *title = drivedash_health_firmware_slot_title (&page_health_or_wait (page)->firmware_log, 1);

      expand_details (page, FALSE);
      g_assert_true (row_titled (GTK_WIDGET (page), title));
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (firmware_expander (page)), TRUE);
      ui_wait_revealed (GTK_WIDGET (page));
      scrolled = gtk_widget_get_ancestor (firmware_expander (page), GTK_TYPE_SCROLLED_WINDOW);
      adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
      ui_wait_frame (GTK_WIDGET (page));
      g_free (ui_screenshot (window, name));
      ui_close (window);
    }
}

static void
test_firmware_screenshots (void)
{
  firmware_screenshots ("health-firmware");
}

static void
test_firmware_screenshots_japanese (void)
{
  ui_in_japanese (firmware_screenshots, "health-firmware-ja", "Drive stopped responding");
}

/* The real drive's events through the real client chain, read from a
 * real journal file: the fixture's reset messages, dated within the week
 * (systemd-journal-remote writes the file). */
static char *
recent_journal (const char *dir)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "fixtures", "journal", "reset.export", NULL);
  g_autofree char *text = NULL;
  g_autofree char *export = g_build_filename (dir, "recent.export", NULL);
  g_autofree char *arg = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  char *journal = g_build_filename (dir, "recent.journal", NULL);
  gint64 when = g_get_real_time () - (gint64) 3 * 24 * 3600 * G_USEC_PER_SEC;
  const char *remote = "/lib/systemd/systemd-journal-remote";
  int status = 0;

  if (!g_file_test (remote, G_FILE_TEST_IS_EXECUTABLE))
    remote = "/usr/lib/systemd/systemd-journal-remote";
  if (!g_file_test (remote, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_free (journal);
      return NULL;
    }
  g_assert_true (g_file_get_contents (fixture, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "__REALTIME_TIMESTAMP="))
      g_string_append_printf (out, "__REALTIME_TIMESTAMP=%" G_GINT64_FORMAT "\n", when += (gint64) 3600 * G_USEC_PER_SEC);
    else
      g_string_append_printf (out, "%s%s", lines[i], lines[i + 1] != NULL ? "\n" : "");
  g_assert_true (g_file_set_contents (export, out->str, (gssize) out->len, &error));
  arg = g_strconcat ("--output=", journal, NULL);
  {
    const char *argv[] = { remote, arg, export, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, NULL, NULL, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return journal;
}

static gboolean
events_and_game_mode_read (gpointer data)
{
  return page_value (data, "events-text") != NULL && page_value (data, "game-mode-text") != NULL
         && model_flag (data, "game-mode-supported");
}

static void
test_events_journal (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-ui-events-XXXXXX", &error);
  g_autoptr(DrivedashDriveList) drives = NULL;
  g_autoptr(GListModel) events = NULL;
  g_autoptr(DrivedashHealthEventItem) item = NULL;
  g_autofree char *journal = NULL;
  DrivedashWindow *window;
  DrivedashHealthPage *page;

  g_assert_no_error (error);
  journal = recent_journal (root);
  if (journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      drivedash_test_tree_remove (root);
      return;
    }
  drivedash_test_tree_put (root, "sys/class/nvme/nvme0/model", "Fixture SSD 1TB\n");
  drivedash_test_tree_put (root, "sys/class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "sys/class/nvme/nvme0/address", "0000:01:00.0\n");
  drivedash_test_tree_put (root, "sys/class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_health_provider_set_journal_file_for_testing (journal);

  window = ui_open_window (app, 960, 1400);
  page = health_page (window);
  {
    g_autofree char *sysfs = g_build_filename (root, "sys", NULL);

    drives = drivedash_drive_list_new_for_root (sysfs);
  }
  drivedash_health_page_set_drives (page, drives);
  ui_iterate_until (events_and_game_mode_read, page, 30);
  g_test_message ("events: %s / %s", page_value (page, "events-text"), page_value (page, "full-power-text"));

  g_object_get (drivedash_health_page_get_model (page), "events", &events, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (events), ==, 1);
  item = g_list_model_get_item (events, 0);
  g_assert_cmpint (drivedash_health_event_item_get_kind (item), ==, DRIVEDASH_EVENT_KIND_RESET);
  g_assert_nonnull (strstr (drivedash_health_event_item_get_subtitle (item), "4 times"));
  g_assert_true (model_flag (page, "suggest-full-power"));
  assert_shown (page, "full-power-text");

  drivedash_health_provider_set_journal_file_for_testing (NULL);
  ui_close (window);
  drivedash_test_tree_remove (root);
}

static gboolean
is_partial (gpointer data)
{
  DrivedashHealth *h = page_health (data);

  return h != NULL && h->source == DRIVEDASH_HEALTH_SOURCE_SYSFS;
}

static gboolean
game_mode_read (gpointer data)
{
  const char *text = page_value (data, "game-mode-text");

  /* NULL until the first game mode read has answered. */
  return text != NULL && strstr (text, "Off:") != NULL;
}

/* Buttons that offer the install instructions and are on screen. */
static guint
count_shown_get_full_features (GtkWidget *widget)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget))
    return 0;
  if (GTK_IS_BUTTON (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "health.get-full-features") == 0)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_shown_get_full_features (child);
  return n;
}

/* A real drive read without privileges (a sysfs fixture tree, no system
 * service): the page shows temperature, limits and identity, says what is
 * missing and how to get it, and game mode shows its real state. */
static void
keep_message (DrivedashHealthModel *model,
              const char           *message,
              char                **said)
{
  g_free (*said);
  *said = g_strdup (message);
}

static gboolean
has_message (gpointer data)
{
  return *(char **) data != NULL;
}

static void
test_partial_data (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-ui-sysfs-XXXXXX", &error);
  g_autoptr(DrivedashDriveList) drives = NULL;
  DrivedashWindow *window;
  DrivedashHealthPage *page;

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/serial", "  S4EWNX0R123456     \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/transport", "pcie\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/device/current_link_speed", "8.0 GT/s PCIe\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/device/current_link_width", "4\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_input", "49850\n");   /* 323 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_max", "69850\n");     /* 343 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_crit", "79850\n");    /* 353 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_alarm", "0\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/size", "1953525168\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/nsid", "1\n");

  ui_set_dark (app, FALSE);
  window = ui_open_window (app, 960, 1400);
  page = health_page (window);
  drives = drivedash_drive_list_new_for_root (root);
  drivedash_health_page_set_drives (page, drives);
  ui_iterate_until (is_partial, page, 20);
  ui_iterate_until (game_mode_read, page, 20);

  g_assert_true (drivedash_health_is_partial (page_health (page)));
  assert_value (page, "temperature-text", "50 °C");
  assert_value (page, "limits-text", "Slows down at 70 °C\nCritical at 80 °C");
  assert_value (page, "written-text", "Not available");
  g_assert_nonnull (strstr (page_value (page, "partial"), "system service"));
  assert_shown (page, "partial");
  /* No service on this bus, none to start: the banner offers it (game
   * mode reads from sysfs and needs no permission, so only the banner). */
  g_assert_cmpuint (count_shown_get_full_features (GTK_WIDGET (page)), ==, 1);
  g_test_message ("game mode: %s", page_value (page, "game-mode-text"));

  /* Get Full Features says what the service adds, in words without
   * commands, and Check Again reads the drive again. */
  {
    AdwMessageDialog *dialog;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "health.get-full-features", NULL));
    ui_iterate_until (ui_asks, window, 10);
    dialog = ui_question_over (window);
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Get Full Features");
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "game mode"));
    g_assert_null (strstr (adw_message_dialog_get_body (dialog), "README"));
    g_assert_null (strstr (adw_message_dialog_get_body (dialog), "meson"));
    /* Where the package comes from the distribution (Debian here), the
     * desktop's software app is named and offered. */
    if (adw_message_dialog_get_extra_child (dialog) != NULL)
      {
        g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "package with Test Software,"));
        g_assert_true (adw_message_dialog_has_response (dialog, "software"));
      }
    /* Pressed as a user does: the dialog closes itself. */
    g_signal_emit_by_name (ui_find_button_labelled (GTK_WIDGET (dialog), "Check _Again"), "clicked");
    ui_iterate_until (ui_asks_not, window, 10);
    ui_iterate_until (is_partial, page, 20);
  }

  /* Starting a self-test without the service, UDisks2 or a device node
   * is refused with a message (a toast or a dialog), not a crash or a hang. */
  {
    DrivedashHealthModel *model = drivedash_health_page_get_model (page);
    char *said = NULL;
    gulong toast = g_signal_connect (model, "toast", G_CALLBACK (keep_message), &said);
    gulong failed = g_signal_connect (model, "self-test-failed", G_CALLBACK (keep_message), &said);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "health.self-test", "s", "short"));
    ui_iterate_until (has_message, &said, 20);
    g_test_message ("self-test refused: %s", said);
    g_signal_handler_disconnect (model, toast);
    g_signal_handler_disconnect (model, failed);
    g_free (said);
    ui_wait_frame (GTK_WIDGET (page));
  }

  g_free (ui_screenshot (window, "health-partial-light.png"));
  ui_set_dark (app, TRUE);
  g_free (ui_screenshot (window, "health-partial-dark.png"));
  ui_set_dark (app, FALSE);

  ui_close (window);
  drivedash_test_tree_remove (root);
}

static void
put_drive (const char *root,
           const char *name,
           const char *model)
{
  g_autofree char *model_path = g_strdup_printf ("class/nvme/%s/model", name);
  g_autofree char *state_path = g_strdup_printf ("class/nvme/%s/state", name);

  drivedash_test_tree_put (root, model_path, model);
  drivedash_test_tree_put (root, state_path, "live\n");
}

static gboolean
drive_is (gpointer data)
{
  DrivedashHealthPage *page = data;
  DrivedashHealth *h = page_health (page);

  return h != NULL && g_strcmp0 (h->controller, "nvme1") == 0;
}

/* Two drives: the picker shows, follows the model, and a hot-plug that
 * rebuilds the list keeps the drive the user chose. */
static gboolean
has_three_items (gpointer data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (data)) == 3;
}

static void
test_drive_picker (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-ui-picker-XXXXXX", &error);
  g_autoptr(DrivedashDriveList) drives = NULL;
  DrivedashWindow *window;
  DrivedashHealthPage *page;
  DrivedashHealthModel *model;
  AdwComboRow *row;

  g_assert_no_error (error);
  put_drive (root, "nvme0", "First Drive\n");
  put_drive (root, "nvme1", "Second Drive\n");
  window = ui_open_window (app, 960, 1000);
  page = health_page (window);
  model = drivedash_health_page_get_model (page);
  drives = drivedash_drive_list_new_for_root (root);
  drivedash_health_page_set_drives (page, drives);
  row = ADW_COMBO_ROW (ui_find_descendant (GTK_WIDGET (page), ADW_TYPE_COMBO_ROW));
  ui_iterate_until (ui_widget_is_visible, row, 10);

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
  g_assert_cmpstr (drivedash_drive_item_get_name (drivedash_health_model_get_drive (model)), ==, "nvme0");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);

  /* The user picks the second drive. */
  adw_combo_row_set_selected (row, 1);
  ui_iterate_until (drive_is, page, 20);
  g_assert_cmpstr (page_value (page, "drive-text"), ==, "Second Drive · nvme1");

  /* A third drive is plugged in: the list is rebuilt, the choice stays. */
  put_drive (root, "nvme2", "Third Drive\n");
  drivedash_drive_list_refresh (drives);
  ui_iterate_until (has_three_items, drives, 10);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (drives)), ==, 3);
  g_assert_cmpstr (drivedash_drive_item_get_name (drivedash_health_model_get_drive (model)), ==, "nvme1");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  g_assert_true (adw_combo_row_get_selected_item (row) == drivedash_health_model_get_drive (model));

  ui_close (window);
  drivedash_test_tree_remove (root);
}

/* Get Full Features as on Debian 12 and on Ubuntu 24.04 (os-release
 * fixtures): the package and the one command to install it, at 960 and
 * 360 px.  PREFIX names the screenshots. */
static void
full_features_screenshots (const char *prefix)
{
  static const struct { const char *name, *os_release; } systems[] = {
    { "debian12", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n"
                  "VERSION_ID=\"12\"\nVERSION_CODENAME=bookworm\nID=debian\n" },
    { "ubuntu2404", "PRETTY_NAME=\"Ubuntu 24.04.1 LTS\"\nNAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\n"
                    "VERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\n" },
  };
  static const int widths[] = { 960, 360 };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("drivedash-os-release-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      {
        g_autofree char *os_release = g_build_filename (dir, systems[i].name, NULL);
        g_autofree char *name = g_strdup_printf ("%s-%s-%d.png", prefix, systems[i].name, widths[w]);
        DrivedashWindow *window;
        AdwMessageDialog *dialog;
        GtkWidget *command;

        g_assert_true (g_file_set_contents (os_release, systems[i].os_release, -1, &error));
        drivedash_service_offer_set_os_release_for_testing (os_release);
        window = ui_open_window (app, widths[w], 1000);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (health_page (window)), "health.get-full-features", NULL));
        ui_iterate_until (ui_asks, window, 10);
        dialog = ui_question_over (window);
        g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, _("Get Full Features"));
        g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "drivedash-service"));
        command = adw_message_dialog_get_extra_child (dialog);
        g_assert_true (GTK_IS_LABEL (command));
        g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (command)), ==, "sudo apt install drivedash-service");
        g_free (ui_screenshot (dialog, name));
        gtk_window_close (GTK_WINDOW (dialog));
        ui_iterate_until (ui_asks_not, window, 10);
        ui_close (window);
        g_unlink (os_release);
      }
  drivedash_service_offer_set_os_release_for_testing (NULL);
  g_rmdir (dir);
}

static void
test_full_features (void)
{
  full_features_screenshots ("full-features");
}

static void
test_full_features_japanese (void)
{
  ui_in_japanese (full_features_screenshots, "full-features-ja", "Get Full Features");
}

/* A software app ("Test Software", GNOME Software's id) in a data folder
 * of this process only, which Get Full Features names and opens. */
static char *
put_software_app (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("drivedash-ui-software-XXXXXX", &error);
  g_autofree char *apps = g_build_filename (dir, "applications", NULL);
  g_autofree char *file = g_build_filename (apps, "org.gnome.Software.desktop", NULL);
  g_autofree char *dirs = g_strjoin (":", dir, g_getenv ("XDG_DATA_DIRS") ? g_getenv ("XDG_DATA_DIRS")
                                                                         : "/usr/local/share:/usr/share", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  g_assert_true (g_file_set_contents (file, "[Desktop Entry]\nType=Application\nName=Test Software\n"
                                      "Exec=true\n", -1, &error));
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_DIRS", dirs, TRUE);
  return dir;
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  int status;
  g_autofree char *software_dir = NULL;

  g_test_init (&argc, &argv, NULL);

  /* Demo mode is off unless asked for (the --demo option sets it). */
  g_assert_false (drivedash_demo_get_enabled ());
  drivedash_demo_set_enabled (TRUE);

  /* GTK's in-memory accessibility backend, so the tests can read what a
   * screen reader would be told (the suite's default is none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  /* No system bus: no service, no UDisks2; the unprivileged path. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/drivedash-test", TRUE);
  software_dir = put_software_app ();
  bus = ui_start_app (&app);

  g_test_add_func ("/ui/health/demo-values", test_demo_values);
  g_test_add_func ("/ui/health/temperature-samples", test_temperature_samples);
  g_test_add_func ("/ui/health/game-mode", test_game_mode_switch);
  g_test_add_func ("/ui/health/details-read-aloud", test_details_read_aloud);
  g_test_add_func ("/ui/health/screenshots", test_screenshots);
  g_test_add_func ("/ui/health/firmware-slots", test_firmware_slots);
  g_test_add_func ("/ui/health/firmware-screenshots", test_firmware_screenshots);
  g_test_add_func ("/ui/health/firmware-screenshots-japanese", test_firmware_screenshots_japanese);
  g_test_add_func ("/ui/health/events", test_events);
  g_test_add_func ("/ui/health/events-japanese", test_events_japanese);
  g_test_add_func ("/ui/health/events-journal", test_events_journal);
  g_test_add_func ("/ui/health/partial-data", test_partial_data);
  g_test_add_func ("/ui/health/drive-picker", test_drive_picker);
  g_test_add_func ("/ui/health/full-features", test_full_features);
  g_test_add_func ("/ui/health/full-features-japanese", test_full_features_japanese);

  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  /* Not _down() (nor unref, which calls it): that waits for every user
   * of the bus connection to let go, and GTK keeps one until exit. */
  g_test_dbus_stop (bus);
  drivedash_test_tree_remove (software_dir);
  return status;
}
