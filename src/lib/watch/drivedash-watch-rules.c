/* drivedash-watch-rules.c — the notification rules of the watch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "drivedash-format.h"
#include "drivedash-watch-rules.h"

static void
add_event (GArray                  *events,
           DrivedashWatchEventKind  kind,
           const DrivedashSnapshot *snapshot,
           DrivedashWatchEvent     *event)
{
  event->kind = kind;
  event->time = snapshot->time;
  g_array_append_val (events, *event);
}

static void
rule_critical_warning (DrivedashWatchState     *state,
                       const DrivedashSnapshot *snapshot,
                       guint16                  warning_kelvin,
                       GArray                  *events)
{
  guint8 bits = snapshot->critical_warning;
  guint8 fresh = bits & ~state->warned_bits;
  DrivedashWatchEvent event = { 0 };

  if (warning_kelvin != 0)
    fresh &= ~DRIVEDASH_CRITICAL_WARNING_TEMPERATURE;
  /* Remember exactly what is set now: a bit that clears and comes back
   * is a new event. */
  state->warned_bits = bits;
  if (fresh == 0)
    return;
  event.bits = fresh;
  add_event (events, DRIVEDASH_WATCH_EVENT_CRITICAL_WARNING, snapshot, &event);
}

static void
rule_temperature (DrivedashWatchState     *state,
                  const DrivedashSnapshot *snapshot,
                  guint16                  limit,
                  GArray                  *events)
{
  /* The hottest reading: after thinning a mean could hide a peak. */
  guint16 kelvin = snapshot->temperature_max_kelvin;
  DrivedashWatchEvent event = { 0 };

  if (limit == 0 || !(snapshot->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE))
    return;
  if (kelvin < limit)
    {
      state->hot = FALSE;
      if (kelvin + DRIVEDASH_WATCH_COOL_KELVIN <= limit)
        state->hot_warned = FALSE;
      return;
    }
  if (!state->hot)
    {
      state->hot = TRUE;
      state->hot_since = snapshot->time;
    }
  if (state->hot_warned || snapshot->time - state->hot_since < DRIVEDASH_WATCH_HOT_SECONDS)
    return;
  state->hot_warned = TRUE;
  event.temperature_kelvin = kelvin;
  event.limit_kelvin = limit;
  add_event (events, DRIVEDASH_WATCH_EVENT_TEMPERATURE, snapshot, &event);
}

static void
rule_spare (DrivedashWatchState     *state,
            const DrivedashSnapshot *snapshot,
            GArray                  *events)
{
  guint8 spare = snapshot->available_spare_percent;
  guint8 threshold = snapshot->available_spare_threshold_percent;
  DrivedashWatchEvent event = { 0 };

  /* 0 and 0: a drive that does not report its spare. */
  if (spare == 0 && threshold == 0)
    return;
  if (spare > threshold)
    {
      state->spare_warned = FALSE;
      return;
    }
  if (state->spare_warned)
    return;
  state->spare_warned = TRUE;
  event.spare = spare;
  event.threshold = threshold;
  add_event (events, DRIVEDASH_WATCH_EVENT_SPARE, snapshot, &event);
}

static void
rule_counter (gint64                  *last,
              gint64                   now,
              DrivedashWatchEventKind  kind,
              const DrivedashSnapshot *snapshot,
              GArray                  *events)
{
  DrivedashWatchEvent event = { 0 };
  gint64 before = *last;

  *last = now;
  /* The first reading is where counting starts, not an increase. */
  if (before < 0 || now <= before)
    return;
  event.before = before;
  event.after = now;
  add_event (events, kind, snapshot, &event);
}

static void
rule_wear (DrivedashWatchState     *state,
           const DrivedashSnapshot *snapshot,
           GArray                  *events)
{
  guint used = snapshot->percentage_used;
  guint level = used >= 100 ? 100 : used >= 90 ? 90 : used >= 80 ? 80 : 0;
  DrivedashWatchEvent event = { 0 };

  if (level <= state->used_level)
    return;
  state->used_level = level;
  event.level = level;
  add_event (events, DRIVEDASH_WATCH_EVENT_WEAR, snapshot, &event);
}

GArray *
drivedash_watch_rules_apply (DrivedashWatchState     *state,
                             const DrivedashSnapshot *snapshot,
                             guint16                  warning_kelvin,
                             gboolean                 muted)
{
  GArray *events = g_array_new (FALSE, TRUE, sizeof (DrivedashWatchEvent));

  g_return_val_if_fail (state != NULL && snapshot != NULL, events);

  rule_temperature (state, snapshot, warning_kelvin, events);
  if (snapshot->has & DRIVEDASH_SNAPSHOT_HAS_SMART)
    {
      rule_critical_warning (state, snapshot, warning_kelvin, events);
      rule_spare (state, snapshot, events);
      rule_counter (&state->media_errors, snapshot->media_errors,
                    DRIVEDASH_WATCH_EVENT_MEDIA_ERRORS, snapshot, events);
      rule_counter (&state->error_log_entries, snapshot->error_log_entries,
                    DRIVEDASH_WATCH_EVENT_ERROR_LOG, snapshot, events);
      rule_wear (state, snapshot, events);
    }
  if (muted)
    g_array_set_size (events, 0);
  return events;
}

const char *
drivedash_watch_event_kind_id (DrivedashWatchEventKind kind)
{
  static const char *const ids[] = {
    "critical-warning", "temperature", "spare", "media-errors", "error-log", "wear",
  };

  g_return_val_if_fail (kind < G_N_ELEMENTS (ids), "unknown");
  return ids[kind];
}

static void
describe_critical_warning (const DrivedashWatchEvent *event,
                           const char                *drive,
                           char                     **title,
                           char                     **body)
{
  GString *text = g_string_new (NULL);

  for (guint bit = 0; bit < 8; bit++)
    if (event->bits & (1u << bit))
      g_string_append_printf (text, "%s ", drivedash_critical_warning_describe (bit));
  if (event->bits == DRIVEDASH_CRITICAL_WARNING_TEMPERATURE)
    g_string_append (text, _("A drive outside its safe temperature slows down and can lose data. "
                             "Improve cooling: check the fans and the airflow around the drive."));
  else
    g_string_append (text, _("This is the drive’s own warning that it may fail or lose data. "
                             "Back up your files now and plan to replace the drive."));
  *title = g_strdup_printf (_("%s reports a serious problem"), drive);
  *body = g_string_free (text, FALSE);
}

static void
describe_wear (const DrivedashWatchEvent *event,
               const char                *drive,
               char                     **title,
               char                     **body)
{
  if (event->level >= 100)
    {
      *title = g_strdup_printf (_("%s has reached the end of its rated life"), drive);
      *body = g_strdup (_("It has written as much as its maker rates it for. Many drives keep "
                          "working past this, but it is no longer promised. Back up your files "
                          "now and replace the drive soon."));
      return;
    }
  *title = g_strdup_printf (_("%s has used %u %% of its rated life"), drive, event->level);
  *body = g_strdup (_("Its maker rates it for a certain amount of writing, and most of it is used. "
                      "The drive still works, but errors become more likely as it wears. Keep "
                      "backups and plan to replace it."));
}

void
drivedash_watch_event_describe (const DrivedashWatchEvent *event,
                                const char                *drive,
                                char                     **title,
                                char                     **body)
{
  g_autofree char *temp = NULL;
  g_autofree char *limit = NULL;

  switch (event->kind)
    {
    case DRIVEDASH_WATCH_EVENT_CRITICAL_WARNING:
      describe_critical_warning (event, drive, title, body);
      break;
    case DRIVEDASH_WATCH_EVENT_TEMPERATURE:
      temp = drivedash_format_temperature ((guint) (event->temperature_kelvin + 0.5));
      limit = drivedash_format_temperature (event->limit_kelvin);
      *title = g_strdup_printf (_("%s is too hot"), drive);
      *body = g_strdup_printf (_("It has been at %s for more than two minutes; its own warning "
                                 "limit is %s. A hot drive slows itself down and wears faster. "
                                 "Improve cooling: check the fans and the airflow, or add a "
                                 "heatsink to the drive."), temp, limit);
      break;
    case DRIVEDASH_WATCH_EVENT_SPARE:
      *title = g_strdup_printf (_("%s is running out of spare blocks"), drive);
      *body = g_strdup_printf (_("Only %u %% of its spare blocks are left (its maker’s limit is "
                                 "%u %%). The drive uses them to replace worn-out parts; when "
                                 "they run out it can fail or become read-only. Back up your "
                                 "files now and plan to replace the drive."),
                               event->spare, event->threshold);
      break;
    case DRIVEDASH_WATCH_EVENT_MEDIA_ERRORS:
      *title = g_strdup_printf (_("%s could not read or write some data"), drive);
      *body = g_strdup_printf (_("Its count of data errors went from %lld to %lld. Such errors "
                                 "can mean damaged files and a failing drive. Back up your files "
                                 "now and check the drive in Drivedash."),
                               (long long) event->before, (long long) event->after);
      break;
    case DRIVEDASH_WATCH_EVENT_ERROR_LOG:
      *title = g_strdup_printf (_("%s logged new errors"), drive);
      *body = g_strdup_printf (_("Its error log went from %lld to %lld entries. Many drives log "
                                 "harmless errors, for example when a program asks for something "
                                 "they do not support, so this alone does not mean the drive is "
                                 "failing. If data errors or warnings follow, back up your files."),
                               (long long) event->before, (long long) event->after);
      break;
    case DRIVEDASH_WATCH_EVENT_WEAR:
    default:
      describe_wear (event, drive, title, body);
      break;
    }
}

guint32
drivedash_watch_rules_kernel_events (const DrivedashEventLog *log,
                                     gint64                   since_usec,
                                     guint32                 *told,
                                     gboolean                 muted)
{
  guint32 now = 0;

  for (guint i = 0; i < log->events->len; i++)
    {
      const DrivedashKernelEvent *event = g_ptr_array_index (log->events, i);
      guint32 bit = 1u << event->kind;

      if (event->time_usec < since_usec || (*told & bit)
          || drivedash_event_kind_get_severity (event->kind) != DRIVEDASH_EVENT_SEVERITY_SERIOUS)
        continue;
      *told |= bit;
      now |= bit;
    }
  return muted ? 0 : now;
}

void
drivedash_watch_kernel_event_describe (DrivedashEventKind       kind,
                                       const DrivedashEventLog *log,
                                       const char              *drive,
                                       char                   **title,
                                       char                   **body)
{
  /* Translators: "Samsung SSD 970: Drive stopped responding" */
  *title = g_strdup_printf (_("%s: %s"), drive, drivedash_event_kind_get_title (kind));
  *body = g_strdup_printf ("%s %s", drivedash_event_kind_get_meaning (kind),
                           drivedash_event_kind_get_advice (kind));
}

static gint
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

gboolean
drivedash_watch_rules_app_spike (guint64        today,
                                 const guint64 *days,
                                 guint          n_days,
                                 guint64        min_bytes,
                                 double        *times)
{
  g_autofree guint64 *sorted = n_days ? g_memdup2 (days, n_days * sizeof *days) : NULL;
  double median = 0;

  if (n_days > 0)
    {
      qsort (sorted, n_days, sizeof *sorted, compare_u64);
      median = n_days % 2 ? (double) sorted[n_days / 2]
                          : ((double) sorted[n_days / 2 - 1] + (double) sorted[n_days / 2]) / 2;
    }
  if (times != NULL)
    *times = median > 0 ? (double) today / median : 0;
  return today > min_bytes && (double) today > DRIVEDASH_WATCH_APP_SPIKE_TIMES * median;
}

void
drivedash_watch_app_spike_describe (const char *app,
                                    const char *drive_name,
                                    guint64     today,
                                    double      times,
                                    guint       rated_tb,
                                    char      **title,
                                    char      **body)
{
  g_autofree char *amount = drivedash_format_bytes (today);
  g_autofree char *usual = times > 0
                           /* Translators: how far above its usual an app wrote, "12" times */
                           ? g_strdup_printf (_("That is %.0f times what it usually writes in a day."), times)
                           : g_strdup (_("It usually writes next to nothing there."));

  /* Translators: "Firefox wrote 45.0 GB to Samsung SSD 980 today" */
  *title = g_strdup_printf (_("%s wrote %s to %s today"), app, amount, drive_name);
  if (rated_tb == 0)
    {
      *body = g_steal_pointer (&usual);
      return;
    }
  {
    const double days = (double) today / (rated_tb * 1e12 / (5 * 365.25));
    g_autofree char *span = days >= 1
                            ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.0f day", "%.0f days",
                                                            (gulong) (days + 0.5)), days)
                            : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.0f hour", "%.0f hours",
                                                            (gulong) MAX (days * 24 + 0.5, 1)),
                                               MAX (days * 24, 1));

    /* Translators: the first %s is the sentence before; then how much of
     * the drive's rated endurance (spread over a 5-year warranty) the day
     * uses ("2 hours", "3 days"), and the rated terabytes written */
    *body = g_strdup_printf (_("%s A day like this uses %s of the drive’s rated life (%u TB written over five "
                               "years)."), usual, span, rated_tb);
  }
}
