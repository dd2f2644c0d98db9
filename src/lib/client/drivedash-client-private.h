/* drivedash-client-private.h — the backends behind drivedash-client.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every call of drivedash-client.h fills in one DrivedashClientRequest and
 * walks one chain of backends with it (drivedash_client_request_run() in
 * drivedash-client.c): drivedashd, acting directly as root, UDisks2, then
 * plain sysfs.  A backend is a table with one step per operation; a step
 * says what became of it (DrivedashClientOutcome) and the chain alone
 * decides whether the next backend is asked.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-client.h"
#include "drivedash-drive.h"
#include "drivedash-journal.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_CLIENT_OP_GET_HEALTH,
  DRIVEDASH_CLIENT_OP_GET_GAME_MODE,
  DRIVEDASH_CLIENT_OP_SET_GAME_MODE,
  DRIVEDASH_CLIENT_OP_SELF_TEST,
  DRIVEDASH_CLIENT_OP_GET_KERNEL_EVENTS,
  DRIVEDASH_CLIENT_N_OPS
} DrivedashClientOp;

typedef enum
{
  DRIVEDASH_CLIENT_ANSWERED,     /* the answer is in the request */
  DRIVEDASH_CLIENT_UNAVAILABLE,  /* not there, or cannot do this here (no
                                  * privileges, unknown drive, no such
                                  * feature): error says why, for the log */
  DRIVEDASH_CLIENT_REFUSED,      /* reached, and it said no to this caller */
  DRIVEDASH_CLIENT_FAILED,       /* reached and failed, or stopped (cancel,
                                  * timeout): error is the answer */
} DrivedashClientOutcome;

typedef struct
{
  /* What was asked; borrowed from the caller. */
  DrivedashClientOp          op;
  const char                *controller;   /* valid syntax, no "/dev/" */
  const char                *sysfs_root;   /* health, self-test */
  const DrivedashPowerPaths *paths;        /* game mode; never NULL */
  gboolean                   enabled;      /* set game mode */
  gboolean                   persistent;
  gboolean                   temporary;
  DrivedashSelfTestKind      kind;         /* self-test */
  const DrivedashJournalQuery *journal_query; /* kernel events */
  DrivedashClientFlags       flags;
  GCancellable              *cancellable;

  /* Found on the way. */
  DrivedashDrive            *drive;          /* for backends with reads_sysfs */
  GError                    *service_error;  /* why drivedashd did not answer */
  DrivedashServiceStatus     service_status; /* see _request_service_status() */

  /* The answer of the step that said ANSWERED. */
  DrivedashHealthSource      source;
  DrivedashHealth           *health;
  DrivedashGameMode         *game_mode;
  DrivedashEventLog         *events;
} DrivedashClientRequest;

/* One backend doing request->op.  error is never NULL; it is set for
 * every outcome but ANSWERED, which fills in the answer instead. */
typedef DrivedashClientOutcome (*DrivedashClientStep) (DrivedashClientRequest  *request,
                                                       GError                 **error);

typedef struct
{
  const char           *name;        /* for debug messages */
  DrivedashClientFlags  skip_flag;   /* the caller's flag that leaves it out */
  gboolean              reads_sysfs; /* needs request->drive (health, self-test) */
  DrivedashClientStep   steps[DRIVEDASH_CLIENT_N_OPS]; /* NULL: does not do it */
} DrivedashClientBackend;

/* The chain, in this order (see drivedash-client.c for why). */
extern const DrivedashClientBackend drivedash_client_backend_journal; /* drivedash-client-journal.c */
extern const DrivedashClientBackend drivedash_client_backend_service; /* drivedash-client-service.c */
extern const DrivedashClientBackend drivedash_client_backend_direct;  /* drivedash-client-direct.c */
extern const DrivedashClientBackend drivedash_client_backend_udisks;  /* drivedash-client-udisks.c */
extern const DrivedashClientBackend drivedash_client_backend_sysfs;   /* drivedash-client-direct.c */

/* Walks the chain; FALSE with error set when no backend answered. */
gboolean drivedash_client_request_run (DrivedashClientRequest  *request,
                                       GError                 **error);
void     drivedash_client_request_clear (DrivedashClientRequest *request);

/* What became of asking drivedashd: NOT_ASKED, ANSWERED, or, once it did
 * not answer, whether it is installed (asked the bus once, then kept). */
DrivedashServiceStatus drivedash_client_request_service_status (DrivedashClientRequest *request);

/* --- shared by the D-Bus backends (drivedash-client.c) --------------------- */

int            drivedash_client_read_timeout_ms        (void);
GDBusCallFlags drivedash_client_call_flags             (DrivedashClientFlags flags);

/* Cancelled, or timed out: the other side may still be acting on it, so
 * nothing else must act instead. */
gboolean drivedash_client_error_means_stopped          (const GError *error);
/* polkit wanted to ask for a password and the call did not allow it. */
gboolean drivedash_client_error_means_needs_password   (const GError *error);
/* No one to talk to (no bus, no such name, object or method). */
gboolean drivedash_client_error_means_unavailable      (const GError *error);
gboolean drivedash_client_error_means_denied           (const GError *error);
/* Gives a stopped error on as it is, a timeout in plain words naming who;
 * FALSE (and src untouched) when *src is not one. */
gboolean drivedash_client_propagate_stopped            (GError     **dest,
                                                        GError     **src,
                                                        const char  *who);

/* --- the service (drivedash-client-service.c) ------------------------------- */

/* Calls a method of drivedashd.  parameters (may be NULL) is consumed
 * when floating, also when there is no bus to send it on. */
GVariant              *drivedash_client_service_call   (const char      *method,
                                                        GVariant        *parameters,
                                                        GDBusCallFlags   flags,
                                                        int              timeout_ms,
                                                        GCancellable    *cancellable,
                                                        GError         **error);
/* What a failed call to drivedashd means for the user. */
DrivedashServiceStatus drivedash_client_service_status (const GError    *error,
                                                        GCancellable    *cancellable);
/* Why something could not be had without drivedashd, in plain words. */
char                  *drivedash_client_service_why    (DrivedashServiceStatus  status,
                                                        GError                 *error);
/* The service's own error message, for a Details expander or the log. */
char                  *drivedash_client_service_detail (GError                 *error);

/* --- UDisks2 (drivedash-client-udisks.c) ------------------------------------ */

/* suggest_service: drivedashd is not installed, and installing it is the
 * way to the counters UDisks2 lacks. */
DrivedashHealth *drivedash_client_udisks_health (DrivedashDrive  *drive,
                                                 gboolean         suggest_service,
                                                 GCancellable    *cancellable,
                                                 GError         **error);

/* --- test hooks ------------------------------------------------------------- */

/* How long read calls (GetHealth, GetGameMode, UDisks) wait for an
 * answer; 0 or less restores the default (15 s).  For tests of a service
 * that does not answer. */
void drivedash_client_set_read_timeout_for_testing (int timeout_ms);

/* Replaces the chain with backends (NULL-terminated); NULL restores the
 * real one.  For tests of the chain itself; not thread-safe. */
void drivedash_client_set_chain_for_testing (const DrivedashClientBackend *const *backends);

G_END_DECLS
