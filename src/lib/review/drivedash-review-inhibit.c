/* drivedash-review-inhibit.c — keeping the computer awake for a review of
 * hours, and the figures each finished step keeps
 *
 * The app's window could use gtk_application_inhibit(), but the CLI has
 * no window and runs in a terminal that may be left alone for the night:
 * logind's inhibitor lock works for both, held as long as its fd is open.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gunixfdlist.h>
#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-review-private.h"
#include "drivedash-stats.h"
#include "drivedash-store-run.h"

typedef struct
{
  DrivedashReviewInhibitFunc callback;
  gpointer                   user_data;
} Inhibit;

static void
inhibit_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Inhibit *inhibit = data;
  g_autoptr(GUnixFDList) fds = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  int fd = -1;

  reply = g_dbus_connection_call_with_unix_fd_list_finish (G_DBUS_CONNECTION (source), &fds, result, &error);
  if (reply != NULL && fds != NULL && g_unix_fd_list_get_length (fds) == 1)
    fd = g_unix_fd_list_get (fds, 0, &error);
  if (fd < 0)
    g_debug ("The computer may sleep during the review: %s",
             error ? error->message : "logind gave no inhibitor");
  inhibit->callback (fd, inhibit->user_data);
  g_free (inhibit);
}

static void
bus_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      data)
{
  Inhibit *inhibit = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_finish (result, &error);

  if (bus == NULL)
    {
      g_debug ("The computer may sleep during the review: %s", error->message);
      inhibit->callback (-1, inhibit->user_data);
      g_free (inhibit);
      return;
    }
  g_dbus_connection_call_with_unix_fd_list (bus, "org.freedesktop.login1", "/org/freedesktop/login1",
                                            "org.freedesktop.login1.Manager", "Inhibit",
                                            g_variant_new ("(ssss)", "sleep:idle", "Drivedash",
                                                           _("A full review of the drive is running"),
                                                           "block"),
                                            G_VARIANT_TYPE ("(h)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 10000,
                                            NULL, NULL, inhibit_done_cb, inhibit);
}

void
drivedash_review_inhibit_sleep_async (GCancellable              *cancellable,
                                      DrivedashReviewInhibitFunc callback,
                                      gpointer                   user_data)
{
  Inhibit *inhibit = g_new0 (Inhibit, 1);

  inhibit->callback = callback;
  inhibit->user_data = user_data;
  g_bus_get (G_BUS_TYPE_SYSTEM, cancellable, bus_cb, inhibit);
}

GArray *
drivedash_review_figures_from_set (const DrivedashStoreRun *set)
{
  GArray *figures = drivedash_review_figures_new ();

  for (guint i = 0; i < set->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (set->results, i);
      DrivedashStatsSummary s;

      drivedash_stats_summarize ((const double *) (gpointer) r->passes->data, r->passes->len, &s);
      drivedash_review_figures_add (figures, r->test, r->mode, s.mean, s.ci95);
    }
  return figures;
}

/* Consistency: the first degradation round and the recovery rounds'
 * mean (what the review's graphs show); Adaptivity: the rounds' mean;
 * Sustained: the measured mix. */
GArray *
drivedash_review_figures_from_long (const DrivedashLongTestResult *result)
{
  GArray *figures = drivedash_review_figures_new ();
  double recovery = 0;
  guint n_recovery = 0;

  if (result->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    {
      drivedash_review_figures_add (figures, "mixed", NULL, result->measured_mb_per_s, NAN);
      return figures;
    }
  for (guint i = 0; i < result->rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (result->rounds, DrivedashLongRound, i);

      if (r->group == DRIVEDASH_LONG_GROUP_DEGRADATION && r->index == 1)
        drivedash_review_figures_add (figures, "degradation-1", NULL, r->bandwidth_mb_per_s, NAN);
      else if (r->group == DRIVEDASH_LONG_GROUP_RECOVERY)
        {
          recovery += r->bandwidth_mb_per_s;
          n_recovery++;
        }
    }
  if (n_recovery > 0)
    drivedash_review_figures_add (figures, result->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY ? "average" : "recovery",
                                  NULL, recovery / n_recovery, NAN);
  return figures;
}
