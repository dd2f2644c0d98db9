/* test-health-model.c — the Health page's view-model, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value the Health page shows is a property of DrivedashHealthModel
 * (the page's templates bind to them), so these tests check the page's
 * values with no window at all: a full health log decoded from the byte
 * fixtures (healthy, and each critical-warning bit), a real unprivileged
 * read of a sysfs fixture tree (partial, no service: "Get Full Features"), no
 * drives, and the demo drive.  The rest run against a FAKE system service
 * on a private test bus (tests/dbus/fake-slow-game-mode.py): a slow
 * game-mode change during a refresh and a hot-plug, and an installed
 * service that fails, refuses, lacks GetHealth or gives part of a report,
 * where the page must say what happened and never how to install it.
 */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-demo.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-health-mapping.h"
#include "drivedash-health-model-private.h"
#include "drivedash-store.h"
#include "drivedash-store-health.h"
#include "drivedash-test-health.h"
#include "drivedash-test-tree.h"

typedef gboolean (*Predicate) (gpointer data);

/* A deadline, not a timing assertion.  One health read walks the
 * client's chain, and asking for a service that is not there may wait
 * for D-Bus's own 25 s reply timeout; on two loaded cores (a clean-clone
 * CI run with two CPU burners beside it) 30 s was once not enough. */
#define WAIT_S 120

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_until (Predicate  predicate,
            gpointer   data,
            const char *what)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (WAIT_S, timeout_cb, &timed_out);

  while (!predicate (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("Waited %d s for %s", WAIT_S, what);
  g_source_remove (id);
}

static const char *
text (DrivedashHealthModel *model,
      const char           *property)
{
  return drivedash_health_model_get_text (model, property);
}

static gboolean
flag (DrivedashHealthModel *model,
      const char           *property)
{
  gboolean value = FALSE;

  g_object_get (model, property, &value, NULL);
  return value;
}

static int
int_value (DrivedashHealthModel *model,
           const char           *property)
{
  int value = 0;

  g_object_get (model, property, &value, NULL);
  return value;
}

/* "verdict" is a DrivedashVerdict, a registered enum whose nicks are the
 * stable strings of JSON and a{sv}. */
static DrivedashVerdict
verdict_value (DrivedashHealthModel *model)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (model), "verdict");
  g_autoptr(GEnumClass) klass = g_type_class_ref (DRIVEDASH_TYPE_VERDICT);
  DrivedashVerdict verdict = DRIVEDASH_VERDICT_UNKNOWN;

  g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (pspec) == DRIVEDASH_TYPE_VERDICT);
  g_object_get (model, "verdict", &verdict, NULL);
  g_assert_nonnull (g_enum_get_value (klass, verdict));
  g_assert_cmpstr (g_enum_get_value (klass, verdict)->value_nick, ==, drivedash_verdict_to_string (verdict));
  return verdict;
}

static gboolean
has_health (gpointer data)
{
  return drivedash_health_model_get_health (data) != NULL;
}

/* The values of a report with the whole health log, as the formatting
 * functions write them. */
static void
assert_smart_values (DrivedashHealthModel *model,
                     DrivedashHealth      *h)
{
  const DrivedashSmartLog *s = &h->smart;
  g_autofree char *temperature = drivedash_format_temperature (s->temperature_kelvin);
  g_autofree char *limits = drivedash_health_limits_text (h->warning_temperature_kelvin, h->critical_temperature_kelvin);
  g_autofree char *life = g_strdup_printf ("%d %%", CLAMP (100 - (int) s->percentage_used, 0, 100));
  g_autofree char *written = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (s->data_units_written));
  g_autofree char *read = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (s->data_units_read));
  g_autofree char *hours = drivedash_format_hours (s->power_on_hours);
  g_autofree char *unsafe = drivedash_format_count (s->unsafe_shutdowns);
  g_autofree char *media = drivedash_format_count (s->media_errors);
  g_autofree char *drive = g_strdup_printf ("%s · %s", h->model, h->controller);

  g_assert_cmpstr (text (model, "temperature-text"), ==, temperature);
  g_assert_cmpstr (text (model, "limits-text"), ==, limits);
  g_assert_cmpstr (text (model, "life-text"), ==, life);
  g_assert_cmpint (int_value (model, "life-left"), ==, CLAMP (100 - (int) s->percentage_used, 0, 100));
  g_assert_cmpstr (text (model, "written-text"), ==, written);
  g_assert_cmpstr (text (model, "read-text"), ==, read);
  g_assert_cmpstr (text (model, "hours-text"), ==, hours);
  g_assert_cmpstr (text (model, "unsafe-text"), ==, unsafe);
  g_assert_cmpstr (text (model, "media-text"), ==, media);
  g_assert_cmpstr (text (model, "drive-text"), ==, drive);
  g_assert_nonnull (text (model, "written-subtitle"));
  g_assert_null (text (model, "partial"));
}

/* ---------------------------------------------------------------------- */

static void
test_mapping (void)
{
  static const struct { DrivedashVerdict v; const char *icon, *style, *title; } cases[] = {
    { DRIVEDASH_VERDICT_GOOD, "emblem-ok-symbolic", "success", "Your drive is healthy." },
    { DRIVEDASH_VERDICT_CAUTION, "dialog-warning-symbolic", "warning", "Your drive needs attention." },
    { DRIVEDASH_VERDICT_BAD, "dialog-error-symbolic", "error", "Back up your data now." },
    { DRIVEDASH_VERDICT_UNKNOWN, "dialog-question-symbolic", "dim-label", "The drive's health could not be read." },
  };
  DrivedashGameMode state = { .controller = (char *) "nvme0", .supported = TRUE };
  g_autofree char *off = NULL;
  g_autofree char *none = NULL;
  g_autofree char *limits = drivedash_health_limits_text (343, 358);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_cmpstr (drivedash_health_verdict_icon_name (cases[i].v), ==, cases[i].icon);
      g_assert_cmpstr (drivedash_health_verdict_style_class (cases[i].v), ==, cases[i].style);
      g_assert_cmpstr (drivedash_health_verdict_title (cases[i].v, TRUE), ==, cases[i].title);
    }
  /* Without the health log only the temperature was checked. */
  g_assert_cmpstr (drivedash_health_verdict_title (DRIVEDASH_VERDICT_GOOD, FALSE), ==, "No problems seen so far.");
  g_assert_cmpstr (limits, ==, "Slows down at 70 °C\nCritical at 85 °C");

  off = drivedash_health_game_mode_text (&state, NULL, FALSE);
  g_assert_nonnull (strstr (off, "\nOff: the drive saves power when idle."));
  state.supported = FALSE;
  none = drivedash_health_game_mode_text (&state, NULL, FALSE);
  g_assert_cmpstr (none, ==, "This drive has no power saving to turn off — it always runs at full speed.");
}

/* The decoded byte fixtures (a worn drive with media errors), made
 * healthy: no warnings, no media errors, 3 % used, spare full. */
static DrivedashHealth *
healthy_health (void)
{
  DrivedashHealth *h = drivedash_test_full_health ();
  DrivedashSmartLog s = h->smart;

  s.critical_warning = 0;
  s.media_errors = DRIVEDASH_U128_INIT (0, 0);
  s.percentage_used = 3;
  s.available_spare_percent = 100;
  s.warning_temperature_minutes = 0;
  s.critical_temperature_minutes = 0;
  drivedash_health_set_smart (h, &s);
  drivedash_health_update_verdict (h);
  for (guint i = 0; i < h->reasons->len; i++)
    g_test_message ("reason: %s", ((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->message);
  return h;
}

static void
test_healthy (void)
{
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  g_autoptr(DrivedashHealth) h = healthy_health ();

  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  drivedash_health_model_show_health (model, h);

  g_assert_true (drivedash_health_model_get_health (model) == h);
  g_assert_cmpint (verdict_value (model), ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_cmpstr (text (model, "title"), ==, "Your drive is healthy.");
  /* The core's own reason for a good verdict, in one line. */
  g_assert_cmpstr (text (model, "reasons-text"), ==, "No problems found.");
  assert_smart_values (model, h);
}

static void
test_critical_warning (gconstpointer data)
{
  guint bit = GPOINTER_TO_UINT (data);
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  g_autoptr(DrivedashHealth) h = healthy_health ();
  g_autoptr(GListModel) reasons = NULL;
  DrivedashSmartLog s = h->smart;
  /* The temperature warning says what the drive reads beside it. */
  const char *describe = bit == 1 ? "The drive has raised its temperature warning"
                                  : drivedash_critical_warning_describe (bit);
  gboolean found = FALSE;

  s.critical_warning = 1u << bit;
  drivedash_health_set_smart (h, &s);
  drivedash_health_update_verdict (h);
  drivedash_health_model_show_health (model, h);

  /* Every critical-warning bit is at least a caution, and says which. */
  g_assert_cmpint (verdict_value (model), >=, DRIVEDASH_VERDICT_CAUTION);
  g_assert_cmpstr (text (model, "title"), ==,
                   verdict_value (model) == DRIVEDASH_VERDICT_BAD ? "Back up your data now."
                                                                        : "Your drive needs attention.");
  g_assert_nonnull (strstr (text (model, "reasons-text"), describe));
  g_object_get (model, "reasons", &reasons, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (reasons); i++)
    {
      g_autoptr(GtkStringObject) line = g_list_model_get_item (reasons, i);

      found |= g_str_has_prefix (gtk_string_object_get_string (line), describe);
    }
  g_assert_true (found);
  assert_smart_values (model, h);
}

/* ---------------------------------------------------------------------- */

/* An NVMe drive as an unprivileged user sees it: sysfs and hwmon. */
static char *
make_sysfs_tree (void)
{
  g_autoptr(GError) error = NULL;
  char *root = g_dir_make_tmp ("drivedash-model-sysfs-XXXXXX", &error);

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/serial", "  S4EWNX0R123456     \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/transport", "pcie\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_input", "49850\n");   /* 323 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_max", "69850\n");     /* 343 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_crit", "79850\n");    /* 353 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_alarm", "0\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/size", "1953525168\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/nsid", "1\n");
  return root;
}

static gboolean
no_requests (gpointer data)
{
  return drivedash_health_model_get_n_requests (data) == 0;
}

static gboolean
partial_read (gpointer data)
{
  return has_health (data) && text (data, "game-mode-text") != NULL && !flag (data, "busy");
}

static void
test_partial (void)
{
  g_autofree char *root = make_sysfs_tree ();
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (root);
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  DrivedashHealth *h;

  drivedash_health_model_set_drives (model, drives);
  g_assert_nonnull (drivedash_health_model_get_drive (model));
  g_assert_false (flag (model, "demo"));
  g_assert_cmpstr (text (model, "title"), ==, "Reading the drive…");
  wait_until (partial_read, model, "the sysfs fixture's health");

  h = drivedash_health_model_get_health (model);
  g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_assert_true (drivedash_health_is_partial (h));
  g_assert_cmpstr (text (model, "title"), ==, "No problems seen so far.");
  g_assert_cmpstr (text (model, "drive-text"), ==, "Samsung SSD 970 EVO Plus 1TB · nvme0");
  g_assert_cmpstr (text (model, "temperature-text"), ==, "50 °C");
  g_assert_cmpstr (text (model, "limits-text"), ==, "Slows down at 70 °C\nCritical at 80 °C");
  g_assert_cmpstr (text (model, "temperature-subtitle"), ==, "The drive slows itself down above 70 °C");
  g_assert_cmpstr (text (model, "life-text"), ==, "Not available");
  g_assert_cmpint (int_value (model, "life-left"), ==, -1);
  g_assert_cmpstr (text (model, "written-text"), ==, "Not available");
  g_assert_cmpstr (text (model, "read-text"), ==, "Not available");
  g_assert_cmpstr (text (model, "hours-text"), ==, "Not available");
  g_assert_cmpstr (text (model, "unsafe-text"), ==, "Not available");
  g_assert_cmpstr (text (model, "media-text"), ==, "Not available");
  /* No service on the bus, none to start: installing it is the cure. */
  g_assert_cmpint (h->service, ==, DRIVEDASH_SERVICE_NOT_INSTALLED);
  g_assert_nonnull (strstr (text (model, "partial"), "system service, which is not installed"));
  g_assert_nonnull (strstr (text (model, "partial"), "Install the Drivedash system service"));
  g_assert_true (flag (model, "service-missing"));
  g_assert_null (text (model, "error"));
  /* Game mode read from sysfs: supported, off, changeable. */
  g_assert_true (flag (model, "game-mode-supported"));
  g_assert_false (flag (model, "game-mode-enabled"));
  g_assert_true (flag (model, "can-change-game-mode"));
  g_assert_nonnull (strstr (text (model, "game-mode-text"), "\nOff: the drive saves power when idle."));

  /* Not as root (it would write the fixture): nothing can change game
   * mode here, and installing the service is what would. */
  if (geteuid () != 0)
    {
      drivedash_health_model_set_game_mode (model, TRUE, FALSE);
      wait_until (no_requests, model, "the refused game-mode change");
      g_assert_true (flag (model, "game-mode-needs-permission"));
      g_assert_nonnull (strstr (text (model, "game-mode-text"), "Drivedash system service"));
    }

  g_clear_object (&model);
  drivedash_test_tree_remove (root);
}

static const char *
shown_name (DrivedashHealthModel *model)
{
  DrivedashDriveItem *drive = drivedash_health_model_get_drive (model);

  return drive != NULL ? drivedash_drive_item_get_name (drive) : NULL;
}

static gboolean
read_settled (gpointer data)
{
  return has_health (data) && !flag (data, "busy");
}

/* A notification's "Show Details" names its drive before the page has
 * listed any: the list, when it comes, opens on that drive and not the
 * first.  Once listed, a name switches at once; a wish is used once, not
 * on every hot-plug after it; a name not listed keeps the drive shown. */
static void
test_show_drive (void)
{
  g_autofree char *root = make_sysfs_tree ();
  g_autoptr(DrivedashDriveList) drives = NULL;
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  g_autoptr(DrivedashDriveItem) second = NULL;

  drivedash_test_tree_put (root, "class/nvme/nvme1/model", "Second Drive\n");
  drivedash_test_tree_put (root, "class/nvme/nvme1/state", "live\n");
  drives = drivedash_drive_list_new_for_root (root);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (drives)), ==, 2);

  drivedash_health_model_show_drive (model, "nvme1");
  g_assert_null (drivedash_health_model_get_drive (model));
  drivedash_health_model_set_drives (model, drives);
  g_assert_cmpstr (shown_name (model), ==, "nvme1");

  drivedash_health_model_show_drive (model, "nvme0");
  g_assert_cmpstr (shown_name (model), ==, "nvme0");

  second = g_list_model_get_item (G_LIST_MODEL (drives), 1);
  drivedash_health_model_set_drive (model, second);
  drivedash_drive_list_refresh (drives);
  g_assert_cmpstr (shown_name (model), ==, "nvme1");
  drivedash_health_model_show_drive (model, "nvme7");
  g_assert_cmpstr (shown_name (model), ==, "nvme1");

  /* Its read answers before the fixture goes. */
  wait_until (read_settled, model, "the shown drive's health");
  g_clear_object (&model);
  drivedash_test_tree_remove (root);
}

static void
test_no_drives (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-model-empty-XXXXXX", &error);
  g_autoptr(DrivedashDriveList) drives = NULL;
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/nvme/.keep", "");
  drives = drivedash_drive_list_new_for_root (root);
  drivedash_health_model_set_drives (model, drives);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (drives)), ==, 0);
  g_assert_null (drivedash_health_model_get_drive (model));
  g_assert_null (drivedash_health_model_get_health (model));
  g_assert_null (text (model, "title"));
  g_assert_null (text (model, "temperature-text"));
  g_assert_false (flag (model, "busy"));
  g_assert_false (flag (model, "demo"));
  g_assert_false (flag (model, "game-mode-supported"));
  g_assert_false (flag (model, "can-change-game-mode"));
  drivedash_test_tree_remove (root);
}

/* ---------------------------------------------------------------------- */

static void
count_sample_cb (DrivedashHealthModel *model,
                 double                seconds,
                 double                celsius,
                 guint                *n)
{
  g_assert_cmpfloat (celsius, >, 30);
  g_assert_cmpfloat (celsius, <, 60);
  (*n)++;
}

static gboolean
game_mode_enabled (gpointer data)
{
  return flag (data, "game-mode-enabled");
}

static gboolean
game_mode_disabled (gpointer data)
{
  return !flag (data, "game-mode-enabled") && flag (data, "can-change-game-mode");
}

static gboolean
game_mode_persistent (gpointer data)
{
  return flag (data, "game-mode-persistent");
}

static gboolean
events_read (gpointer data)
{
  return text (data, "events-text") != NULL;
}

static void
test_demo (void)
{
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new (TRUE);
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  g_autoptr(DrivedashHealth) expected = drivedash_demo_health_new ();
  guint n_samples = 0;
  DrivedashHealth *h;

  g_signal_connect (model, "temperature-sample", G_CALLBACK (count_sample_cb), &n_samples);
  drivedash_health_model_set_drives (model, drives);
  g_assert_true (flag (model, "demo"));
  /* Ten minutes of simulated history at 2 s, plus the live reading. */
  g_assert_cmpuint (n_samples, >=, 300);
  wait_until (has_health, model, "the demo drive's health");

  h = drivedash_health_model_get_health (model);
  g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_DEMO);
  g_assert_cmpstr (h->controller, ==, DRIVEDASH_DEMO_CONTROLLER);
  /* Its own log is healthy; the kernel saw it stop responding this week. */
  wait_until (events_read, model, "the demo drive's kernel events");
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_cmpstr (text (model, "title"), ==, "Your drive needs attention.");
  g_assert_cmpstr (text (model, "written-text"), ==, "12.3 TB");
  g_assert_cmpstr (text (model, "life-text"), ==, "97 %");
  g_assert_nonnull (strstr (text (model, "written-subtitle"), "rates it for 600 TB"));
  g_assert_cmpstr (text (model, "limits-text"), ==, "Slows down at 70 °C\nCritical at 85 °C");
  /* The live simulated reading, not the log's 41 °C snapshot. */
  {
    double kelvin = 0;
    g_autofree char *now = NULL;

    g_object_get (model, "temperature", &kelvin, NULL);
    /* The simulated sensor is never a whole Kelvin; the log's is. */
    g_assert_cmpfloat (kelvin, !=, (double) expected->smart.temperature_kelvin);
    g_assert_cmpfloat (kelvin, >, 273.15 + 30);
    now = drivedash_format_temperature ((guint) (kelvin + 0.5));
    g_assert_cmpstr (text (model, "temperature-text"), ==, now);
  }
  /* The rest as the formatting functions write the demo's report. */
  {
    g_autofree char *read = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (expected->smart.data_units_read));
    g_autofree char *hours = drivedash_format_hours (expected->smart.power_on_hours);
    g_autofree char *unsafe = drivedash_format_count (expected->smart.unsafe_shutdowns);
    g_autofree char *media = drivedash_format_count (expected->smart.media_errors);

    g_assert_cmpstr (text (model, "read-text"), ==, read);
    g_assert_cmpstr (text (model, "hours-text"), ==, hours);
    g_assert_cmpstr (text (model, "unsafe-text"), ==, unsafe);
    g_assert_cmpstr (text (model, "media-text"), ==, media);
    g_assert_cmpstr (text (model, "drive-text"), ==, "Demo NVMe SSD 1TB · demo0");
  }

  /* Simulated game mode: on, kept after restart, off drops the rule. */
  g_assert_true (flag (model, "game-mode-supported"));
  g_assert_nonnull (strstr (text (model, "game-mode-text"), "Off (simulated)"));
  drivedash_health_model_set_game_mode (model, TRUE, FALSE);
  wait_until (game_mode_enabled, model, "simulated game mode on");
  g_assert_nonnull (strstr (text (model, "game-mode-text"), "On (simulated)"));
  drivedash_health_model_set_game_mode (model, TRUE, TRUE);
  wait_until (game_mode_persistent, model, "simulated game mode kept");
  g_assert_nonnull (strstr (text (model, "game-mode-text"), "also after a restart"));
  drivedash_health_model_set_game_mode (model, FALSE, TRUE);
  wait_until (game_mode_disabled, model, "simulated game mode off");
  g_assert_false (flag (model, "game-mode-persistent"));
}

/* ---------------------------------------------------------------------- */
/* A game-mode change against a slow (FAKE) service                        */

typedef struct
{
  GSubprocess *process;
  GDataInputStream *out;
} FakeService;

static void
fake_service_start (FakeService *fake,
                    const char  *get_health,
                    const char  *set_game_mode)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "dbus", "fake-slow-game-mode.py", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  /* Reads answer 1.5 s late with what they saw when asked, so the ones
   * the refresh and the hot-plug start during the 1 s change arrive after
   * it, with the old state, on any machine (ASan in CI showed it). */
  g_subprocess_launcher_setenv (launcher, "FAKE_GET_GAME_MODE_DELAY_MS", get_health ? "0" : "1500", TRUE);
  g_subprocess_launcher_setenv (launcher, "FAKE_GET_HEALTH", get_health ? get_health : "", TRUE);
  g_subprocess_launcher_setenv (launcher, "FAKE_SET_GAME_MODE", set_game_mode ? set_game_mode : "", TRUE);
  fake->process = g_subprocess_launcher_spawn (launcher, &error, "/usr/bin/python3", script, NULL);
  g_assert_no_error (error);
  fake->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (fake->process));
  line = g_data_input_stream_read_line_utf8 (fake->out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "ready");
}

static void
fake_service_stop (FakeService *fake)
{
  g_autoptr(GError) error = NULL;

  /* Closing its stdin ends it. */
  g_output_stream_close (g_subprocess_get_stdin_pipe (fake->process), NULL, NULL);
  g_subprocess_wait_check (fake->process, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&fake->out);
  g_clear_object (&fake->process);
}

static gboolean
changed_and_settled (gpointer data)
{
  return flag (data, "game-mode-enabled") && drivedash_health_model_get_n_requests (data) == 0;
}

static gboolean
first_read_done (gpointer data)
{
  return has_health (data) && flag (data, "game-mode-supported");
}

/* The user turns game mode on; while the (slow) service works on it the
 * refresh timer fires and a drive is plugged in.  Neither may cancel the
 * change: it completes, and the page shows it. */
static void
test_game_mode_survives_refresh (void)
{
  g_autofree char *root = make_sysfs_tree ();
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (root);
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  FakeService fake = { 0 };

  fake_service_start (&fake, NULL, NULL);
  drivedash_health_model_set_drives (model, drives);
  wait_until (first_read_done, model, "the first read");
  g_assert_false (flag (model, "game-mode-enabled"));
  g_assert_true (flag (model, "can-change-game-mode"));

  drivedash_health_model_set_game_mode (model, TRUE, FALSE);
  g_assert_cmpuint (drivedash_health_model_get_n_requests (model), ==, 1);
  /* No second change while one runs. */
  g_assert_false (flag (model, "can-change-game-mode"));

  /* F5 / the refresh timer. */
  drivedash_health_model_refresh (model);
  /* A hot-plug: a second drive appears, the list is rebuilt. */
  drivedash_test_tree_put (root, "class/nvme/nvme1/model", "Second Drive\n");
  drivedash_test_tree_put (root, "class/nvme/nvme1/state", "live\n");
  drivedash_drive_list_refresh (drives);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (drives)), ==, 2);
  g_assert_cmpstr (drivedash_drive_item_get_name (drivedash_health_model_get_drive (model)), ==, "nvme0");
  g_assert_cmpuint (drivedash_health_model_get_n_requests (model), ==, 1);

  wait_until (changed_and_settled, model, "the game-mode change to complete");
  g_assert_true (flag (model, "game-mode-enabled"));
  /* The reads the refresh and the hot-plug started during the change
   * answer 1.5 s after they were asked, with the old state: let them
   * land, and the change must still show. */
  {
    gboolean later = FALSE;

    g_timeout_add (2500, timeout_cb, &later);
    while (!later)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_true (flag (model, "game-mode-enabled"));
  g_assert_true (flag (model, "can-change-game-mode"));
  g_assert_nonnull (strstr (text (model, "game-mode-text"), "On until the next restart"));
  /* The fake answered, not the direct path a test running as root could
   * take: that would have written 0 here. */
  {
    g_autofree char *path = g_build_filename (root, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", NULL);
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, "100000\n");
  }

  /* A later refresh reads the new state back from the service. */
  drivedash_health_model_refresh (model);
  wait_until (partial_read, model, "the refresh after the change");
  g_assert_true (flag (model, "game-mode-enabled"));

  fake_service_stop (&fake);
  g_clear_object (&model);
  drivedash_test_tree_remove (root);
}

/* ---------------------------------------------------------------------- */
/* An installed (FAKE) service that fails, refuses or gives part           */

/* Whatever went wrong, the service is there: the page says what happened
 * and never how to install it. */
static void
assert_no_install_offer (DrivedashHealthModel *model)
{
  const char *partial = text (model, "partial");

  g_test_message ("partial: %s", partial);
  g_assert_nonnull (partial);
  g_assert_null (strstr (partial, "need the Drivedash system service"));
  g_assert_null (strstr (partial, "Install the"));
  g_assert_null (strstr (partial, "install the"));
  g_assert_false (flag (model, "service-missing"));
}

static void
test_installed_service (gconstpointer data)
{
  const char *mode = data;
  g_autofree char *root = make_sysfs_tree ();
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (root);
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  FakeService fake = { 0 };
  DrivedashHealth *h;

  fake_service_start (&fake, mode, NULL);
  drivedash_health_model_set_drives (model, drives);
  wait_until (partial_read, model, "the health read");
  h = drivedash_health_model_get_health (model);
  assert_no_install_offer (model);

  if (g_str_equal (mode, "partial"))
    {
      /* It answered, without the error log: say which part is missing. */
      g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_SERVICE);
      g_assert_cmpint (h->service, ==, DRIVEDASH_SERVICE_ANSWERED);
      g_assert_cmpstr (text (model, "partial"), ==,
                       "The Drivedash system service could not read every health detail.\n"
                       "• Error log: The drive refused the request.");
      g_assert_cmpstr (text (model, "temperature-text"), ==, "50 °C");
    }
  else if (g_str_equal (mode, "failed"))
    {
      /* Its error is the answer, in plain words; nothing was read. */
      g_assert_nonnull (strstr (text (model, "error"), "The Drivedash system service failed: the drive did not answer"));
      g_assert_nonnull (strstr (text (model, "partial"), "the drive did not answer"));
    }
  else if (g_str_equal (mode, "denied"))
    {
      g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
      g_assert_cmpint (h->service, ==, DRIVEDASH_SERVICE_REFUSED);
      g_assert_nonnull (strstr (text (model, "partial"), "The Drivedash system service refused to read the drive"));
      g_assert_null (text (model, "error"));
    }
  else
    {
      /* Installed (it owns its name) but has no GetHealth: too old, or
       * broken.  sysfs stands in, and the page says so. */
      g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
      g_assert_cmpint (h->service, ==, DRIVEDASH_SERVICE_FAILED);
      g_assert_nonnull (strstr (text (model, "partial"), "is installed but could not be used"));
      g_assert_nonnull (strstr (text (model, "partial"), "is installed but did not answer. Try again"));
      /* Issue 24: the D-Bus message is not in the plain words, it is
       * under Details. */
      g_assert_null (strstr (text (model, "partial"), "org.freedesktop.DBus"));
      g_assert_null (strstr (text (model, "partial"), "GDBus"));
      g_test_message ("details: %s", text (model, "partial-details"));
      g_assert_true (g_str_has_prefix (text (model, "partial-details"), "Full health data: "));
      g_assert_null (text (model, "error"));
    }

  fake_service_stop (&fake);
  g_clear_object (&model);
  drivedash_test_tree_remove (root);
}

static void
store_string (gpointer    instance,
              const char *value,
              char      **out)
{
  g_free (*out);
  *out = g_strdup (value);
}

/* polkit said no to an installed service, or it could not change game
 * mode: the page says so, and does not offer to install what is there. */
static void
test_game_mode_refused (gconstpointer data)
{
  const char *mode = data;
  g_autofree char *root = make_sysfs_tree ();
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (root);
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  FakeService fake = { 0 };

  /* As root the client would write the fixture itself instead. */
  if (g_str_equal (mode, "unknown") && geteuid () == 0)
    {
      g_test_skip ("runs as root");
      drivedash_test_tree_remove (root);
      return;
    }
  fake_service_start (&fake, "partial", mode);
  drivedash_health_model_set_drives (model, drives);
  wait_until (partial_read, model, "the health read");
  drivedash_health_model_set_game_mode (model, TRUE, FALSE);
  wait_until (no_requests, model, "the refused game-mode change");

  g_test_message ("game mode: %s", text (model, "game-mode-text"));
  g_assert_false (flag (model, "game-mode-enabled"));
  g_assert_nonnull (strstr (text (model, "game-mode-text"),
                           g_str_equal (mode, "denied") ? "the request was refused"
                                                        : "The Drivedash system service is installed but did not answer"));
  g_assert_null (strstr (text (model, "game-mode-text"), "install the"));
  g_assert_false (flag (model, "game-mode-needs-permission"));

  /* Keep at Full Power answers in the Events group, and says it. */
  {
    g_autofree char *heard = NULL;

    g_signal_connect (model, "announce", G_CALLBACK (store_string), &heard);
    drivedash_health_model_keep_full_power (model);
    wait_until (no_requests, model, "the refused Keep at Full Power");
    g_test_message ("full power: %s", text (model, "full-power-text"));
    g_assert_nonnull (strstr (text (model, "full-power-text"), "Not changed: "));
    g_assert_cmpstr (heard, ==, text (model, "full-power-text"));
    g_signal_handlers_disconnect_by_func (model, store_string, &heard);
  }

  fake_service_stop (&fake);
  g_clear_object (&model);
  drivedash_test_tree_remove (root);
}

/* The Events group's words: the offer, the timeouts-only offer, and what
 * it says once the drive is kept at full power. */
static void
test_events_mapping (void)
{
  g_autoptr(DrivedashEventLog) log = drivedash_event_log_new (10);
  g_autoptr(DrivedashEventLog) slow = drivedash_event_log_new (10);
  g_autoptr(DrivedashEventLog) empty = drivedash_event_log_new (10);
  g_autoptr(GError) error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION, "Not allowed.");
  g_autofree char *offer = NULL, *slow_offer = NULL, *none = NULL, *kept = NULL, *still = NULL;
  g_autofree char *unsupported = NULL, *unreadable = NULL, *clean = NULL;

  for (guint i = 0; i < 3; i++)
    {
      DrivedashKernelEvent *event = drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_RESET, "x");
      DrivedashKernelEvent *timeout = drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_TIMEOUT, "x");

      event->time_usec = timeout->time_usec = 1000 * (i + 1);
      drivedash_event_log_add (log, event);
      drivedash_event_log_add (slow, timeout);
    }
  offer = drivedash_health_events_full_power_text (log, TRUE, FALSE, 0);
  g_assert_nonnull (strstr (offer, "stopped responding 3 times this week"));
  slow_offer = drivedash_health_events_full_power_text (slow, TRUE, FALSE, 0);
  g_assert_nonnull (strstr (slow_offer, "answered too slowly 3 times"));
  unsupported = drivedash_health_events_full_power_text (log, FALSE, FALSE, 0);
  g_assert_null (unsupported);
  none = drivedash_health_events_full_power_text (empty, TRUE, FALSE, 0);
  g_assert_null (none);
  /* Kept since after the last one: none since. */
  kept = drivedash_health_events_full_power_text (log, TRUE, TRUE, 3001);
  g_assert_nonnull (strstr (kept, "has not stopped responding since"));
  g_assert_cmpuint (drivedash_health_events_dropouts_since (log, 2000), ==, 2);
  still = drivedash_health_events_full_power_text (log, TRUE, TRUE, 2000);
  g_assert_nonnull (strstr (still, "still stopped responding 2 times since"));
  unreadable = drivedash_health_events_summary (NULL, error);
  g_assert_nonnull (strstr (unreadable, "Not allowed."));
  clean = drivedash_health_events_summary (empty, NULL);
  g_assert_nonnull (strstr (clean, "no trouble"));
}

static gboolean
verdict_is_good (gpointer model)
{
  return verdict_value (model) == DRIVEDASH_VERDICT_GOOD;
}

/* Twelve media errors the watch saw unchanged for two months (a real
 * SQLite history in this test's own data folder): once the readings are
 * read, the page says so, with since when, and the verdict is no longer
 * Caution on that alone.  A report from a file has no such readings. */
static void
test_readings (void)
{
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();
  g_autoptr(DrivedashHealthModel) report_model = drivedash_health_model_new ();
  g_autoptr(DrivedashHealth) h = healthy_health ();
  g_autoptr(DrivedashHealth) report = healthy_health ();
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));
  g_autoptr(GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC, id;
  DrivedashSmartLog s = h->smart;

  s.media_errors = DRIVEDASH_U128_INIT (12, 0);
  drivedash_health_set_smart (h, &s);
  drivedash_health_update_verdict (h);
  drivedash_health_set_smart (report, &s);
  report->source = DRIVEDASH_HEALTH_SOURCE_REPORT;
  drivedash_health_update_verdict (report);
  g_assert_nonnull (store);
  id = drivedash_store_watch_drive (store, h->serial, h->model, h->controller, &error);
  g_assert_no_error (error);
  for (gint64 d = 60; d > 0; d--)
    {
      DrivedashSnapshot r = { .time = now - d * 86400, .has = DRIVEDASH_SNAPSHOT_HAS_SMART,
                              .media_errors = 12, .percentage_used = 3 };

      g_array_append_val (rows, r);
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) rows->data, rows->len, &error));

  drivedash_health_model_show_health (model, h);
  g_assert_cmpint (verdict_value (model), ==, DRIVEDASH_VERDICT_CAUTION);
  wait_until (verdict_is_good, model, "the watch's readings in the verdict");
  g_test_message ("%s", text (model, "reasons-text"));
  g_assert_nonnull (strstr (text (model, "reasons-text"), "The drive counted 12 errors in stored data in its past"));

  drivedash_health_model_show_report (report_model, report);
  /* Nothing to read for a report: its own verdict stands at once. */
  g_assert_null (report_model->readings_cancellable);
  g_assert_cmpint (verdict_value (report_model), ==, DRIVEDASH_VERDICT_CAUTION);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GTestDBus) bus = NULL;
  g_autofree char *data_home = NULL;
  int status;

  /* No display: the model needs none. */
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  /* A data folder of its own for the watch's readings, before anything
   * asks GLib for it (GLib keeps the first answer). */
  data_home = g_dir_make_tmp ("drivedash-health-model-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  /* A private bus stands in for the system bus: no real service, no
   * UDisks2, until the fake service test puts its fake there. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (bus), TRUE);

  g_test_add_func ("/health-model/mapping", test_mapping);
  g_test_add_func ("/health-model/events-mapping", test_events_mapping);
  g_test_add_func ("/health-model/healthy", test_healthy);
  g_test_add_func ("/health-model/readings", test_readings);
  for (guint bit = 0; bit < 6; bit++)
    {
      g_autofree char *path = g_strdup_printf ("/health-model/critical-warning/bit%u", bit);

      g_test_add_data_func (path, GUINT_TO_POINTER (bit), test_critical_warning);
    }
  g_test_add_func ("/health-model/partial", test_partial);
  g_test_add_func ("/health-model/no-drives", test_no_drives);
  g_test_add_func ("/health-model/demo", test_demo);
  g_test_add_func ("/health-model/game-mode-survives-refresh", test_game_mode_survives_refresh);
  g_test_add_func ("/health-model/show-drive", test_show_drive);
  g_test_add_data_func ("/health-model/installed-service/failed", "failed", test_installed_service);
  g_test_add_data_func ("/health-model/installed-service/denied", "denied", test_installed_service);
  g_test_add_data_func ("/health-model/installed-service/partial", "partial", test_installed_service);
  g_test_add_data_func ("/health-model/installed-service/no-get-health", "unknown", test_installed_service);
  g_test_add_data_func ("/health-model/installed-service/game-mode-refused", "denied", test_game_mode_refused);
  g_test_add_data_func ("/health-model/installed-service/game-mode-unknown", "unknown", test_game_mode_refused);

  status = g_test_run ();
  g_test_dbus_down (bus);
  drivedash_test_tree_remove (data_home);
  return status;
}
