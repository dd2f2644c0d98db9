/* drivedash-health-page.c — the Health view of one NVMe drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The health report is read in a GTask thread (the service, UDisks2 or the
 * drive itself may take a moment); the temperature is polled from hwmon
 * every 2 s on the main thread, which is a small sysfs read and needs no
 * privileges.  Everything a person reads here is in plain words; the
 * specification's field names are in the Details rows' tooltips.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-client.h"
#include "drivedash-demo.h"
#include "drivedash-endurance.h"
#include "drivedash-error.h"
#include "drivedash-error-log.h"
#include "drivedash-format.h"
#include "drivedash-health-page.h"
#include "drivedash-window.h"

#define TEMPERATURE_INTERVAL_S 2
#define TEMPERATURE_WINDOW_S   600
/* The health log changes slowly; re-read it now and then for a window
 * left open for days. */
#define HEALTH_REFRESH_S       300

struct _DrivedashHealthPage
{
  AdwBin               parent_instance;

  GtkStack            *stack;
  AdwComboRow         *drive_row;
  GtkWidget           *demo_banner;
  GtkWidget           *partial_banner;
  GtkLabel            *partial_label;
  GtkWidget           *verdict_box;
  GtkImage            *verdict_icon;
  GtkLabel            *verdict_title;
  GtkLabel            *verdict_reasons;
  GtkLabel            *drive_label;
  AdwActionRow        *temperature_row;
  GtkLabel            *temperature_label;
  GtkLabel            *limits_label;
  DrivedashPlot       *temperature_plot;
  GtkWidget           *life_group;
  GtkLevelBar         *life_bar;
  GtkLabel            *life_label;
  AdwActionRow        *written_row;
  GtkLabel            *written_label;
  GtkLabel            *read_label;
  GtkLabel            *hours_label;
  GtkLabel            *unsafe_label;
  GtkLabel            *media_label;
  AdwActionRow        *game_row;
  GtkSwitch           *game_switch;
  GtkWidget           *game_permission_button;
  GtkWidget           *persist_row;
  GtkSwitch           *persist_switch;
  AdwExpanderRow      *smart_expander;
  AdwExpanderRow      *power_expander;
  AdwExpanderRow      *error_log_expander;
  AdwExpanderRow      *self_test_expander;
  AdwExpanderRow      *identity_expander;

  DrivedashDriveList  *drives;
  DrivedashDriveItem  *current;
  DrivedashHealth     *health;
  GCancellable        *cancellable;
  GtkStringList       *drive_names;
  GPtrArray           *detail_rows;   /* (GtkWidget *, AdwExpanderRow *) pairs */
  guint                temperature_source;
  guint                self_test_source;   /* re-read while a self-test runs */
  guint                refresh_source;
  gint64               started_us;
  guint                temperature_series;
  gboolean             demo_game_mode;
  gboolean             demo_persistent;
  DrivedashGameMode   *game_state;    /* last state read back, NULL: unknown */
  gboolean             updating_switch;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthPage, drivedash_health_page, ADW_TYPE_BIN)

static void load_health (DrivedashHealthPage *self,
                         gboolean             fresh);
static gboolean self_test_poll_cb (gpointer data);
static void update_game_mode (DrivedashHealthPage *self,
                              const DrivedashGameMode *state,
                              const GError *error);

static const char *
game_mode_explanation (void)
{
  return _("Keeps the drive at full speed instead of saving power. Uses a little more power; the effect on speed is usually small.");
}

static double
seconds_since_start (DrivedashHealthPage *self)
{
  return (g_get_monotonic_time () - self->started_us) / (double) G_USEC_PER_SEC;
}

/* ---------------------------------------------------------------------- */
/* Details rows                                                           */

static void
clear_details (DrivedashHealthPage *self)
{
  for (guint i = 0; i + 1 < self->detail_rows->len; i += 2)
    adw_expander_row_remove (g_ptr_array_index (self->detail_rows, i + 1),
                             g_ptr_array_index (self->detail_rows, i));
  g_ptr_array_set_size (self->detail_rows, 0);
}

static GtkWidget *
add_detail (DrivedashHealthPage *self,
            AdwExpanderRow      *expander,
            const char          *title,
            const char          *subtitle,
            const char          *field,
            const char          *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  if (field)
    /* Translators: tooltip of a details row: the name in the NVMe specification */
    {
      g_autofree char *tip = g_strdup_printf (_("In the NVMe specification: %s"), field);

      gtk_widget_set_tooltip_text (row, tip);
    }
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* Rows give their suffix only its minimum width: short values must not
   * wrap at all, long ones wrap at a readable width. */
  if (g_utf8_strlen (value, -1) > 20)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_width_chars (GTK_LABEL (label), 16);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
    }
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_expander_row_add_row (expander, row);
  g_ptr_array_add (self->detail_rows, row);
  g_ptr_array_add (self->detail_rows, expander);
  return row;
}

static void
add_count (DrivedashHealthPage *self,
           const char          *title,
           const char          *subtitle,
           const char          *field,
           DrivedashU128        value)
{
  g_autofree char *s = drivedash_format_count (value);

  add_detail (self, self->smart_expander, title, subtitle, field, s);
}

static void
fill_smart_details (DrivedashHealthPage *self,
                    DrivedashHealth     *h)
{
  const DrivedashSmartLog *s = &h->smart;
  g_autofree char *warning = NULL;
  g_autofree char *temp = NULL;
  g_autofree char *spare = NULL;
  g_autofree char *spare_threshold = NULL;
  g_autofree char *used = NULL;
  g_autofree char *units_read = NULL;
  g_autofree char *units_written = NULL;
  g_autofree char *minutes = NULL;
  g_autofree char *warn_min = NULL;
  g_autofree char *crit_min = NULL;

  if (!(h->has & DRIVEDASH_HEALTH_HAS_SMART))
    {
      add_detail (self, self->smart_expander, _("Not available"),
                  _("Reading the health log needs the Drivedash system service or administrator rights"),
                  NULL, "");
      return;
    }

  if (s->critical_warning == 0)
    warning = g_strdup (_("None"));
  else
    {
      GString *str = g_string_new (NULL);

      for (guint bit = 0; bit < 8; bit++)
        if (s->critical_warning & (1u << bit))
          g_string_append_printf (str, "%s%s", str->len ? "\n" : "", drivedash_critical_warning_describe (bit));
      warning = g_string_free (str, FALSE);
    }
  add_detail (self, self->smart_expander, _("Critical warnings"),
              _("Alarms the drive raises itself: low spare, heat, worn out, read-only"),
              "Critical Warning", warning);

  temp = drivedash_format_temperature (s->temperature_kelvin);
  add_detail (self, self->smart_expander, _("Temperature"),
              _("The drive's overall temperature"), "Composite Temperature", temp);
  for (guint i = 0; i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
    if (s->temperature_sensors_kelvin[i] != 0)
      {
        g_autofree char *title = g_strdup_printf (_("Temperature sensor %u"), i + 1);
        g_autofree char *field = g_strdup_printf ("Temperature Sensor %u", i + 1);
        g_autofree char *v = drivedash_format_temperature (s->temperature_sensors_kelvin[i]);

        add_detail (self, self->smart_expander, title, _("One of the drive's own thermometers"), field, v);
      }

  spare = g_strdup_printf (_("%u %%"), s->available_spare_percent);
  add_detail (self, self->smart_expander, _("Spare blocks left"),
              _("Reserve memory that replaces worn-out parts; 100 % when new"), "Available Spare", spare);
  spare_threshold = g_strdup_printf (_("%u %%"), s->available_spare_threshold_percent);
  add_detail (self, self->smart_expander, _("Spare blocks alarm level"),
              _("The drive warns when its spare falls below this"), "Available Spare Threshold", spare_threshold);
  used = g_strdup_printf (_("%u %%"), s->percentage_used);
  add_detail (self, self->smart_expander, _("Life used"),
              _("How much of its rated life the drive thinks it has used; may pass 100 %"), "Percentage Used", used);

  units_read = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (s->data_units_read));
  add_detail (self, self->smart_expander, _("Data read"),
              _("Counted in units of 512 000 bytes by the drive"), "Data Units Read", units_read);
  units_written = drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (s->data_units_written));
  add_detail (self, self->smart_expander, _("Data written"),
              _("Counted in units of 512 000 bytes by the drive"), "Data Units Written", units_written);
  add_count (self, _("Read requests"), _("Read commands the computer sent"), "Host Read Commands", s->host_read_commands);
  add_count (self, _("Write requests"), _("Write commands the computer sent"), "Host Write Commands", s->host_write_commands);

  minutes = drivedash_format_count (s->controller_busy_minutes);
  {
    g_autofree char *v = g_strdup_printf (_("%s min"), minutes);

    add_detail (self, self->smart_expander, _("Busy time"),
                _("Minutes the drive spent working on requests"), "Controller Busy Time", v);
  }
  add_count (self, _("Power cycles"), _("Times the drive was switched on"), "Power Cycles", s->power_cycles);
  {
    g_autofree char *v = drivedash_format_hours (s->power_on_hours);

    add_detail (self, self->smart_expander, _("Power-on time"),
                _("Hours the drive has been running"), "Power On Hours", v);
  }
  add_count (self, _("Unsafe shutdowns"), _("Power lost before the drive could save its work"), "Unsafe Shutdowns", s->unsafe_shutdowns);
  add_count (self, _("Media errors"), _("Data the drive could not read back or repair"), "Media and Data Integrity Errors", s->media_errors);
  add_count (self, _("Error log entries"), _("Errors of any kind the drive recorded over its life, most of them harmless"),
             "Number of Error Information Log Entries", s->error_log_entries);

  warn_min = g_strdup_printf (_("%u min"), s->warning_temperature_minutes);
  add_detail (self, self->smart_expander, _("Time above the warning limit"),
              _("Minutes the drive spent hotter than its first limit"), "Warning Composite Temperature Time", warn_min);
  crit_min = g_strdup_printf (_("%u min"), s->critical_temperature_minutes);
  add_detail (self, self->smart_expander, _("Time above the critical limit"),
              _("Minutes the drive spent hotter than its second limit"), "Critical Composite Temperature Time", crit_min);
  {
    g_autofree char *v1 = g_strdup_printf (_("%u times, %u s"), s->thermal_management_1_transitions, s->thermal_management_1_seconds);
    g_autofree char *v2 = g_strdup_printf (_("%u times, %u s"), s->thermal_management_2_transitions, s->thermal_management_2_seconds);

    add_detail (self, self->smart_expander, _("Light slow-downs for heat"),
                _("Times and seconds the computer asked the drive to cool off a little"),
                "Thermal Management Temperature 1", v1);
    add_detail (self, self->smart_expander, _("Heavy slow-downs for heat"),
                _("Times and seconds the computer asked the drive to cool off hard"),
                "Thermal Management Temperature 2", v2);
  }
}

static void
fill_power_details (DrivedashHealthPage *self,
                    DrivedashHealth     *h)
{
  if (!(h->has & DRIVEDASH_HEALTH_HAS_IDENTIFY) || h->identify.n_power_states == 0)
    {
      add_detail (self, self->power_expander, _("Not available"),
                  _("Reading the power states needs the Drivedash system service or administrator rights"),
                  NULL, "");
      return;
    }

  for (guint i = 0; i < h->identify.n_power_states && i < DRIVEDASH_MAX_POWER_STATES; i++)
    {
      const DrivedashPowerState *ps = &h->identify.power_states[i];
      g_autofree char *title = g_strdup_printf (_("State %u"), ps->index);
      g_autofree char *power = drivedash_format_power (ps->max_power_microwatts);
      g_autofree char *entry = drivedash_format_latency_us (ps->entry_latency_us);
      g_autofree char *exit_ = drivedash_format_latency_us (ps->exit_latency_us);
      g_autofree char *subtitle = NULL;

      if (ps->non_operational)
        subtitle = g_strdup_printf (_("Sleep: no work is done in this state. Falls asleep in %s, wakes up in %s"), entry, exit_);
      else
        subtitle = g_strdup_printf (_("Working state. Enters in %s, leaves in %s"), entry, exit_);
      add_detail (self, self->power_expander, title, subtitle, "Power State Descriptor", power);
    }

  if (h->has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED)
    add_detail (self, self->power_expander, _("Automatic power saving"),
                _("The drive drops into its sleep states by itself when idle"),
                "Autonomous Power State Transition (APST)",
                !h->apst_supported ? _("Not supported")
                : !(h->has & DRIVEDASH_HEALTH_HAS_APST_ENABLED) ? _("Supported")
                : h->apst_enabled ? _("On") : _("Off"));
}

/* "Start a test" with Short / Extended buttons, or Stop while one runs.
 * The buttons go through health.self-test; whether it may run is decided
 * by the service (polkit), UDisks2 or administrator rights. */
static void
add_self_test_controls (DrivedashHealthPage *self,
                        DrivedashHealth     *h)
{
  gboolean running = (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && h->self_test.current != DRIVEDASH_SELF_TEST_NONE;
  GtkWidget *row = add_detail (self, self->self_test_expander,
                               running ? _("A self-test is running") : _("Start a self-test"),
                               _("Short: a couple of minutes. Extended: reads the whole drive, can take an hour or more. You can keep using the computer."),
                               "Device Self-test", "");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  static const struct { const char *kind; const char *label; const char *tip; } buttons[] = {
    { "short", N_("_Short"), N_("Start the short self-test") },
    { "extended", N_("_Extended"), N_("Start the extended self-test") },
    { "abort", N_("S_top"), N_("Stop the running self-test") },
  };

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button;

      if (running != (g_strcmp0 (buttons[i].kind, "abort") == 0))
        continue;
      button = gtk_button_new_with_mnemonic (_(buttons[i].label));
      gtk_widget_set_tooltip_text (button, _(buttons[i].tip));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "health.self-test");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", buttons[i].kind);
      gtk_box_append (GTK_BOX (box), button);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
}

static void
fill_self_test_details (DrivedashHealthPage *self,
                        DrivedashHealth     *h)
{
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED) && !h->self_test_supported)
    {
      add_detail (self, self->self_test_expander, _("Not supported"),
                  _("This drive cannot test itself"), "Device Self-test", "");
      return;
    }
  add_self_test_controls (self, h);
  if (!(h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG))
    {
      add_detail (self, self->self_test_expander, _("Results not available"),
                  _("Reading the self-test results needs the Drivedash system service or administrator rights"),
                  NULL, "");
      return;
    }

  if (h->self_test.current != DRIVEDASH_SELF_TEST_NONE)
    {
      g_autofree char *v = g_strdup_printf (_("%u %%"), h->self_test.current_percent_done);

      add_detail (self, self->self_test_expander, _("Running now"),
                  drivedash_self_test_kind_describe (h->self_test.current), "Current Device Self-Test Operation", v);
    }
  if (h->self_test.n_results == 0)
    add_detail (self, self->self_test_expander, _("No results yet"),
                _("The drive has not tested itself so far"), NULL, "");
  for (guint i = 0; i < h->self_test.n_results && i < 5; i++)
    {
      const DrivedashSelfTestResult *r = &h->self_test.results[i];
      g_autofree char *hours = drivedash_format_count (DRIVEDASH_U128_INIT (r->power_on_hours, 0));
      /* Translators: when a self-test ran, "At 10 120 hours of use" */
      g_autofree char *subtitle = g_strdup_printf (_("At %s hours of use"), hours);

      add_detail (self, self->self_test_expander, drivedash_self_test_kind_describe (r->kind),
                  subtitle, "Self-test Result Data Structure", drivedash_self_test_result_describe (r->result));
    }
}

/* Plain words for the status codes drives log most (status field: SC in
 * the low byte, SCT above it).  NULL for the rest: they show as numbers. */
static const char *
describe_error_status (guint16 status)
{
  switch (status & 0x07ff)
    {
    case 0x0001:
      return _("The drive does not know this command (usually harmless)");
    case 0x0002:
      return _("The drive does not support an option of this command (usually harmless)");
    case 0x0004:
      return _("Data transfer error");
    case 0x0006:
      return _("Internal error of the drive");
    case 0x0007:
      return _("The command was cancelled");
    case 0x0280:
      return _("Writing failed");
    case 0x0281:
      return _("Data could not be read back");
    default:
      return NULL;
    }
}

static void
fill_error_log_details (DrivedashHealthPage *self,
                        DrivedashHealth     *h)
{
  guint shown = 0;

  if (!(h->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG) || h->error_log == NULL)
    {
      add_detail (self, self->error_log_expander, _("Not available"),
                  _("Reading the error log needs the Drivedash system service or administrator rights"),
                  NULL, "");
      return;
    }
  if (h->error_log->len == 0)
    add_detail (self, self->error_log_expander, _("No errors recorded"),
                _("The drive's error log is empty"), "Error Information Log", "");

  for (guint i = 0; i < h->error_log->len && shown < 16; i++, shown++)
    {
      const DrivedashErrorLogEntry *e = &g_array_index (h->error_log, DrivedashErrorLogEntry, i);
      g_autofree char *count = drivedash_format_count (DRIVEDASH_U128_INIT (e->error_count, 0));
      /* Translators: an entry of the drive's error log, by its number */
      g_autofree char *title = g_strdup_printf (_("Error %s"), count);
      g_autofree char *status = g_strdup_printf ("0x%04x", e->status);
      g_autofree char *subtitle = NULL;

      if (e->submission_queue_id == 0)
        /* Translators: an error log entry; the command id is hexadecimal */
        subtitle = g_strdup_printf (_("A management command (id 0x%04x)"), e->command_id);
      else
        subtitle = g_strdup_printf (_("A read or write on queue %u (command id 0x%04x)"),
                                    e->submission_queue_id, e->command_id);
      if (describe_error_status (e->status))
        {
          g_autofree char *with_status = g_strdup_printf ("%s: %s", subtitle, describe_error_status (e->status));

          g_free (subtitle);
          subtitle = g_steal_pointer (&with_status);
        }
      add_detail (self, self->error_log_expander, title, subtitle, "Status Field", status);
    }
}

static const char *
source_description (DrivedashHealthSource source)
{
  switch (source)
    {
    case DRIVEDASH_HEALTH_SOURCE_NVME:
      return _("The drive itself (as administrator)");
    case DRIVEDASH_HEALTH_SOURCE_SERVICE:
      return _("The Drivedash system service");
    case DRIVEDASH_HEALTH_SOURCE_UDISKS2:
      return _("The disk manager (UDisks)");
    case DRIVEDASH_HEALTH_SOURCE_SYSFS:
      return _("The kernel's public files (limited)");
    case DRIVEDASH_HEALTH_SOURCE_DEMO:
      return _("Simulated (demo mode)");
    case DRIVEDASH_HEALTH_SOURCE_NONE:
    default:
      return _("Nothing");
    }
}

static void
fill_identity_details (DrivedashHealthPage *self,
                       DrivedashHealth     *h)
{
  DrivedashDrive *drive = self->current ? drivedash_drive_item_get_drive (self->current) : NULL;

  add_detail (self, self->identity_expander, _("Model"), NULL, "Model Number (MN)", *h->model ? h->model : _("Unknown"));
  add_detail (self, self->identity_expander, _("Serial number"), NULL, "Serial Number (SN)", *h->serial ? h->serial : _("Unknown"));
  add_detail (self, self->identity_expander, _("Firmware"), _("The drive's own software version"),
              "Firmware Revision (FR)", *h->firmware ? h->firmware : _("Unknown"));
  add_detail (self, self->identity_expander, _("Controller"), _("The name Linux gives the drive"), NULL, h->controller);
  if (drive)
    {
      guint64 capacity = drivedash_drive_get_capacity_bytes (drive);
      const char *speed = drivedash_drive_get_link_speed (drive);
      guint width = drivedash_drive_get_link_width (drive);

      if (capacity)
        {
          g_autofree char *v = drivedash_format_bytes (capacity);

          add_detail (self, self->identity_expander, _("Capacity"), NULL, "Namespace Size", v);
        }
      if (speed)
        {
          g_autofree char *v = width ? g_strdup_printf (_("%s, %u lanes"), speed, width) : g_strdup (speed);

          add_detail (self, self->identity_expander, _("Connection"),
                      _("How fast the link to the computer is; more lanes are faster"), "PCIe link", v);
        }
    }
  else if (h->has & DRIVEDASH_HEALTH_HAS_IDENTIFY)
    {
      g_autofree char *v = drivedash_format_bytes_u128 (h->identify.total_capacity_bytes);

      add_detail (self, self->identity_expander, _("Capacity"), NULL, "Total NVM Capacity (TNVMCAP)", v);
    }
  add_detail (self, self->identity_expander, _("Read through"),
              _("Where these values came from"), NULL, source_description (h->source));
}

/* ---------------------------------------------------------------------- */
/* Main values                                                            */

static void
set_verdict (DrivedashHealthPage *self,
             DrivedashHealth     *h)
{
  static const char * const classes[] = { "success", "warning", "error", "dim-label" };
  const char *title, *icon, *css;
  GString *reasons = g_string_new (NULL);

  switch (h->verdict)
    {
    case DRIVEDASH_VERDICT_GOOD:
      /* Without the health log only the temperature was checked: don't
       * claim more than that. */
      title = (h->has & DRIVEDASH_HEALTH_HAS_SMART) ? _("Your drive is healthy.")
                                                   : _("No problems seen so far.");
      icon = "emblem-ok-symbolic";
      css = "success";
      break;
    case DRIVEDASH_VERDICT_CAUTION:
      title = _("Your drive needs attention.");
      icon = "dialog-warning-symbolic";
      css = "warning";
      break;
    case DRIVEDASH_VERDICT_BAD:
      title = _("Back up your data now.");
      icon = "dialog-error-symbolic";
      css = "error";
      break;
    case DRIVEDASH_VERDICT_UNKNOWN:
    default:
      title = _("The drive's health could not be read.");
      icon = "dialog-question-symbolic";
      css = "dim-label";
      break;
    }

  for (guint i = 0; i < h->reasons->len; i++)
    {
      DrivedashVerdictReason *r = g_ptr_array_index (h->reasons, i);

      g_string_append_printf (reasons, "%s%s", reasons->len ? "\n" : "", r->message);
    }
  if (reasons->len == 0 && h->verdict == DRIVEDASH_VERDICT_GOOD)
    g_string_append (reasons, _("No warnings: the drive reports no problems and has plenty of life left."));

  gtk_label_set_text (self->verdict_title, title);
  gtk_label_set_text (self->verdict_reasons, reasons->str);
  gtk_widget_set_visible (GTK_WIDGET (self->verdict_reasons), reasons->len > 0);
  gtk_image_set_from_icon_name (self->verdict_icon, icon);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_icon), classes[i]);
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict_icon), css);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->verdict_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reasons->str,
                                  -1);
  g_string_free (reasons, TRUE);
}

static void
set_u128_label (GtkLabel      *label,
                gboolean       known,
                DrivedashU128  value,
                char        *(*format) (DrivedashU128))
{
  g_autofree char *s = known ? format (value) : g_strdup (_("Not available"));

  gtk_label_set_text (label, s);
}

static char *
format_data_units (DrivedashU128 units)
{
  return drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (units));
}

static void
set_limits (DrivedashHealthPage *self,
            guint                warning_k,
            guint                critical_k)
{
  g_autofree char *warning = drivedash_format_temperature (warning_k);
  g_autofree char *critical = drivedash_format_temperature (critical_k);
  g_autofree char *text = NULL;
  g_autofree char *subtitle = NULL;

  /* Translators: the two temperature limits, one per line */
  text = g_strdup_printf (_("Slows down at %s\nCritical at %s"), warning, critical);
  gtk_label_set_text (self->limits_label, text);

  if (warning_k)
    subtitle = g_strdup_printf (_("The drive slows itself down above %s"), warning);
  else
    subtitle = g_strdup (_("The temperature the drive reports about itself"));
  adw_action_row_set_subtitle (self->temperature_row, subtitle);

  drivedash_plot_clear_annotations (self->temperature_plot);
  if (warning_k)
    {
      g_autofree char *l = g_strdup_printf (_("Slows down (%s)"), warning);

      drivedash_plot_add_limit (self->temperature_plot, l, drivedash_kelvin_to_celsius (warning_k),
                                DRIVEDASH_PLOT_LIMIT_WARNING);
    }
  if (critical_k)
    {
      g_autofree char *l = g_strdup_printf (_("Critical (%s)"), critical);

      drivedash_plot_add_limit (self->temperature_plot, l, drivedash_kelvin_to_celsius (critical_k),
                                DRIVEDASH_PLOT_LIMIT_CRITICAL);
    }
}

static void
set_temperature (DrivedashHealthPage *self,
                 double               kelvin)
{
  g_autofree char *text = drivedash_format_temperature ((guint) lround (kelvin));

  gtk_label_set_text (self->temperature_label, text);
  if (kelvin > 0)
    drivedash_plot_append (self->temperature_plot, self->temperature_series,
                           seconds_since_start (self), kelvin - 273.15);
}

static void
show_health (DrivedashHealthPage *self,
             DrivedashHealth     *h)
{
  const DrivedashSmartLog *s = &h->smart;
  gboolean smart = (h->has & DRIVEDASH_HEALTH_HAS_SMART) != 0;
  g_autofree char *drive_text = NULL;

  g_clear_pointer (&self->health, drivedash_health_unref);
  self->health = drivedash_health_ref (h);

  set_verdict (self, h);
  drive_text = g_strdup_printf ("%s · %s", *h->model ? h->model : h->controller, h->controller);
  gtk_label_set_text (self->drive_label, drive_text);

  if (drivedash_health_is_partial (h))
    {
      GString *text = g_string_new (_("Some health details need the Drivedash system service."));

      for (guint i = 0; i < h->missing->len; i++)
        {
          DrivedashHealthMissing *m = g_ptr_array_index (h->missing, i);

          g_string_append_printf (text, "\n• %s: %s", m->what, m->why);
        }
      gtk_label_set_text (self->partial_label, text->str);
      g_string_free (text, TRUE);
    }
  gtk_widget_set_visible (self->partial_banner, drivedash_health_is_partial (h));

  if (h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE)
    {
      g_autofree char *t = drivedash_format_temperature (s->temperature_kelvin);

      gtk_label_set_text (self->temperature_label, t);
    }
  set_limits (self, h->warning_temperature_kelvin, h->critical_temperature_kelvin);

  if (smart)
    {
      int left = CLAMP (100 - (int) s->percentage_used, 0, 100);
      g_autofree char *life = g_strdup_printf (_("%d %%"), left);

      gtk_level_bar_set_value (self->life_bar, left);
      gtk_label_set_text (self->life_label, life);
    }
  else
    {
      gtk_level_bar_set_value (self->life_bar, 0);
      gtk_label_set_text (self->life_label, _("Not available"));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->life_bar), smart);
  set_u128_label (self->written_label, smart, s->data_units_written, format_data_units);
  if (drivedash_endurance_lookup_tb (h->model) > 0)
    {
      /* Translators: subtitle of "Written So Far" when the drive's rated endurance is known */
      g_autofree char *text = g_strdup_printf (_("All the data ever written to the drive; its maker rates it for %u TB"),
                                               drivedash_endurance_lookup_tb (h->model));

      adw_action_row_set_subtitle (self->written_row, text);
    }
  else
    adw_action_row_set_subtitle (self->written_row, _("All the data ever written to the drive; wear grows with it"));
  set_u128_label (self->read_label, smart, s->data_units_read, format_data_units);
  set_u128_label (self->hours_label, smart, s->power_on_hours, drivedash_format_hours);
  set_u128_label (self->unsafe_label, smart, s->unsafe_shutdowns, drivedash_format_count);
  set_u128_label (self->media_label, smart, s->media_errors, drivedash_format_count);

  clear_details (self);
  fill_smart_details (self, h);
  fill_power_details (self, h);
  fill_error_log_details (self, h);
  fill_self_test_details (self, h);
  fill_identity_details (self, h);

  /* Follow a running self-test until it reports its result. */
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && h->self_test.current != DRIVEDASH_SELF_TEST_NONE
      && self->self_test_source == 0 && h->source != DRIVEDASH_HEALTH_SOURCE_DEMO)
    self->self_test_source = g_timeout_add_seconds (10, self_test_poll_cb, self);
}

/* ---------------------------------------------------------------------- */
/* Loading                                                                */

/* What a worker thread needs to know about the drive: plain copies, the
 * thread never touches the page or the drive object. */
typedef struct
{
  char     *controller;
  char     *sysfs_root;
  gboolean  has_device;   /* FALSE for fixture trees: no /dev node */
  gboolean  enabled;      /* for game-mode requests (and the self-test kind) */
  gboolean  persistent;   /* game mode: keep after restart */
} DriveRequest;

static void
drive_request_free (gpointer data)
{
  DriveRequest *r = data;

  g_free (r->controller);
  g_free (r->sysfs_root);
  g_free (r);
}

static DriveRequest *
drive_request_new (DrivedashDriveItem *item)
{
  DrivedashDrive *drive = drivedash_drive_item_get_drive (item);
  DriveRequest *r = g_new0 (DriveRequest, 1);

  r->controller = g_strdup (drivedash_drive_item_get_name (item));
  r->sysfs_root = g_strdup (drive ? drivedash_drive_get_sysfs_root (drive) : NULL);
  r->has_device = drive && drivedash_drive_get_device_path (drive) != NULL;
  return r;
}

static DrivedashPowerPaths
request_power_paths (const DriveRequest *r)
{
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();

  if (r->sysfs_root)
    paths.sysfs_root = r->sysfs_root;
  if (!r->has_device)
    paths.dev_dir = NULL;
  return paths;
}

static void
read_health_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  GError *error = NULL;
  DrivedashHealth *health;

  health = drivedash_client_get_health (r->sysfs_root, r->controller, DRIVEDASH_CLIENT_NONE, cancellable, &error);
  if (health)
    g_task_return_pointer (task, health, (GDestroyNotify) drivedash_health_unref);
  else
    g_task_return_error (task, error);
}

static void
health_loaded_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  health = g_task_propagate_pointer (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (health == NULL)
    {
      g_autoptr(DrivedashHealth) empty = drivedash_health_new (drivedash_drive_item_get_name (self->current));

      drivedash_health_add_missing (empty, _("Everything"), error->message);
      show_health (self, empty);
      return;
    }
  show_health (self, health);
}

static void
game_mode_read_thread (GTask        *task,
                       gpointer      source_object,
                       gpointer      task_data,
                       GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  DrivedashPowerPaths paths = request_power_paths (r);
  GError *error = NULL;
  DrivedashGameMode *state;

  state = drivedash_client_get_game_mode (&paths, r->controller, DRIVEDASH_CLIENT_NONE, NULL, cancellable, &error);
  if (state)
    g_task_return_pointer (task, state, (GDestroyNotify) drivedash_game_mode_free);
  else
    g_task_return_error (task, error);
}

static void
game_mode_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;

  state = g_task_propagate_pointer (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  update_game_mode (self, state, error);
}

static void
run_in_thread (DrivedashHealthPage *self,
               GTaskThreadFunc      func,
               GAsyncReadyCallback  done,
               gpointer             data,
               GDestroyNotify       destroy)
{
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, done, NULL);

  g_task_set_task_data (task, data, destroy);
  g_task_run_in_thread (task, func);
}

static gboolean
temperature_tick_cb (gpointer data)
{
  DrivedashHealthPage *self = data;
  DrivedashDrive *drive;
  DrivedashTemperature t = { 0 };

  if (self->current == NULL)
    return G_SOURCE_CONTINUE;

  if (drivedash_drive_item_is_demo (self->current))
    {
      set_temperature (self, drivedash_demo_temperature_at (seconds_since_start (self)));
      return G_SOURCE_CONTINUE;
    }

  drive = drivedash_drive_item_get_drive (self->current);
  if (drivedash_health_read_temperature (drive, &t, NULL) && t.temperature_kelvin)
    set_temperature (self, t.temperature_kelvin);
  return G_SOURCE_CONTINUE;
}

/* fresh: another drive is shown, start its temperature history anew;
 * else re-read the same drive and keep the history. */
static void
load_health (DrivedashHealthPage *self,
             gboolean             fresh)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  if (fresh)
    {
      drivedash_plot_clear (self->temperature_plot);
      g_clear_pointer (&self->game_state, drivedash_game_mode_free);
    }
  gtk_widget_set_visible (self->demo_banner, self->current && drivedash_drive_item_is_demo (self->current));

  if (self->current == NULL)
    return;

  if (drivedash_drive_item_is_demo (self->current))
    {
      g_autoptr(DrivedashHealth) demo = drivedash_demo_health_new ();
      double now = seconds_since_start (self);

      /* Ten minutes of simulated history, so the graph has a story. */
      if (fresh)
        {
          for (double t = now - TEMPERATURE_WINDOW_S; t < now; t += TEMPERATURE_INTERVAL_S)
            drivedash_plot_append (self->temperature_plot, self->temperature_series, t,
                                   drivedash_demo_temperature_at (t) - 273.15);
          set_temperature (self, drivedash_demo_temperature_at (now));
        }
      show_health (self, demo);
      /* The live reading, not the log's snapshot. */
      temperature_tick_cb (self);
      update_game_mode (self, NULL, NULL);
      return;
    }

  if (fresh)
    {
      gtk_label_set_text (self->verdict_title, _("Reading the drive…"));
      gtk_widget_set_visible (GTK_WIDGET (self->verdict_reasons), FALSE);
    }
  run_in_thread (self, read_health_thread, health_loaded_cb,
                 drive_request_new (self->current), drive_request_free);
  run_in_thread (self, game_mode_read_thread, game_mode_done_cb,
                 drive_request_new (self->current), drive_request_free);
  temperature_tick_cb (self);
}

/* ---------------------------------------------------------------------- */
/* Game mode                                                              */

static void
update_game_mode (DrivedashHealthPage     *self,
                  const DrivedashGameMode *state,
                  const GError            *error)
{
  gboolean demo = self->current && drivedash_drive_item_is_demo (self->current);
  gboolean supported, enabled, persistent, needs_permission = FALSE;
  g_autofree char *subtitle = NULL;

  if (demo)
    {
      supported = TRUE;
      enabled = self->demo_game_mode;
      subtitle = g_strdup_printf ("%s\n%s", game_mode_explanation (),
                                  enabled ? (self->demo_persistent ? _("On (simulated), also after a restart: power saving is off.")
                                                                   : _("On (simulated): power saving is off."))
                                          : _("Off (simulated): the drive saves power when idle."));
    }
  else if (error)
    {
      /* A refused change leaves the drive as it was: show that state, and
       * why the change did not happen. */
      supported = self->game_state && self->game_state->supported;
      enabled = self->game_state && self->game_state->enabled;
      needs_permission = g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);
      subtitle = g_strdup_printf ("%s\n%s %s", game_mode_explanation (),
                                  needs_permission ? _("Needs permission:") : _("Unavailable:"),
                                  error->message);
    }
  else if (state == NULL || !state->supported)
    {
      g_clear_pointer (&self->game_state, drivedash_game_mode_free);
      supported = FALSE;
      enabled = FALSE;
      subtitle = g_strdup (_("This drive has no power saving to turn off — it always runs at full speed."));
    }
  else
    {
      if (state != self->game_state)
        {
          g_clear_pointer (&self->game_state, drivedash_game_mode_free);
          self->game_state = g_new0 (DrivedashGameMode, 1);
          *self->game_state = *state;
          self->game_state->controller = g_strdup (state->controller);
          self->game_state->latency_tolerance = g_strdup (state->latency_tolerance);
        }
      supported = TRUE;
      enabled = state->enabled;
      subtitle = g_strdup_printf ("%s\n%s", game_mode_explanation (),
                                  enabled ? (state->persistent ? _("On, also after a restart: power saving is off.")
                                                               : _("On until the next restart: power saving is off."))
                                          : _("Off: the drive saves power when idle."));
    }

  persistent = demo ? self->demo_persistent
                    : (state && state->supported) ? state->persistent
                    : self->game_state ? self->game_state->persistent : FALSE;

  self->updating_switch = TRUE;
  gtk_switch_set_active (self->game_switch, enabled);
  gtk_switch_set_state (self->game_switch, enabled);
  gtk_switch_set_active (self->persist_switch, persistent);
  gtk_switch_set_state (self->persist_switch, persistent);
  self->updating_switch = FALSE;
  gtk_widget_set_visible (self->persist_row, supported);
  gtk_widget_set_sensitive (self->persist_row, enabled);
  gtk_widget_set_sensitive (GTK_WIDGET (self->game_switch), supported);
  gtk_widget_set_visible (self->game_permission_button, needs_permission);
  adw_action_row_set_subtitle (self->game_row, subtitle);
}

static void
game_mode_set_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  DrivedashPowerPaths paths = request_power_paths (r);
  GError *error = NULL;
  DrivedashGameMode *state;

  state = drivedash_client_set_game_mode (&paths, r->controller, r->enabled, r->persistent,
                                          DRIVEDASH_CLIENT_INTERACTIVE, NULL, cancellable, &error);
  if (state)
    g_task_return_pointer (task, state, (GDestroyNotify) drivedash_game_mode_free);
  else
    g_task_return_error (task, error);
}

static gboolean
game_switch_state_set_cb (GtkSwitch           *sw,
                          gboolean             active,
                          DrivedashHealthPage *self)
{
  DriveRequest *r;

  if (self->updating_switch || self->current == NULL)
    return FALSE;

  if (drivedash_drive_item_is_demo (self->current))
    {
      self->demo_game_mode = active;
      self->demo_persistent &= active;
      update_game_mode (self, NULL, NULL);
      return TRUE;
    }

  /* The switch shows the state read back from the system, not the wish. */
  r = drive_request_new (self->current);
  r->enabled = active;
  r->persistent = active && gtk_switch_get_active (self->persist_switch);
  run_in_thread (self, game_mode_set_thread, game_mode_done_cb, r, drive_request_free);
  return TRUE;
}

static gboolean
persist_switch_state_set_cb (GtkSwitch           *sw,
                             gboolean             active,
                             DrivedashHealthPage *self)
{
  DriveRequest *r;

  if (self->updating_switch || self->current == NULL)
    return FALSE;

  if (drivedash_drive_item_is_demo (self->current))
    {
      self->demo_persistent = active;
      update_game_mode (self, NULL, NULL);
      return TRUE;
    }

  /* Only offered while game mode is on: keep it on, change the rule. */
  r = drive_request_new (self->current);
  r->enabled = TRUE;
  r->persistent = active;
  run_in_thread (self, game_mode_set_thread, game_mode_done_cb, r, drive_request_free);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Drives                                                                 */

static void
select_item (DrivedashHealthPage *self,
             DrivedashDriveItem  *item)
{
  if (item == self->current)
    return;
  g_set_object (&self->current, item);
  load_health (self, TRUE);
}

static void
drive_row_selected_cb (DrivedashHealthPage *self)
{
  guint i = adw_combo_row_get_selected (self->drive_row);
  g_autoptr(DrivedashDriveItem) item = NULL;

  if (self->drives == NULL)
    return;
  item = g_list_model_get_item (G_LIST_MODEL (self->drives), i);
  if (item)
    select_item (self, item);
}

static void
drives_changed_cb (DrivedashHealthPage *self)
{
  GListModel *model = G_LIST_MODEL (self->drives);
  guint n = g_list_model_get_n_items (model);
  guint keep = 0;
  g_autofree char *current = self->current ? g_strdup (drivedash_drive_item_get_name (self->current)) : NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashDriveItem) item = g_list_model_get_item (model, i);

      gtk_string_list_append (names, drivedash_drive_item_get_title (item));
      if (g_strcmp0 (current, drivedash_drive_item_get_name (item)) == 0)
        keep = i;
    }

  g_signal_handlers_block_by_func (self->drive_row, drive_row_selected_cb, self);
  adw_combo_row_set_model (self->drive_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->drive_row, keep);
  g_signal_handlers_unblock_by_func (self->drive_row, drive_row_selected_cb, self);
  /* One drive needs no choice. */
  gtk_widget_set_visible (GTK_WIDGET (self->drive_row), n > 1);

  if (n == 0)
    {
      g_clear_object (&self->current);
      g_clear_pointer (&self->health, drivedash_health_unref);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  gtk_stack_set_visible_child_name (self->stack, "drive");
  {
    g_autoptr(DrivedashDriveItem) item = g_list_model_get_item (model, keep);

    /* The list is rebuilt on every hot-plug event: the drive shown before
     * keeps its temperature history if it is still the same drive. */
    if (self->current && g_strcmp0 (current, drivedash_drive_item_get_name (item)) == 0
        && g_strcmp0 (drivedash_drive_item_get_title (self->current), drivedash_drive_item_get_title (item)) == 0)
      {
        g_set_object (&self->current, item);
        load_health (self, FALSE);
      }
    else
      {
        g_clear_object (&self->current);
        select_item (self, item);
      }
  }
}

void
drivedash_health_page_set_drives (DrivedashHealthPage *self,
                                  DrivedashDriveList  *drives)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self));

  if (self->drives)
    g_signal_handlers_disconnect_by_data (self->drives, self);
  g_set_object (&self->drives, drives);
  if (drives)
    {
      g_signal_connect_swapped (drives, "items-changed", G_CALLBACK (drives_changed_cb), self);
      drives_changed_cb (self);
    }
}

/* ---------------------------------------------------------------------- */

static void
page_toast (DrivedashHealthPage *self,
            const char          *text)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), DRIVEDASH_TYPE_WINDOW);
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 8);
  if (window)
    drivedash_window_add_toast (DRIVEDASH_WINDOW (window), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

static void
self_test_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  GError *error = NULL;

  if (drivedash_client_self_test (r->sysfs_root, r->controller, (DrivedashSelfTestKind) r->enabled,
                                  DRIVEDASH_CLIENT_INTERACTIVE, NULL, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
self_test_poll_cb (gpointer data)
{
  DrivedashHealthPage *self = data;

  self->self_test_source = 0;
  load_health (self, FALSE);
  return G_SOURCE_REMOVE;
}

static void
self_test_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      GtkRoot *root;
      GtkWidget *dialog;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Too long for a toast: the message says what to do. */
      root = gtk_widget_get_root (GTK_WIDGET (self));
      dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       _("The Self-Test Did Not Start"), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  page_toast (self, _("The drive accepted the request. Results show under Self-Test."));
  load_health (self, FALSE);
}

static void
self_test_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);
  const char *kind = g_variant_get_string (parameter, NULL);
  DriveRequest *r;

  if (self->current == NULL)
    return;
  if (drivedash_drive_item_is_demo (self->current))
    {
      page_toast (self, _("This is the simulated drive: there is nothing to test."));
      return;
    }

  r = drive_request_new (self->current);
  /* The request's spare field carries the kind. */
  r->enabled = g_str_equal (kind, "short") ? DRIVEDASH_SELF_TEST_SHORT
             : g_str_equal (kind, "extended") ? DRIVEDASH_SELF_TEST_EXTENDED
             : DRIVEDASH_SELF_TEST_ABORT;
  run_in_thread (self, self_test_thread, self_test_done_cb, r, drive_request_free);
}

static void
how_to_enable_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Enable the Drivedash System Service"),
                                   _("Reading a drive's full health log and changing its power saving needs administrator rights. "
                                     "The Drivedash system service does this for you, safely, without running the whole app as administrator.\n\n"
                                     "Install it with your distribution's “drivedash” package, or build Drivedash with the service enabled "
                                     "(meson setup -Dservice=true) and run “sudo meson install”. "
                                     "Drivedash finds it by itself the next time you open it."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
refresh_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);

  if (self->drives)
    drivedash_drive_list_refresh (self->drives);
  load_health (self, FALSE);
}

static gboolean
refresh_cb (gpointer data)
{
  DrivedashHealthPage *self = data;

  if (self->current)
    load_health (self, FALSE);
  return G_SOURCE_CONTINUE;
}

static void
drivedash_health_page_map (GtkWidget *widget)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);

  GTK_WIDGET_CLASS (drivedash_health_page_parent_class)->map (widget);

  if (self->drives == NULL)
    {
      g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new (drivedash_demo_get_enabled ());

      drivedash_health_page_set_drives (self, drives);
    }
  if (self->temperature_source == 0)
    self->temperature_source = g_timeout_add_seconds (TEMPERATURE_INTERVAL_S, temperature_tick_cb, self);
  if (self->refresh_source == 0)
    self->refresh_source = g_timeout_add_seconds (HEALTH_REFRESH_S, refresh_cb, self);
}

static void
drivedash_health_page_dispose (GObject *object)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->temperature_source, g_source_remove);
  g_clear_handle_id (&self->self_test_source, g_source_remove);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->drives)
    g_signal_handlers_disconnect_by_data (self->drives, self);
  g_clear_object (&self->drives);
  g_clear_object (&self->current);
  if (self->detail_rows)
    g_ptr_array_set_size (self->detail_rows, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_PAGE);
  G_OBJECT_CLASS (drivedash_health_page_parent_class)->dispose (object);
}

static void
drivedash_health_page_finalize (GObject *object)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->health, drivedash_health_unref);
  g_clear_pointer (&self->game_state, drivedash_game_mode_free);
  g_ptr_array_unref (self->detail_rows);
  G_OBJECT_CLASS (drivedash_health_page_parent_class)->finalize (object);
}

static void
drivedash_health_page_class_init (DrivedashHealthPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_health_page_dispose;
  object_class->finalize = drivedash_health_page_finalize;
  widget_class->map = drivedash_health_page_map;

  g_type_ensure (DRIVEDASH_TYPE_PLOT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-page.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, DrivedashHealthPage, name)
  CHILD (stack);
  CHILD (drive_row);
  CHILD (demo_banner);
  CHILD (partial_banner);
  CHILD (partial_label);
  CHILD (verdict_box);
  CHILD (verdict_icon);
  CHILD (verdict_title);
  CHILD (verdict_reasons);
  CHILD (drive_label);
  CHILD (temperature_row);
  CHILD (temperature_label);
  CHILD (limits_label);
  CHILD (temperature_plot);
  CHILD (life_group);
  CHILD (life_bar);
  CHILD (life_label);
  CHILD (written_row);
  CHILD (written_label);
  CHILD (read_label);
  CHILD (hours_label);
  CHILD (unsafe_label);
  CHILD (media_label);
  CHILD (game_row);
  CHILD (game_switch);
  CHILD (game_permission_button);
  CHILD (persist_row);
  CHILD (persist_switch);
  CHILD (smart_expander);
  CHILD (power_expander);
  CHILD (error_log_expander);
  CHILD (self_test_expander);
  CHILD (identity_expander);
#undef CHILD

  gtk_widget_class_install_action (widget_class, "health.how-to-enable", NULL, how_to_enable_action);
  gtk_widget_class_install_action (widget_class, "health.refresh", NULL, refresh_action);
  gtk_widget_class_install_action (widget_class, "health.self-test", "s", self_test_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "health.refresh", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "health.refresh", NULL);
}

static void
drivedash_health_page_init (DrivedashHealthPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->detail_rows = g_ptr_array_new ();
  self->started_us = g_get_monotonic_time ();

  drivedash_plot_set_title (self->temperature_plot, _("Temperature, last 10 minutes"));
  drivedash_plot_set_unit (self->temperature_plot, _("°C"));
  drivedash_plot_set_time_axis (self->temperature_plot, DRIVEDASH_PLOT_TIME_AGO);
  drivedash_plot_set_time_window (self->temperature_plot, TEMPERATURE_WINDOW_S);
  drivedash_plot_set_include_zero (self->temperature_plot, FALSE);
  drivedash_plot_set_y_range_hint (self->temperature_plot, 30, 50);
  self->temperature_series = drivedash_plot_add_series (self->temperature_plot, _("Temperature"));

  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_LOW, 10);
  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_HIGH, 50);
  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_FULL, 100);

  g_signal_connect_swapped (self->drive_row, "notify::selected", G_CALLBACK (drive_row_selected_cb), self);
  g_signal_connect (self->game_switch, "state-set", G_CALLBACK (game_switch_state_set_cb), self);
  g_signal_connect (self->persist_switch, "state-set", G_CALLBACK (persist_switch_state_set_cb), self);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

GtkWidget *
drivedash_health_page_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_PAGE, NULL);
}

DrivedashDriveList *
drivedash_health_page_get_drives (DrivedashHealthPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return self->drives;
}

DrivedashHealth *
drivedash_health_page_get_health (DrivedashHealthPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return self->health;
}

DrivedashPlot *
drivedash_health_page_get_temperature_plot (DrivedashHealthPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return self->temperature_plot;
}

const char *
drivedash_health_page_get_value (DrivedashHealthPage *self,
                                 const char          *key)
{
  static const struct { const char *key; gsize offset; } labels[] = {
    { "verdict", G_STRUCT_OFFSET (DrivedashHealthPage, verdict_title) },
    { "reasons", G_STRUCT_OFFSET (DrivedashHealthPage, verdict_reasons) },
    { "temperature", G_STRUCT_OFFSET (DrivedashHealthPage, temperature_label) },
    { "limits", G_STRUCT_OFFSET (DrivedashHealthPage, limits_label) },
    { "life", G_STRUCT_OFFSET (DrivedashHealthPage, life_label) },
    { "written", G_STRUCT_OFFSET (DrivedashHealthPage, written_label) },
    { "read", G_STRUCT_OFFSET (DrivedashHealthPage, read_label) },
    { "hours", G_STRUCT_OFFSET (DrivedashHealthPage, hours_label) },
    { "unsafe", G_STRUCT_OFFSET (DrivedashHealthPage, unsafe_label) },
    { "media", G_STRUCT_OFFSET (DrivedashHealthPage, media_label) },
  };

  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);

  if (g_strcmp0 (key, "game-mode") == 0)
    return adw_action_row_get_subtitle (self->game_row);
  if (g_strcmp0 (key, "written-subtitle") == 0)
    return adw_action_row_get_subtitle (self->written_row);
  if (g_strcmp0 (key, "partial") == 0)
    return gtk_widget_get_visible (self->partial_banner) ? gtk_label_get_text (self->partial_label) : NULL;
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (key, labels[i].key) == 0)
      return gtk_label_get_text (G_STRUCT_MEMBER (GtkLabel *, self, labels[i].offset));
  return NULL;
}
