/* drivedash-health-provider.h — where a DrivedashHealthModel gets its
 * values: the real drive (through the client) or the simulated demo drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One table of calls per kind of source, so the model and the pages have
 * no demo branches.  Every call is asynchronous and finishes on the
 * thread-default main context of the caller.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-drive-list.h"
#include "drivedash-events.h"
#include "drivedash-health.h"
#include "drivedash-power.h"
#include "drivedash-self-test.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean            simulated;

  void                (*read_health_async)     (DrivedashDriveItem    *item,
                                                GCancellable          *cancellable,
                                                GAsyncReadyCallback    callback,
                                                gpointer               user_data);
  DrivedashHealth    *(*read_health_finish)    (GAsyncResult          *result,
                                                GError               **error);
  void                (*get_game_mode_async)   (DrivedashDriveItem    *item,
                                                GCancellable          *cancellable,
                                                GAsyncReadyCallback    callback,
                                                gpointer               user_data);
  void                (*set_game_mode_async)   (DrivedashDriveItem    *item,
                                                gboolean               enabled,
                                                gboolean               persistent,
                                                GCancellable          *cancellable,
                                                GAsyncReadyCallback    callback,
                                                gpointer               user_data);
  /* Finishes both get_game_mode_async and set_game_mode_async. */
  DrivedashGameMode  *(*game_mode_finish)      (GAsyncResult          *result,
                                                GError               **error);
  void                (*self_test_async)       (DrivedashDriveItem    *item,
                                                DrivedashSelfTestKind  kind,
                                                GCancellable          *cancellable,
                                                GAsyncReadyCallback    callback,
                                                gpointer               user_data);
  gboolean            (*self_test_finish)      (GAsyncResult          *result,
                                                GError               **error);
  /* The temperature at SECONDS on the model's clock, in Kelvin; 0 when
   * it cannot be read.  A small sysfs read: runs on the main thread. */
  double              (*read_temperature)      (DrivedashDriveItem    *item,
                                                double                 seconds);
  /* What the kernel reported about the drive from since_usec on, the
   * newest max_events (0: the journal's default). */
  void                (*read_events_async)     (DrivedashDriveItem    *item,
                                                gint64                 since_usec,
                                                guint                  max_events,
                                                GCancellable          *cancellable,
                                                GAsyncReadyCallback    callback,
                                                gpointer               user_data);
  DrivedashEventLog  *(*read_events_finish)    (GAsyncResult          *result,
                                                GError               **error);
  /* TRUE when the source has a past to show on a fresh graph. */
  gboolean            has_history;
} DrivedashHealthProvider;

const DrivedashHealthProvider *drivedash_health_provider_real (void);
const DrivedashHealthProvider *drivedash_health_provider_demo (void);
/* The one that serves ITEM. */
const DrivedashHealthProvider *drivedash_health_provider_for  (DrivedashDriveItem *item);

G_END_DECLS
