/* drivedash-cli-bench.c — `drivedash-cli bench`: measure a folder's drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-bench.h"
#include "drivedash-bench-estimate.h"
#include "drivedash-bench-fio.h"
#include "drivedash-cli.h"
#include "drivedash-cli-bench-explain.h"
#include "drivedash-cli-store.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"

typedef struct
{
  GMainLoop            *loop;
  GCancellable         *cancellable;
  DrivedashBenchReport *report;
  GError               *error;
  gboolean              live;          /* a terminal to draw a progress line on */
  guint                 n_tests;
  guint                 passes;
  DrivedashBenchSample  last_sample;
  gboolean              have_sample;
  const DrivedashBenchSettings *settings;
  guint                 phase_test;    /* where the phase below began */
  DrivedashBenchPhase   phase;
  gint64                phase_start;   /* monotonic µs */
  DrivedashStore       *store;         /* NULL: --no-save */
  gint64                saved_id;
} BenchCli;

static gboolean
on_signal (gpointer user_data)
{
  BenchCli *cli = user_data;

  g_cancellable_cancel (cli->cancellable);
  return G_SOURCE_CONTINUE;
}

static void
on_sample (DrivedashBench             *bench,
           const DrivedashBenchSample *sample,
           BenchCli                   *cli)
{
  cli->last_sample = *sample;
  cli->have_sample = TRUE;
}

static void
on_progress (DrivedashBench      *bench,
             guint                test_index,
             const char          *label,
             DrivedashBenchPhase  phase,
             double               fraction,
             BenchCli            *cli)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *left = NULL;
  gint64 now = g_get_monotonic_time ();

  if (!cli->live)
    return;

  /* A test's time counts from its warm-up: only a new test or a pause
   * restarts the clock, not warm-up turning into measuring. */
  if (test_index != cli->phase_test || (phase != cli->phase &&
                                        (phase == DRIVEDASH_BENCH_PHASE_PAUSING ||
                                         cli->phase == DRIVEDASH_BENCH_PHASE_PAUSING ||
                                         cli->phase == DRIVEDASH_BENCH_PHASE_PREPARING)))
    cli->phase_start = now;
  cli->phase_test = test_index;
  cli->phase = phase;
  left = drivedash_format_duration_estimate (
    drivedash_bench_estimate_remaining_s (cli->settings, cli->n_tests, 0, test_index, phase,
                                          (now - cli->phase_start) / (double) G_USEC_PER_SEC));

  g_string_append_printf (line, "\r\033[K[%3.0f%%] ", fraction * 100);
  if (phase == DRIVEDASH_BENCH_PHASE_PREPARING)
    g_string_append (line, _("Preparing the test file…"));
  else if (phase == DRIVEDASH_BENCH_PHASE_FINISHED)
    g_string_append (line, _("Finished"));
  else
    {
      g_string_append_printf (line, "%u/%u %s — %s", test_index + 1, cli->n_tests, label,
                              drivedash_bench_phase_get_display_name (phase));
      if (phase == DRIVEDASH_BENCH_PHASE_MEASURING && cli->have_sample && cli->last_sample.pass > 0)
        g_string_append_printf (line, " %u/%u", cli->last_sample.pass, cli->passes);
      if (cli->have_sample && cli->last_sample.test_index == test_index &&
          phase != DRIVEDASH_BENCH_PHASE_PAUSING)
        g_string_append_printf (line, ": %.1f MB/s, %.0f IOPS, %.1f µs (p99 %.1f µs)",
                                cli->last_sample.mb_per_s, cli->last_sample.iops,
                                cli->last_sample.latency_mean_us, cli->last_sample.latency_p99_us);
    }
  if (phase != DRIVEDASH_BENCH_PHASE_FINISHED)
    /* Translators: the time still to go, "about 2 min 30 s left" */
    g_string_append_printf (line, _(" — %s left"), left);
  fputs (line->str, stderr);
  fflush (stderr);
}

static void
on_run_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  BenchCli *cli = user_data;

  cli->report = drivedash_bench_run_finish (DRIVEDASH_BENCH (object), result, &cli->error);
  if (cli->live)
    fputs ("\r\033[K", stderr);
  g_main_loop_quit (cli->loop);
}

static gboolean
parse_modes (char              **modes,
             DrivedashBenchModes *out,
             GError            **error)
{
  DrivedashBenchModes flags = 0;

  for (guint i = 0; modes != NULL && modes[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (modes[i], ",", -1);

      for (guint j = 0; parts[j] != NULL; j++)
        {
          DrivedashBenchMode mode;

          if (!drivedash_bench_mode_from_string (g_strstrip (parts[j]), &mode))
            {
              g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Unknown mode “%s”: use read, write or mix."), parts[j]);
              return FALSE;
            }
          flags |= 1 << mode;
        }
    }
  *out = flags ? flags : DRIVEDASH_BENCH_MODES_READ_WRITE;
  return TRUE;
}

static gboolean
parse_seconds (const char  *text,
               const char  *what,
               double      *out,
               GError     **error)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(value >= 0))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a number of seconds for %s."), text, what);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static void
print_presets (void)
{
  g_autofree char *text = drivedash_cli_bench_describe_presets ();

  fputs (text, stdout);
}

/* The core writes "folder" for people and "folder_uri" exactly (see
 * drivedash_bench_report_to_json); the CLI adds what it knows. */
static char *
report_to_json (const DrivedashBenchReport *report,
                const DrivedashFolderInfo  *info,
                guint                       n_tests,
                gint64                      run_id)
{
  g_autoptr(JsonNode) root = drivedash_bench_report_to_json (report);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  drivedash_cli_bench_add_json (json_node_get_object (root), info, report, n_tests);
  if (run_id > 0)
    json_object_set_int_member (json_node_get_object (root), "run_id", run_id);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}

/* The tests of --test (all of them) or of the preset. */
static GArray *
expand_tests (char                        **specs,
              const char                   *preset_name,
              DrivedashBenchModes           mode_flags,
              const DrivedashBenchPreset  **out_preset,
              GError                      **error)
{
  g_autoptr(GArray) parsed = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));
  const DrivedashBenchPreset *preset;

  *out_preset = NULL;
  if (specs == NULL)
    {
      preset = drivedash_bench_preset_lookup (preset_name ? preset_name : DRIVEDASH_BENCH_DEFAULT_PRESET);
      if (preset == NULL)
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("Unknown preset “%s”. Run with --list-presets to see them."), preset_name);
          return NULL;
        }
      *out_preset = preset;
      return drivedash_bench_preset_expand (preset, mode_flags);
    }

  if (preset_name != NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Use either --preset or --test, not both."));
      return NULL;
    }
  for (guint i = 0; specs[i] != NULL; i++)
    {
      DrivedashBenchSpec spec;

      if (!drivedash_bench_spec_parse (specs[i], DRIVEDASH_BENCH_MODE_READ, &spec, error))
        return NULL;
      g_array_append_val (parsed, spec);
    }
  return drivedash_bench_specs_expand ((const DrivedashBenchSpec *) (gpointer) parsed->data,
                                       parsed->len, mode_flags);
}

/* Runs @tests in a main loop until done, failed or interrupted. */
/* Keeps the run in the results history: a stopped or failed one too, with
 * what it measured and why it ended. */
static void
save_run (BenchCli             *cli,
          DrivedashStoreRecorder *recorder,
          DrivedashBench       *bench)
{
  g_autoptr(DrivedashStoreRun) run = drivedash_store_recorder_finish (recorder, bench, cli->report, cli->error);
  g_autoptr(GError) error = NULL;

  if (!drivedash_store_save (cli->store, run, NULL, &error))
    fprintf (stderr, _("drivedash-cli bench: the run was not saved: %s\n"), error->message);
  else
    cli->saved_id = run->id;
}

static DrivedashBenchReport *
run_bench (BenchCli                     *cli,
           const DrivedashBenchSettings *settings,
           GArray                       *tests,
           GError                      **error)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(DrivedashBench) bench = NULL;
  g_autoptr(DrivedashStoreRecorder) recorder = NULL;
  guint sigint, sigterm;

  cli->loop = loop;
  cli->cancellable = cancellable;
  cli->live = isatty (STDERR_FILENO);
  cli->n_tests = tests->len;
  cli->passes = settings->passes;
  cli->settings = settings;
  cli->phase = DRIVEDASH_BENCH_PHASE_PREPARING;
  cli->phase_start = g_get_monotonic_time ();

  bench = drivedash_bench_new (settings, (const DrivedashBenchSpec *) (gpointer) tests->data, tests->len);
  g_signal_connect (bench, "sample", G_CALLBACK (on_sample), cli);
  g_signal_connect (bench, "progress", G_CALLBACK (on_progress), cli);
  if (cli->store != NULL)
    recorder = drivedash_store_recorder_new (cli->store, bench, NULL, NULL);

  /* Ctrl+C stops the run cleanly: the engine removes its file first. */
  sigint = g_unix_signal_add (SIGINT, on_signal, cli);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, cli);
  drivedash_bench_run_async (bench, cancellable, on_run_done, cli);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  cli->loop = NULL;
  cli->cancellable = NULL;
  if (recorder != NULL)
    save_run (cli, recorder, bench);
  if (cli->report == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&cli->error));
      return NULL;
    }
  return g_steal_pointer (&cli->report);
}

static void
print_report (const DrivedashBenchReport *report,
              const DrivedashFolderInfo  *folder_info,
              guint                       n_tests,
              gboolean                    json,
              gint64                      run_id)
{
  if (json)
    {
      g_autofree char *text = report_to_json (report, folder_info, n_tests, run_id);

      printf ("%s\n", text);
    }
  else
    {
      g_autofree char *text = drivedash_bench_report_format_text (report);

      fputs (text, stdout);
      drivedash_cli_bench_print_footer (folder_info, report);
    }
}

/* --fio-command: one line per test, nothing run. */
static void
print_fio_commands (const DrivedashBenchSettings *settings,
                    GArray                       *tests)
{
  for (guint i = 0; i < tests->len; i++)
    {
      g_autofree char *line =
        drivedash_bench_fio_command_line (settings, &g_array_index (tests, DrivedashBenchSpec, i));

      printf ("%s\n", line);
    }
}

static GOptionContext *
make_context (const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (NULL);
  g_autofree char *presets_text = drivedash_cli_bench_describe_presets ();
  g_autofree char *presets_help = g_strdup_printf ("%s\n%s", _("Presets:"), presets_text);

  /* "Usage: drivedash-cli bench [OPTION…]" rather than "bench". */
  g_set_prgname ("drivedash-cli bench");
  g_option_context_set_summary (context, _("Measure the speed of the drive behind a folder, "
                                           "CrystalDiskMark style. Writes only its own test "
                                           "file, which it removes afterwards."));
  g_option_context_set_description (context, presets_help);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return context;
}

static int
fail (GError *error)
{
  int code = drivedash_cli_exit_code_for_error (error);

  fprintf (stderr, "drivedash-cli bench: %s\n", error->message);
  return code;
}

int
drivedash_cli_bench (int    argc,
                     char **argv)
{
  g_autofree char *target = NULL;
  g_autofree char *preset_name = NULL;
  g_autofree char *size = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *interval = NULL;
  g_auto(GStrv) specs = NULL;
  g_auto(GStrv) modes = NULL;
  gint count = DRIVEDASH_BENCH_DEFAULT_PASSES;
  gint mix_read = DRIVEDASH_BENCH_DEFAULT_MIX_READ;
  gboolean json = FALSE, zeros = FALSE, buffered = FALSE, no_warmup = FALSE, list_presets = FALSE;
  gboolean allow_memory = FALSE;
  gboolean merge_requests = FALSE;
  gboolean fio_command = FALSE;
  gboolean no_save = FALSE;
  gint repeat = 1;
  g_autofree char *repeat_pause = NULL;
  double repeat_pause_s = 30;
  const GOptionEntry entries[] = {
    { "target", 't', 0, G_OPTION_ARG_FILENAME, &target,
      N_("Folder on the drive to measure (default: your home folder)"), N_("DIR") },
    { "preset", 'p', 0, G_OPTION_ARG_STRING, &preset_name,
      N_("Tests to run: a preset listed below (default: cdm-default)"), N_("NAME") },
    { "test", 0, 0, G_OPTION_ARG_STRING_ARRAY, &specs,
      N_("A test such as “RND4K Q32T16” (repeatable; replaces the preset)"), N_("SPEC") },
    { "mode", 'm', 0, G_OPTION_ARG_STRING_ARRAY, &modes,
      N_("read, write or mix (repeatable; default: read, then write)"), N_("MODE") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size,
      N_("Size of the test file (default: 1GiB)"), N_("SIZE") },
    { "count", 'n', 0, G_OPTION_ARG_INT, &count,
      N_("Measured passes per test (default: 5)"), N_("N") },
    { "duration", 'd', 0, G_OPTION_ARG_STRING, &duration,
      N_("Seconds per pass (default: 5)"), N_("S") },
    { "interval", 'i', 0, G_OPTION_ARG_STRING, &interval,
      N_("Seconds of pause between tests (default: 5)"), N_("S") },
    { "mix-read", 0, 0, G_OPTION_ARG_INT, &mix_read,
      N_("Percent of reads in mix mode (default: 70)"), N_("PCT") },
    { "zeros", 0, 0, G_OPTION_ARG_NONE, &zeros,
      N_("Write zeros instead of random data"), NULL },
    { "buffered", 0, 0, G_OPTION_ARG_NONE, &buffered,
      N_("If the filesystem refuses direct I/O, measure through the cache anyway"), NULL },
    { "no-warmup", 0, 0, G_OPTION_ARG_NONE, &no_warmup,
      N_("Skip the discarded warm-up pass"), NULL },
    { "merge-requests", 0, 0, G_OPTION_ARG_NONE, &merge_requests,
      N_("Let Linux join neighbouring requests of sequential tests into bigger ones (an "
         "expert’s choice: faster-looking, but the drive no longer sees the size the test "
         "is named after)"), NULL },
    { "allow-memory", 0, 0, G_OPTION_ARG_NONE, &allow_memory,
      N_("Measure a folder in the computer’s memory (tmpfs) anyway: the result is the "
         "memory’s speed, not a drive’s"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the results as JSON. The folder is in “folder” as readable text and in "
         "“folder_uri” exactly, as a file:// URI"), NULL },
    { "no-save", 0, 0, G_OPTION_ARG_NONE, &no_save,
      N_("Do not keep the run in the results history"), NULL },
    { "repeat", 'r', 0, G_OPTION_ARG_INT, &repeat,
      N_("Run the tests N times and keep them as one set with mean and spread"), N_("N") },
    { "repeat-pause", 0, 0, G_OPTION_ARG_STRING, &repeat_pause,
      N_("Seconds of pause between repeated runs (default: 30)"), N_("S") },
    { "list-presets", 0, 0, G_OPTION_ARG_NONE, &list_presets,
      N_("List the presets and exit"), NULL },
    { "fio-command", 0, 0, G_OPTION_ARG_NONE, &fio_command,
      N_("Print, for each test, the fio command that does the same work, and exit without "
         "running anything. fio measures the passes as one: its figure is their mean"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(GArray) tests = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashFolderInfo) folder_info = NULL;
  const DrivedashBenchPreset *preset = NULL;
  DrivedashBenchModes mode_flags;
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  BenchCli cli = { 0 };
  int ret;

  context = make_context (entries);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "drivedash-cli bench: %s\n", error->message);
      return DRIVEDASH_EXIT_USAGE;
    }
  if (argc > 1)
    {
      fprintf (stderr, _("drivedash-cli bench: unexpected argument “%s”\n"), argv[1]);
      return DRIVEDASH_EXIT_USAGE;
    }
  if (list_presets)
    {
      print_presets ();
      return DRIVEDASH_EXIT_OK;
    }

  drivedash_bench_settings_set_folder (settings, target);
  if (size != NULL && !drivedash_bench_parse_size (size, &settings->test_size, &error))
    return fail (error);
  if (duration != NULL && !parse_seconds (duration, "--duration", &settings->pass_duration, &error))
    return fail (error);
  if (interval != NULL && !parse_seconds (interval, "--interval", &settings->pause, &error))
    return fail (error);
  if (count < 1 || mix_read < 0 || mix_read > 100)
    {
      g_set_error_literal (&error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("--count must be at least 1 and --mix-read between 0 and 100."));
      return fail (error);
    }
  settings->passes = (guint) count;
  settings->mix_read_percent = (guint) mix_read;
  settings->data = zeros ? DRIVEDASH_BENCH_DATA_ZEROS : DRIVEDASH_BENCH_DATA_RANDOM;
  settings->allow_buffered = buffered;
  settings->warmup = !no_warmup;
  settings->merge_requests = merge_requests;
  if (!drivedash_bench_settings_validate (settings, &error))
    return fail (error);

  if (!parse_modes (modes, &mode_flags, &error))
    return fail (error);

  tests = expand_tests (specs, preset_name, mode_flags, &preset, &error);
  if (tests == NULL)
    return fail (error);
  if (fio_command)
    {
      print_fio_commands (settings, tests);
      return DRIVEDASH_EXIT_OK;
    }

  /* A missing or odd folder is left to the engine, which says what is
   * wrong with it; one in memory is refused here. */
  folder_info = drivedash_folder_probe (settings->folder);
  if (folder_info->is_directory && !allow_memory &&
      !drivedash_folder_info_check_measurable (folder_info, &error))
    return fail (error);
  if (repeat_pause != NULL && !parse_seconds (repeat_pause, "--repeat-pause", &repeat_pause_s, &error))
    return fail (error);
  if (repeat < 1 || repeat > 1000)
    {
      g_set_error_literal (&error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("--repeat must be between 1 and 1000."));
      return fail (error);
    }
  if (repeat > 1)
    return drivedash_cli_bench_repeat (settings, (const DrivedashBenchSpec *) (gpointer) tests->data,
                                       tests->len, repeat, repeat_pause_s, !no_save, json);
  if (!no_save && (store = drivedash_cli_open_store (&error)) == NULL)
    return drivedash_cli_fail (_("drivedash-cli bench: cannot save (use --no-save to run anyway): "), error);
  cli.store = store;
  if (!json)
    drivedash_cli_bench_print_header (folder_info, preset, settings, tests->len);

  report = run_bench (&cli, settings, tests, &error);
  if (report != NULL)
    print_report (report, folder_info, tests->len, json, cli.saved_id);
  /* --json has it as "run_id"; a failed run's comes after the error. */
  ret = report == NULL ? fail (error) : DRIVEDASH_EXIT_OK;
  if (cli.saved_id > 0 && (report == NULL || !json))
    fprintf (report != NULL ? stdout : stderr, _("Saved as run %lld.\n"), (long long) cli.saved_id);
  return ret;
}
