/* drivedash-failing.c — the kernel's serious events as verdict
 * reasons, and whether a drive is failing (see the header for the rules)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-failing.h"
#include "drivedash-plausible.h"

G_DEFINE_FLAGS_TYPE (DrivedashFailing, drivedash_failing,
                     G_DEFINE_ENUM_VALUE (DRIVEDASH_FAILING_NONE, "none"),
                     G_DEFINE_ENUM_VALUE (DRIVEDASH_FAILING_VERDICT_BAD, "verdict-bad"),
                     G_DEFINE_ENUM_VALUE (DRIVEDASH_FAILING_MEDIA_ERRORS, "media-errors"),
                     G_DEFINE_ENUM_VALUE (DRIVEDASH_FAILING_SPARE, "spare"),
                     G_DEFINE_ENUM_VALUE (DRIVEDASH_FAILING_KERNEL_EVENTS, "kernel-events"))

static gboolean
is_serious (DrivedashEventKind kind)
{
  return drivedash_event_kind_get_severity (kind) == DRIVEDASH_EVENT_SEVERITY_SERIOUS;
}

/* "No problems found." is not true any more once the kernel says
 * otherwise. */
static void
remove_no_problems (GPtrArray *reasons)
{
  for (guint i = reasons->len; i > 0; i--)
    {
      DrivedashVerdictReason *r = g_ptr_array_index (reasons, i - 1);

      if (g_strcmp0 (r->id, "no-problems") == 0)
        g_ptr_array_remove_index (reasons, i - 1);
    }
}

/* Takes away the reasons an earlier call added, and the verdict they
 * made: TRUE when there were any. */
static void
remove_kernel_reasons (DrivedashHealth *health)
{
  gboolean removed = FALSE;

  for (guint i = health->reasons->len; i > 0; i--)
    {
      DrivedashVerdictReason *r = g_ptr_array_index (health->reasons, i - 1);

      if (g_str_has_prefix (r->id, "kernel-"))
        {
          g_ptr_array_remove_index (health->reasons, i - 1);
          removed = TRUE;
        }
    }
  if (removed)
    drivedash_health_update_verdict (health);
}

void
drivedash_health_add_kernel_events (DrivedashHealth         *health,
                                    const DrivedashEventLog *log)
{
  gboolean added = FALSE;

  g_return_if_fail (health != NULL && health->reasons != NULL);
  remove_kernel_reasons (health);
  for (guint k = 0; log != NULL && k < DRIVEDASH_N_EVENT_KINDS; k++)
    {
      g_autofree char *id = NULL;
      g_autofree char *message = NULL;

      if (log->counts[k] == 0 || !is_serious ((DrivedashEventKind) k))
        continue;
      id = g_strconcat ("kernel-", drivedash_event_kind_to_string ((DrivedashEventKind) k), NULL);
      /* Translators: the first %s is what happened ("Drive stopped
       * responding"), the second what it means; both come from the
       * kernel event table. */
      if (log->counts[k] == 1)
        message = g_strdup_printf (_("The system reported this once: %s. %s"),
                                   drivedash_event_kind_get_title ((DrivedashEventKind) k),
                                   drivedash_event_kind_get_meaning ((DrivedashEventKind) k));
      else
        message = g_strdup_printf (ngettext ("The system reported this %u time: %s. %s",
                                             "The system reported this %u times: %s. %s",
                                             log->counts[k]),
                                   log->counts[k],
                                   drivedash_event_kind_get_title ((DrivedashEventKind) k),
                                   drivedash_event_kind_get_meaning ((DrivedashEventKind) k));
      g_ptr_array_add (health->reasons,
                       drivedash_verdict_reason_new (DRIVEDASH_VERDICT_CAUTION, id, message));
      added = TRUE;
    }
  if (!added)
    return;
  remove_no_problems (health->reasons);
  g_ptr_array_sort (health->reasons, drivedash_verdict_reason_compare);
  health->verdict = ((DrivedashVerdictReason *) g_ptr_array_index (health->reasons, 0))->level;
}

/* The watch's media-error rule over every reading in turn: a count higher
 * than the one before.  Only trusted readings count: a stored count
 * saturated at G_MAXINT64 (it did not fit) and a count now that no drive
 * can have (drivedash-plausible.c) are compared with nothing. */
static gboolean
media_errors_rising (const DrivedashHealth *health,
                     const GArray          *history)
{
  gint64 last = -1;

  if (drivedash_health_implausible (health) & DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS)
    return FALSE;
  for (guint i = 0; history != NULL && i < history->len; i++)
    {
      const DrivedashSnapshot *s = &g_array_index (history, DrivedashSnapshot, i);

      if (!(s->has & DRIVEDASH_SNAPSHOT_HAS_SMART) || s->media_errors == G_MAXINT64)
        continue;
      if (last >= 0 && s->media_errors > last)
        return TRUE;
      last = s->media_errors;
    }
  if (last >= 0 && (health->has & DRIVEDASH_HEALTH_HAS_SMART))
    {
      const DrivedashU128 *now = &health->smart.media_errors;

      return now->hi != 0 || now->lo > (guint64) last;
    }
  return FALSE;
}

static gboolean
spare_low (const DrivedashHealth *health)
{
  const DrivedashSmartLog *s = &health->smart;

  if (drivedash_health_implausible (health) & (DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED
                                                | DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD))
    return FALSE;
  return (health->has & DRIVEDASH_HEALTH_HAS_SMART) &&
         s->available_spare_percent <= 100 &&
         s->available_spare_threshold_percent <= 100 &&
         s->available_spare_percent <= s->available_spare_threshold_percent;
}

/* Dropouts that power saving explains (the Events group offers to keep
 * the drive at full power for them) are not the drive failing; every
 * other serious kind is. */
static gboolean
serious_events (const DrivedashHealth   *health,
                const DrivedashEventLog *log)
{
  gboolean apst = (health->has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED) && health->apst_supported;
  gboolean power_saving = log != NULL && drivedash_event_log_suggests_full_power (log, apst);

  for (guint k = 0; log != NULL && k < DRIVEDASH_N_EVENT_KINDS; k++)
    if (log->counts[k] > 0 && is_serious ((DrivedashEventKind) k) &&
        !(power_saving && drivedash_event_kind_is_dropout ((DrivedashEventKind) k)))
      return TRUE;
  return FALSE;
}

DrivedashFailing
drivedash_health_failing (const DrivedashHealth   *health,
                          const GArray            *history,
                          const DrivedashEventLog *log)
{
  DrivedashFailing failing = DRIVEDASH_FAILING_NONE;

  g_return_val_if_fail (health != NULL, DRIVEDASH_FAILING_NONE);
  if (health->verdict == DRIVEDASH_VERDICT_BAD)
    failing |= DRIVEDASH_FAILING_VERDICT_BAD;
  if (media_errors_rising (health, history))
    failing |= DRIVEDASH_FAILING_MEDIA_ERRORS;
  if (spare_low (health))
    failing |= DRIVEDASH_FAILING_SPARE;
  if (serious_events (health, log))
    failing |= DRIVEDASH_FAILING_KERNEL_EVENTS;
  if ((health->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && health->self_test.n_results > 0
      && drivedash_self_test_result_is_fault (health->self_test.results[0].result))
    failing |= DRIVEDASH_FAILING_SELF_TEST;
  return failing;
}

GStrv
drivedash_failing_describe (DrivedashFailing failing)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  if (failing & DRIVEDASH_FAILING_VERDICT_BAD)
    g_strv_builder_add (b, _("The drive’s own health report says it is in bad health."));
  if (failing & DRIVEDASH_FAILING_MEDIA_ERRORS)
    g_strv_builder_add (b, _("The number of errors in stored data that the drive could not correct keeps rising."));
  if (failing & DRIVEDASH_FAILING_SPARE)
    g_strv_builder_add (b, _("The drive is running out of the spare blocks it uses to replace worn ones."));
  if (failing & DRIVEDASH_FAILING_KERNEL_EVENTS)
    g_strv_builder_add (b, _("The system reported serious problems with the drive."));
  if (failing & DRIVEDASH_FAILING_SELF_TEST)
    g_strv_builder_add (b, _("The drive’s own self-test found a fault in it."));
  return g_strv_builder_end (b);
}
