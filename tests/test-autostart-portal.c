/* test-autostart-portal.c — the Flatpak path of the watch opt-in: the
 * Preferences switch asks org.freedesktop.portal.Background through a
 * python3-dbusmock portal (tests/dbus/templates/portal_background.py) on
 * a private session bus, which records the options and answers on the
 * Request path computed as the portal spec says.  Allowed: the switch
 * stays on; opting out asks for no autostart; denied, allowed without
 * background, or no portal: a plain message and the switch goes back off.
 * The Health page's first-run offer (its view-model, and the real page
 * with the demo drive) waits for the same answer, and with Preferences
 * open at the same time the portal is still asked once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-autostart-private.h"
#include "drivedash-demo.h"
#include "drivedash-health-page.h"
#include "drivedash-watch-hint.h"

#include "drivedash-test-xvfb.h"

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define DENIED "Running in the background was not allowed."

static GSubprocess *mock;
static GSettings *settings;

static GDBusConnection *
session (void)
{
  static GDBusConnection *connection;

  /* The app's own shared connection: its calls and ours reach the mock
   * in the order they were sent. */
  if (connection == NULL)
    connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  return connection;
}

static gboolean
portal_present (void)
{
  g_autoptr(GVariant) reply = g_dbus_connection_call_sync (session (), "org.freedesktop.DBus",
                                                           "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                           "NameHasOwner", g_variant_new ("(s)", PORTAL_NAME),
                                                           G_VARIANT_TYPE ("(b)"), 0, -1, NULL, NULL);
  gboolean present = FALSE;

  if (reply != NULL)
    g_variant_get (reply, "(b)", &present);
  return present;
}

/* A cap against hanging, not a timing assertion. */
static void
iterate_until (gboolean (*condition) (gpointer),
               gpointer   data,
               const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (5000);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
cond_portal_present (gpointer data)
{
  return portal_present () == GPOINTER_TO_INT (data);
}

static GVariant *
mock_call (const char *iface,
           const char *method,
           GVariant   *params,
           const char *reply_type)
{
  g_autoptr(GError) error = NULL;
  GVariant *reply = g_dbus_connection_call_sync (session (), PORTAL_NAME, PORTAL_PATH, iface, method, params,
                                                 reply_type ? G_VARIANT_TYPE (reply_type) : NULL,
                                                 0, -1, NULL, &error);

  g_assert_no_error (error);
  return reply;
}

static void
set_answer (guint32  response,
            gboolean background)
{
  g_autoptr(GVariant) r1 = mock_call ("org.freedesktop.DBus.Mock", "ClearCalls", NULL, NULL);
  g_autoptr(GVariant) r2 = mock_call ("io.github.drivedash.Test.PortalMock", "SetResponse",
                                      g_variant_new ("(ub)", response, background), NULL);
}

/* The options of each RequestBackground the mock has seen. */
static GPtrArray *
requests (void)
{
  g_autoptr(GVariant) reply = mock_call ("org.freedesktop.DBus.Mock", "GetMethodCalls",
                                         g_variant_new ("(s)", "RequestBackground"), "(a(tav))");
  g_autoptr(GVariant) calls = g_variant_get_child_value (reply, 0);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);

  for (gsize i = 0; i < g_variant_n_children (calls); i++)
    {
      g_autoptr(GVariant) call = g_variant_get_child_value (calls, i);
      g_autoptr(GVariant) args = g_variant_get_child_value (call, 1);
      g_autoptr(GVariant) boxed = g_variant_get_child_value (args, 1);

      g_ptr_array_add (out, g_variant_get_variant (boxed));
    }
  return out;
}

typedef struct
{
  GtkWidget *window;
  GtkWidget *toggle;
  GtkWidget *row;
} Fixture;

static GtkWidget *
find_switch (GtkWidget *widget)
{
  if (GTK_IS_SWITCH (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_switch (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
shows_text (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, text))
      return TRUE;
  return FALSE;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  AdwPreferencesPage *page;

  g_settings_reset (settings, "watch-in-background");
  f->window = adw_preferences_window_new ();
  page = drivedash_autostart_page_new (settings);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (f->window), page);
  gtk_window_present (GTK_WINDOW (f->window));
  /* The first switch is the watch's (the games one follows it). */
  f->toggle = find_switch (GTK_WIDGET (page));
  f->row = gtk_widget_get_ancestor (f->toggle, ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (f->row);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (f->toggle)));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

typedef struct
{
  Fixture *f;
  guint    n_requests;
  gboolean active;
} Expect;

/* The answer has come back: the row takes input again. */
static gboolean
cond_answered (gpointer data)
{
  Expect *e = data;
  g_autoptr(GPtrArray) seen = requests ();

  return seen->len >= e->n_requests && gtk_widget_get_sensitive (e->f->row) &&
         g_settings_get_boolean (settings, "watch-in-background") == e->active;
}

static void
flip (Fixture  *f,
      gboolean  on,
      guint     n_requests,
      gboolean  active)
{
  Expect e = { f, n_requests, active };

  gtk_switch_set_active (GTK_SWITCH (f->toggle), on);
  iterate_until (cond_answered, &e, "the portal's answer");
  g_assert_cmpint (gtk_switch_get_active (GTK_SWITCH (f->toggle)), ==, active);
}

static void
assert_request (GVariant *options,
                gboolean  autostart)
{
  g_autofree const char **commandline = NULL;
  const char *reason = NULL;
  const char *token = NULL;
  gboolean value = !autostart;

  g_test_message ("RequestBackground options: %s", g_variant_print (options, FALSE));
  g_assert_true (g_variant_lookup (options, "autostart", "b", &value));
  g_assert_cmpint (value, ==, autostart);
  g_assert_true (g_variant_lookup (options, "commandline", "^a&s", &commandline));
  g_assert_cmpstrv (commandline, ((const char *[]) { "drivedash", "--background", NULL }));
  g_assert_true (g_variant_lookup (options, "handle_token", "&s", &token));
  /* The last element of the Request path: [A-Za-z0-9_] only. */
  g_assert_cmpuint (strlen (token), >, 0);
  g_assert_cmpuint (strspn (token, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
                    ==, strlen (token));
  /* A plain sentence: the portal shows it to the user as it is. */
  g_assert_true (g_variant_lookup (options, "reason", "&s", &reason));
  g_assert_true (g_ascii_isupper (reason[0]));
  g_assert_true (g_str_has_suffix (reason, "."));
  g_assert_null (strpbrk (reason, "<>&\n%"));
}

static void
test_allowed (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) seen = NULL;

  set_answer (0, TRUE);
  flip (f, TRUE, 1, TRUE);
  g_assert_false (shows_text (f->window, DENIED));

  flip (f, FALSE, 2, FALSE);
  seen = requests ();
  g_assert_cmpuint (seen->len, ==, 2);
  assert_request (g_ptr_array_index (seen, 0), TRUE);
  assert_request (g_ptr_array_index (seen, 1), FALSE);
  g_assert_false (shows_text (f->window, DENIED));
}

/* Response 1 (the user said no), or 0 without background. */
static void
test_denied (Fixture       *f,
             gconstpointer  data)
{
  guint32 response = GPOINTER_TO_UINT (data);
  g_autoptr(GPtrArray) seen = NULL;

  set_answer (response, FALSE);
  flip (f, TRUE, 1, FALSE);
  g_assert_true (shows_text (f->window, DENIED " You can allow it in Settings → Apps → Drivedash."));
  /* Turning the switch back is not a new question. */
  seen = requests ();
  g_assert_cmpuint (seen->len, ==, 1);
  assert_request (g_ptr_array_index (seen, 0), TRUE);
}

static gboolean
cond_off_and_sensitive (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_sensitive (f->row) && !g_settings_get_boolean (settings, "watch-in-background");
}

static void
test_no_portal (Fixture       *f,
                gconstpointer  data)
{
  g_subprocess_send_signal (mock, SIGTERM);
  g_subprocess_wait (mock, NULL, NULL);
  g_clear_object (&mock);
  iterate_until (cond_portal_present, GINT_TO_POINTER (FALSE), "the portal to leave");

  gtk_switch_set_active (GTK_SWITCH (f->toggle), TRUE);
  iterate_until (cond_off_and_sensitive, f, "the call to fail");
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (f->toggle)));
  g_assert_true (shows_text (f->window, "the desktop portal did not answer."));
}

/* The Health page's first-run offer ("Turn On"), on its view-model:
 * it waits for the same answer as the Preferences switch. */
static gboolean
cond_hint_answered (gpointer data)
{
  return !drivedash_watch_hint_get_busy (data);
}

static gboolean cond_sensitive (gpointer data);

static DrivedashWatchHint *
hint_turn_on (void)
{
  DrivedashWatchHint *hint;

  g_settings_reset (settings, "watch-in-background");
  g_settings_reset (settings, "watch-hint-dismissed");
  hint = drivedash_watch_hint_new (settings);
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  drivedash_watch_hint_turn_on (hint);
  /* Waiting: still shown, and a second press asks nothing. */
  g_assert_true (drivedash_watch_hint_get_busy (hint));
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  drivedash_watch_hint_turn_on (hint);
  iterate_until (cond_hint_answered, hint, "the offer's answer");
  return hint;
}

static void
test_hint_allowed (void)
{
  g_autoptr(DrivedashWatchHint) hint = NULL;
  g_autoptr(GPtrArray) seen = NULL;

  set_answer (0, TRUE);
  hint = hint_turn_on ();
  g_assert_true (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_false (drivedash_watch_hint_get_visible (hint));
  g_assert_null (drivedash_watch_hint_get_message (hint));
  seen = requests ();
  g_assert_cmpuint (seen->len, ==, 1);
  assert_request (g_ptr_array_index (seen, 0), TRUE);
}

static void
test_hint_denied (void)
{
  g_autoptr(DrivedashWatchHint) hint = NULL;
  g_autoptr(GPtrArray) seen = NULL;

  set_answer (1, FALSE);
  hint = hint_turn_on ();
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  g_assert_cmpstr (drivedash_watch_hint_get_message (hint), ==,
                   DENIED " You can allow it in Settings → Apps → Drivedash.");
  seen = requests ();
  g_assert_cmpuint (seen->len, ==, 1);
}

/* "Turn On" on the offer while Preferences is open: the open switch sees
 * the setting change too, yet the portal is asked once, and both show
 * the one answer. */
static void
test_hint_with_preferences (Fixture       *f,
                            gconstpointer  data)
{
  gboolean allowed = GPOINTER_TO_INT (data);
  g_autoptr(DrivedashWatchHint) hint = NULL;
  g_autoptr(GPtrArray) seen = NULL;

  set_answer (allowed ? 0 : 1, allowed);
  hint = hint_turn_on ();
  iterate_until (cond_sensitive, f->row, "the switch's answer");
  seen = requests ();
  g_assert_cmpuint (seen->len, ==, 1);
  assert_request (g_ptr_array_index (seen, 0), TRUE);
  g_assert_cmpint (g_settings_get_boolean (settings, "watch-in-background"), ==, allowed);
  g_assert_cmpint (gtk_switch_get_active (GTK_SWITCH (f->toggle)), ==, allowed);
  g_assert_cmpint (drivedash_watch_hint_get_visible (hint), ==, !allowed);
}

static void
applied_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  guint *n_answers = user_data;

  g_assert_true (drivedash_autostart_apply_finish (result, &error));
  g_assert_no_error (error);
  (*n_answers)++;
}

static gboolean
cond_three_answers (gpointer data)
{
  return *(guint *) data == 3;
}

/* Straight on the apply call: the same value asked twice while its
 * answer is awaited is one question; the other value is a question of
 * its own; every caller hears back. */
static void
test_apply_joins (void)
{
  g_autoptr(GPtrArray) seen = NULL;
  guint n_answers = 0;

  set_answer (0, TRUE);
  drivedash_autostart_apply_async (TRUE, NULL, applied_cb, &n_answers);
  drivedash_autostart_apply_async (TRUE, NULL, applied_cb, &n_answers);
  drivedash_autostart_apply_async (FALSE, NULL, applied_cb, &n_answers);
  iterate_until (cond_three_answers, &n_answers, "three answers");
  seen = requests ();
  g_assert_cmpuint (seen->len, ==, 2);
  assert_request (g_ptr_array_index (seen, 0), TRUE);
  assert_request (g_ptr_array_index (seen, 1), FALSE);
}

/* After /autostart-portal/no-portal, which stopped the mock. */
static void
test_hint_no_portal (void)
{
  g_autoptr(DrivedashWatchHint) hint = NULL;

  g_assert_false (portal_present ());
  hint = hint_turn_on ();
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  g_assert_nonnull (strstr (drivedash_watch_hint_get_message (hint), "the desktop portal did not answer."));
}

/* The same on the real Health page (the demo drive): Turn On is greyed
 * out while the desktop is asked; a refusal is said on the banner. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
cond_drawable (gpointer data)
{
  return gtk_widget_is_drawable (data);
}

static gboolean
cond_sensitive (gpointer data)
{
  return gtk_widget_is_sensitive (data);
}

static void
test_page (gconstpointer data)
{
  gboolean allowed = GPOINTER_TO_INT (data);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page;
  GtkWidget *button;

  set_answer (allowed ? 0 : 1, allowed);
  g_settings_reset (settings, "watch-in-background");
  g_settings_reset (settings, "watch-hint-dismissed");
  drivedash_demo_set_enabled (TRUE);
  page = drivedash_health_page_new ();
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 1200);
  gtk_window_present (GTK_WINDOW (window));
  button = find_action_button (page, "health.watch-on");
  g_assert_nonnull (button);
  iterate_until (cond_drawable, button, "the offer on the page");

  g_signal_emit_by_name (button, "clicked");
  g_assert_true (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_is_drawable (button));
  iterate_until (cond_sensitive, button, "the answer on the page");

  g_assert_cmpint (g_settings_get_boolean (settings, "watch-in-background"), ==, allowed);
  g_assert_cmpint (gtk_widget_is_drawable (button), ==, !allowed);
  g_assert_cmpint (shows_text (window, DENIED), ==, !allowed);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  drivedash_demo_set_enabled (FALSE);
}

static gboolean
have_dbusmock (void)
{
  g_autoptr(GSubprocess) check = NULL;

  if (!g_file_test ("/usr/bin/python3", G_FILE_TEST_IS_EXECUTABLE))
    return FALSE;
  check = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL,
                            "/usr/bin/python3", "-c", "import dbusmock", NULL);
  return check != NULL && g_subprocess_wait_check (check, NULL, NULL);
}

static void
start_mock (void)
{
  g_autofree char *template = g_test_build_filename (G_TEST_DIST, "dbus", "templates", "portal_background.py", NULL);
  g_autoptr(GError) error = NULL;

  mock = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, "/usr/bin/python3", "-m", "dbusmock",
                           "--template", template, NULL);
  g_assert_no_error (error);
  iterate_until (cond_portal_present, GINT_TO_POINTER (TRUE), "the mock portal");
}

int
main (int    argc,
      char **argv)
{
  GTestDBus *bus;
  GSubprocess *xvfb;
  g_autofree char *display = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!have_dbusmock ())
    {
      g_test_skip ("python3-dbusmock is not installed for /usr/bin/python3 (build-aux/deps test)");
      return g_test_run ();
    }
  /* GTestDBus unsets DISPLAY (against dbus-launch): set it afterwards. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  xvfb = drivedash_test_xvfb_start (&display);
  g_setenv ("DISPLAY", display, TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  /* GTK and libadwaita look for the portal's settings at start: before
   * the mock owns the name, so they do not ask it. */
  adw_init ();
  start_mock ();
  settings = g_settings_new (APP_ID);
  drivedash_autostart_set_use_portal_for_testing (TRUE);

  g_test_add ("/autostart-portal/allowed", Fixture, NULL, fixture_set_up, test_allowed, fixture_tear_down);
  g_test_add ("/autostart-portal/denied", Fixture, GUINT_TO_POINTER (1),
              fixture_set_up, test_denied, fixture_tear_down);
  g_test_add ("/autostart-portal/no-background", Fixture, GUINT_TO_POINTER (0),
              fixture_set_up, test_denied, fixture_tear_down);
  g_test_add_func ("/autostart-portal/hint-allowed", test_hint_allowed);
  g_test_add_func ("/autostart-portal/hint-denied", test_hint_denied);
  g_test_add ("/autostart-portal/hint-with-preferences-allowed", Fixture, GINT_TO_POINTER (TRUE),
              fixture_set_up, test_hint_with_preferences, fixture_tear_down);
  g_test_add ("/autostart-portal/hint-with-preferences-denied", Fixture, GINT_TO_POINTER (FALSE),
              fixture_set_up, test_hint_with_preferences, fixture_tear_down);
  g_test_add_func ("/autostart-portal/apply-joins", test_apply_joins);
  g_test_add_data_func ("/autostart-portal/page-allowed", GINT_TO_POINTER (TRUE), test_page);
  g_test_add_data_func ("/autostart-portal/page-denied", GINT_TO_POINTER (FALSE), test_page);
  /* Last: it stops the mock. */
  g_test_add ("/autostart-portal/no-portal", Fixture, NULL, fixture_set_up, test_no_portal, fixture_tear_down);
  g_test_add_func ("/autostart-portal/hint-no-portal", test_hint_no_portal);
  status = g_test_run ();

  g_clear_object (&settings);
  if (mock != NULL)
    {
      g_subprocess_send_signal (mock, SIGTERM);
      g_subprocess_wait (mock, NULL, NULL);
      g_clear_object (&mock);
    }
  /* Not _down(): GTK keeps the session connection until exit. */
  g_test_dbus_stop (bus);
  drivedash_test_xvfb_stop (xvfb);
  return status;
}
