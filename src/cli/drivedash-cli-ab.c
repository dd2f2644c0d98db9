/* drivedash-cli-ab.c — `drivedash-cli ab`: does game mode make this drive
 * faster?  Rounds alternate off, on, off, on… so that drift (heat, the
 * drive's cache, other programs) hits both sides alike; then each test's
 * difference gets a 95 % confidence interval (Welch, drivedash-stats.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Game mode is switched temporarily through the usual client chain
 * (drivedashd, else directly as root) and the user's state — on or off,
 * kept across restarts or not — is put back after the last round, on
 * Ctrl+C or SIGTERM, and on an error.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-ab.h"
#include "drivedash-cli.h"
#include "drivedash-cli-store.h"
#include "drivedash-client.h"
#include "drivedash-compare.h"
#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-store-drive.h"
#include "drivedash-store-save.h"

#define PREFIX "drivedash-cli ab: "

typedef struct
{
  DrivedashPowerPaths  paths;
  char                *sysfs_root;
  const char          *controller;
  DrivedashClientFlags flags;
  GCancellable        *cancellable;
  DrivedashStore      *store;
} Ab;

typedef struct
{
  char     *target, *preset, *size, *duration, *interval, *pause, *controller;
  char     *sysfs_root, *rules_dir, *state_dir;
  char    **specs, **modes;
  gint      rounds, count;
  gboolean  json, no_save, no_service;
} AbOptions;

/* The fixture options choose which files root would write: like
 * game-mode, an installed drivedash-cli refuses them as root and then
 * never uses the service (which works on the real system).  The tests'
 * build (DRIVEDASH_TEST_BUILD) accepts them, and keeps the service when it
 * is on a private bus (DBUS_SYSTEM_BUS_ADDRESS set: the test bus, whose
 * drivedashd works on the same fixture tree). */
static gboolean
fixture_allowed (const AbOptions *o,
                 gboolean        *use_service)
{
  if (o->sysfs_root == NULL && o->rules_dir == NULL && o->state_dir == NULL)
    return TRUE;
#ifdef DRIVEDASH_TEST_BUILD
  *use_service = g_getenv ("DBUS_SYSTEM_BUS_ADDRESS") != NULL;
  return TRUE;
#else
  *use_service = FALSE;
  return geteuid () != 0;
#endif
}

static gboolean
on_signal (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_CONTINUE;
}

static void
on_round_started (DrivedashAbRun *run,
                  guint           round,
                  guint           n_rounds,
                  gboolean        on)
{
  fprintf (stderr, on ? _("Round %u of %u, game mode on…\n") : _("Round %u of %u, game mode off…\n"),
           round + 1, n_rounds);
}

typedef struct
{
  GMainLoop    *loop;
  GAsyncResult *result;
} RunWait;

static void
on_run_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  RunWait *wait = user_data;

  wait->result = g_object_ref (result);
  g_main_loop_quit (wait->loop);
}

/* The rounds (drivedash-ab.c), with the main loop running for the
 * signals that stop them; FALSE with why they ended early. */
static gboolean
run_rounds (DrivedashAbRun  *run,
            GCancellable    *cancellable,
            GError         **error)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  RunWait wait = { loop, NULL };
  gboolean ok;

  g_signal_connect (run, "round-started", G_CALLBACK (on_round_started), NULL);
  drivedash_ab_run_run_async (run, cancellable, on_run_done, &wait);
  g_main_loop_run (loop);
  ok = drivedash_ab_run_run_finish (run, wait.result, error);
  g_object_unref (wait.result);
  return ok;
}

static void
print_conclusion (GPtrArray *tests)
{
  g_autofree char *text = drivedash_compare_dup_game_mode_conclusion (tests);

  printf ("%s\n", text);
}

static void
print_result (GPtrArray *tests,
              guint      rounds,
              gboolean   restored,
              gint64     set_id,
              gboolean   json)
{
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autofree char *text = NULL;

      json_builder_begin_object (b);
      drivedash_json_member_int (b, "id", set_id > 0, set_id);
      drivedash_json_member_int (b, "rounds_per_side", TRUE, rounds);
      drivedash_json_member_bool (b, "restored_game_mode", TRUE, restored);
      drivedash_compare_add_json (b, tests);
      json_builder_end_object (b);
      text = drivedash_json_to_string (b);
      printf ("%s\n", text);
      return;
    }
  for (guint i = 0; i < tests->len; i++)
    {
      const DrivedashCompareTest *t = g_ptr_array_index (tests, i);
      const DrivedashCompareEntry *off = &g_array_index (t->entries, DrivedashCompareEntry, 0);
      const DrivedashCompareEntry *on = &g_array_index (t->entries, DrivedashCompareEntry, 1);

      /* TRANSLATORS: "SEQ1M Q8T1 read: off 3,458.1 ± 40.0, on 3,474.3 ± 15.4
       * MB/s", grouped as the locale does */
      printf (_("%s %s: off %'.1f ± %'.1f, on %'.1f ± %'.1f MB/s\n"), t->test, t->mode,
              off->summary.mean, isfinite (off->summary.ci95) ? off->summary.ci95 : 0.0,
              on->summary.mean, isfinite (on->summary.ci95) ? on->summary.ci95 : 0.0);
    }
  print_conclusion (tests);
  printf (restored ? _("Game mode is on again, as before.\n") : _("Game mode is off again, as before.\n"));
  if (set_id > 0)
    printf (_("Saved as run %lld.\n"), (long long) set_id);
}

static gint64
save_rounds (Ab             *ab,
             DrivedashAbRun *run)
{
  g_autoptr(DrivedashStoreRun) set = drivedash_ab_run_dup_set (run);
  g_autoptr(GError) error = NULL;

  if (ab->store == NULL || set == NULL)
    return 0;
  if (!drivedash_store_save (ab->store, set, drivedash_ab_run_get_rounds (run), &error))
    {
      drivedash_cli_fail (_("drivedash-cli ab: the rounds were not saved: "), error);
      return 0;
    }
  return set->id;
}

static GArray *
build_tests (const char  *preset_name,
             char       **specs,
             char       **modes,
             GError     **error)
{
  DrivedashBenchModes flags = 0;
  const DrivedashBenchPreset *preset;

  for (guint i = 0; modes != NULL && modes[i] != NULL; i++)
    {
      DrivedashBenchMode mode;

      if (!drivedash_bench_mode_from_string (modes[i], &mode))
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("Unknown mode “%s”: use read, write or mix."), modes[i]);
          return NULL;
        }
      flags |= 1 << mode;
    }
  flags = flags ? flags : DRIVEDASH_BENCH_MODES_READ_WRITE;
  if (specs != NULL)
    {
      g_autoptr(GArray) parsed = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));

      for (guint i = 0; specs[i] != NULL; i++)
        {
          DrivedashBenchSpec spec;

          if (!drivedash_bench_spec_parse (specs[i], DRIVEDASH_BENCH_MODE_READ, &spec, error))
            return NULL;
          g_array_append_val (parsed, spec);
        }
      return drivedash_bench_specs_expand ((const DrivedashBenchSpec *) (gpointer) parsed->data,
                                           parsed->len, flags);
    }
  preset = drivedash_bench_preset_lookup (preset_name ? preset_name : DRIVEDASH_BENCH_DEFAULT_PRESET);
  if (preset == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("Unknown preset “%s”. Run “drivedash-cli bench --list-presets” to see them."),
                   preset_name);
      return NULL;
    }
  return drivedash_bench_preset_expand (preset, flags);
}

static gboolean
parse_number (const char  *text,
              const char  *what,
              double      *out,
              GError     **error)
{
  char *end = NULL;
  double value;

  if (text == NULL)
    return TRUE;
  value = g_ascii_strtod (text, &end);
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
ab_options_clear (AbOptions *o)
{
  g_free (o->target); g_free (o->preset); g_free (o->size); g_free (o->duration);
  g_free (o->interval); g_free (o->pause); g_free (o->controller); g_free (o->sysfs_root);
  g_free (o->rules_dir); g_free (o->state_dir);
  g_strfreev (o->specs); g_strfreev (o->modes);
}

static GOptionContext *
make_context (AbOptions *o)
{
  const GOptionEntry entries[] = {
    { "preset", 'p', 0, G_OPTION_ARG_STRING, &o->preset, N_("Tests to run (see bench --list-presets)"), N_("NAME") },
    { "test", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->specs, N_("A test such as “RND4K Q1T1” (repeatable; replaces the preset)"), N_("SPEC") },
    { "mode", 'm', 0, G_OPTION_ARG_STRING_ARRAY, &o->modes, N_("read, write or mix (repeatable; default: read, then write)"), N_("MODE") },
    { "rounds", 'n', 0, G_OPTION_ARG_INT, &o->rounds, N_("Rounds with game mode off, and as many on (default: 5)"), N_("N") },
    { "target", 't', 0, G_OPTION_ARG_FILENAME, &o->target, N_("Folder on the drive to measure (default: your home folder)"), N_("DIR") },
    { "controller", 'c', 0, G_OPTION_ARG_STRING, &o->controller, N_("The drive's controller, e.g. nvme0 (default: the one holding the folder)"), N_("NAME") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &o->size, N_("Size of the test file (default: 1GiB)"), N_("SIZE") },
    { "duration", 'd', 0, G_OPTION_ARG_STRING, &o->duration, N_("Seconds per pass (default: 5)"), N_("S") },
    { "count", 0, 0, G_OPTION_ARG_INT, &o->count, N_("Measured passes per test and round (default: 5)"), N_("N") },
    { "interval", 'i', 0, G_OPTION_ARG_STRING, &o->interval, N_("Seconds of pause between tests (default: 5)"), N_("S") },
    { "pause", 0, 0, G_OPTION_ARG_STRING, &o->pause, N_("Seconds of pause between rounds (default: 5)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, N_("Print the result as JSON"), NULL },
    { "no-save", 0, 0, G_OPTION_ARG_NONE, &o->no_save, N_("Do not keep the rounds in the results history"), NULL },
    { "no-service", 0, 0, G_OPTION_ARG_NONE, &o->no_service, N_("Do not use the Drivedash system service (needs root)"), NULL },
    /* Test-only: a fixture tree instead of the real system (fixture_allowed()). */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->sysfs_root, NULL, NULL },
    { "udev-rules-dir", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->rules_dir, NULL, NULL },
    { "state-dir", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->state_dir, NULL, NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (NULL);

  g_option_context_set_summary (context,
    /* xgettext:no-c-format */
    _("Does game mode make this drive faster? Runs the tests with game mode off, then on, "
      "then off… and says for each test whether the difference is real (95 % confidence, "
      "Welch's t-test), or within the noise. Game mode is put back as it was at the end, "
      "also when stopped with Ctrl+C or on an error.\n\n"
      "--json prints {\"id\", \"rounds_per_side\", \"restored_game_mode\", \"tests\": […]}, "
      "where tests is as in “drivedash-cli history compare --json”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return context;
}

static DrivedashBenchSettings *
make_settings (const AbOptions  *o,
               GError          **error)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();

  drivedash_bench_settings_set_folder (settings, o->target);
  if ((o->size != NULL && !drivedash_bench_parse_size (o->size, &settings->test_size, error)) ||
      !parse_number (o->duration, "--duration", &settings->pass_duration, error) ||
      !parse_number (o->interval, "--interval", &settings->pause, error))
    return NULL;
  if (o->count < 1 || o->rounds < 2 || o->rounds > 100)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("--rounds must be between 2 and 100 (a confidence interval needs at "
                             "least two rounds per side), and --count at least 1."));
      return NULL;
    }
  settings->passes = (guint) o->count;
  if (!drivedash_bench_settings_validate (settings, error))
    return NULL;
  return g_steal_pointer (&settings);
}

/* Whether game mode is on now; says (on stderr) if it could not be put
 * back as it was. */
static gboolean
report_restore (Ab             *ab,
                DrivedashAbRun *run)
{
  const DrivedashGameMode *original = drivedash_ab_run_get_original (run);
  const GError *error = drivedash_ab_run_get_restore_error (run);

  if (error != NULL)
    fprintf (stderr, _("drivedash-cli ab: game mode could not be put back (%s). "
                       "Run “drivedash-cli game-mode %s %s”.\n"),
             error->message, ab->controller, original->enabled ? "on" : "off");
  return drivedash_ab_run_get_enabled_after (run);
}

static int
run_ab (Ab                           *ab,
        const AbOptions              *o,
        const DrivedashBenchSettings *settings,
        GArray                       *tests,
        double                        pause)
{
  g_autoptr(DrivedashAbRun) run = NULL;
  g_autoptr(GPtrArray) compared = NULL;
  g_autoptr(GError) error = NULL;
  gboolean restored;
  gint64 set_id;

  run = drivedash_ab_run_new (&ab->paths, ab->sysfs_root, ab->controller, ab->flags, ab->store, settings,
                              (const DrivedashBenchSpec *) (gpointer) tests->data, tests->len,
                              (guint) o->rounds, pause);
  run_rounds (run, ab->cancellable, &error);
  if (drivedash_ab_run_get_original (run) == NULL)
    return drivedash_cli_fail (_("drivedash-cli ab: cannot switch game mode, so no test was run: "), error);
  restored = report_restore (ab, run);
  set_id = save_rounds (ab, run);
  if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED))
    {
      fprintf (stderr, PREFIX "%s\n", _("Stopped; game mode is back as it was."));
      return DRIVEDASH_EXIT_CANCELLED;
    }
  if (error != NULL)
    return drivedash_cli_fail (PREFIX, error);

  compared = drivedash_ab_run_compare (run);
  print_result (compared, (guint) o->rounds, restored, set_id, o->json);
  return DRIVEDASH_EXIT_OK;
}

int
drivedash_cli_ab (int    argc,
                  char **argv)
{
  AbOptions o = { .rounds = 5, .count = DRIVEDASH_BENCH_DEFAULT_PASSES };
  g_autoptr(GOptionContext) context = make_context (&o);
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  g_autoptr(GArray) tests = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autofree char *controller = NULL;
  Ab ab = { .paths = *drivedash_power_paths_default (), .flags = DRIVEDASH_CLIENT_INTERACTIVE };
  double pause = 5;
  gboolean use_service = TRUE;
  guint sigint, sigterm;
  int ret;

  g_set_prgname ("drivedash-cli ab");
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    return ab_options_clear (&o), DRIVEDASH_EXIT_USAGE;
  if (argc > 1)
    ret = drivedash_cli_usage (context);
  else if (!fixture_allowed (&o, &use_service))
    {
      fprintf (stderr, PREFIX "%s\n",
               _("--sysfs-root, --udev-rules-dir and --state-dir are for tests and are not accepted as root."));
      ret = DRIVEDASH_EXIT_USAGE;
    }
  else if ((settings = make_settings (&o, &error)) == NULL ||
           (tests = build_tests (o.preset, o.specs, o.modes, &error)) == NULL ||
           !parse_number (o.pause, "--pause", &pause, &error))
    ret = drivedash_cli_fail (PREFIX, error);
  else if ((controller = o.controller ? g_strdup (o.controller)
            : drivedash_controller_for_folder (o.sysfs_root, settings->folder ? settings->folder
                                                                              : g_get_home_dir ())) == NULL)
    {
      fprintf (stderr, PREFIX "%s\n", _("The folder is not on an NVMe drive, and game mode is only for "
                                        "NVMe drives. Pick a folder on one, or name it with --controller."));
      ret = DRIVEDASH_EXIT_NOT_FOUND;
    }
  else if (!o.no_save && (store = drivedash_cli_open_store (&error)) == NULL)
    ret = drivedash_cli_fail (_("drivedash-cli ab: cannot save (use --no-save to run anyway): "), error);
  else
    {
      drivedash_power_paths_override (&ab.paths, o.sysfs_root, o.rules_dir, o.state_dir);
      ab.sysfs_root = o.sysfs_root;
      ab.controller = controller;
      ab.flags |= o.no_service || !use_service ? DRIVEDASH_CLIENT_NO_SERVICE : 0;
      ab.cancellable = cancellable;
      ab.store = store;
      /* Held for the whole test: a signal between two rounds must not kill
       * the process before game mode is put back. */
      sigint = g_unix_signal_add (SIGINT, (GSourceFunc) on_signal, cancellable);
      sigterm = g_unix_signal_add (SIGTERM, (GSourceFunc) on_signal, cancellable);
      ret = run_ab (&ab, &o, settings, tests, pause);
      g_source_remove (sigint);
      g_source_remove (sigterm);
    }
  ab_options_clear (&o);
  return ret;
}
