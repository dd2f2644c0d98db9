/* bench-longtest-memory.c — the app's memory over a long Sustained run
 * (run by build-aux/bench-longtest-memory)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real window, the Long Tests view, a Sustained run of the given
 * length started from the page's own action, one time-series row per
 * second into the model and the live plot, the window drawn the whole
 * time. Every minute it prints the process's resident memory (VmRSS) and
 * how late a 100 ms main-loop timer fired at worst in that minute, then
 * the growth from the end of the first minute to the end.
 * Prints figures; asserts nothing (timings belong here, not in tests).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <adwaita.h>

#include "drivedash-application.h"
#include "drivedash-longtest-model-private.h"
#include "drivedash-longtest-page.h"
#include "drivedash-window.h"

typedef struct
{
  gint64 last;
  double worst_ms;
} Probe;

static gboolean
probe_cb (gpointer data)
{
  Probe *p = data;
  gint64 now = g_get_monotonic_time ();

  if (p->last)
    p->worst_ms = MAX (p->worst_ms, (now - p->last) / 1000.0 - 100);
  p->last = now;
  return G_SOURCE_CONTINUE;
}

static long
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line ? strtol (line + 6, NULL, 10) : -1;
}

static GtkWidget *
find_page (GtkWidget *w)
{
  while (w && !DRIVEDASH_IS_LONG_TEST_PAGE (w))
    {
      /* Depth-first search for the page. */
      if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w && !gtk_widget_get_next_sibling (w))
            w = gtk_widget_get_parent (w);
          w = w ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  return w;
}

static gboolean
keep_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
iterate_for (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  /* Wakes the blocking iteration when nothing else happens. */
  guint tick = g_timeout_add (50, keep_cb, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
}

/* A run estimated above 100 GB asks first, as it does for a user. */
static void
answer_start (void)
{
  g_autoptr(GList) windows = NULL;

  iterate_for (1);
  windows = gtk_window_list_toplevels ();
  for (GList *l = windows; l; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data))
      {
        printf ("asked: %s\n", adw_message_dialog_get_body (l->data));
        adw_message_dialog_response (l->data, "start");
      }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DrivedashApplication) app = NULL;
  g_autoptr(DrivedashLongTestSettings) s = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashLongTestModel *model;
  DrivedashWindow *window;
  GtkWidget *page;
  Probe probe = { 0 };
  double minutes;
  long first = -1, start_kb;
  gint64 t0;

  if (argc != 4)
    {
      fprintf (stderr, "usage: bench-longtest-memory FOLDER MINUTES FILE-MiB\n");
      return 2;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);
  minutes = g_ascii_strtod (argv[2], NULL);

  app = drivedash_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
  g_application_activate (G_APPLICATION (app));
  window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 900);
  drivedash_window_set_visible_page (window, "longtests");
  page = find_page (GTK_WIDGET (window));
  g_assert (page != NULL);
  model = drivedash_long_test_page_get_model (DRIVEDASH_LONG_TEST_PAGE (page));

  /* The Sustained defaults (random 4 KiB, QD32, 70 % reads, one
   * row per second), a smaller file so it fits a shared test disk. */
  s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  s->folder = g_strdup (argv[1]);
  s->file_size = (guint64) g_ascii_strtoull (argv[3], NULL, 10) << 20;
  s->duration_s = minutes * 60;
  drivedash_long_test_model_set_settings_for_testing (model, s);

  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  iterate_for (2);
  start_kb = rss_kb ();
  printf ("before start: VmRSS %ld kB\n", start_kb);
  g_timeout_add (100, probe_cb, &probe);
  gtk_widget_activate_action (page, "run.start", NULL);
  answer_start ();
  t0 = g_get_monotonic_time ();
  while (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)))
    {
      gint64 next = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

      probe.worst_ms = 0;
      while (g_get_monotonic_time () < next && drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)))
        iterate_for (1);
      if (first < 0)
        first = rss_kb ();
      /* Wall-clock minutes since Start (the file is written first). */
      printf ("%5.1f min: VmRSS %ld kB, main loop at worst %.1f ms late\n",
              (g_get_monotonic_time () - t0) / 60e6, rss_kb (), probe.worst_ms);
    }
  iterate_for (2);
  printf ("result: %s\n", drivedash_long_test_model_get_summary (model) ? drivedash_long_test_model_get_summary (model) : "(none)");
  printf ("status: %s\n", drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)) ? drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)) : "(none)");
  printf ("RSS growth from the end of minute 1 to the end: %+.1f MB (%ld kB → %ld kB); goal under 20 MB\n",
          (rss_kb () - first) / 1000.0, first, rss_kb ());
  gtk_window_destroy (GTK_WINDOW (window));
  g_application_release (G_APPLICATION (app));
  return 0;
}
