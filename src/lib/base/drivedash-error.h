/* drivedash-error.h — the error domain shared by core, CLI, service and app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DRIVEDASH_ERROR (drivedash_error_quark ())

/* Every failure that reaches a person is one of these, with a message that
 * is already written for people (translated, no raw errno). */
typedef enum
{
  DRIVEDASH_ERROR_FAILED,            /* anything else */
  DRIVEDASH_ERROR_INVALID_ARGUMENT,  /* bad spec, bad controller name, bad size */
  DRIVEDASH_ERROR_NOT_FOUND,         /* no such drive / folder */
  DRIVEDASH_ERROR_PERMISSION,        /* needs root or the system service */
  DRIVEDASH_ERROR_NOT_SUPPORTED,     /* the drive or filesystem cannot do this */
  DRIVEDASH_ERROR_NO_SPACE,          /* not enough free space */
  DRIVEDASH_ERROR_NO_DIRECT_IO,      /* the filesystem refuses O_DIRECT */
  DRIVEDASH_ERROR_NOT_WRITABLE,      /* read-only or not writable folder */
  DRIVEDASH_ERROR_CANCELLED,         /* the user stopped it */
  DRIVEDASH_ERROR_FILE_REMOVED,      /* the benchmark file vanished mid-run */
  DRIVEDASH_ERROR_DEVICE_GONE,       /* the drive disappeared */
  DRIVEDASH_ERROR_IO,                /* an I/O error reported by the kernel */
  DRIVEDASH_ERROR_IN_MEMORY,         /* the folder is in memory (tmpfs): no drive to measure */
  DRIVEDASH_ERROR_BUSY,              /* another run holds what this one needs */
} DrivedashError;

GQuark drivedash_error_quark (void);

G_END_DECLS
