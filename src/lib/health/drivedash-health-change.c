/* drivedash-health-change.c — how much and since when
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-health-change.h"
#include "drivedash-plausible.h"

#define DAY 86400

/* "12 Nov", the reader's calendar day. */
static char *
short_day (gint64 time)
{
  g_autoptr(GDateTime) local = g_date_time_new_from_unix_local (time);

  /* Translators: a day in a sentence such as "3 new errors since 12 Nov",
   * as strftime() writes it */
  return local != NULL ? g_date_time_format (local, C_("since day", "%-d %b")) : g_strdup ("?");
}

/* The first trusted reading in the window, NULL when none. */
static const DrivedashSnapshot *
first_trusted (const GArray *history,
               gint64        now)
{
  for (guint i = 0; history != NULL && i < history->len; i++)
    {
      const DrivedashSnapshot *s = &g_array_index (history, DrivedashSnapshot, i);

      if ((s->has & DRIVEDASH_SNAPSHOT_HAS_SMART) && s->media_errors != G_MAXINT64 && s->time <= now
          && s->time >= now - (gint64) DRIVEDASH_HEALTH_CHANGE_DAYS * DAY)
        return s;
    }
  return NULL;
}

static void
remove_reasons (DrivedashHealth *health,
                gboolean         media_errors)
{
  for (guint i = health->reasons->len; i > 0; i--)
    {
      DrivedashVerdictReason *r = g_ptr_array_index (health->reasons, i - 1);

      if (g_str_has_prefix (r->id, "history-") || (media_errors && g_strcmp0 (r->id, "media-errors") == 0))
        g_ptr_array_remove_index (health->reasons, i - 1);
    }
}

static void
add (DrivedashHealth  *health,
     DrivedashVerdict  level,
     const char       *id,
     char             *message)
{
  g_ptr_array_add (health->reasons, drivedash_verdict_reason_new (level, id, message));
  g_free (message);
}

static char *
media_errors_new (guint64                  now,
                  const DrivedashSnapshot *base)
{
  g_autofree char *since = short_day (base->time);
  g_autofree char *all = drivedash_format_figure ((double) now, 0);
  guint64 grew = now - (guint64) base->media_errors;
  gulong n = grew > G_MAXULONG ? G_MAXULONG : (gulong) grew;
  g_autofree char *count = drivedash_format_figure ((double) grew, 0);

  /* Translators: "3 new errors in stored data since 12 Nov … (15 in all)" */
  return g_strdup_printf (ngettext ("The drive found %s new error in stored data since %s that it could not "
                                    "correct (%s in all). Keep your backups up to date.",
                                    "The drive found %s new errors in stored data since %s that it could not "
                                    "correct (%s in all). Keep your backups up to date.", n),
                          count, since, all);
}

static char *
media_errors_static (guint64                  now,
                     const DrivedashSnapshot *base)
{
  g_autofree char *since = short_day (base->time);
  g_autofree char *count = drivedash_format_figure ((double) now, 0);
  gulong n = now > G_MAXULONG ? G_MAXULONG : (gulong) now;

  return g_strdup_printf (ngettext ("The drive counted %s error in stored data in its past, and none new since "
                                    "%s: an old count, not a sign that it is failing now.",
                                    "The drive counted %s errors in stored data in its past, and none new since "
                                    "%s: an old count, not a sign that it is failing now.", n),
                          count, since);
}

/* The media-error reason from the readings, NULL where the drive's own
 * stands (no count, an implausible one, or too short a history to call
 * it old). */
static DrivedashVerdictReason *
media_errors_reason (const DrivedashHealth    *health,
                     const DrivedashSnapshot  *base,
                     gint64                    now)
{
  const DrivedashU128 *count = &health->smart.media_errors;
  g_autofree char *message = NULL;

  if (drivedash_u128_is_zero (*count) || count->hi != 0 || count->lo > G_MAXINT64
      || (drivedash_health_implausible (health) & DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS)
      || base->media_errors < 0 || (guint64) base->media_errors > count->lo)
    return NULL;
  if ((guint64) base->media_errors < count->lo)
    {
      message = media_errors_new (count->lo, base);
      return drivedash_verdict_reason_new (DRIVEDASH_VERDICT_CAUTION, "history-media-errors-new", message);
    }
  if (now - base->time < (gint64) DRIVEDASH_HEALTH_STATIC_DAYS * DAY)
    return NULL;
  message = media_errors_static (count->lo, base);
  return drivedash_verdict_reason_new (DRIVEDASH_VERDICT_GOOD, "history-media-errors-static", message);
}

static void
life_used_reason (DrivedashHealth         *health,
                  const DrivedashSnapshot *base,
                  gint64                   now)
{
  guint days = (guint) MAX ((now - base->time + DAY / 2) / DAY, 1);
  guint8 used = health->smart.percentage_used;

  if (used <= base->percentage_used)
    return;
  add (health, DRIVEDASH_VERDICT_GOOD, "history-life-used",
       g_strdup_printf (ngettext ("Life used rose from %u %% to %u %% in %u day.",
                                  "Life used rose from %u %% to %u %% in %u days.", days),
                        base->percentage_used, used, days));
}

/* Spare blocks used up since the first reading: how many, since when. */
static void
spare_reason (DrivedashHealth         *health,
              const DrivedashSnapshot *base)
{
  guint8 spare = health->smart.available_spare_percent;
  g_autofree char *since = NULL;

  if (spare >= base->available_spare_percent || base->available_spare_percent > 100
      || (drivedash_health_implausible (health) & DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED))
    return;
  since = short_day (base->time);
  add (health, DRIVEDASH_VERDICT_GOOD, "history-spare",
       g_strdup_printf (_("Spare blocks left fell from %u %% to %u %% since %s."),
                        base->available_spare_percent, spare, since));
}

void
drivedash_health_add_history (DrivedashHealth *health,
                              const GArray    *history,
                              gint64           now)
{
  const DrivedashSnapshot *base;
  DrivedashVerdictReason *media;
  DrivedashVerdict verdict = DRIVEDASH_VERDICT_GOOD;

  g_return_if_fail (health != NULL && health->reasons != NULL);

  if (health->verdict == DRIVEDASH_VERDICT_UNKNOWN)
    return;
  /* The drive's own media-error reason back, as an earlier call may have
   * replaced it; then what these readings say. */
  remove_reasons (health, TRUE);
  base = first_trusted (history, now);
  media = base != NULL ? media_errors_reason (health, base, now) : NULL;
  if (media == NULL)
    media = drivedash_verdict_media_errors_reason (health);
  if (media != NULL)
    g_ptr_array_add (health->reasons, media);
  if (base != NULL && (health->has & DRIVEDASH_HEALTH_HAS_SMART))
    {
      life_used_reason (health, base, now);
      spare_reason (health, base);
    }
  g_ptr_array_sort (health->reasons, drivedash_verdict_reason_compare);
  for (guint i = 0; i < health->reasons->len; i++)
    verdict = MAX (verdict, ((DrivedashVerdictReason *) g_ptr_array_index (health->reasons, i))->level);
  health->verdict = verdict;
}
