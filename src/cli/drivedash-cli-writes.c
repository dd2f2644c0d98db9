/* drivedash-cli-writes.c — drivedash-cli writes --sample SECONDS [--json]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Measures live, without the watch, what each app writes to each drive
 * for SECONDS (or until Ctrl+C): the per-process counters read every
 * half second (drivedash-write-sampler.h), one last time at the end.
 */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-write-sampler.h"

#define POLL_MS      500
#define MAX_SECONDS  86400

typedef struct
{
  DrivedashWriteSampler *sampler;
  GMainLoop             *loop;
  gint64                 end;      /* monotonic µs */
  gboolean               interrupted;
} Sampling;

static gboolean
on_poll (gpointer data)
{
  Sampling *s = data;

  drivedash_write_sampler_poll (s->sampler);
  if (g_get_monotonic_time () < s->end)
    return G_SOURCE_CONTINUE;
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
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  drivedash_json_member_double (b, "seconds", seconds);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, "proc");
  json_builder_set_member_name (b, "processes_ended");
  json_builder_add_int_value (b, drivedash_write_sampler_get_n_ended (sampler));
  json_builder_set_member_name (b, "processes_unreadable");
  json_builder_add_int_value (b, drivedash_write_sampler_get_n_unreadable (sampler));
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

static void
print_text (GPtrArray             *totals,
            DrivedashWriteSampler *sampler,
            double                 seconds)
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

      /* Translators: "  Firefox: 1.2 GB to Samsung SSD 980 1TB" */
      printf (_("  %s: %s to %s\n"), app, bytes, drive ? drive : _("an unknown drive"));
    }
  if (drivedash_write_sampler_get_n_unreadable (sampler) > 0)
    printf ("%s\n", _("Other users' programs can't be seen without the Drivedash system service."));
  printf ("%s\n", _("A program that starts and ends within half a second is not seen, one that ends "
                    "loses its last half second, and one that closed its files before it was looked at "
                    "counts under an unknown drive."));
}

int
drivedash_cli_writes (int    argc,
                      char **argv)
{
  gint seconds = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "sample", 0, 0, G_OPTION_ARG_INT, &seconds, N_("Measure for this many seconds (Ctrl+C ends it early)"), N_("SECONDS") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(DrivedashWriteSampler) sampler = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GPtrArray) totals = NULL;
  Sampling s = { 0 };
  gint64 start;
  guint sigint, sigterm;

  g_option_context_set_summary (context, _("What each app writes to each drive, measured live."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, "writes", &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (seconds <= 0 || seconds > MAX_SECONDS || argc > 1)
    {
      g_printerr ("%s\n", _("Say how long to measure, from 1 second to a day: --sample SECONDS."));
      return DRIVEDASH_EXIT_USAGE;
    }
  sampler = drivedash_write_sampler_new (NULL);
  loop = g_main_loop_new (NULL, FALSE);
  s = (Sampling) { sampler, loop, 0, FALSE };
  drivedash_write_sampler_poll (sampler);
  start = g_get_monotonic_time ();
  s.end = start + (gint64) seconds * G_USEC_PER_SEC;
  /* Scripts wait for this line before they start what is measured. */
  g_printerr ("%s\n", _("Measuring…"));
  g_timeout_add (POLL_MS, on_poll, &s);
  sigint = g_unix_signal_add (SIGINT, on_signal, &s);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, &s);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  g_source_remove_by_user_data (&s);
  drivedash_write_sampler_poll (sampler);
  totals = drivedash_write_sampler_dup_totals (sampler);
  if (json)
    print_json (totals, sampler, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  else
    print_text (totals, sampler, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  return DRIVEDASH_EXIT_OK;
}
