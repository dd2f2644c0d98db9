/* drivedash-cli-history.c — `drivedash-cli history list|show|compare|
 * export|import|delete|note|rename`: the results history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drivedash-cli.h"
#include "drivedash-cli-store.h"
#include "drivedash-compare.h"
#include "drivedash-compare-long.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-store-export.h"

#define PREFIX "drivedash-cli history: "

typedef struct
{
  gboolean  json;
  char     *drive;
  char     *format;
  char     *output;
  gboolean  all;
} Options;

static void
print_json (JsonBuilder *b)
{
  g_autofree char *text = drivedash_json_to_string (b);

  printf ("%s\n", text);
}

static gboolean
parse_id (const char  *text,
          gint64      *id,
          GError     **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &value, NULL))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a run number (see “drivedash-cli history list”)."), text);
      return FALSE;
    }
  *id = (gint64) value;
  return TRUE;
}

static GArray *
parse_ids (int          argc,
           char       **argv,
           GError     **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (int i = 0; i < argc; i++)
    {
      gint64 id;

      if (!parse_id (argv[i], &id, error))
        return NULL;
      g_array_append_val (ids, id);
    }
  return g_steal_pointer (&ids);
}

static const char *
game_mode_words (int game_mode)
{
  return game_mode == 1 ? _("on") : game_mode == 0 ? _("off") : "-";
}

/* Every stored string may be imported: the device-string sanitiser makes
 * escape sequences (title, clipboard, clear screen) visible instead. */
static void
print_safe (const char *label,
            const char *raw)
{
  g_autofree char *safe = drivedash_format_device_string (raw);

  printf ("%s %s\n", label, safe);
}

static gboolean
matches_drive (const DrivedashStoreRun *run,
               const char              *drive)
{
  g_autofree char *model = NULL;
  g_autofree char *wanted = NULL;

  if (drive == NULL)
    return TRUE;
  if (run->serial_hash != NULL && g_str_has_prefix (run->serial_hash, drive))
    return TRUE;
  model = g_utf8_casefold (run->drive_model ? run->drive_model : "", -1);
  wanted = g_utf8_casefold (drive, -1);
  return strstr (model, wanted) != NULL;
}

static void
add_headline (JsonBuilder             *b,
              const DrivedashStoreRun *run)
{
  json_builder_set_member_name (b, "headline");
  json_builder_begin_object (b);
  for (guint i = 0; i < run->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (run->results, i);
      g_autofree char *key = g_strdup_printf ("%s %s", r->test, r->mode);

      json_builder_set_member_name (b, key);
      if (isfinite (r->mb_per_s))
        json_builder_add_double_value (b, r->mb_per_s);
      else
        json_builder_add_null_value (b);
    }
  json_builder_end_object (b);
}

/* A full review's steps: "steps": [{"id", "kind", "status", "name"}]. */
static void
add_steps (JsonBuilder             *b,
           DrivedashStore          *store,
           const DrivedashStoreRun *run)
{
  g_autoptr(GPtrArray) steps = NULL;

  if (run->kind != DRIVEDASH_RUN_KIND_REVIEW ||
      (steps = drivedash_store_list_members (store, run->id, NULL)) == NULL)
    return;
  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < steps->len; i++)
    {
      const DrivedashStoreRun *step = g_ptr_array_index (steps, i);

      json_builder_begin_object (b);
      drivedash_json_member_int (b, "id", TRUE, step->id);
      drivedash_json_member_string (b, "kind", drivedash_run_kind_to_string (step->kind));
      drivedash_json_member_string (b, "status", drivedash_run_status_to_string (step->status));
      drivedash_json_member_string (b, "name", step->name);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
list_json (DrivedashStore *store,
           GPtrArray      *runs,
           const Options  *options)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (runs, i);
      g_autofree char *when = drivedash_store_format_time (run->started_at);

      if (!matches_drive (run, options->drive))
        continue;
      json_builder_begin_object (b);
      drivedash_json_member_int (b, "id", TRUE, run->id);
      drivedash_json_member_string (b, "kind", drivedash_run_kind_to_string (run->kind));
      drivedash_json_member_string (b, "started_at", when);
      drivedash_json_member_string (b, "status", drivedash_run_status_to_string (run->status));
      drivedash_json_member_string (b, "drive_model", run->drive_model);
      drivedash_json_member_bool (b, "game_mode", run->game_mode >= 0, run->game_mode == 1);
      drivedash_json_member_string (b, "name", run->name);
      add_headline (b, run);
      add_steps (b, store, run);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  print_json (b);
}

static void
list_text (GPtrArray     *runs,
           const Options *options)
{
  guint shown = 0;

  for (guint i = 0; i < runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (runs, i);
      g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (run->started_at / G_USEC_PER_SEC);
      g_autoptr(GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;
      g_autofree char *when = local ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("?");
      g_autofree char *model = drivedash_format_device_string (run->drive_model ? run->drive_model : "-");
      g_autoptr(GString) headline = g_string_new (NULL);

      if (!matches_drive (run, options->drive))
        continue;
      for (guint r = 0; r < run->results->len && r < 2; r++)
        {
          const DrivedashStoreResult *res = g_ptr_array_index (run->results, r);
          g_autofree char *test = drivedash_format_device_string (res->test);
          g_autofree char *mode = drivedash_format_device_string (res->mode);

          g_string_append_printf (headline, "%s%s %s %.1f MB/s", r ? ", " : "", test, mode, res->mb_per_s);
        }
      if (shown++ == 0)
        /* TRANSLATORS: column titles of "drivedash-cli history list" */
        printf ("%-6s %-16s %-11s %-28s %-5s %-9s %s\n", _("ID"), _("Date"), _("Kind"), _("Drive"),
                _("Game"), _("Status"), _("Headline"));
      printf ("%-6" G_GINT64_FORMAT " %-16s %-11s %-28.28s %-5s %-9s %s\n", run->id, when,
              drivedash_run_kind_to_string (run->kind), model, game_mode_words (run->game_mode),
              drivedash_run_status_to_string (run->status), headline->str);
    }
  if (shown == 0)
    printf ("%s\n", _("No runs are stored yet. “drivedash-cli bench” saves each run it makes."));
}

static int
cmd_list (DrivedashStore *store,
          int             argc,
          char          **argv,
          const Options  *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = NULL;

  if (argc != 0)
    {
      fprintf (stderr, PREFIX "%s\n", _("“list” takes no run numbers; use --drive to filter."));
      return DRIVEDASH_EXIT_USAGE;
    }
  runs = drivedash_store_list_runs (store, NULL, &error);
  if (runs == NULL)
    return drivedash_cli_fail (PREFIX, error);
  if (options->json)
    list_json (store, runs, options);
  else
    list_text (runs, options);
  return DRIVEDASH_EXIT_OK;
}

static int
cmd_show (DrivedashStore *store,
          int             argc,
          char          **argv,
          const Options  *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autoptr(GPtrArray) members = NULL;
  g_autofree char *text = NULL;
  gint64 id;

  if (argc != 1)
    {
      fprintf (stderr, PREFIX "%s\n", _("“show” takes one run number."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (!parse_id (argv[0], &id, &error) || (run = drivedash_store_get_run (store, id, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  if (options->json)
    {
      /* The export document of this one run: one schema to learn. */
      text = drivedash_store_export_json (store, &id, 1, &error);
      if (text == NULL)
        return drivedash_cli_fail (PREFIX, error);
      printf ("%s\n", text);
      return DRIVEDASH_EXIT_OK;
    }

  text = drivedash_store_run_to_text (run);
  fputs (text, stdout);
  if (run->name != NULL)
    print_safe (_("Name:"), run->name);
  if (run->note != NULL)
    print_safe (_("Note:"), run->note);
  if (run->error != NULL)
    print_safe (_("Stopped because:"), run->error);
  if (isfinite (run->temp_start_c) || isfinite (run->temp_end_c))
    printf (_("Temperature: %.0f °C at the start, %.0f °C at the end\n"), run->temp_start_c, run->temp_end_c);
  members = drivedash_store_list_members (store, id, &error);
  for (guint i = 0; members != NULL && i < members->len; i++)
    {
      const DrivedashStoreRun *m = g_ptr_array_index (members, i);
      g_autofree char *role = drivedash_format_device_string (m->set_role);

      if (run->kind == DRIVEDASH_RUN_KIND_REVIEW)
        /* TRANSLATORS: a step of a full review in "history show": its run
         * number, its kind ("sustained") and its status ("done") */
        printf (_("  step %u: run %lld, %s, %s\n"), i + 1, (long long) m->id,
                drivedash_run_kind_to_string (m->kind), drivedash_run_status_to_string (m->status));
      else
        printf (_("  part of this set: run %lld (%s)\n"), (long long) m->id, role);
    }
  return DRIVEDASH_EXIT_OK;
}

static void
compare_text (GPtrArray               *tests,
              DrivedashStoreRun      **runs,
              guint                    n)
{
  /* TRANSLATORS: how a comparison names a run: "run 12" */
  g_autofree char *baseline = g_strdup_printf (_("run %lld"), (long long) runs[0]->id);
  g_autofree char *advice = drivedash_compare_dup_cannot_tell (tests);

  for (guint t = 0; t < tests->len; t++)
    {
      const DrivedashCompareTest *test = g_ptr_array_index (tests, t);
      g_autofree char *name = drivedash_format_device_string (test->test);
      g_autofree char *mode = drivedash_format_device_string (test->mode);

      printf ("%s %s\n", name, mode);
      for (guint e = 0; e < test->entries->len; e++)
        {
          const DrivedashCompareEntry *entry = &g_array_index (test->entries, DrivedashCompareEntry, e);
          g_autofree char *side = g_strdup_printf (_("run %lld"), (long long) entry->id);
          g_autofree char *words = e > 0 ? drivedash_compare_describe_against (&entry->vs_first, side, baseline)
                                         : NULL;

          if (entry->summary.n == 0)
            continue;
          printf ("  %s %-6" G_GINT64_FORMAT " %10.1f MB/s", _("run"), entry->id, entry->summary.mean);
          if (isfinite (entry->summary.ci95))
            printf (" ± %.1f", entry->summary.ci95);
          /* TRANSLATORS: n = how many values the mean is of */
          printf (" (n=%u)", entry->summary.n);
          if (words != NULL)
            printf ("  %s", words);
          printf ("\n");
        }
    }
  if (advice != NULL)
    printf ("%s\n", advice);
}

/* @text to the terminal, or to --output FILE. */
static int
write_output (const char    *text,
              const Options *options)
{
  g_autoptr(GError) error = NULL;

  if (options->output == NULL || g_str_equal (options->output, "-"))
    {
      fputs (text, stdout);
      if (!g_str_has_suffix (text, "\n"))
        fputs ("\n", stdout);
      return DRIVEDASH_EXIT_OK;
    }
  if (!g_file_set_contents (options->output, text, -1, &error))
    return drivedash_cli_fail (PREFIX, error);
  return DRIVEDASH_EXIT_OK;
}

/* Long tests compare round by round or over time, not test by test;
 * mixed with anything else they are refused in plain words. */
static int
compare_long (GPtrArray     *runs,
              const Options *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashCompareLong) cmp = NULL;

  cmp = drivedash_compare_long_new ((DrivedashStoreRun * const *) runs->pdata, runs->len, &error);
  if (cmp == NULL)
    return drivedash_cli_fail (PREFIX, error);
  if (options->format != NULL && !g_str_equal (options->format, "csv"))
    {
      fprintf (stderr, PREFIX "%s\n", _("“compare” writes --format csv, or JSON with --json."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (options->format != NULL)
    {
      g_autofree char *csv = drivedash_compare_long_to_csv (cmp);

      return write_output (csv, options);
    }
  if (options->json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      drivedash_compare_long_add_json (b, cmp);
      json_builder_end_object (b);
      print_json (b);
    }
  else
    {
      g_autofree char *text = drivedash_compare_long_to_text (cmp);

      fputs (text, stdout);
    }
  return DRIVEDASH_EXIT_OK;
}

static int
cmd_compare (DrivedashStore *store,
             int             argc,
             char          **argv,
             const Options  *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(GPtrArray) tests = NULL;
  g_autofree DrivedashCompareSide *sides = NULL;

  if (argc < 2 || argc > 6)
    {
      fprintf (stderr, PREFIX "%s\n", _("“compare” takes 2 to 6 run numbers; the first is the baseline."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if ((ids = parse_ids (argc, argv, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  sides = g_new0 (DrivedashCompareSide, ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      DrivedashStoreRun *run = drivedash_store_get_run (store, g_array_index (ids, gint64, i), &error);

      if (run == NULL)
        return drivedash_cli_fail (PREFIX, error);
      g_ptr_array_add (runs, run);
    }
  for (guint i = 0; i < ids->len; i++)
    if (drivedash_compare_long_supports (((DrivedashStoreRun *) runs->pdata[i])->kind))
      return compare_long (runs, options);
  for (guint i = 0; i < ids->len; i++)
    sides[i] = (DrivedashCompareSide) { g_array_index (ids, gint64, i), NULL,
                                        (DrivedashStoreRun **) &runs->pdata[i], 1 };
  tests = drivedash_compare_sides (sides, ids->len);

  if (options->json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      drivedash_compare_add_json (b, tests);
      json_builder_end_object (b);
      print_json (b);
    }
  else if (tests->len == 0)
    printf ("%s\n", _("These runs have no test in common."));
  else
    compare_text (tests, (DrivedashStoreRun **) runs->pdata, runs->len);
  return DRIVEDASH_EXIT_OK;
}

static char *
export_text (DrivedashStore  *store,
             GArray          *ids,
             const Options   *options,
             GError         **error)
{
  const char *format = options->format ? options->format : "json";
  g_autoptr(DrivedashStoreRun) run = NULL;

  if (g_str_equal (format, "json"))
    return drivedash_store_export_json (store, (const gint64 *) (gpointer) ids->data, ids->len, error);
  if (!g_str_equal (format, "csv") && !g_str_equal (format, "text"))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("Unknown format “%s”: use json, csv or text."), format);
      return NULL;
    }
  if (ids->len != 1)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("CSV and text export one run at a time; JSON takes several."));
      return NULL;
    }
  run = drivedash_store_get_run (store, g_array_index (ids, gint64, 0), error);
  if (run == NULL)
    return NULL;
  return g_str_equal (format, "csv") ? drivedash_store_run_to_csv (run) : drivedash_store_run_to_text (run);
}

static int
cmd_export (DrivedashStore *store,
            int             argc,
            char          **argv,
            const Options  *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *text = NULL;

  if (options->all == (argc > 0))
    {
      fprintf (stderr, PREFIX "%s\n", _("“export” takes run numbers, or --all."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (options->all)
    {
      g_autoptr(GPtrArray) runs = drivedash_store_list_runs (store, NULL, &error);

      if (runs == NULL)
        return drivedash_cli_fail (PREFIX, error);
      ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      for (guint i = runs->len; i > 0; i--)
        g_array_append_val (ids, ((DrivedashStoreRun *) g_ptr_array_index (runs, i - 1))->id);
    }
  else if ((ids = parse_ids (argc, argv, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);

  text = export_text (store, ids, options, &error);
  if (text == NULL)
    return drivedash_cli_fail (PREFIX, error);
  return write_output (text, options);
}

static void
print_ids (const char *key,
           GArray     *ids,
           gboolean    json,
           const char *words)
{
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, key);
      json_builder_begin_array (b);
      for (guint i = 0; i < ids->len; i++)
        json_builder_add_int_value (b, g_array_index (ids, gint64, i));
      json_builder_end_array (b);
      json_builder_end_object (b);
      print_json (b);
      return;
    }
  printf ("%s", words);
  for (guint i = 0; i < ids->len; i++)
    printf (" %" G_GINT64_FORMAT, g_array_index (ids, gint64, i));
  printf ("\n");
}

static int
cmd_import (DrivedashStore *store,
            int             argc,
            char          **argv,
            const Options  *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GFile) file = NULL;

  if (argc != 1)
    {
      fprintf (stderr, PREFIX "%s\n", _("“import” takes one file, made by “drivedash-cli history export”."));
      return DRIVEDASH_EXIT_USAGE;
    }
  file = g_file_new_for_commandline_arg (argv[0]);
  ids = drivedash_store_import_file (store, file, NULL, &error);
  if (ids == NULL)
    return drivedash_cli_fail (PREFIX, error);
  print_ids ("imported", ids, options->json, _("Imported as run"));
  return DRIVEDASH_EXIT_OK;
}

static int
cmd_delete (DrivedashStore *store,
            int             argc,
            char          **argv,
            const Options  *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;

  if (argc < 1)
    {
      fprintf (stderr, PREFIX "%s\n", _("“delete” takes one or more run numbers."));
      return DRIVEDASH_EXIT_USAGE;
    }
  /* Every number is checked before anything is deleted. */
  if ((ids = parse_ids (argc, argv, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (store, g_array_index (ids, gint64, i), &error);

      if (run == NULL)
        return drivedash_cli_fail (PREFIX, error);
    }
  for (guint i = 0; i < ids->len; i++)
    if (!drivedash_store_delete_run (store, g_array_index (ids, gint64, i), &error))
      return drivedash_cli_fail (PREFIX, error);
  print_ids ("deleted", ids, options->json, _("Deleted run"));
  return DRIVEDASH_EXIT_OK;
}

static int
cmd_note (DrivedashStore *store,
          int             argc,
          char          **argv,
          const Options  *options)
{
  g_autoptr(GError) error = NULL;
  gboolean rename = g_str_equal (argv[-1], "rename");
  gint64 id;

  if (argc != 2)
    {
      fprintf (stderr, PREFIX "%s\n", rename ? _("“rename” takes a run number and a name (\"\" clears it).")
                                             : _("“note” takes a run number and a note (\"\" clears it)."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (!parse_id (argv[0], &id, &error) ||
      !(rename ? drivedash_store_set_name (store, id, argv[1], &error)
               : drivedash_store_set_note (store, id, argv[1], &error)))
    return drivedash_cli_fail (PREFIX, error);
  return DRIVEDASH_EXIT_OK;
}

typedef int (*HistoryCommand) (DrivedashStore *, int, char **, const Options *);

static const struct
{
  const char     *name;
  HistoryCommand  run;
} history_commands[] = {
  { "list", cmd_list }, { "show", cmd_show }, { "compare", cmd_compare },
  { "export", cmd_export }, { "import", cmd_import }, { "delete", cmd_delete },
  { "note", cmd_note }, { "rename", cmd_note },
};

static GOptionContext *
make_context (Options *options)
{
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &options->json,
      N_("Print JSON (the formats are described in docs/history-json.md)"), NULL },
    { "drive", 0, 0, G_OPTION_ARG_STRING, &options->drive,
      N_("list: only runs of drives whose model contains TEXT (or whose serial hash starts with it)"), N_("TEXT") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &options->format,
      N_("export: json (default; several runs, for import elsewhere), csv or text (one run); compare of long tests: csv"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options->output,
      N_("export, compare --format csv: write to FILE instead of the terminal"), N_("FILE") },
    { "all", 0, 0, G_OPTION_ARG_NONE, &options->all,
      N_("export: every run"), NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("list|show|compare|export|import|delete|note|rename [RUN…]"));

  g_option_context_set_summary (context,
    /* xgettext:no-c-format */
    _("The results history: every benchmark run kept on this computer.\n\n"
      "  list                    the runs, newest first\n"
      "  show RUN                one run's results, drive, settings and note\n"
      "  compare RUN RUN…        2 to 6 runs test by test: mean ± 95 % confidence\n"
      "                          interval and whether a difference is real\n"
      "                          (Welch's t-test), against the first run; long\n"
      "                          tests of one kind: over time, round by round\n"
      "                          and phase by phase\n"
      "  export RUN…|--all       JSON (to import on another computer), CSV or text\n"
      "  import FILE             runs exported from another computer\n"
      "  delete RUN…             remove runs (a set with its runs)\n"
      "  note RUN TEXT, rename RUN NAME"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return context;
}

int
drivedash_cli_history (int    argc,
                       char **argv)
{
  Options options = { 0 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;
  int ret = -1;

  /* "report" has options of its own (--pdf, --html, --show-serial). */
  if (argc >= 2 && g_str_equal (argv[1], "report"))
    return drivedash_cli_history_report (argc - 1, argv + 1);
  g_set_prgname ("drivedash-cli history");
  context = make_context (&options);
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc < 2)
    return drivedash_cli_usage (context);

  for (guint i = 0; i < G_N_ELEMENTS (history_commands); i++)
    {
      if (!g_str_equal (argv[1], history_commands[i].name))
        continue;
      store = drivedash_cli_open_store (&error);
      if (store == NULL)
        return drivedash_cli_fail (PREFIX, error);
      ret = history_commands[i].run (store, argc - 2, argv + 2, &options);
      break;
    }
  if (ret < 0)
    {
      fprintf (stderr, _("drivedash-cli history: unknown command “%s”.\n"), argv[1]);
      ret = drivedash_cli_usage (context);
    }
  g_free (options.drive);
  g_free (options.format);
  g_free (options.output);
  return ret;
}
