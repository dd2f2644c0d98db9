/* drivedash-service-offer.h — "Get Full Features": what the Drivedash
 * system service adds on this computer, and how to get it here, in plain
 * words (no GTK)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where the app runs, as the explanation depends on it. */
typedef struct
{
  const char *os_release;   /* the system's os-release file; NULL: the usual places */
  gboolean    sandboxed;    /* inside the Flatpak: the host's journal is out of reach */
  gboolean    reads_journal; /* outside it: the user may read the kernel's messages */
  const char *software_app;  /* the desktop's software app by name ("Software"); NULL: not known */
  gboolean    udisks_nvme;   /* the system's disk service (UDisks 2.10 or newer) reads NVMe
                              * health and starts self-tests: the service adds less */
} DrivedashServiceOfferPlace;

/* The usual place: the host's os-release inside the Flatpak
 * (/run/host/os-release), else /etc/os-release or /usr/lib/os-release;
 * the journal readable when the user is in the "adm" or
 * "systemd-journal" group.  The software app is left to the caller, who
 * can look for desktop files (software_app NULL). */
void  drivedash_service_offer_place_detect (DrivedashServiceOfferPlace *place);

/* The explanation: what the service adds, one "• " line each, and how to
 * get it on this distribution.  Sets @command (may be NULL) to the one
 * command that installs it on Debian, Ubuntu and their relatives, NULL
 * elsewhere.  Free both with g_free(). */
char *drivedash_service_offer_dup_text     (const DrivedashServiceOfferPlace *place,
                                            char                            **command);

/* The package that holds the service (build-aux/deb). */
#define DRIVEDASH_SERVICE_PACKAGE "drivedash-service"
/* Where the project says how to get the service elsewhere. */
#define DRIVEDASH_SERVICE_INSTALL_URL "https://github.com/drivedash/drivedash"

G_END_DECLS
