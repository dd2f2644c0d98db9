/* drivedash-identify.h — the parts of Identify Controller that Drivedash uses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-smart.h"

G_BEGIN_DECLS

#define DRIVEDASH_IDENTIFY_SIZE 4096
#define DRIVEDASH_MAX_POWER_STATES 32

/* One entry of the power-state descriptor table.  Power is given in
 * microwatts so that both scales of the specification stay exact
 * (0.01 W and 0.0001 W); 0 means "not reported". */
typedef struct
{
  guint    index;
  guint64  max_power_microwatts;
  guint32  entry_latency_us;
  guint32  exit_latency_us;
  gboolean non_operational;
  guint64  idle_power_microwatts;
  guint64  active_power_microwatts;
} DrivedashPowerState;

/* Optional Admin Command Support bits we look at. */
#define DRIVEDASH_OACS_SELF_TEST (1 << 4)

typedef struct
{
  guint16             vendor_id;
  guint16             subsystem_vendor_id;
  char                serial[21];       /* trimmed, NUL-terminated */
  char                model[41];
  char                firmware[9];
  guint32             version;          /* NVMe version, e.g. 0x00010400 = 1.4 */
  guint16             oacs;
  guint8              frmw;             /* firmware slots: bit 0 slot 1 read-only, 3:1 count */
  guint               error_log_page_entries; /* ELPE + 1 */
  guint               n_power_states;   /* NPSS + 1, at most 32 */
  gboolean            apst_supported;   /* APSTA bit 0 */
  guint16             warning_temperature_kelvin;  /* WCTEMP, 0 = not reported */
  guint16             critical_temperature_kelvin; /* CCTEMP, 0 = not reported */
  guint16             extended_self_test_minutes;  /* EDSTT */
  guint16             host_thermal_management_supported; /* HCTMA */
  guint16             min_thermal_management_kelvin;     /* MNTMT */
  guint16             max_thermal_management_kelvin;     /* MXTMT */
  DrivedashU128       total_capacity_bytes;              /* TNVMCAP */
  DrivedashU128       unallocated_capacity_bytes;        /* UNVMCAP */
  DrivedashPowerState power_states[DRIVEDASH_MAX_POWER_STATES];
} DrivedashIdentify;

/* TRUE if the drive supports the Device Self-test command. */
#define drivedash_identify_supports_self_test(id) \
  (((id)->oacs & DRIVEDASH_OACS_SELF_TEST) != 0)

/* Copies a space-padded ASCII field of a log page: stops at a NUL,
 * trims spaces, turns anything but printable ASCII into '?' and fills
 * the rest of @dest with NULs (so decodes compare with memcmp). */
void drivedash_copy_ascii (char         *dest,
                           gsize         dest_size,
                           const guint8 *src,
                           gsize         src_len);

/* Decodes an Identify Controller data structure (needs ≥ 4096 bytes).
 * Strings are trimmed of the specification's space padding and made valid
 * UTF-8 (invalid bytes become '?').  Pure: no I/O. */
gboolean drivedash_identify_decode (const guint8       *bytes,
                                    gsize               len,
                                    DrivedashIdentify  *out,
                                    GError            **error);

G_END_DECLS
