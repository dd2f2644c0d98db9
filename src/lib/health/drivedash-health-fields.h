/* drivedash-health-fields.h — the values of a health report, in the words
 * people read: one table that the CLI and the app both use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-health.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_HEALTH_FIELD_GROUP_HEALTH,    /* the SMART/health log rows of Details */
  DRIVEDASH_HEALTH_FIELD_GROUP_IDENTITY,  /* model, serial, firmware, capacity, link, source */
} DrivedashHealthFieldGroup;

typedef struct _DrivedashHealthField DrivedashHealthField;
struct _DrivedashHealthField
{
  const char                *id;          /* stable: "temperature", "available-spare", "data-written", … */
  DrivedashHealthFieldGroup  group;
  const char                *title;       /* N_("Spare blocks left") — untranslated; call _() to show */
  const char                *explanation; /* N_("…") one line in plain words, for subtitles/tooltips */
  const char                *spec_name;   /* the NVMe spec's name, never translated: "Available Spare";
                                           * NULL when the value is not from the specification */
  /* A translated value text with units for this report, or NULL when the
   * report does not have it (the row is then hidden / the line skipped). */
  char *                   (*format) (const DrivedashHealth *health);
};

/* The table in display order; n_fields gets its length. */
const DrivedashHealthField *drivedash_health_fields        (gsize                      *n_fields);
/* NULL for an unknown id. */
const DrivedashHealthField *drivedash_health_field_lookup  (const char                 *id);
/* field->format (health), or NULL. */
char                       *drivedash_health_field_format  (const DrivedashHealthField *field,
                                                            const DrivedashHealth      *health);

/* One firmware slot (1 to log->n_slots) in plain words, translated: the
 * title "Slot 1 (read-only)" and the value "1.0 · active" ("empty" for
 * an empty slot).  The CLI prints them as "title: value". */
char *drivedash_health_firmware_slot_title (const DrivedashFirmwareLog *log,
                                            guint                       slot);
char *drivedash_health_firmware_slot_value (const DrivedashFirmwareLog *log,
                                            guint                       slot);

G_END_DECLS
