/* drivedash-store-recorder.c — what a stored run keeps beyond the bench
 * report: the live samples for the plots, the drive, game mode and
 * temperatures before and after (shared by the CLI and the app)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-error.h"
#include "drivedash-store-drive.h"
#include "drivedash-store-recorder.h"

/* Enough points per test to draw a plot as wide as a screen. */
#define SERIES_POINTS_PER_TEST 600

struct _DrivedashStoreRecorder
{
  DrivedashStore    *store;
  DrivedashBench    *bench;
  gulong             handler;
  char              *sysfs_root;
  char              *controller;
  GArray            *samples;
  DrivedashStoreRun *start;   /* the drive as it was before the run */
};

static void
on_sample (DrivedashBench             *bench,
           const DrivedashBenchSample *sample,
           DrivedashStoreRecorder     *self)
{
  /* Warm-up passes are not part of the results: not of the plots either. */
  if (sample->phase == DRIVEDASH_BENCH_PHASE_MEASURING)
    g_array_append_val (self->samples, *sample);
}

DrivedashStoreRecorder *
drivedash_store_recorder_new (DrivedashStore *store,
                              DrivedashBench *bench,
                              const char     *sysfs_root,
                              const char     *controller)
{
  DrivedashStoreRecorder *self = g_new0 (DrivedashStoreRecorder, 1);
  const DrivedashBenchSettings *settings = drivedash_bench_get_settings (bench);
  const char *folder = settings->folder ? settings->folder : g_get_home_dir ();

  self->store = g_object_ref (store);
  self->bench = g_object_ref (bench);
  self->sysfs_root = g_strdup (sysfs_root);
  self->controller = controller ? g_strdup (controller)
                                : drivedash_controller_for_folder (sysfs_root, folder);
  self->samples = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSample));
  self->start = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  drivedash_store_run_read_drive (self->start, store, sysfs_root, self->controller, TRUE);
  /* A test's own sysfs has no folder behind it to look at. */
  if (sysfs_root == NULL)
    drivedash_store_run_name_folder_drive (self->start, folder);
  self->handler = g_signal_connect (bench, "sample", G_CALLBACK (on_sample), self);
  return self;
}

void
drivedash_store_recorder_free (DrivedashStoreRecorder *self)
{
  if (self == NULL)
    return;
  g_clear_signal_handler (&self->handler, self->bench);
  g_object_unref (self->bench);
  g_object_unref (self->store);
  g_free (self->sysfs_root);
  g_free (self->controller);
  g_array_unref (self->samples);
  drivedash_store_run_unref (self->start);
  g_free (self);
}

DrivedashStoreRun *
drivedash_store_recorder_finish (DrivedashStoreRecorder     *self,
                                 DrivedashBench             *bench,
                                 const DrivedashBenchReport *report,
                                 const GError               *error)
{
  const DrivedashBenchReport *source = report ? report : drivedash_bench_get_report (bench);
  DrivedashStoreRun *run = drivedash_store_run_new_from_report (source, DRIVEDASH_RUN_KIND_QUICK);
  const DrivedashStoreRun *start = self->start;

  if (error != NULL)
    {
      run->status = g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED)
                    ? DRIVEDASH_RUN_STATUS_CANCELLED : DRIVEDASH_RUN_STATUS_FAILED;
      run->error = g_strdup (error->message);
      run->ended_at = g_get_real_time ();
      if (run->started_at == 0)
        run->started_at = run->ended_at;
    }
  run->drive_model = g_strdup (start->drive_model);
  run->drive_firmware = g_strdup (start->drive_firmware);
  run->drive_capacity = start->drive_capacity;
  run->serial_hash = g_strdup (start->serial_hash);
  run->game_mode = start->game_mode;
  run->temp_start_c = start->temp_start_c;
  drivedash_store_run_read_drive (run, self->store, self->sysfs_root, self->controller, FALSE);
  if (self->samples->len > 0)
    run->series = drivedash_store_series_encode ((const DrivedashBenchSample *) (gpointer) self->samples->data,
                                                 self->samples->len, SERIES_POINTS_PER_TEST);
  return run;
}

DrivedashStore *
drivedash_store_recorder_get_store (DrivedashStoreRecorder *self)
{
  return self->store;
}
