/* drivedash-health-mapping.c — pure functions from health values to what
 * the Health page shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-endurance.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-health-mapping.h"

const char *
drivedash_health_verdict_icon_name (DrivedashVerdict verdict)
{
  switch (verdict)
    {
    case DRIVEDASH_VERDICT_GOOD:
      return "emblem-ok-symbolic";
    case DRIVEDASH_VERDICT_CAUTION:
      return "dialog-warning-symbolic";
    case DRIVEDASH_VERDICT_BAD:
      return "dialog-error-symbolic";
    case DRIVEDASH_VERDICT_UNKNOWN:
    default:
      return "dialog-question-symbolic";
    }
}

const char *
drivedash_health_verdict_style_class (DrivedashVerdict verdict)
{
  switch (verdict)
    {
    case DRIVEDASH_VERDICT_GOOD:
      return "success";
    case DRIVEDASH_VERDICT_CAUTION:
      return "warning";
    case DRIVEDASH_VERDICT_BAD:
      return "error";
    case DRIVEDASH_VERDICT_UNKNOWN:
    default:
      return "dim-label";
    }
}

const char *
drivedash_health_verdict_title (DrivedashVerdict verdict,
                                gboolean         has_smart)
{
  switch (verdict)
    {
    case DRIVEDASH_VERDICT_GOOD:
      return has_smart ? _("Your drive is healthy.") : _("No problems seen so far.");
    case DRIVEDASH_VERDICT_CAUTION:
      return _("Your drive needs attention.");
    case DRIVEDASH_VERDICT_BAD:
      return _("Back up your data now.");
    case DRIVEDASH_VERDICT_UNKNOWN:
    default:
      return _("The drive's health could not be read.");
    }
}

char *
drivedash_health_reasons_text (const DrivedashHealth *health)
{
  GString *reasons = g_string_new (NULL);

  for (guint i = 0; health->reasons && i < health->reasons->len; i++)
    {
      DrivedashVerdictReason *r = g_ptr_array_index (health->reasons, i);

      g_string_append_printf (reasons, "%s%s", reasons->len ? "\n" : "", r->message);
    }
  if (reasons->len == 0 && health->verdict == DRIVEDASH_VERDICT_GOOD)
    g_string_append (reasons, _("No warnings: the drive reports no problems and has plenty of life left."));
  if (reasons->len == 0)
    {
      g_string_free (reasons, TRUE);
      return NULL;
    }
  return g_string_free (reasons, FALSE);
}

char *
drivedash_health_limits_text (guint warning_kelvin,
                              guint critical_kelvin)
{
  g_autofree char *warning = drivedash_format_temperature (warning_kelvin);
  g_autofree char *critical = drivedash_format_temperature (critical_kelvin);

  /* Translators: the two temperature limits, one per line */
  return g_strdup_printf (_("Slows down at %s\nCritical at %s"), warning, critical);
}

char *
drivedash_health_temperature_subtitle (guint warning_kelvin)
{
  g_autofree char *warning = NULL;

  if (warning_kelvin == 0)
    return g_strdup (_("The temperature the drive reports about itself"));
  warning = drivedash_format_temperature (warning_kelvin);
  return g_strdup_printf (_("The drive slows itself down above %s"), warning);
}

char *
drivedash_health_written_subtitle (const char *model)
{
  guint rated = model ? drivedash_endurance_lookup_tb (model) : 0;

  if (rated > 0)
    /* Translators: subtitle of "Written So Far" when the drive's rated endurance is known */
    return g_strdup_printf (_("All the data ever written to the drive; its maker rates it for %u TB"), rated);
  return g_strdup (_("All the data ever written to the drive; wear grows with it"));
}

/* Install instructions only where the service is not there at all: an
 * installed one that said no or failed needs another kind of help. */
static const char *
partial_intro (DrivedashServiceStatus service)
{
  switch (service)
    {
    case DRIVEDASH_SERVICE_NOT_INSTALLED:
      return _("Some health details need the Drivedash system service, which is not installed.");
    case DRIVEDASH_SERVICE_REFUSED:
      return _("The Drivedash system service refused to read the drive, so some health details are missing.");
    case DRIVEDASH_SERVICE_FAILED:
      return _("The Drivedash system service is installed but could not be used, so some health details are missing.");
    case DRIVEDASH_SERVICE_ANSWERED:
      return _("The Drivedash system service could not read every health detail.");
    case DRIVEDASH_SERVICE_NOT_ASKED:
    default:
      return _("Some health details could not be read.");
    }
}

gboolean
drivedash_health_offers_service (DrivedashHealth *health)
{
  return drivedash_health_is_partial (health) && health->service == DRIVEDASH_SERVICE_NOT_INSTALLED;
}

gboolean
drivedash_health_service_installed (const DrivedashHealth *health)
{
  return health != NULL && (health->service == DRIVEDASH_SERVICE_ANSWERED ||
                            health->service == DRIVEDASH_SERVICE_REFUSED ||
                            health->service == DRIVEDASH_SERVICE_FAILED);
}

char *
drivedash_health_partial_text (DrivedashHealth *health)
{
  GString *text;

  if (!drivedash_health_is_partial (health))
    return NULL;
  text = g_string_new (partial_intro (health->service));
  for (guint i = 0; i < health->missing->len; i++)
    {
      DrivedashHealthMissing *m = g_ptr_array_index (health->missing, i);

      g_string_append_printf (text, "\n• %s: %s", m->what, m->why);
    }
  return g_string_free (text, FALSE);
}

char *
drivedash_health_partial_details (DrivedashHealth *health)
{
  GString *text = NULL;

  for (guint i = 0; health != NULL && i < health->missing->len; i++)
    {
      DrivedashHealthMissing *m = g_ptr_array_index (health->missing, i);

      if (m->detail == NULL)
        continue;
      if (text == NULL)
        text = g_string_new (NULL);
      else
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s: %s", m->what, m->detail);
    }
  return text ? g_string_free (text, FALSE) : NULL;
}

char *
drivedash_health_drive_text (const DrivedashHealth *health)
{
  /* A report read from a file has no controller of this computer. */
  if (health->source == DRIVEDASH_HEALTH_SOURCE_REPORT)
    return g_strdup_printf ("%s · %s", *health->model ? health->model : _("Unknown drive"), _("from a report"));
  return g_strdup_printf ("%s · %s", *health->model ? health->model : health->controller,
                          health->controller);
}

static const char *
game_mode_explanation (void)
{
  return _("Keeps the drive at full speed instead of saving power. Uses a little more power; the effect on speed is usually small.");
}

char *
drivedash_health_game_mode_text (const DrivedashGameMode *state,
                                 const GError            *error,
                                 gboolean                 simulated)
{
  const char *now;

  if (error)
    {
      gboolean permission = g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);

      return g_strdup_printf ("%s\n%s %s", game_mode_explanation (),
                              permission ? _("Needs permission:") : _("Unavailable:"),
                              error->message);
    }
  if (state == NULL || !state->supported)
    return g_strdup (_("This drive has no power saving to turn off — it always runs at full speed."));

  if (simulated)
    now = !state->enabled ? _("Off (simulated): the drive saves power when idle.")
        : state->persistent ? _("On (simulated), also after a restart: power saving is off.")
        : _("On (simulated): power saving is off.");
  else
    now = !state->enabled ? _("Off: the drive saves power when idle.")
        : state->persistent ? _("On, also after a restart: power saving is off.")
        : _("On until the next restart: power saving is off.");
  return g_strdup_printf ("%s\n%s", game_mode_explanation (), now);
}

char *
drivedash_health_events_summary (const DrivedashEventLog *log,
                                 const GError            *error)
{
  guint total;

  if (log == NULL)
    /* Translators: %s says why, e.g. "Reading the kernel's messages needs …" */
    return g_strdup_printf (_("What the kernel reported about this drive cannot be read here. %s"),
                            error != NULL ? error->message : "");
  total = drivedash_event_log_total (log);
  if (total == 0)
    return g_strdup_printf (ngettext ("The kernel reported no trouble with this drive in the last %d day.",
                                      "The kernel reported no trouble with this drive in the last %d days.",
                                      DRIVEDASH_HEALTH_EVENTS_DAYS),
                            DRIVEDASH_HEALTH_EVENTS_DAYS);
  return g_strdup_printf (ngettext ("The kernel reported %u event about this drive in the last %d days.",
                                    "The kernel reported %u events about this drive in the last %d days.",
                                    total),
                          total, DRIVEDASH_HEALTH_EVENTS_DAYS);
}

static char *
format_event_time (gint64 usec)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_local (usec / G_USEC_PER_SEC);

  /* Translators: when a kernel event happened, strftime format: "Mon 10:04" */
  return time != NULL ? g_date_time_format (time, _("%a %H:%M")) : g_strdup ("—");
}

char *
drivedash_health_events_row_subtitle (const DrivedashEventLog *log,
                                      DrivedashEventKind       kind)
{
  g_autofree char *last = format_event_time (log->last_usec[kind]);
  g_autofree char *count = NULL;

  /* Translators: "3 times, last Mon 10:04" */
  count = g_strdup_printf (ngettext ("%u time, last %s", "%u times, last %s", log->counts[kind]),
                           log->counts[kind], last);
  return g_strdup_printf ("%s\n%s %s", count, drivedash_event_kind_get_meaning (kind),
                          drivedash_event_kind_get_advice (kind));
}

guint
drivedash_health_events_dropouts_since (const DrivedashEventLog *log,
                                        gint64                   since_usec)
{
  guint n = 0;

  for (guint i = 0; i < log->events->len; i++)
    {
      const DrivedashKernelEvent *event = g_ptr_array_index (log->events, i);

      if (event->time_usec >= since_usec && drivedash_event_kind_is_dropout (event->kind))
        n++;
    }
  return n;
}

char *
drivedash_health_events_full_power_text (const DrivedashEventLog *log,
                                         gboolean                 supported,
                                         gboolean                 persistent,
                                         gint64                   kept_since_usec)
{
  guint dropouts;

  if (log == NULL || !supported)
    return NULL;
  if (persistent && kept_since_usec > 0)
    {
      dropouts = drivedash_health_events_dropouts_since (log, kept_since_usec);
      if (dropouts == 0)
        return g_strdup (_("This drive is kept at full power now, and it has not stopped responding since."));
      return g_strdup_printf (ngettext ("This drive is kept at full power, and it still stopped responding %u time since. "
                                        "Back up your files and look for a firmware update for the drive.",
                                        "This drive is kept at full power, and it still stopped responding %u times since. "
                                        "Back up your files and look for a firmware update for the drive.",
                                        dropouts), dropouts);
    }
  dropouts = drivedash_event_log_dropouts (log);
  if (persistent)
    return dropouts == 0 ? NULL
      : g_strdup_printf (ngettext ("This drive is kept at full power. It stopped responding %u time in the last %d days.",
                                   "This drive is kept at full power. It stopped responding %u times in the last %d days.",
                                   dropouts), dropouts, DRIVEDASH_HEALTH_EVENTS_DAYS);
  if (!drivedash_event_log_suggests_full_power (log, supported))
    return NULL;
  if (dropouts < 2)
    return g_strdup_printf (ngettext ("This drive answered too slowly %u time this week. Some drives do this when they save power; "
                                      "keeping this drive at full power usually stops it.",
                                      "This drive answered too slowly %u times this week. Some drives do this when they save power; "
                                      "keeping this drive at full power usually stops it.",
                                      log->counts[DRIVEDASH_EVENT_KIND_TIMEOUT]),
                            log->counts[DRIVEDASH_EVENT_KIND_TIMEOUT]);
  return g_strdup_printf (ngettext ("This drive stopped responding %u time this week. Some drives do this when they save power; "
                                    "keeping this drive at full power usually stops it.",
                                    "This drive stopped responding %u times this week. Some drives do this when they save power; "
                                    "keeping this drive at full power usually stops it.",
                                    dropouts), dropouts);
}
