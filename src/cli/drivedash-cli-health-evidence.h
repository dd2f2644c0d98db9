/* drivedash-cli-health-evidence.h — drivedash-cli health DRIVE
 * --evidence-pdf FILE --evidence-json FILE: the warranty-claim report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

typedef struct
{
  const char *pdf;
  const char *json;
  const char *html;
  const char *journal_file;  /* NULL: the system's journal */
} DrivedashCliEvidencePaths;

/* Reads the kernel's events and the watch's readings of @health's drive,
 * writes the files and says where they are.  Returns an exit code. */
int drivedash_cli_health_evidence (const char                      *sysfs_root,
                                   DrivedashHealth                 *health,
                                   const DrivedashCliEvidencePaths *paths);

G_END_DECLS
