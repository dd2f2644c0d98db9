/* drivedash-cli-long.c — drivedash-cli sustained|consistency|saturation|
 * adaptivity
 *
 * One function for the four commands: the command name picks the test.
 * "drivedash-cli long NAME", the first spelling, still works.
 *
 * The test runs as a DrivedashLongTestRun, which keeps it in the history;
 * the main thread keeps a main loop so Ctrl+C (SIGINT/SIGTERM) stops it
 * through its cancellable, and prints the progress the run hands over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "drivedash-bench-settings.h"
#include "drivedash-cli.h"
#include "drivedash-cli-long.h"
#include "drivedash-cli-store.h"
#include "drivedash-client.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-format.h"
#include "drivedash-hwmon.h"
#include "drivedash-longtest-run.h"
#include "drivedash-longtest-summary.h"
#include "drivedash-store-drive.h"
#include "drivedash-store-save.h"
#include "drivedash-write-notice.h"

#define PROGRESS_EVERY_US (5 * G_USEC_PER_SEC)

typedef struct
{
  char     *target;
  char     *preset;
  char     *size;
  char     *duration;
  char     *round_seconds;
  char     *idle_seconds;
  char     *amount;
  char     *step;
  char     *block_size;
  char     *interval;
  char     *io_timeout;
  char     *series;
  gint      queue_depth;
  gint      mix_read;
  gboolean  json;
  gboolean  no_save;
  gboolean  allow_memory;
  gboolean  yes;
} LongOptions;

typedef struct
{
  DrivedashLongTestRun          *run;
  GMainLoop                     *loop;
  const DrivedashLongTestResult *result;
  GError                        *error;
  const char                    *command;       /* "drivedash-cli sustained", for messages */
  gboolean                       quiet;
  gint64                         last_progress;
  guint                          last_phase;    /* the phase of the last line printed */
  DrivedashLongEstimate          estimate;      /* said before the start, and in --json */
} LongRun;

static void
clear_options (LongOptions *o)
{
  g_free (o->target);
  g_free (o->preset);
  g_free (o->size);
  g_free (o->duration);
  g_free (o->round_seconds);
  g_free (o->idle_seconds);
  g_free (o->amount);
  g_free (o->step);
  g_free (o->block_size);
  g_free (o->interval);
  g_free (o->io_timeout);
  g_free (o->series);
}

static gboolean
parse_seconds (const char  *text,
               const char  *option,
               double      *out,
               GError     **error)
{
  char *end = NULL;
  double v;

  if (text == NULL)
    return TRUE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !(v > 0) || v > 7 * 86400.0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("%s needs a number of seconds above 0, such as 30 or 2.5; “%s” is not one."),
                   option, text);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static gboolean
parse_size (const char  *text,
            guint64     *out,
            GError     **error)
{
  return text == NULL || drivedash_bench_parse_size (text, out, error);
}

static gboolean
apply_options (const LongOptions         *o,
               DrivedashLongTestSettings *s,
               GError                   **error)
{
  DrivedashLongPreset preset;
  guint64 bs = s->block_size;

  if (o->preset != NULL)
    {
      if (!drivedash_long_preset_from_string (o->preset, &preset))
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("Unknown preset “%s”: use quick, standard or review."), o->preset);
          return FALSE;
        }
      drivedash_long_test_settings_apply_preset (s, preset);
    }
  g_free (s->folder);
  s->folder = g_strdup (o->target);
  if (!parse_size (o->size, &s->file_size, error) || !parse_size (o->amount, &s->amount, error) ||
      !parse_size (o->step, &s->step_bytes, error) || !parse_size (o->block_size, &bs, error) ||
      !parse_seconds (o->duration, "--duration", &s->duration_s, error) ||
      !parse_seconds (o->round_seconds, "--round-seconds", &s->round_s, error) ||
      !parse_seconds (o->idle_seconds, "--idle-seconds", &s->idle_s, error) ||
      !parse_seconds (o->interval, "--interval", &s->interval_s, error) ||
      !parse_seconds (o->io_timeout, "--io-timeout", &s->io_timeout_s, error))
    return FALSE;
  /* --round-seconds sets T0; each degradation round adds half of it, as
   * PCMark's 10 + 5 minutes do. */
  if (o->round_seconds != NULL)
    s->round_step_s = s->round_s / 2;
  s->block_size = (guint32) MIN (bs, G_MAXUINT32);
  if (o->queue_depth > 0)
    s->queue_depth = (guint) o->queue_depth;
  if (o->mix_read >= 0)
    s->read_percent = (guint) o->mix_read;
  if (o->queue_depth < 0 || o->mix_read > 100)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("--queue-depth must be between 1 and 256 and --mix-read between 0 and 100."));
      return FALSE;
    }
  return drivedash_long_test_settings_validate (s, error);
}

static void
on_progress (DrivedashLongTestRun        *test,
             const DrivedashLongProgress *p,
             gpointer                     user_data)
{
  LongRun *run = user_data;
  gint64 now = g_get_monotonic_time ();
  const char *group = drivedash_long_group_get_display_name (p->phase.group);
  g_autofree char *left = NULL;

  /* A new phase always gets its line: "Resting" after a long fill is news,
   * and a script can wait for it. */
  if (run->quiet || (now - run->last_progress < PROGRESS_EVERY_US && run->last_progress != 0 &&
                     p->phase_index == run->last_phase))
    return;
  run->last_progress = now;
  run->last_phase = p->phase_index;
  left = drivedash_format_figure (p->eta_s, 0);
  /* Translators: the last %s is seconds, grouped as the locale does ("5,000") */
  if (group != NULL)
    fprintf (stderr, _("%3.0f %%  %s (%s, round %u), about %s s left\n"), p->fraction * 100,
             drivedash_long_phase_get_display_name (p->phase.kind), group, p->phase.round, left);
  else
    fprintf (stderr, _("%3.0f %%  %s, about %s s left\n"), p->fraction * 100,
             drivedash_long_phase_get_display_name (p->phase.kind), left);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  LongRun *run = user_data;

  run->result = drivedash_long_test_run_run_finish (run->run, result, &run->error);
  g_main_loop_quit (run->loop);
}

static gboolean
on_signal (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_CONTINUE;
}

static void
run_test (LongRun *run)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  guint sigint = g_unix_signal_add (SIGINT, on_signal, cancellable);
  guint sigterm = g_unix_signal_add (SIGTERM, on_signal, cancellable);

  run->loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (run->run, "progress", G_CALLBACK (on_progress), run);
  drivedash_long_test_run_run_async (run->run, cancellable, run_done_cb, run);
  g_main_loop_run (run->loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  g_main_loop_unref (run->loop);
}

/* The write-amount notice in the drive's terms.  Best effort: without a
 * health source (no service, no UDisks2, not root) it names the amount
 * only; the model alone (sysfs) still finds a rated TBW. */
static char *
notice_text (const DrivedashLongEstimate *e,
             const char                  *controller)
{
  g_autoptr(DrivedashHealth) health = NULL;
  double used;
  guint64 written;

  if (controller != NULL)
    health = drivedash_client_get_health (NULL, controller, DRIVEDASH_CLIENT_NONE, NULL, NULL);
  drivedash_health_get_wear (health, &used, &written);
  return drivedash_write_notice_range_text (e->bytes_low, e->bytes_high,
                                            health ? health->model : NULL, used, written);
}

/* The notice before start; FALSE (refused) above 100 GB without --yes. */
static gboolean
check_amount (const DrivedashLongTestSettings *s,
              const char                      *controller,
              gboolean                         yes,
              gboolean                         quiet,
              DrivedashLongEstimate           *e,
              GError                         **error)
{
  guint64 amount = s->amount;
  g_autofree char *text = NULL;

  if (drivedash_long_test_kind_fills (s->kind) &&
      !drivedash_long_test_settings_resolve_amount (s, &amount, error))
    return FALSE;
  drivedash_long_test_estimate (s, amount, e);
  if (!quiet)
    {
      g_autofree char *notice = notice_text (e, controller);

      fprintf (stderr, "%s\n", notice);
    }
  /* What a fast drive writes: the most this run can write. */
  text = g_format_size (e->bytes_high);
  if (e->bytes_high > DRIVEDASH_WRITE_CONFIRM_BYTES && !yes)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("This test writes up to about %s, which wears the drive. "
                     "Add --yes to run it anyway."), text);
      return FALSE;
    }
  return TRUE;
}

static int
finish (LongRun           *run,
        const char        *prefix,
        const LongOptions *o)
{
  const DrivedashLongTestSettings *settings = drivedash_long_test_run_get_settings (run->run);
  const DrivedashLongTestResult *res = drivedash_long_test_run_get_measured (run->run);
  const GError *save_error = drivedash_long_test_run_get_save_error (run->run);
  gint64 id = drivedash_long_test_run_get_run_id (run->run);
  g_autoptr(GError) csv_error = NULL;

  if (save_error != NULL)
    /* Translators: the first %s is the command, "drivedash-cli sustained";
     * the second says the run was not kept, and why */
    fprintf (stderr, _("%s: %s\n"), run->command, save_error->message);
  if (o->series != NULL && res != NULL &&
      !drivedash_timeseries_write_csv (res->series, o->series, &csv_error))
    /* Translators: the first %s is the command, "drivedash-cli sustained" */
    fprintf (stderr, _("%s: could not write the series: %s\n"), run->command, csv_error->message);
  if (run->result != NULL && o->json)
    {
      g_autoptr(JsonNode) node = drivedash_long_test_result_to_json (run->result, settings);
      g_autofree char *text = NULL;

      if (id > 0)
        json_object_set_int_member (json_node_get_object (node), "run_id", id);
      json_object_set_member (json_node_get_object (node), "estimate",
                              drivedash_cli_estimate_to_json (run->estimate.bytes_low, run->estimate.bytes_high,
                                                              run->estimate.seconds_low, run->estimate.seconds_high));
      text = json_to_string (node, TRUE);
      printf ("%s\n", text);
    }
  else if (run->result != NULL)
    drivedash_cli_long_print (run->result, settings);
  if (id > 0 && !o->json)
    fprintf (run->result ? stdout : stderr, _("Saved as run %lld.\n"), (long long) id);
  if (run->error != NULL)
    return drivedash_cli_fail (prefix, run->error);
  return csv_error != NULL ? DRIVEDASH_EXIT_FAILURE : DRIVEDASH_EXIT_OK;
}

static int
run_kind (DrivedashLongTestKind  kind,
          const char            *command,
          LongOptions           *o)
{
  g_autofree char *prefix = g_strdup_printf ("%s: ", command);
  g_autoptr(DrivedashLongTestSettings) settings = drivedash_long_test_settings_new (kind);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashLongTestRun) test = NULL;
  g_autofree char *controller = NULL;
  LongRun run = { .last_phase = G_MAXUINT };
  int ret;

  if (!apply_options (o, settings, &error))
    return drivedash_cli_fail (prefix, error);
  info = drivedash_folder_probe (settings->folder);
  if (info->is_directory && !o->allow_memory && !drivedash_folder_info_check_measurable (info, &error))
    return drivedash_cli_fail (prefix, error);
  controller = drivedash_controller_for_folder (NULL, settings->folder ? settings->folder : g_get_home_dir ());
  if (!check_amount (settings, controller, o->yes, o->json, &run.estimate, &error))
    return drivedash_cli_fail (prefix, error);
  settings->hwmon_path = drivedash_hwmon_find (controller);
  settings->controller = g_strdup (controller);
  if (!o->no_save && (store = drivedash_cli_open_store (&error)) == NULL)
    {
      /* Translators: %s is the command, "drivedash-cli sustained" */
      g_autofree char *why = g_strdup_printf (_("%s: cannot save (use --no-save to run anyway): "), command);

      return drivedash_cli_fail (why, error);
    }
  test = drivedash_long_test_run_new (settings);
  if (store != NULL)
    drivedash_store_keep_long_test_run (store, test, NULL);

  run.run = test;
  run.command = command;
  run.quiet = o->json;
  run_test (&run);
  ret = finish (&run, prefix, o);
  g_clear_error (&run.error);
  return ret;
}

/* What --help says about the command: the one test, or all three for
 * the old "long NAME". */
static const char *
command_summary (const char *name)
{
  DrivedashLongTestKind kind;

  if (!drivedash_long_test_kind_from_string (name, &kind))
    return _("Long tests: sustained mixed reads and writes (Iometer style), consistency over many rounds "
             "of writes (PCMark 8 style), or how much can be written before the drive slows down. They "
             "write only their own test file, which they remove afterwards.");
  return drivedash_long_test_kind_describe (kind);
}

int
drivedash_cli_long (int    argc,
                    char **argv)
{
  LongOptions o = { .queue_depth = 0, .mix_read = -1 };
  const GOptionEntry entries[] = {
    { "target", 't', 0, G_OPTION_ARG_FILENAME, &o.target,
      N_("Folder on the drive to measure (default: your home folder)"), N_("DIR") },
    { "preset", 'p', 0, G_OPTION_ARG_STRING, &o.preset,
      N_("quick, standard (default) or review"), N_("NAME") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &o.size,
      N_("Size of the test file (sustained: 4GiB, consistency: 8GiB)"), N_("SIZE") },
    { "duration", 'd', 0, G_OPTION_ARG_STRING, &o.duration,
      N_("Sustained: seconds of measuring"), N_("S") },
    { "round-seconds", 0, 0, G_OPTION_ARG_STRING, &o.round_seconds,
      N_("Consistency: seconds of random writes in the first round"), N_("S") },
    { "idle-seconds", 0, 0, G_OPTION_ARG_STRING, &o.idle_seconds,
      N_("Consistency and adaptivity: seconds of rest before each recovery round"), N_("S") },
    { "amount", 'a', 0, G_OPTION_ARG_STRING, &o.amount,
      N_("Saturation and adaptivity: how much to write (default: the free space less a safety margin)"),
      N_("SIZE") },
    { "step", 0, 0, G_OPTION_ARG_STRING, &o.step,
      N_("Saturation: one speed point per this much written (default: 1GiB)"), N_("SIZE") },
    { "block-size", 'b', 0, G_OPTION_ARG_STRING, &o.block_size,
      N_("Sustained: block size (default: 4KiB)"), N_("SIZE") },
    { "queue-depth", 'q', 0, G_OPTION_ARG_INT, &o.queue_depth,
      N_("Sustained: requests in flight (default: 32)"), N_("N") },
    { "mix-read", 0, 0, G_OPTION_ARG_INT, &o.mix_read,
      N_("Sustained: percent of reads (default: 70)"), N_("PCT") },
    { "interval", 'i', 0, G_OPTION_ARG_STRING, &o.interval,
      N_("Seconds per point of the time series (default: 1)"), N_("S") },
    { "io-timeout", 0, 0, G_OPTION_ARG_STRING, &o.io_timeout,
      N_("Seconds one read or write may take before the drive counts as not responding "
         "(default: 30)"), N_("S") },
    { "series", 0, 0, G_OPTION_ARG_FILENAME, &o.series,
      N_("Write the full time series to this CSV file"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, N_("Print the results as JSON"), NULL },
    { "no-save", 0, 0, G_OPTION_ARG_NONE, &o.no_save,
      N_("Do not keep the run in the results history"), NULL },
    { "allow-memory", 0, 0, G_OPTION_ARG_NONE, &o.allow_memory,
      N_("Test a folder in the computer’s memory (tmpfs) anyway"), NULL },
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &o.yes,
      N_("Run even when the test writes more than 100 GB"), NULL },
    { NULL }
  };
  /* "long NAME" names the test in its first argument; the new commands
   * are the name. */
  gboolean alias = g_strcmp0 (argv[0], "long") == 0;
  g_autofree char *command = g_strdup_printf ("drivedash-cli %s", argv[0]);
  g_autofree char *prefix = g_strdup_printf ("%s: ", command);
  g_autoptr(GOptionContext) context = g_option_context_new (alias ? _("sustained|consistency|saturation") : NULL);
  DrivedashLongTestKind kind;
  int ret = DRIVEDASH_EXIT_USAGE;

  g_set_prgname (command);
  g_option_context_set_summary (context, command_summary (argv[0]));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, prefix, &argc, &argv))
    ret = DRIVEDASH_EXIT_USAGE;
  else if (alias && (argc != 2 || !drivedash_long_test_kind_from_string (argv[1], &kind)))
    fprintf (stderr, _("drivedash-cli long: name one test: sustained, consistency or saturation\n"));
  else if (!alias && argc != 1)
    {
      fprintf (stderr, "%s", prefix);
      fprintf (stderr, _("Unexpected argument “%s”.\n"), argv[1]);
    }
  else if (alias || drivedash_long_test_kind_from_string (argv[0], &kind))
    ret = run_kind (kind, command, &o);
  clear_options (&o);
  return ret;
}
