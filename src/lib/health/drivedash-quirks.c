/* drivedash-quirks.c — the one table of known firmware quirks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-plausible.h"
#include "drivedash-quirks.h"
#include "drivedash-verdict.h"

static const DrivedashQuirk table[] = {
  /* linuxhw/SMART NVMe/SK hynix/BC501/BC501 HFM256GDJTNG-8310A: two of
   * thirteen drives on this firmware report 25-digit media errors. */
  { "*BC501*", "80000C00", DRIVEDASH_QUIRK_MEDIA_ERRORS_JUNK,
    "SK hynix BC501 HFM256GDJTNG-8310A, firmware 80000C00" },
  /* NVMe/ADATA/SX6000LNP (Realtek RTS5763DL, PCI 10ec): error-log
   * entries with junk error counts while the SMART counter says 0. */
  { "*SX6000LNP*", "*", DRIVEDASH_QUIRK_ERROR_LOG_JUNK,
    "ADATA SX6000LNP 128 GB to 1 TB, several firmware versions" },
  /* NVMe/Micron/2300: Thermal Temp. 1 Total Time of 2–5 million seconds
   * on drives on for 53–764 hours. */
  { "Micron 2300*", "*", DRIVEDASH_QUIRK_THROTTLE_TIME_JUNK,
    "Micron 2300 NVMe 256 GB and 1024 GB" },
  /* NVMe/KingSpec/NE/NE-1TB and NVMe/ADATA/IM2/IM2P32A8-256GITB5: eight
   * sensors at 50, 51 … 57 °C beside a composite of 30–40 °C. */
  { "*NE-1TB*", "*", DRIVEDASH_QUIRK_SENSORS_PLACEHOLDER, "KingSpec NE-1TB" },
  { "*IM2P32A8*", "*", DRIVEDASH_QUIRK_SENSORS_PLACEHOLDER, "ADATA IM2P32A8-256GITB5" },
};

const DrivedashQuirk *
drivedash_quirks_table (guint *n_entries)
{
  *n_entries = G_N_ELEMENTS (table);
  return table;
}

DrivedashQuirks
drivedash_health_quirks (const DrivedashHealth *health)
{
  DrivedashQuirks quirks = DRIVEDASH_QUIRK_NONE;

  g_return_val_if_fail (health != NULL, DRIVEDASH_QUIRK_NONE);
  if (health->model == NULL || *health->model == '\0')
    return quirks;
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_pattern_match_simple (table[i].model, health->model)
        && g_pattern_match_simple (table[i].firmware, health->firmware ? health->firmware : ""))
      quirks |= table[i].quirks;
  return quirks;
}

/* The error log lists entries while the drive's own counter says none. */
static gboolean
error_log_contradicts (const DrivedashHealth *h)
{
  return (h->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG) && h->error_log != NULL && h->error_log->len > 0
         && (h->has & DRIVEDASH_HEALTH_HAS_SMART) && drivedash_u128_is_zero (h->smart.error_log_entries);
}

static void
add (GPtrArray             *notes,
     const DrivedashHealth *h,
     const char            *id,
     const char            *what)
{
  /* Translators: the model, its firmware, then what the quirk is */
  g_autofree char *message = g_strdup_printf (_("A known quirk of the %s (firmware %s): %s"), h->model,
                                              h->firmware && *h->firmware ? h->firmware : "?", what);

  g_ptr_array_add (notes, drivedash_verdict_reason_new (DRIVEDASH_VERDICT_GOOD, id, message));
}

GPtrArray *
drivedash_quirks_notes (const DrivedashHealth *health)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_verdict_reason_free);
  DrivedashQuirks quirks = drivedash_health_quirks (health);
  DrivedashImplausible odd = quirks ? drivedash_health_implausible (health) : DRIVEDASH_IMPLAUSIBLE_NONE;

  if ((quirks & DRIVEDASH_QUIRK_MEDIA_ERRORS_JUNK) && (odd & DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS))
    add (notes, health, "quirk-media-errors", _("its firmware puts junk in the media-error counter."));
  if ((quirks & DRIVEDASH_QUIRK_ERROR_LOG_JUNK) && error_log_contradicts (health))
    add (notes, health, "quirk-error-log",
         _("its error log fills with junk entries. Drivedash goes by the drive’s error counter, which says none."));
  if ((quirks & DRIVEDASH_QUIRK_THROTTLE_TIME_JUNK) && (odd & DRIVEDASH_IMPLAUSIBLE_THROTTLE_TIME))
    add (notes, health, "quirk-throttle-time", _("its slow-down-for-heat timer counts more time than the drive has been on."));
  if ((quirks & DRIVEDASH_QUIRK_SENSORS_PLACEHOLDER) && (odd & DRIVEDASH_IMPLAUSIBLE_SENSORS))
    add (notes, health, "quirk-sensors", _("its extra temperature sensors are placeholders."));
  return notes;
}
