/* drivedash-verdict.c — every verdict rule, in one place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Bad:     any critical-warning bit set (each bit gives its own reason);
 *          available spare below its threshold;
 *          temperature at or above the drive's critical limit;
 *          the kernel gave up on the controller (state "dead").
 * Caution: 10 % of rated life or less left (percentage used ≥ 90);
 *          available spare at its threshold;
 *          media and data integrity errors > 0;
 *          temperature at or above the drive's warning limit;
 *          the kernel is resetting or reconnecting the controller.
 * Good:    none of the above, from whatever could be read.
 * Unknown: neither the health log nor the temperature could be read.
 * Rules whose inputs are unknown (partial reports) are skipped, and a
 * partial report says so in its reasons.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-health.h"
#include "drivedash-plausible.h"
#include "drivedash-quirks.h"
#include "drivedash-verdict.h"

/* Life left at or below this many percent is a caution. */
#define LIFE_LEFT_CAUTION_PERCENT 10
/* Less than half the spare blocks left. */
#define SPARE_MOSTLY_USED_PERCENT 50

G_DEFINE_ENUM_TYPE (DrivedashVerdict, drivedash_verdict,
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_VERDICT_UNKNOWN, "unknown"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_VERDICT_GOOD, "good"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_VERDICT_CAUTION, "caution"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_VERDICT_BAD, "bad"))

DrivedashVerdictReason *
drivedash_verdict_reason_new (DrivedashVerdict  level,
                              const char       *id,
                              const char       *message)
{
  DrivedashVerdictReason *reason = g_new0 (DrivedashVerdictReason, 1);

  reason->level = level;
  reason->id = g_strdup (id);
  reason->message = g_strdup (message);
  return reason;
}

void
drivedash_verdict_reason_free (DrivedashVerdictReason *reason)
{
  if (reason == NULL)
    return;
  g_free (reason->id);
  g_free (reason->message);
  g_free (reason);
}

const char *
drivedash_verdict_to_string (DrivedashVerdict verdict)
{
  switch (verdict)
    {
    case DRIVEDASH_VERDICT_GOOD:
      return "good";
    case DRIVEDASH_VERDICT_CAUTION:
      return "caution";
    case DRIVEDASH_VERDICT_BAD:
      return "bad";
    case DRIVEDASH_VERDICT_UNKNOWN:
    default:
      return "unknown";
    }
}

gboolean
drivedash_verdict_from_string (const char       *str,
                               DrivedashVerdict *out)
{
  static const DrivedashVerdict all[] = {
    DRIVEDASH_VERDICT_UNKNOWN, DRIVEDASH_VERDICT_GOOD,
    DRIVEDASH_VERDICT_CAUTION, DRIVEDASH_VERDICT_BAD,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (all); i++)
    if (g_strcmp0 (str, drivedash_verdict_to_string (all[i])) == 0)
      {
        *out = all[i];
        return TRUE;
      }
  return FALSE;
}

const char *
drivedash_verdict_get_title (DrivedashVerdict verdict)
{
  switch (verdict)
    {
    case DRIVEDASH_VERDICT_GOOD:
      /* Translators: the overall verdict on a drive's health. */
      return C_("verdict", "Good");
    case DRIVEDASH_VERDICT_CAUTION:
      return C_("verdict", "Caution");
    case DRIVEDASH_VERDICT_BAD:
      return C_("verdict", "Bad");
    case DRIVEDASH_VERDICT_UNKNOWN:
    default:
      return C_("verdict", "Unknown");
    }
}

static void
add (GPtrArray        *reasons,
     DrivedashVerdict  level,
     const char       *id,
     char             *message /* (transfer full) */)
{
  g_ptr_array_add (reasons, drivedash_verdict_reason_new (level, id, message));
  g_free (message);
}

int
drivedash_verdict_reason_compare (gconstpointer a,
                                  gconstpointer b)
{
  const DrivedashVerdictReason *x = *(DrivedashVerdictReason * const *) a;
  const DrivedashVerdictReason *y = *(DrivedashVerdictReason * const *) b;

  /* Worst first; otherwise keep the order the rules added them in. */
  return (int) y->level - (int) x->level;
}

/* What the drive itself reported, beside what it reads now: the warning
 * covers a limit crossed, too hot or too cold, which the reading may no
 * longer show; never "too hot" next to a normal temperature. */
static char *
temperature_warning_text (const DrivedashHealth *health,
                          gboolean               has_temperature,
                          gboolean               has_limits)
{
  guint16 t = health->smart.temperature_kelvin;
  guint16 limit = has_limits ? health->warning_temperature_kelvin : 0;
  g_autofree char *now = has_temperature ? drivedash_format_temperature (t) : NULL;
  g_autofree char *at = limit != 0 ? drivedash_format_temperature (limit) : NULL;

  if (now == NULL)
    return g_strdup (drivedash_critical_warning_describe (g_bit_nth_lsf (DRIVEDASH_CRITICAL_WARNING_TEMPERATURE, -1)));
  if (at != NULL && t < limit)
    /* Translators: the drive's temperature warning bit is set; "%s" are
     * temperatures, "50 °C" and "84 °C" */
    return g_strdup_printf (_("The drive has raised its temperature warning, though it reads %s now, below the "
                              "%s at which it slows itself down. A limit was crossed, perhaps only for a moment; "
                              "if the warning stays on, give the drive more air."), now, at);
  /* Translators: the drive's temperature warning bit is set; "%s" is its temperature, "50 °C" */
  return g_strdup_printf (_("The drive has raised its temperature warning: it reads %s now."), now);
}

DrivedashVerdictReason *
drivedash_verdict_media_errors_reason (const DrivedashHealth *health)
{
  const DrivedashSmartLog *smart = &health->smart;
  g_autofree char *count = NULL;
  g_autofree char *message = NULL;
  gulong n;

  if (!(health->has & DRIVEDASH_HEALTH_HAS_SMART) || drivedash_u128_is_zero (smart->media_errors)
      || (drivedash_health_implausible (health) & DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS))
    return NULL;
  count = drivedash_format_count (smart->media_errors);
  n = smart->media_errors.hi != 0 || smart->media_errors.lo > G_MAXULONG ? G_MAXULONG
                                                                           : (gulong) smart->media_errors.lo;
  message = g_strdup_printf (ngettext ("The drive found %s error in stored data that it could not correct. Keep your backups up to date.",
                                       "The drive found %s errors in stored data that it could not correct. Keep your backups up to date.",
                                       n),
                             count);
  return drivedash_verdict_reason_new (DRIVEDASH_VERDICT_CAUTION, "media-errors", message);
}

DrivedashVerdict
drivedash_verdict_compute (const DrivedashHealth  *health,
                           GPtrArray             **reasons_out)
{
  g_autoptr(GPtrArray) reasons =
    g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_verdict_reason_free);
  const DrivedashSmartLog *smart = &health->smart;
  gboolean has_smart = (health->has & DRIVEDASH_HEALTH_HAS_SMART) != 0;
  gboolean has_temperature = (health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE) != 0 &&
                             smart->temperature_kelvin != 0;
  gboolean has_limits = (health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS) != 0;
  guint8 warnings = 0;
  DrivedashVerdictReason *media;
  DrivedashVerdict verdict = DRIVEDASH_VERDICT_UNKNOWN;
  /* Values no drive can mean never count (drivedash-plausible.c). */
  DrivedashImplausible odd = drivedash_health_implausible (health);
  gboolean spare_known = !(odd & DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED);

  /* Rule: every critical-warning bit is Bad.  Without the log, hwmon's
   * temp1_alarm still gives us bit 1. */
  if (has_smart)
    warnings = smart->critical_warning;
  else if ((health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM) && health->temperature_alarm)
    warnings = DRIVEDASH_CRITICAL_WARNING_TEMPERATURE;

  for (guint bit = 0; bit < 8; bit++)
    if (warnings & (1u << bit))
      {
        g_autofree char *id = g_strconcat ("critical-warning-", drivedash_critical_warning_id (bit), NULL);

        add (reasons, DRIVEDASH_VERDICT_BAD, id,
             1u << bit == DRIVEDASH_CRITICAL_WARNING_TEMPERATURE
               ? temperature_warning_text (health, has_temperature, has_limits)
               : g_strdup (drivedash_critical_warning_describe (bit)));
      }

  if (has_smart && spare_known && !(odd & DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD) &&
      smart->available_spare_percent <= 100 &&
      smart->available_spare_threshold_percent <= 100)
    {
      /* Rule: spare below threshold is Bad (bit 0 usually says the same;
       * then one reason is enough). */
      if (smart->available_spare_percent < smart->available_spare_threshold_percent)
        {
          if (!(warnings & DRIVEDASH_CRITICAL_WARNING_SPARE))
            add (reasons, DRIVEDASH_VERDICT_BAD, "spare-below-threshold",
                 g_strdup_printf (_("Only %u %% of the drive’s spare blocks are left, below the %u %% the maker considers safe."),
                                  smart->available_spare_percent,
                                  smart->available_spare_threshold_percent));
        }
      /* Rule: spare at threshold is Caution. */
      else if (smart->available_spare_percent == smart->available_spare_threshold_percent)
        add (reasons, DRIVEDASH_VERDICT_CAUTION, "spare-at-threshold",
             g_strdup_printf (_("Only %u %% of the drive’s spare blocks are left, the lowest level the maker considers safe."),
                              smart->available_spare_percent));
    }
  /* Rule: most spare blocks gone is Caution, above the maker's own
   * threshold too (real drives go read-only at 73 % with a 10 %
   * threshold; others sit at 31 % after 4 % of their life). */
  if (has_smart && spare_known && smart->available_spare_percent < SPARE_MOSTLY_USED_PERCENT &&
      (smart->available_spare_percent >= smart->available_spare_threshold_percent
       || (odd & DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD)))
    add (reasons, DRIVEDASH_VERDICT_CAUTION, "spare-mostly-used",
         g_strdup_printf (_("The drive has used most of its spare blocks: %u %% are left. Keep your backups up to date."),
                          smart->available_spare_percent));

  /* Rules: temperature at/above the critical limit is Bad, at/above the
   * warning limit is Caution.  0 K limits are "not reported". */
  if (has_temperature && has_limits)
    {
      guint16 t = smart->temperature_kelvin;

      if (health->critical_temperature_kelvin != 0 && !(odd & DRIVEDASH_IMPLAUSIBLE_CRITICAL_LIMIT)
          && t >= health->critical_temperature_kelvin)
        {
          g_autofree char *now = drivedash_format_temperature (t);
          g_autofree char *limit = drivedash_format_temperature (health->critical_temperature_kelvin);

          add (reasons, DRIVEDASH_VERDICT_BAD, "temperature-critical",
               g_strdup_printf (_("The drive is at %s, at or above its critical limit of %s: it may slow down sharply or shut down."),
                                now, limit));
        }
      else if (health->warning_temperature_kelvin != 0 && !(odd & DRIVEDASH_IMPLAUSIBLE_WARNING_LIMIT)
               && t >= health->warning_temperature_kelvin)
        {
          g_autofree char *now = drivedash_format_temperature (t);
          g_autofree char *limit = drivedash_format_temperature (health->warning_temperature_kelvin);

          add (reasons, DRIVEDASH_VERDICT_CAUTION, "temperature-high",
               g_strdup_printf (_("The drive is at %s, at or above its warning limit of %s: it may slow itself down. Check its cooling."),
                                now, limit));
        }
    }

  if (has_smart)
    {
      /* Rule: 10 % of rated life or less left is Caution.  Percentage used
       * may exceed 100: the drive is past its rated life (it often keeps
       * working, but it is time to plan a replacement). */
      if (smart->percentage_used >= 100)
        add (reasons, DRIVEDASH_VERDICT_CAUTION, "life-used-up",
             g_strdup_printf (_("The drive has used %u %% of its rated life: it is past what its maker guarantees. Plan to replace it."),
                              smart->percentage_used));
      else if (100 - smart->percentage_used <= LIFE_LEFT_CAUTION_PERCENT)
        add (reasons, DRIVEDASH_VERDICT_CAUTION, "life-low",
             g_strdup_printf (_("Only %u %% of the drive’s rated life is left."),
                              100 - smart->percentage_used));

      /* Rule: any media error is Caution: data could not be read back. */
      media = drivedash_verdict_media_errors_reason (health);
      if (media != NULL)
        g_ptr_array_add (reasons, media);
    }

  /* Rules on the kernel's controller state.  A dead controller answers
   * nothing, so nothing else may be known: this alone decides. */
  if (g_strcmp0 (health->state, "dead") == 0)
    add (reasons, DRIVEDASH_VERDICT_BAD, "controller-dead",
         g_strdup (_("The drive stopped responding and the system gave up on it. Back up what you can and check its connection and power.")));
  else if (g_strcmp0 (health->state, "resetting") == 0 ||
           g_strcmp0 (health->state, "connecting") == 0)
    add (reasons, DRIVEDASH_VERDICT_CAUTION, "controller-resetting",
         g_strdup (_("The system is restarting the drive’s controller. If this happens often, the drive or its connection may be failing.")));

  if (reasons->len > 0)
    {
      g_ptr_array_sort (reasons, drivedash_verdict_reason_compare);
      verdict = ((DrivedashVerdictReason *) g_ptr_array_index (reasons, 0))->level;
    }
  else if (has_smart || has_temperature ||
           (health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM))
    {
      verdict = DRIVEDASH_VERDICT_GOOD;
      add (reasons, DRIVEDASH_VERDICT_GOOD, "no-problems",
           g_strdup (_("No problems found.")));
    }
  else
    {
      add (reasons, DRIVEDASH_VERDICT_UNKNOWN, "no-data",
           g_strdup (_("The drive’s health could not be read.")));
    }

  /* The implausible values, said with their raw figure, after the
   * verdict: they never change it. */
  for (guint bit = 0; bit < DRIVEDASH_IMPLAUSIBLE_N_FLAGS && verdict != DRIVEDASH_VERDICT_UNKNOWN; bit++)
    if (odd & (1u << bit))
      add (reasons, DRIVEDASH_VERDICT_GOOD, drivedash_implausible_id (1u << bit),
           drivedash_implausible_describe (health, 1u << bit));

  /* Where the drive's model is known for such values, say so. */
  if (verdict != DRIVEDASH_VERDICT_UNKNOWN)
    {
      g_autoptr(GPtrArray) notes = drivedash_quirks_notes (health);

      g_ptr_array_extend_and_steal (reasons, g_steal_pointer (&notes));
    }

  /* Say when the verdict rests on the temperature only. */
  if (verdict != DRIVEDASH_VERDICT_UNKNOWN && !has_smart && has_temperature)
    add (reasons, DRIVEDASH_VERDICT_GOOD, "partial",
         g_strdup (_("Only the temperature could be checked: wear, spare blocks and errors need the full health report.")));

  if (reasons_out != NULL)
    *reasons_out = g_steal_pointer (&reasons);
  return verdict;
}
