/* drivedash-verdict.h — Good / Caution / Bad, and why
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_VERDICT_UNKNOWN = 0,  /* nothing could be read */
  DRIVEDASH_VERDICT_GOOD,
  DRIVEDASH_VERDICT_CAUTION,
  DRIVEDASH_VERDICT_BAD,
} DrivedashVerdict;

/* The enum as a GType, for properties; its nicks are those of
 * drivedash_verdict_to_string(). */
#define DRIVEDASH_TYPE_VERDICT (drivedash_verdict_get_type ())
GType drivedash_verdict_get_type (void) G_GNUC_CONST;

/* One reason behind a verdict. */
typedef struct
{
  DrivedashVerdict level;    /* the verdict this reason alone leads to */
  char            *id;       /* stable, e.g. "critical-warning-reliability",
                              * "spare-below-threshold", "life-low" */
  char            *message;  /* translated, for people */
} DrivedashVerdictReason;

DrivedashVerdictReason *drivedash_verdict_reason_new  (DrivedashVerdict  level,
                                                       const char       *id,
                                                       const char       *message);
void                    drivedash_verdict_reason_free (DrivedashVerdictReason *reason);
/* For g_ptr_array_sort(): the worst first; GLib's sort is stable, so
 * reasons of one level keep the order the rules added them in. */
int                     drivedash_verdict_reason_compare (gconstpointer a,
                                                          gconstpointer b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashVerdictReason, drivedash_verdict_reason_free)

/* "good", "caution", "bad", "unknown" — stable, used in JSON and a{sv}. */
const char       *drivedash_verdict_to_string   (DrivedashVerdict  verdict);
gboolean          drivedash_verdict_from_string (const char       *str,
                                                 DrivedashVerdict *out);
/* Translated title: "Good", "Caution", "Bad", "Unknown". */
const char       *drivedash_verdict_get_title   (DrivedashVerdict  verdict);

G_END_DECLS
