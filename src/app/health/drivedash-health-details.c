/* drivedash-health-details.c — the Health page's Details: the full health
 * report, power states, error log, self-test and identity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The health report and identity rows are the core's field table, one row
 * per field the report has: the CLI prints the same words.  The rows are
 * made anew whenever the model's report changes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-format.h"
#include "drivedash-health-details.h"
#include "drivedash-health-fields.h"

struct _DrivedashHealthDetails
{
  DrivedashHealthSection parent_instance;

  AdwExpanderRow       *smart_expander;
  AdwExpanderRow       *power_expander;
  AdwExpanderRow       *error_log_expander;
  AdwExpanderRow       *self_test_expander;
  AdwExpanderRow       *firmware_expander;
  AdwExpanderRow       *identity_expander;

  GPtrArray            *rows;   /* (GtkWidget *, AdwExpanderRow *) pairs */
};

G_DEFINE_FINAL_TYPE (DrivedashHealthDetails, drivedash_health_details, DRIVEDASH_TYPE_HEALTH_SECTION)

static void
clear_rows (DrivedashHealthDetails *self)
{
  for (guint i = 0; i + 1 < self->rows->len; i += 2)
    adw_expander_row_remove (g_ptr_array_index (self->rows, i + 1), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
}

static GtkWidget *
add_row (DrivedashHealthDetails *self,
         AdwExpanderRow         *expander,
         const char             *title,
         const char             *subtitle,
         const char             *spec_name,
         const char             *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);
  g_autofree char *name = drivedash_a11y_title_with_value (title, value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  /* Read aloud as "Spare blocks left, 100 %", like the summary rows; the
   * row's own labelled-by (its title alone) would win over the name. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle ? subtitle : "",
                                  -1);
  if (spec_name)
    {
      /* Translators: tooltip of a details row: the name in the NVMe specification */
      g_autofree char *tip = g_strdup_printf (_("In the NVMe specification: %s"), spec_name);

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
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->rows, expander);
  return row;
}

/* One row per field of GROUP that the report has. */
static guint
add_fields (DrivedashHealthDetails    *self,
            AdwExpanderRow            *expander,
            DrivedashHealthFieldGroup  group,
            DrivedashHealth           *h)
{
  gsize n_fields = 0;
  const DrivedashHealthField *fields = drivedash_health_fields (&n_fields);
  guint added = 0;

  for (gsize i = 0; i < n_fields; i++)
    {
      g_autofree char *value = NULL;

      if (fields[i].group != group)
        continue;
      value = drivedash_health_field_format (&fields[i], h);
      if (value == NULL)
        continue;
      add_row (self, expander, _(fields[i].title), _(fields[i].explanation), fields[i].spec_name, value);
      added++;
    }
  return added;
}

static void
fill_smart (DrivedashHealthDetails *self,
            DrivedashHealth        *h)
{
  add_fields (self, self->smart_expander, DRIVEDASH_HEALTH_FIELD_GROUP_HEALTH, h);
  if (!(h->has & DRIVEDASH_HEALTH_HAS_SMART))
    add_row (self, self->smart_expander, _("Not available"),
             _("Reading the health log needs the Drivedash system service or administrator rights"),
             NULL, "");
}

static void
fill_power (DrivedashHealthDetails *self,
            DrivedashHealth        *h)
{
  if (!(h->has & DRIVEDASH_HEALTH_HAS_IDENTIFY) || h->identify.n_power_states == 0)
    {
      add_row (self, self->power_expander, _("Not available"),
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
      add_row (self, self->power_expander, title, subtitle, "Power State Descriptor", power);
    }

  if (h->has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED)
    add_row (self, self->power_expander, _("Automatic power saving"),
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
add_self_test_controls (DrivedashHealthDetails *self,
                        DrivedashHealth        *h)
{
  static const struct { const char *kind; const char *label; const char *tip; } buttons[] = {
    { "short", N_("_Short"), N_("Start the short self-test") },
    { "extended", N_("_Extended"), N_("Start the extended self-test") },
    { "abort", N_("S_top"), N_("Stop the running self-test") },
  };
  gboolean running = (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && h->self_test.current != DRIVEDASH_SELF_TEST_NONE;
  GtkWidget *row = add_row (self, self->self_test_expander,
                            running ? _("A self-test is running") : _("Start a self-test"),
                            _("Short: a couple of minutes. Extended: reads the whole drive, can take an hour or more. You can keep using the computer."),
                            "Device Self-test", "");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

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
      drivedash_a11y_fix_mnemonics (button);
      gtk_box_append (GTK_BOX (box), button);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
}

static void
fill_self_test (DrivedashHealthDetails *self,
                DrivedashHealth        *h)
{
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED) && !h->self_test_supported)
    {
      add_row (self, self->self_test_expander, _("Not supported"),
               _("This drive cannot test itself"), "Device Self-test", "");
      return;
    }
  add_self_test_controls (self, h);
  if (!(h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG))
    {
      add_row (self, self->self_test_expander, _("Results not available"),
               _("Reading the self-test results needs the Drivedash system service or administrator rights"),
               NULL, "");
      return;
    }

  if (h->self_test.current != DRIVEDASH_SELF_TEST_NONE)
    {
      g_autofree char *v = drivedash_health_dup_self_test_progress (h);

      add_row (self, self->self_test_expander, _("Running now"),
               drivedash_self_test_kind_describe (h->self_test.current), "Current Device Self-Test Operation", v);
    }
  if (h->self_test.n_results == 0)
    add_row (self, self->self_test_expander, _("No results yet"),
             _("The drive has not tested itself so far"), NULL, "");
  for (guint i = 0; i < h->self_test.n_results && i < 5; i++)
    {
      const DrivedashSelfTestResult *r = &h->self_test.results[i];
      g_autofree char *hours = drivedash_format_count (DRIVEDASH_U128_INIT (r->power_on_hours, 0));
      /* Translators: when a self-test ran, "At 10 120 hours of use" */
      g_autofree char *subtitle = g_strdup_printf (_("At %s hours of use"), hours);

      add_row (self, self->self_test_expander, drivedash_self_test_kind_describe (r->kind),
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
fill_error_log (DrivedashHealthDetails *self,
                DrivedashHealth        *h)
{
  guint shown = 0;

  if (!(h->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG) || h->error_log == NULL)
    {
      add_row (self, self->error_log_expander, _("Not available"),
               _("Reading the error log needs the Drivedash system service or administrator rights"),
               NULL, "");
      return;
    }
  if (h->error_log->len == 0)
    add_row (self, self->error_log_expander, _("No errors recorded"),
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
      add_row (self, self->error_log_expander, title, subtitle, "Status Field", status);
    }
}

static void
fill_firmware (DrivedashHealthDetails *self,
               DrivedashHealth        *h)
{
  const DrivedashFirmwareLog *fw = &h->firmware_log;
  const char *active;

  if (!(h->has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG))
    {
      add_row (self, self->firmware_expander, _("Not available"),
               _("Reading the firmware slots needs the Drivedash system service or administrator rights"),
               NULL, "");
      return;
    }
  active = drivedash_firmware_log_get_active (fw);
  if (active != NULL)
    {
      g_autofree char *shown = drivedash_format_device_string (active);

      add_row (self, self->firmware_expander, _("Version in use"),
               _("The firmware the drive runs now"), "Active Firmware Info", shown);
    }
  for (guint slot = 1; slot <= fw->n_slots; slot++)
    {
      g_autofree char *title = drivedash_health_firmware_slot_title (fw, slot);
      g_autofree char *value = drivedash_health_firmware_slot_value (fw, slot);

      add_row (self, self->firmware_expander, title, NULL, "Firmware Revision for Slot", value);
    }
}

static void
health_cb (DrivedashHealthDetails *self)
{
  DrivedashHealth *h = drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)) ? drivedash_health_model_get_health (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self))) : NULL;

  clear_rows (self);
  if (h == NULL)
    return;
  fill_smart (self, h);
  fill_power (self, h);
  fill_error_log (self, h);
  fill_self_test (self, h);
  fill_firmware (self, h);
  add_fields (self, self->identity_expander, DRIVEDASH_HEALTH_FIELD_GROUP_IDENTITY, h);
}

static void
class_init_extra (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthDetails, smart_expander);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthDetails, power_expander);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthDetails, error_log_expander);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthDetails, self_test_expander);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthDetails, firmware_expander);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthDetails, identity_expander);
}

static void
drivedash_health_details_dispose (GObject *object)
{
  g_ptr_array_set_size (DRIVEDASH_HEALTH_DETAILS (object)->rows, 0);
  G_OBJECT_CLASS (drivedash_health_details_parent_class)->dispose (object);
}

static void
drivedash_health_details_finalize (GObject *object)
{
  g_ptr_array_unref (DRIVEDASH_HEALTH_DETAILS (object)->rows);
  G_OBJECT_CLASS (drivedash_health_details_parent_class)->finalize (object);
}

static void
drivedash_health_details_class_init (DrivedashHealthDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_health_details_dispose;
  object_class->finalize = drivedash_health_details_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-details.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_details_init (DrivedashHealthDetails *self)
{
  GSignalGroup *signals = drivedash_health_section_get_signals (DRIVEDASH_HEALTH_SECTION (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new ();
  g_signal_group_connect_swapped (signals, "notify::health", G_CALLBACK (health_cb), self);
  /* Another model: its report, not the last one's. */
  g_signal_connect_swapped (signals, "bind", G_CALLBACK (health_cb), self);
}
