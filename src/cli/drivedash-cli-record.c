/* drivedash-cli-record.c — runs saved in the results history: the
 * recorder around a bench run, and bench --repeat
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-cli-store.h"
#include "drivedash-error.h"
#include "drivedash-store-drive.h"

DrivedashStore *
drivedash_cli_open_store (GError **error)
{
  DrivedashStore *store = drivedash_store_open (NULL, error);

  if (store != NULL && drivedash_store_get_recovery_message (store) != NULL)
    fprintf (stderr, "drivedash-cli: %s\n", drivedash_store_get_recovery_message (store));
  return store;
}

typedef struct
{
  GMainLoop            *loop;
  DrivedashBenchReport *report;
  GError               *error;
} RunWait;

static void
on_run_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  RunWait *wait = user_data;

  wait->report = drivedash_bench_run_finish (DRIVEDASH_BENCH (object), result, &wait->error);
  g_main_loop_quit (wait->loop);
}

static gboolean
on_signal (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_CONTINUE;
}

DrivedashBenchReport *
drivedash_cli_run_bench (DrivedashBench  *bench,
                         GCancellable    *cancellable,
                         GError         **error)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  RunWait wait = { loop, NULL, NULL };
  guint sigint = g_unix_signal_add (SIGINT, on_signal, cancellable);
  guint sigterm = g_unix_signal_add (SIGTERM, on_signal, cancellable);

  drivedash_bench_run_async (bench, cancellable, on_run_done, &wait);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  if (wait.report == NULL)
    g_propagate_error (error, wait.error);
  return wait.report;
}
