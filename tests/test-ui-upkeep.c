/* test-ui-upkeep.c — the Health page's Upkeep group under Xvfb, run by
 * tests/dbus/test_upkeep_app.py on a private system bus where systemd's
 * manager and fwupd are python3-dbusmock MOCKS (no systemd as PID 1 here)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The group in the Health page of the real window, and alone (the real
 * widget, its real view-model and lib's real trim and fwupd code) in an
 * AdwApplicationWindow of its own, for the fixture
 * drive UPKEEP_SYSFS_ROOT/class/nvme/nvme0, whose namespace holds a
 * filesystem really mounted here.  The script has set fstrim.timer
 * "disabled" and an offered release.  Checks what the rows say and which
 * buttons show, that a refusal changes nothing, that Turn On turns it on
 * with interactive authorization allowed, and saves screenshots at 960
 * and 360 px in English and Japanese (upkeep-*.png).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "drivedash-health-page.h"
#include "drivedash-health-upkeep.h"
#include "drivedash-test-locale.h"
#include "test-ui-common.h"

#define SYSTEMD_MOCK "io.github.drivedash.Test.SystemdMock"

typedef struct
{
  AdwApplicationWindow       *window;
  DrivedashHealthUpkeep      *section;
  DrivedashHealthUpkeepModel *upkeep;
} Fixture;

static void
systemd_mock (const char *method,
              GVariant   *args,
              GVariant  **reply)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, &error);
  GVariant *result;

  g_assert_no_error (error);
  result = g_dbus_connection_call_sync (bus, "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
                                        SYSTEMD_MOCK, method, args, NULL, G_DBUS_CALL_FLAGS_NONE, -1,
                                        NULL, &error);
  g_assert_no_error (error);
  if (reply != NULL)
    *reply = result;
  else
    g_variant_unref (result);
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);

      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_available (gpointer data)
{
  return drivedash_health_upkeep_model_get_available (data);
}

static gboolean
is_idle (gpointer data)
{
  return !drivedash_health_upkeep_model_get_busy (data);
}

static void
open_fixture (Fixture *f,
              int      width)
{
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (g_getenv ("UPKEEP_SYSFS_ROOT"));
  g_autoptr(DrivedashDriveItem) item = g_list_model_get_item (G_LIST_MODEL (drives), 0);
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *overlay = adw_toast_overlay_new ();

  g_assert_nonnull (item);
  f->window = ADW_APPLICATION_WINDOW (adw_application_window_new (NULL));
  f->section = g_object_new (DRIVEDASH_TYPE_HEALTH_UPKEEP, NULL);
  f->upkeep = drivedash_health_upkeep_get_upkeep (f->section);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (f->section));
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), page);
  adw_application_window_set_content (f->window, overlay);
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, 560);
  gtk_window_present (GTK_WINDOW (f->window));
  drivedash_health_upkeep_model_set_drive (f->upkeep, item);
  ui_iterate_until (is_available, f->upkeep, 30);
  ui_iterate_until (ui_widget_is_mapped, f->section, 10);
}

static void
close_fixture (Fixture *f)
{
  ui_close (f->window);
}

static void
screenshot (Fixture    *f,
            const char *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint attempt = 0; ; attempt++)
    {
      ui_wait_frame (GTK_WIDGET (f->window));
      if (drivedash_screenshot_save_window (GTK_WINDOW (f->window), path, &error) || attempt == 5)
        break;
      g_clear_error (&error);
    }
  g_assert_no_error (error);
  g_test_message ("saved %s", path);
}

/* The rows show the model's words; the buttons show when they help. */
static void
assert_shown (Fixture *f)
{
  GtkWidget *trim = find_button (GTK_WIDGET (f->section), "upkeep.turn-on-trim");
  GtkWidget *software = find_button (GTK_WIDGET (f->section), "upkeep.open-software");

  g_assert_nonnull (trim);
  g_assert_nonnull (software);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->section)));
  g_assert_cmpint (gtk_widget_get_visible (trim), ==, drivedash_health_upkeep_model_get_can_turn_on_trim (f->upkeep));
  g_assert_cmpint (gtk_widget_get_visible (software), ==, drivedash_health_upkeep_model_get_firmware_offered (f->upkeep));
}

static void
screenshots (const char *prefix)
{
  static const int widths[] = { 960, 360 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      Fixture f;
      g_autofree char *name = g_strdup_printf ("%s-%s-light.png", prefix, i == 0 ? "wide" : "narrow");

      open_fixture (&f, widths[i]);
      g_assert_cmpint (drivedash_health_upkeep_model_get_trim_state (f.upkeep), ==, DRIVEDASH_TRIM_STATE_OFF);
      g_assert_true (drivedash_health_upkeep_model_get_firmware_offered (f.upkeep));
      assert_shown (&f);
      screenshot (&f, name);
      close_fixture (&f);
    }
}

static void
test_screenshots (void)
{
  screenshots ("upkeep");
}

/* Like test-ui-health's: the body in a subprocess with the Japanese
 * catalogue, checked to be the one in use. */
static void
test_screenshots_japanese (void)
{
  ui_in_japanese (screenshots, "upkeep-ja", "Weekly trim");
}

static void
turn_on (Fixture *f)
{
  gtk_widget_activate_action (GTK_WIDGET (f->section), "upkeep.turn-on-trim", NULL);
  g_assert_true (drivedash_health_upkeep_model_get_busy (f->upkeep));
  ui_iterate_until (is_idle, f->upkeep, 30);
}

static void
test_turn_on (void)
{
  g_autoptr(GVariant) calls = NULL;
  g_autoptr(GVariantIter) iter = NULL;
  const char *method;
  gboolean interactive;
  guint enables = 0;
  Fixture f;

  open_fixture (&f, 960);
  /* Refused: nothing changes and the button stays. */
  systemd_mock ("SetAllowed", g_variant_new ("(b)", FALSE), NULL);
  turn_on (&f);
  g_assert_cmpint (drivedash_health_upkeep_model_get_trim_state (f.upkeep), ==, DRIVEDASH_TRIM_STATE_OFF);
  assert_shown (&f);
  g_assert_true (drivedash_health_upkeep_model_get_can_turn_on_trim (f.upkeep));

  systemd_mock ("SetAllowed", g_variant_new ("(b)", TRUE), NULL);
  turn_on (&f);
  g_assert_cmpint (drivedash_health_upkeep_model_get_trim_state (f.upkeep), ==, DRIVEDASH_TRIM_STATE_WEEKLY);
  g_assert_cmpstr (drivedash_health_upkeep_model_get_trim_text (f.upkeep), ==,
                   "On: the drive is trimmed once a week. It has not run yet.");
  assert_shown (&f);
  g_assert_false (gtk_widget_get_visible (find_button (GTK_WIDGET (f.section), "upkeep.turn-on-trim")));
  screenshot (&f, "upkeep-on-wide-light.png");

  /* systemd saw the password dialog allowed on every call that asks. */
  systemd_mock ("GetInteractiveCalls", NULL, &calls);
  g_variant_get (calls, "(a(sb))", &iter);
  while (g_variant_iter_next (iter, "(&sb)", &method, &interactive))
    if (g_str_equal (method, "EnableUnitFiles"))
      {
        g_assert_true (interactive);
        enables++;
      }
  g_assert_cmpuint (enables, ==, 2);
  close_fixture (&f);
}

static DrivedashApplication *app;

static gboolean
upkeep_shown (gpointer data)
{
  DrivedashHealthUpkeep *section = data;

  return drivedash_health_upkeep_model_get_available (drivedash_health_upkeep_get_upkeep (section)) &&
         gtk_widget_get_mapped (GTK_WIDGET (section));
}

/* Scrolls the page so that the group is in view; holds once it is.  The
 * health report's groups above it come in after the group itself, and
 * until the page has laid them out the group sits at the top and there
 * is nothing to scroll, so this is retried on each iteration. */
#define UPKEEP_SCROLL_MARGIN 24.0  /* px left above the group when scrolled to it */

static gboolean
upkeep_scrolled_into_view (gpointer data)
{
  GtkWidget *section = data;
  GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (section, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scrolled);
  graphene_point_t at;
  double target;

  if (!gtk_widget_compute_point (section, gtk_scrolled_window_get_child (scrolled),
                                 &GRAPHENE_POINT_INIT (0, 0), &at) || at.y <= UPKEEP_SCROLL_MARGIN)
    return FALSE;
  target = at.y - UPKEEP_SCROLL_MARGIN;
  if (!G_APPROX_VALUE (gtk_adjustment_get_value (adj), target, 1.0))
    {
      gtk_adjustment_set_value (adj, target);
      return FALSE;
    }
  g_test_message ("upkeep group at y=%.0f of %.0f", at.y, gtk_adjustment_get_upper (adj));
  return TRUE;
}

/* The group where it lives: the Health page of the real window, showing
 * the fixture drive; scrolled so that the group is in view. */
static void
test_in_window (void)
{
  static const int widths[] = { 960, 360 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      DrivedashWindow *window = ui_open_window (app, widths[i], 900);
      GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE);
      g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (g_getenv ("UPKEEP_SYSFS_ROOT"));
      g_autofree char *name = g_strdup_printf ("upkeep-window-%s-light.png", i == 0 ? "wide" : "narrow");
      GtkWidget *section;

      g_assert_nonnull (page);
      drivedash_health_page_set_drives (DRIVEDASH_HEALTH_PAGE (page), drives);
      section = ui_find_descendant (page, DRIVEDASH_TYPE_HEALTH_UPKEEP);
      g_assert_nonnull (section);
      ui_iterate_until (upkeep_shown, section, 30);
      g_assert_true (gtk_widget_get_visible (find_button (section, "upkeep.open-software")));
      ui_iterate_until (upkeep_scrolled_into_view, section, 30);
      g_free (ui_screenshot (window, name));
      ui_close (window);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("UPKEEP_SYSFS_ROOT") == NULL)
    {
      /* Not started by test_upkeep_app.py: no bus with the mocks. */
      g_test_skip ("run by tests/dbus/test_upkeep_app.py");
      return g_test_run ();
    }
  {
    /* GTestDBus (the app's private session bus) would hide the system
     * bus the mocks are on. */
    g_autofree char *system_bus = g_strdup (g_getenv ("DBUS_SYSTEM_BUS_ADDRESS"));
    GTestDBus *bus = ui_start_app (&app);
    int status;

    g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", system_bus, TRUE);
    /* Japanese first: the English test turns the timer on. */
    g_test_add_func ("/ui/upkeep/screenshots-japanese", test_screenshots_japanese);
    g_test_add_func ("/ui/upkeep/screenshots", test_screenshots);
    g_test_add_func ("/ui/upkeep/in-window", test_in_window);
    g_test_add_func ("/ui/upkeep/turn-on", test_turn_on);
    status = g_test_run ();
    g_application_release (G_APPLICATION (app));
    g_clear_object (&app);
    /* Not _down(): GTK keeps its bus connection until exit (as in
     * test-ui-health). */
    g_test_dbus_stop (bus);
    return status;
  }
}
