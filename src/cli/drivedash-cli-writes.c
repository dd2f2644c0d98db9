/* drivedash-cli-writes.c — drivedash-cli writes [DRIVE] --since 1d|7d|30d
 * [--json], and writes [DRIVE] --sample SECONDS [--json]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * --since reads what the background watch kept (per app, per hour) for
 * each NVMe drive, or DRIVE.  --sample measures live, without the watch,
 * what each app writes to each drive for SECONDS (or until Ctrl+C).  A
 * user who is not root sees only their own processes' counters, so
 * everyone's come from drivedashd's shared counter where it answers
 * (GetAppWrites, asked at the start, every minute and at the end, the
 * differences added up); otherwise the cgroups' and the user's own
 * processes' counters are read here every half second
 * (drivedash-write-sampler.h), one last time at the end; --no-cgroups
 * reads only the processes', to compare (here only).
 */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-cli.h"
#include "drivedash-client.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-write-sampler.h"

#define PREFIX       "drivedash-cli writes: "
#define POLL_MS      500
/* Well within the 5 minutes after which the service stops counting. */
#define SERVICE_POLL_MS (60 * 1000)
#define MAX_SECONDS  86400

typedef struct
{
  DrivedashWriteSampler *sampler;   /* own programs; NULL: the service's */
  DrivedashWritesTally  *everyone;  /* the service's differences, added up */
  GPtrArray             *last;      /* its last answer */
  gint64                 since;     /* and when its counting started */
  char                  *why_own;   /* why the service was not used */
  GMainLoop             *loop;
  gboolean               interrupted;
} Sampling;

static void
sampling_clear (Sampling *s)
{
  g_clear_pointer (&s->sampler, drivedash_write_sampler_free);
  g_clear_pointer (&s->everyone, drivedash_writes_tally_free);
  g_clear_pointer (&s->last, g_ptr_array_unref);
  g_clear_pointer (&s->why_own, g_free);
  g_clear_pointer (&s->loop, g_main_loop_unref);
}

/* One more answer from the service: what grew since the last one (all of
 * it when the service started counting again) is added up. */
static gboolean
service_step (Sampling  *s,
              GError   **error)
{
  g_autoptr(GPtrArray) now = NULL;
  g_autoptr(GPtrArray) grew = NULL;
  gint64 since = 0;

  if ((now = drivedash_client_get_app_writes (&since, NULL, error)) == NULL)
    return FALSE;
  grew = drivedash_app_writes_delta (since == s->since ? s->last : NULL, now);
  drivedash_writes_tally_add (s->everyone, grew);
  g_ptr_array_unref (s->last);
  s->last = g_steal_pointer (&now);
  s->since = since;
  return TRUE;
}

/* Everyone's programs through the service where it answers and this user
 * could not read them (root reads them all here); else this user's own.
 * --no-cgroups compares the local sampler's sources: here only. */
static void
sampling_start (Sampling   *s,
                const char *sysfs_root,
                gboolean    no_cgroups)
{
  g_autoptr(GError) error = NULL;

  if (getuid () != 0 && !no_cgroups &&
      (s->last = drivedash_client_get_app_writes (&s->since, NULL, &error)) != NULL)
    {
      s->everyone = drivedash_writes_tally_new (DRIVEDASH_WRITES_TALLY_MAX_APPS);
      return;
    }
  if (error != NULL)
    s->why_own = g_strdup (error->message);
  s->sampler = drivedash_write_sampler_new (NULL);
  drivedash_write_sampler_set_sysfs_root (s->sampler, sysfs_root);
  drivedash_write_sampler_set_cgroups (s->sampler, !no_cgroups);
  drivedash_write_sampler_poll (s->sampler);
}

static gboolean
on_poll (gpointer data)
{
  Sampling *s = data;

  /* A missed answer is made up by the next one. */
  if (s->sampler != NULL)
    drivedash_write_sampler_poll (s->sampler);
  else
    service_step (s, NULL);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_end (gpointer data)
{
  Sampling *s = data;

  g_main_loop_quit (s->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
on_signal (gpointer data)
{
  Sampling *s = data;

  s->interrupted = TRUE;
  g_main_loop_quit (s->loop);
  return G_SOURCE_CONTINUE;
}

static void
print_json (GPtrArray             *totals,
            DrivedashWriteSampler *sampler,
            double                 seconds)
{
  /* sampler NULL: the service's counter, whose details it does not say. */
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  drivedash_json_member_double (b, "seconds", seconds);
  drivedash_json_member_string (b, "scope", sampler == NULL || getuid () == 0 ? "everyone" : "own");
  if (sampler != NULL)
    {
      drivedash_json_member_string (b, "cgroup_counters", drivedash_write_sampler_get_cgroup_kind (sampler));
      json_builder_set_member_name (b, "processes_ended");
      json_builder_add_int_value (b, drivedash_write_sampler_get_n_ended (sampler));
      json_builder_set_member_name (b, "processes_unreadable");
      json_builder_add_int_value (b, drivedash_write_sampler_get_n_unreadable (sampler));
    }
  json_builder_set_member_name (b, "apps");
  json_builder_begin_array (b);
  for (guint i = 0; i < totals->len; i++)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (totals, i);

      json_builder_begin_object (b);
      drivedash_json_member_string (b, "app", w->app);
      drivedash_json_member_string (b, "disk", w->disk);
      drivedash_json_member_string (b, "drive", w->drive);
      json_builder_set_member_name (b, "bytes");
      json_builder_add_int_value (b, (gint64) w->bytes);
      json_builder_set_member_name (b, "processes");
      json_builder_add_int_value (b, w->processes);
      drivedash_json_member_string (b, "source", w->source == DRIVEDASH_WRITE_SOURCE_CGROUP ? "cgroup" : "process");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  puts (text);
}

/* What the counts leave out, for the source that made them. */
static void
print_notes (const Sampling *s)
{
  if (s->sampler == NULL)
    {
      printf ("%s\n", _("Everyone’s programs, counted by the Drivedash system service: a program that "
                        "starts and ends within 5 seconds is not seen unless its app’s cgroup counts it."));
      return;
    }
  if (getuid () != 0)
    /* Translators: the end is why, such as "The Drivedash system service is not installed." */
    printf (_("Only your own programs were counted: %s\n"),
            s->why_own ? s->why_own : _("other users’ programs can’t be read."));
  if (drivedash_write_sampler_get_cgroup_kind (s->sampler) != NULL)
    printf ("%s\n", _("An app whose cgroup has an I/O counter counts in full, programs it starts and ends "
                      "between two looks included, but a cgroup that ends loses its last half second."));
  /* A parent's counters take in what the children it waited for wrote
   * (drivedash-write-sampler.h): nothing is lost, but a child never seen
   * counts under its parent. */
  printf ("%s\n", _("Other programs: one that starts and ends within half a second counts under the "
                    "program that started it, and one that closed its files before it was looked at "
                    "counts under an unknown drive."));
}

static void
print_text (GPtrArray      *totals,
            const Sampling *s,
            double          seconds)
{
  /* Translators: "What each app wrote in 20 s:" */
  printf (_("What each app wrote in %.0f s:\n"), seconds);
  if (totals->len == 0)
    printf ("  %s\n", _("Nothing was written."));
  for (guint i = 0; i < totals->len; i++)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (totals, i);
      g_autofree char *bytes = drivedash_format_bytes (w->bytes);
      g_autofree char *app = drivedash_format_device_string (w->app);
      g_autofree char *drive = drivedash_format_device_string (w->drive ? w->drive : w->disk);

      if (w->source == DRIVEDASH_WRITE_SOURCE_CGROUP)
        /* Translators: "  Firefox: 1.2 GB to Samsung SSD 980 1TB (its cgroup's counter)" */
        printf (_("  %s: %s to %s (its cgroup’s counter)\n"), app, bytes, drive);
      else
        /* Translators: "  Firefox: 1.2 GB to Samsung SSD 980 1TB" */
        printf (_("  %s: %s to %s\n"), app, bytes, drive ? drive : _("an unknown drive"));
    }
  print_notes (s);
}

/* "1d", "7d", "30d", "12h" → seconds; 0 when not understood. */
static gint64
parse_since (const char *text)
{
  char *end = NULL;
  guint64 n = text ? g_ascii_strtoull (text, &end, 10) : 0;

  if (n == 0 || n > 3660 || end == NULL || end[0] == '\0' || end[1] != '\0')
    return 0;
  return end[0] == 'd' ? (gint64) n * 86400 : end[0] == 'h' ? (gint64) n * 3600 : 0;
}

/* The drives asked about: DRIVE, or every NVMe drive. */
static GPtrArray *
drives_for (const char  *sysfs_root,
            const char  *name,
            GError     **error)
{
  GPtrArray *drives;
  DrivedashDrive *one;

  if (name == NULL)
    return drivedash_drive_list (sysfs_root, error);
  if ((one = drivedash_drive_lookup (sysfs_root, name, error)) == NULL)
    return NULL;
  drives = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (drives, one);
  return drives;
}

/* What the watch kept for @drive since @since; NULL when it never saw it. */
static GPtrArray *
kept_for (DrivedashStore *store,
          DrivedashDrive *drive,
          gint64          since)
{
  g_autoptr(GError) error = NULL;
  gint64 id = store ? drivedash_store_find_watch_drive (store, drivedash_drive_get_serial (drive),
                                                        drivedash_drive_get_name (drive), &error) : 0;

  if (id <= 0)
    return NULL;
  return drivedash_store_list_app_writes (store, id, since, NULL);
}

static void
kept_json (JsonBuilder    *b,
           DrivedashDrive *drive,
           GPtrArray      *apps)
{
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "controller", drivedash_drive_get_name (drive));
  drivedash_json_member_string (b, "model", drivedash_drive_get_model (drive));
  json_builder_set_member_name (b, "watched");
  json_builder_add_boolean_value (b, apps != NULL);
  json_builder_set_member_name (b, "apps");
  json_builder_begin_array (b);
  for (guint i = 0; apps != NULL && i < apps->len; i++)
    {
      const DrivedashAppTotal *t = g_ptr_array_index (apps, i);

      json_builder_begin_object (b);
      drivedash_json_member_string (b, "app", t->app);
      json_builder_set_member_name (b, "bytes");
      json_builder_add_int_value (b, (gint64) t->bytes);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
kept_text (DrivedashDrive *drive,
           GPtrArray      *apps,
           gint64          seconds)
{
  g_autofree char *model = drivedash_format_device_string (drivedash_drive_get_model (drive));
  guint64 sum = 0;

  /* Translators: "nvme0 (Samsung SSD 980 1TB), the last 7 days:" */
  printf (_("%s (%s), the last %u days:\n"), drivedash_drive_get_name (drive), model ? model : "?",
          (guint) ((seconds + 86399) / 86400));
  if (apps == NULL)
    printf ("  %s\n", _("Not kept: the background watch has not seen this drive. Turn on “Watch Drives "
                        "in the Background” in Drivedash’s preferences."));
  else if (apps->len == 0)
    printf ("  %s\n", _("Nothing was written that the watch could tie to an app."));
  for (guint i = 0; apps != NULL && i < apps->len; i++)
    sum += ((DrivedashAppTotal *) g_ptr_array_index (apps, i))->bytes;
  for (guint i = 0; apps != NULL && i < apps->len; i++)
    {
      const DrivedashAppTotal *t = g_ptr_array_index (apps, i);
      g_autofree char *bytes = drivedash_format_bytes (t->bytes);
      g_autofree char *app = drivedash_format_device_string (t->app);

      /* Translators: "  Firefox: 12.3 GB (41 %)" */
      printf (_("  %s: %s (%.0f %%)\n"), app, bytes, sum > 0 ? 100.0 * t->bytes / sum : 0.0);
    }
}

/* --sample DRIVE: only what went to that NVMe controller's namespaces. */
static void
keep_drive (GPtrArray  *totals,
            const char *controller)
{
  for (guint i = totals->len; i > 0; i--)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (totals, i - 1);

      if (g_strcmp0 (w->controller, controller) != 0)
        g_ptr_array_remove_index (totals, i - 1);
    }
}

/* --since: what the watch kept. */
static int
show_kept (const char *sysfs_root,
           const char *name,
           gint64      seconds,
           gboolean    json)
{
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) drives = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GError) error = NULL;
  const gint64 since = g_get_real_time () / G_USEC_PER_SEC - seconds;

  if ((drives = drives_for (sysfs_root, name, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  /* Asking must not make an empty history where the watch never ran. */
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && (store = drivedash_store_open (path, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "since_seconds");
  json_builder_add_int_value (b, seconds);
  json_builder_set_member_name (b, "drives");
  json_builder_begin_array (b);
  for (guint i = 0; i < drives->len; i++)
    {
      DrivedashDrive *drive = g_ptr_array_index (drives, i);
      g_autoptr(GPtrArray) apps = kept_for (store, drive, since);

      if (json)
        kept_json (b, drive, apps);
      else
        kept_text (drive, apps, seconds);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  if (json)
    {
      g_autoptr(JsonNode) root = json_builder_get_root (b);
      g_autofree char *text = json_to_string (root, TRUE);

      puts (text);
    }
  else if (drives->len == 0)
    printf ("%s\n", _("No NVMe drive was found."));
  return DRIVEDASH_EXIT_OK;
}

/* --sample: measures for @seconds (or until SIGINT or SIGTERM) and
 * prints what each app wrote, to @only's drive alone where given. */
static int
sample_live (gint              seconds,
             DrivedashDrive   *only,
             const char       *sysfs_root,
             gboolean          no_cgroups,
             gboolean          json)
{
  g_autoptr(GPtrArray) totals = NULL;
  g_autoptr(GError) error = NULL;
  Sampling s = { 0 };
  gint64 start;
  guint sigint, sigterm;

  sampling_start (&s, sysfs_root, no_cgroups);
  s.loop = g_main_loop_new (NULL, FALSE);
  start = g_get_monotonic_time ();
  g_timeout_add (s.sampler != NULL ? POLL_MS : SERVICE_POLL_MS, on_poll, &s);
  g_timeout_add ((guint) seconds * 1000, on_end, &s);
  sigint = g_unix_signal_add (SIGINT, on_signal, &s);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, &s);
  /* Scripts wait for this line before they start what is measured, and
   * may stop the measuring with SIGINT as soon as they saw it. */
  g_printerr ("%s\n", _("Measuring…"));
  g_main_loop_run (s.loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  while (g_source_remove_by_user_data (&s))
    ;
  if (s.sampler != NULL)
    {
      drivedash_write_sampler_poll (s.sampler);
      totals = drivedash_write_sampler_dup_totals (s.sampler);
    }
  else if (service_step (&s, &error))
    totals = drivedash_writes_tally_dup_rows (s.everyone);
  else
    {
      sampling_clear (&s);
      return drivedash_cli_fail (PREFIX, error);
    }
  if (only != NULL)
    keep_drive (totals, drivedash_drive_get_name (only));
  if (json)
    print_json (totals, s.sampler, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  else
    print_text (totals, &s, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  sampling_clear (&s);
  return DRIVEDASH_EXIT_OK;
}

int
drivedash_cli_writes (int    argc,
                      char **argv)
{
  gint seconds = 0;
  gboolean json = FALSE, no_cgroups = FALSE;
  g_autofree char *since_text = NULL;
  g_autofree char *sysfs_root = NULL;
  GOptionEntry entries[] = {
    { "since", 0, 0, G_OPTION_ARG_STRING, &since_text, N_("What the watch kept for this long: 1d, 7d, 30d"), N_("SPAN") },
    { "sample", 0, 0, G_OPTION_ARG_INT, &seconds, N_("Measure for this many seconds (Ctrl+C ends it early)"), N_("SECONDS") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "no-cgroups", 0, 0, G_OPTION_ARG_NONE, &no_cgroups,
      N_("Count every program from its own counters, not its app’s cgroup’s"), NULL },
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("[DRIVE]"));
  g_autoptr(GPtrArray) only = NULL;
  g_autoptr(GError) error = NULL;

  g_option_context_set_summary (context, _("What each app writes to each drive: kept by the watch (--since), "
                                           "or measured live (--sample)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc > 2)
    {
      g_printerr ("%s\n", _("Name one drive at most, such as nvme0, or none for all of them."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (since_text != NULL || seconds == 0)
    {
      gint64 span = since_text ? parse_since (since_text) : 7 * 86400;

      if (span == 0 || seconds != 0)
        {
          g_printerr ("%s\n", _("Say how far back to look, such as --since 7d, or measure live with --sample SECONDS."));
          return DRIVEDASH_EXIT_USAGE;
        }
      return show_kept (sysfs_root, argc > 1 ? argv[1] : NULL, span, json);
    }
  if (seconds < 0 || seconds > MAX_SECONDS)
    {
      g_printerr ("%s\n", _("Say how long to measure, from 1 second to a day: --sample SECONDS."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (argc == 2 && (only = drives_for (sysfs_root, argv[1], &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  return sample_live (seconds, only ? g_ptr_array_index (only, 0) : NULL, sysfs_root, no_cgroups, json);
}
