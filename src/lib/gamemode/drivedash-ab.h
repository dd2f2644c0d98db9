/* drivedash-ab.h — the game-mode A/B test's rules, shared by
 * "drivedash-cli ab" and the app: the round order, the refusal before
 * the first round, the rounds themselves with game mode switched around
 * each, putting the user's state back, and the set to save
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench.h"
#include "drivedash-client.h"
#include "drivedash-game-switch.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* Rounds alternate off, on, off, on…, so drift (the drive warming up,
 * its cache filling) hits both sides alike.  round counts from 0. */
static inline gboolean
drivedash_ab_round_is_on (guint round)
{
  return round % 2 == 1;
}

/* One A/B test: check that game mode can be switched, then 2 × rounds
 * bench runs (off, on, off, on…) each after switching game mode
 * temporarily, @pause_s seconds between rounds, then the user's state put
 * back.  The blocking client calls run in worker threads; everything
 * else, signals included, on the main context of the caller.  The
 * caller presents it (the CLI prints, the app's model shows) and saves
 * drivedash_ab_run_dup_set() with drivedash_ab_run_get_rounds(). */
#define DRIVEDASH_TYPE_AB_RUN (drivedash_ab_run_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashAbRun, drivedash_ab_run, DRIVEDASH, AB_RUN, GObject)

/* @paths and @sysfs_root (the tree each round's drive is read from, NULL:
 * /sys) are copied; @store (may be NULL) hashes the drive's serial in
 * each round's record. */
DrivedashAbRun          *drivedash_ab_run_new              (const DrivedashPowerPaths    *paths,
                                                            const char                   *sysfs_root,
                                                            const char                   *controller,
                                                            DrivedashClientFlags          flags,
                                                            DrivedashStore               *store,
                                                            const DrivedashBenchSettings *settings,
                                                            const DrivedashBenchSpec     *tests,
                                                            guint                         n_tests,
                                                            guint                         rounds,
                                                            double                        pause_s);
/* Cancelling @cancellable stops the round running (or the pause); game
 * mode is put back all the same.  Once only. */
void                     drivedash_ab_run_run_async        (DrivedashAbRun               *self,
                                                            GCancellable                 *cancellable,
                                                            GAsyncReadyCallback           callback,
                                                            gpointer                      user_data);
/* FALSE with why the test ended early: the check's refusal (then
 * drivedash_ab_run_get_original() is NULL and no round ran), a round's
 * error, or DRIVEDASH_ERROR_CANCELLED. */
gboolean                 drivedash_ab_run_run_finish       (DrivedashAbRun               *self,
                                                            GAsyncResult                 *result,
                                                            GError                      **error);
/* The user's state before the test; NULL: the check refused. */
const DrivedashGameMode *drivedash_ab_run_get_original     (DrivedashAbRun               *self);
/* Each round's run (DrivedashStoreRun, set_role "off"/"on"), also a
 * stopped or failed one with what it measured. */
GPtrArray               *drivedash_ab_run_get_rounds       (DrivedashAbRun               *self);
/* Why game mode could not be put back; NULL when it was. */
const GError            *drivedash_ab_run_get_restore_error (DrivedashAbRun              *self);
/* Whether game mode is on after the test, as read back. */
gboolean                 drivedash_ab_run_get_enabled_after (DrivedashAbRun              *self);
/* The A/B set to save before the rounds; NULL when no round ran. */
DrivedashStoreRun       *drivedash_ab_run_dup_set          (DrivedashAbRun               *self);
/* The finished rounds compared side by side (drivedash_compare_sides()). */
GPtrArray               *drivedash_ab_run_compare          (DrivedashAbRun               *self);

G_END_DECLS
