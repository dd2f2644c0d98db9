/* drivedash-cli-review.c — `drivedash-cli review`: the reviewer's whole
 * protocol in one run (lib/review): the speed test repeated, Sustained,
 * Consistency and Adaptivity, optionally each with game mode off and on.
 * Prints the plan and what it writes and takes before starting, each step
 * as it begins and ends, and a summary with the published review's
 * figures beside the tests that match.  Ctrl+C or SIGTERM stops it: the
 * step running is saved as stopped, game mode is put back, and
 * `--resume` carries on with that step.  `--report-pdf` and
 * `--report-html` make the report of the review's runs when it ends (the
 * History's report, with the published figures beside the tests that
 * match); given alone, of the last review in the state file, without
 * running anything.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-cli.h"
#include "drivedash-cli-store.h"
#include "drivedash-client.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-report.h"
#include "drivedash-review.h"
#include "drivedash-store-drive.h"
#include "drivedash-write-notice.h"

#define PREFIX "drivedash-cli review: "

typedef struct
{
  char     *target, *length, *size, *preset, *controller;
  char     *sysfs_root, *rules_dir, *state_dir;
  /* Test scale (hidden): the speed test's and the long tests' own options. */
  char     *report_pdf, *report_html;
  char     *duration, *interval, *long_size, *sustained_s, *round_s, *idle_s, *amount, *series_interval;
  gint      count, repeat;
  gboolean  game_mode_ab, resume, json, yes, no_save, no_service, allow_memory;
} ReviewOptions;

static void
options_clear (ReviewOptions *o)
{
  g_free (o->target); g_free (o->length); g_free (o->size); g_free (o->preset);
  g_free (o->report_pdf); g_free (o->report_html);
  g_free (o->controller); g_free (o->sysfs_root); g_free (o->rules_dir); g_free (o->state_dir);
  g_free (o->duration); g_free (o->interval); g_free (o->long_size); g_free (o->sustained_s);
  g_free (o->round_s); g_free (o->idle_s); g_free (o->amount); g_free (o->series_interval);
}

/* As in drivedash-cli-ab.c: the fixture options are for the tests' build,
 * which keeps the service when it is on a private bus. */
static gboolean
fixture_allowed (const ReviewOptions *o,
                 gboolean            *use_service)
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
  if (end == text || *end != '\0' || !(v >= 0) || v > 7 * 86400.0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("%s needs a number of seconds, such as 30 or 2.5; “%s” is not one."), option, text);
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

/* The test-scale options, on every long test they apply to. */
static gboolean
apply_long (const ReviewOptions       *o,
            DrivedashLongTestSettings *s,
            GError                   **error)
{
  if (!parse_size (o->long_size, &s->file_size, error) || !parse_size (o->amount, &s->amount, error) ||
      !parse_seconds (o->sustained_s, "--sustained-seconds", &s->duration_s, error) ||
      !parse_seconds (o->idle_s, "--idle-seconds", &s->idle_s, error) ||
      !parse_seconds (o->series_interval, "--series-interval", &s->interval_s, error))
    return FALSE;
  if (o->round_s != NULL)
    {
      if (!parse_seconds (o->round_s, "--round-seconds", &s->round_s, error))
        return FALSE;
      s->round_step_s = s->round_s / 2;
    }
  return TRUE;
}

static DrivedashReviewSettings *
make_settings (const ReviewOptions  *o,
               GError              **error)
{
  DrivedashReviewLength length = DRIVEDASH_REVIEW_LENGTH_STANDARD;
  g_autoptr(DrivedashReviewSettings) s = NULL;

  if (o->length != NULL && !drivedash_review_length_from_string (o->length, &length))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("Unknown length “%s”: use quick, standard or review."), o->length);
      return NULL;
    }
  s = drivedash_review_settings_new (length);
  s->game_mode_ab = o->game_mode_ab;
  drivedash_review_settings_set_folder (s, o->target);
  if (o->preset != NULL)
    {
      g_free (s->speed_preset);
      s->speed_preset = g_strdup (o->preset);
    }
  if (o->count > 0)
    s->bench->passes = (guint) o->count;
  if (o->repeat != 0)
    s->speed_repeats = (guint) MAX (o->repeat, 0);
  if (!parse_size (o->size, &s->bench->test_size, error) ||
      !parse_seconds (o->duration, "--duration", &s->bench->pass_duration, error) ||
      !parse_seconds (o->interval, "--interval", &s->bench->pause, error) ||
      !apply_long (o, s->sustained, error) || !apply_long (o, s->consistency, error) ||
      !apply_long (o, s->adaptivity, error) || !drivedash_review_settings_validate (s, error))
    return NULL;
  return g_steal_pointer (&s);
}

static void
print_plan (const DrivedashReviewState *state)
{
  fprintf (stderr, _("Full review, %s: %u steps, in this order:\n"),
           drivedash_review_length_to_string (state->settings->length), state->steps->len);
  for (guint i = 0; i < state->steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (state->steps, DrivedashReviewStep, i);
      g_autofree char *label = drivedash_review_step_dup_label (step);

      if (step->done)
        /* Translators: a step already done when a review is resumed */
        fprintf (stderr, _("  %u. %s (done, run %lld)\n"), i + 1, label, (long long) step->run_id);
      else
        fprintf (stderr, "  %u. %s\n", i + 1, label);
    }
}

/* The notice before start; FALSE (refused) above 100 GB without --yes. */
static gboolean
check_estimate (const DrivedashReviewState *state,
                gboolean                    yes,
                DrivedashReviewEstimate    *out,
                GError                    **error)
{
  const DrivedashLongTestSettings *fill = state->settings->adaptivity;
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *text = NULL;
  g_autofree char *most = NULL;
  DrivedashReviewEstimate e;
  guint64 amount = 0, written;
  double used;

  if (!drivedash_long_test_settings_resolve_amount (fill, &amount, error))
    return FALSE;
  drivedash_review_estimate (state->settings, state->steps, amount, &e);
  *out = e;
  if (state->controller != NULL)
    health = drivedash_client_get_health (NULL, state->controller, DRIVEDASH_CLIENT_NONE, NULL, NULL);
  drivedash_health_get_wear (health, &used, &written);
  text = drivedash_review_estimate_dup_text (&e, health ? health->model : NULL, used, written, now);
  fprintf (stderr, "%s\n", text);
  most = g_format_size (e.bytes_high);
  if (e.bytes_high > DRIVEDASH_WRITE_CONFIRM_BYTES && !yes)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("This review writes up to about %s, which wears the drive. "
                     "Add --yes to run it anyway."), most);
      return FALSE;
    }
  return TRUE;
}

static void
on_step_started (DrivedashReviewRun *run,
                 guint               index,
                 guint               n_steps)
{
  const DrivedashReviewState *state = drivedash_review_run_get_state (run);
  g_autofree char *label = drivedash_review_step_dup_label (&g_array_index (state->steps, DrivedashReviewStep, index));

  /* Translators: "Step 3 of 8: Sustained, game mode off…" */
  fprintf (stderr, _("Step %u of %u: %s…\n"), index + 1, n_steps, label);
}

static void
on_step_finished (DrivedashReviewRun *run,
                  guint               index,
                  gint64              run_id)
{
  const DrivedashReviewState *state = drivedash_review_run_get_state (run);

  if (run_id > 0)
    fprintf (stderr, _("Step %u of %u done, saved as run %lld.\n"), index + 1, state->steps->len,
             (long long) run_id);
  else
    fprintf (stderr, _("Step %u of %u done.\n"), index + 1, state->steps->len);
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

static gboolean
on_signal (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_CONTINUE;
}

/* The steps with the main loop running, held for the whole review: a
 * signal between two steps must not end the process before game mode is
 * put back. */
static gboolean
run_steps (DrivedashReviewRun  *run,
           GError             **error)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  RunWait wait = { loop, NULL };
  guint sigint = g_unix_signal_add (SIGINT, on_signal, cancellable);
  guint sigterm = g_unix_signal_add (SIGTERM, on_signal, cancellable);
  gboolean ok;

  g_signal_connect (run, "step-started", G_CALLBACK (on_step_started), NULL);
  g_signal_connect (run, "step-finished", G_CALLBACK (on_step_finished), NULL);
  drivedash_review_run_run_async (run, cancellable, on_run_done, &wait);
  g_main_loop_run (loop);
  ok = drivedash_review_run_run_finish (run, wait.result, error);
  g_object_unref (wait.result);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  return ok;
}

/* The review's record, what it wrote (its steps' bytes_written in
 * total, stopped attempts included) and the estimate said before. */
static void
print_json (DrivedashReviewRun            *run,
            const DrivedashReviewEstimate *e)
{
  g_autoptr(JsonNode) node = drivedash_review_state_to_json (drivedash_review_run_get_state (run));
  JsonObject *o = json_node_get_object (node);
  g_autofree char *text = NULL;

  json_object_set_int_member (o, "bytes_written",
                              (gint64) MIN (drivedash_review_run_get_bytes_written (run), G_MAXINT64));
  json_object_set_member (o, "estimate", drivedash_cli_estimate_to_json (e->bytes_low, e->bytes_high,
                                                                         e->seconds_low, e->seconds_high));
  if (drivedash_review_run_get_switched_game_mode (run))
    json_object_set_boolean_member (o, "restored_game_mode", drivedash_review_run_get_enabled_after (run));
  text = json_to_string (node, TRUE);
  printf ("%s\n", text);
}

static int
report_end (DrivedashReviewRun            *run,
            const ReviewOptions           *o,
            const DrivedashReviewEstimate *estimate,
            const GError                  *error)
{
  const DrivedashReviewState *state = drivedash_review_run_get_state (run);
  const GError *restore = drivedash_review_run_get_restore_error (run);

  if (restore != NULL)
    fprintf (stderr, _("drivedash-cli review: game mode could not be put back (%s). "
                       "Run “drivedash-cli game-mode %s %s”.\n"), restore->message, state->controller,
             drivedash_review_run_get_enabled_after (run) ? "off" : "on");
  if (error != NULL && drivedash_review_state_next_step (state) == 0 &&
      !drivedash_review_run_get_switched_game_mode (run) && state->settings->game_mode_ab &&
      !g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED))
    return drivedash_cli_fail (_("drivedash-cli review: cannot switch game mode, so no test was run: "), error);
  if (o->json)
    print_json (run, estimate);
  else
    {
      g_autofree char *summary = drivedash_review_state_dup_summary (state);

      fputs (summary, stdout);
    }
  if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED))
    {
      fprintf (stderr, PREFIX "%s\n", _("Stopped. The finished steps are kept: run "
                                        "“drivedash-cli review --resume” to carry on."));
      return DRIVEDASH_EXIT_CANCELLED;
    }
  return error != NULL ? drivedash_cli_fail (PREFIX, error) : DRIVEDASH_EXIT_OK;
}

static gboolean
wants_report (const ReviewOptions *o)
{
  return o->report_pdf != NULL || o->report_html != NULL;
}

/* Only a report asked for: nothing that says what to run. */
static gboolean
report_only (const ReviewOptions *o)
{
  return wants_report (o) && !o->resume && !o->game_mode_ab && o->target == NULL && o->length == NULL &&
         o->size == NULL && o->preset == NULL && o->controller == NULL && o->count == 0 && o->repeat == 0 &&
         o->duration == NULL && o->interval == NULL && o->long_size == NULL && o->sustained_s == NULL &&
         o->round_s == NULL && o->idle_s == NULL && o->amount == NULL && o->series_interval == NULL;
}

/* The History's report of the review's stored runs, with the published
 * figures beside the speed tests that match. */
static gboolean
write_report (const DrivedashReviewState  *state,
              DrivedashStore              *store,
              const ReviewOptions         *o,
              GError                     **error)
{
  g_autoptr(GArray) ids = drivedash_review_state_dup_run_ids (state);
  DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;

  if (ids->len == 0)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                           _("The review has no finished step yet, so there is nothing to report."));
      return FALSE;
    }
  options.title = _("Drivedash full review");
  options.show_reference = TRUE;
  options.sysfs_root = o->sysfs_root;
  /* The review itself, whose report opens with its answer. */
  if (state->review_id > 0)
    {
      g_array_set_size (ids, 0);
      g_array_append_val (ids, state->review_id);
    }
  if (!drivedash_report_write (store, (const gint64 *) (gpointer) ids->data, ids->len, &options,
                               o->report_pdf, o->report_html, error))
    return FALSE;
  if (o->report_pdf != NULL)
    fprintf (stderr, _("Saved the report as %s\n"), o->report_pdf);
  if (o->report_html != NULL)
    fprintf (stderr, _("Saved the report as %s\n"), o->report_html);
  return TRUE;
}

/* The report of the last review, finished or stopped, without running. */
static int
report_last (const ReviewOptions *o)
{
  g_autofree char *path = drivedash_review_state_get_default_path ();
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;

  if ((store = drivedash_cli_open_store (&error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  if ((state = drivedash_review_state_load (path, store, &error)) == NULL &&
      g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND))
    {
      g_clear_error (&error);
      g_set_error_literal (&error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                           _("There is no review to report yet: run one first."));
    }
  if (state == NULL)
    return drivedash_cli_fail (PREFIX, error);
  /* A review of an older Drivedash joins the history first. */
  if (state->in_old_file &&
      (!drivedash_review_migrate_to_history (state, store, &error) ||
       !drivedash_review_state_save_id (path, state->review_id, &error)))
    return drivedash_cli_fail (PREFIX, error);
  if (!write_report (state, store, o, &error))
    return drivedash_cli_fail (PREFIX, error);
  return DRIVEDASH_EXIT_OK;
}

/* The review to run: the stopped one (--resume) or a new one. */
static DrivedashReviewState *
make_state (const ReviewOptions  *o,
            const char           *path,
            DrivedashStore       *store,
            GError              **error)
{
  g_autoptr(DrivedashReviewSettings) settings = NULL;
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autofree char *controller = NULL;
  const char *folder;

  if (o->resume)
    {
      if (store == NULL)
        {
          g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                               _("A stopped review is kept in the results history: leave out --no-save to "
                                 "resume it."));
          return NULL;
        }
      if ((state = drivedash_review_state_load (path, store, error)) == NULL)
        return NULL;
      if (drivedash_review_state_next_step (state) >= state->steps->len)
        {
          g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                               _("The last review is finished: there is nothing to resume."));
          return NULL;
        }
      return g_steal_pointer (&state);
    }
  if ((settings = make_settings (o, error)) == NULL)
    return NULL;
  folder = settings->bench->folder ? settings->bench->folder : g_get_home_dir ();
  controller = o->controller ? g_strdup (o->controller) : drivedash_controller_for_folder (o->sysfs_root, folder);
  if (controller == NULL && settings->game_mode_ab)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                           _("The folder is not on an NVMe drive, and game mode is only for NVMe drives. "
                             "Pick a folder on one, or name the drive."));
      return NULL;
    }
  return drivedash_review_state_new (settings, controller);
}

static gboolean
check_folder (const DrivedashReviewState  *state,
              const ReviewOptions         *o,
              GError                     **error)
{
  g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe (state->settings->bench->folder);

  return !info->is_directory || o->allow_memory || drivedash_folder_info_check_measurable (info, error);
}

static int
run_review (const ReviewOptions *o,
            gboolean             use_service)
{
  g_autofree char *path = drivedash_review_state_get_default_path ();
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autoptr(DrivedashReviewRun) run = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();
  DrivedashClientFlags flags = DRIVEDASH_CLIENT_INTERACTIVE;
  DrivedashReviewEstimate estimate = { 0 };
  int ret;

  if (report_only (o))
    return report_last (o);
  if (wants_report (o) && o->no_save)
    {
      g_set_error_literal (&error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("A report is made of the runs kept in the results history: "
                             "leave out --no-save to have one."));
      return drivedash_cli_fail (PREFIX, error);
    }
  if (!o->no_save && (store = drivedash_cli_open_store (&error)) == NULL)
    return drivedash_cli_fail (_("drivedash-cli review: cannot save (use --no-save to run anyway): "), error);
  if ((state = make_state (o, path, store, &error)) == NULL || !check_folder (state, o, &error))
    return drivedash_cli_fail (PREFIX, error);
  if (!o->json)
    print_plan (state);
  /* The steps a resume has left are asked about as a new start's are. */
  if (!check_estimate (state, o->yes, &estimate, &error))
    return drivedash_cli_fail (PREFIX, error);
  drivedash_power_paths_override (&paths, o->sysfs_root, o->rules_dir, o->state_dir);
  flags |= o->no_service || !use_service ? DRIVEDASH_CLIENT_NO_SERVICE : 0;
  run = drivedash_review_run_new (g_steal_pointer (&state), path, &paths, o->sysfs_root, flags, store);
  run_steps (run, &error);
  ret = report_end (run, o, &estimate, error);
  g_clear_error (&error);
  if (wants_report (o) && (ret == DRIVEDASH_EXIT_OK || ret == DRIVEDASH_EXIT_CANCELLED) &&
      !write_report (drivedash_review_run_get_state (run), store, o, &error))
    return drivedash_cli_fail (PREFIX, error);
  return ret;
}

static GOptionContext *
make_context (ReviewOptions *o)
{
  const GOptionEntry entries[] = {
    { "length", 'l', 0, G_OPTION_ARG_STRING, &o->length, N_("quick, standard (default) or review"), N_("LENGTH") },
    { "game-mode-ab", 0, 0, G_OPTION_ARG_NONE, &o->game_mode_ab,
      N_("Run every step twice, with game mode off and then on, and put it back as it was afterwards"), NULL },
    { "size", 's', 0, G_OPTION_ARG_STRING, &o->size,
      N_("Size of the speed test's file (default: 1GiB; 8GiB for the review length, as the review had)"), N_("SIZE") },
    { "preset", 'p', 0, G_OPTION_ARG_STRING, &o->preset,
      N_("The speed test's tests (default: cdm-nvme; cdm6 matches the published review's figures)"), N_("NAME") },
    { "target", 't', 0, G_OPTION_ARG_FILENAME, &o->target,
      N_("Folder on the drive to measure (default: your home folder)"), N_("DIR") },
    { "resume", 0, 0, G_OPTION_ARG_NONE, &o->resume,
      N_("Carry on with the review that was stopped, keeping its finished steps"), NULL },
    { "report-pdf", 0, 0, G_OPTION_ARG_FILENAME, &o->report_pdf,
      N_("When the review ends, save its report as a PDF; alone, save the last review's report"), N_("FILE") },
    { "report-html", 0, 0, G_OPTION_ARG_FILENAME, &o->report_html,
      N_("The same report as a web page (HTML)"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, N_("Print the review as JSON"), NULL },
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &o->yes, N_("Run even when the review writes more than 100 GB"), NULL },
    { "no-save", 0, 0, G_OPTION_ARG_NONE, &o->no_save, N_("Do not keep the runs in the results history"), NULL },
    { "no-service", 0, 0, G_OPTION_ARG_NONE, &o->no_service,
      N_("Do not use the Drivedash system service (needs root)"), NULL },
    { "allow-memory", 0, 0, G_OPTION_ARG_NONE, &o->allow_memory,
      N_("Test a folder in the computer’s memory (tmpfs) anyway"), NULL },
    /* Test-only: a fixture tree, and every step at a tiny scale. */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->sysfs_root, NULL, NULL },
    { "udev-rules-dir", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->rules_dir, NULL, NULL },
    { "state-dir", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->state_dir, NULL, NULL },
    { "count", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &o->count, NULL, NULL },
    { "repeat", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &o->repeat, NULL, NULL },
    { "duration", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->duration, NULL, NULL },
    { "interval", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->interval, NULL, NULL },
    { "long-size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->long_size, NULL, NULL },
    { "sustained-seconds", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->sustained_s, NULL, NULL },
    { "round-seconds", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->round_s, NULL, NULL },
    { "idle-seconds", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->idle_s, NULL, NULL },
    { "amount", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->amount, NULL, NULL },
    { "series-interval", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &o->series_interval, NULL, NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("[DRIVE]"));

  g_option_context_set_summary (context,
    /* xgettext:no-c-format */
    _("The reviewer's whole protocol in one run: the speed test repeated (mean and 95 % interval), "
      "then Sustained, Consistency and Adaptivity, optionally each with game mode off and then on. "
      "It says what it writes and how long it takes before it starts, keeps the computer awake, "
      "and keeps each finished step: after Ctrl+C, --resume carries on. DRIVE names the drive "
      "(nvme0) when it is not the one holding the folder."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return context;
}

int
drivedash_cli_review (int    argc,
                      char **argv)
{
  ReviewOptions o = { 0 };
  g_autoptr(GOptionContext) context = make_context (&o);
  gboolean use_service = TRUE;
  int ret;

  g_set_prgname ("drivedash-cli review");
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    ret = DRIVEDASH_EXIT_USAGE;
  else if (argc > 2)
    ret = drivedash_cli_usage (context);
  else if (!fixture_allowed (&o, &use_service))
    {
      fprintf (stderr, PREFIX "%s\n",
               _("--sysfs-root, --udev-rules-dir and --state-dir are for tests and are not accepted as root."));
      ret = DRIVEDASH_EXIT_USAGE;
    }
  else
    {
      if (argc == 2)
        o.controller = g_strdup (argv[1]);
      ret = run_review (&o, use_service);
    }
  options_clear (&o);
  return ret;
}
