/* drivedash-history-format.c — what the History and Compare views say
 * about stored runs, in plain words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-history-format.h"

char *
drivedash_history_format_date (gint64 started_at_us)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (started_at_us / G_USEC_PER_SEC);
  g_autoptr(GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;

  if (local == NULL)
    return g_strdup (_("Unknown date"));
  /* TRANSLATORS: the date of a stored run, g_date_time_format() codes;
   * "%-d", not "%e": %e pads a single digit with a figure space */
  return g_date_time_format (local, _("%-d %b %Y, %H:%M"));
}

const char *
drivedash_history_format_kind (DrivedashRunKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_RUN_KIND_QUICK:       return _("Speed test");
    case DRIVEDASH_RUN_KIND_SUSTAINED:   return _("Sustained writes");
    case DRIVEDASH_RUN_KIND_CONSISTENCY: return _("Consistency test");
    case DRIVEDASH_RUN_KIND_SATURATION:  return _("Cache size test");
    case DRIVEDASH_RUN_KIND_AB_SET:      return _("Game mode A/B test");
    case DRIVEDASH_RUN_KIND_REPEAT_SET:  return _("Repeated speed test");
    case DRIVEDASH_RUN_KIND_ADAPTIVITY:  return _("Adaptivity test");
    case DRIVEDASH_RUN_KIND_REVIEW:      return _("Full review");
    default:                             return _("Speed test");
    }
}

/* Short names for the Speed page's presets (drivedash-bench-spec.c), by
 * their stable ids. */
static const struct
{
  const char *id;
  const char *what;
} preset_whats[] = {
  { "cdm-default", N_("Standard speed test") },
  { "quick",       N_("Quick speed test") },
  { "cdm-nvme",    N_("NVMe speed test") },
  { "real",        N_("Everyday speed test") },
  { "peak",        N_("Maximum speed test") },
  { "cdm6",        N_("CrystalDiskMark 6 speed test") },
};

const char *
drivedash_history_format_what (const DrivedashStoreRun *run)
{
  const DrivedashBenchPreset *preset;

  if (run->kind != DRIVEDASH_RUN_KIND_QUICK)
    return drivedash_history_format_kind (run->kind);
  preset = drivedash_store_run_match_preset (run);
  for (guint i = 0; preset != NULL && i < G_N_ELEMENTS (preset_whats); i++)
    if (g_str_equal (preset->id, preset_whats[i].id))
      return _(preset_whats[i].what);
  /* A stopped run has only some of its tests: it may have been any. */
  if (preset != NULL || run->status != DRIVEDASH_RUN_STATUS_DONE || run->results->len == 0)
    return drivedash_history_format_kind (run->kind);
  return _("Custom speed test");
}

const char *
drivedash_history_format_game_mode (int game_mode)
{
  if (game_mode == 1)
    return _("Game mode on");
  if (game_mode == 0)
    return _("Game mode off");
  return NULL;
}

static const char *
drive_of (const DrivedashStoreRun *run)
{
  return run->drive_model != NULL && run->drive_model[0] != '\0' ? run->drive_model : _("Unknown drive");
}

/* Runs told apart at a glance: what the run is (the test and its length),
 * the drive, and the date, which a name the user gave replaces. */
char *
drivedash_history_format_title (const DrivedashStoreRun *run)
{
  g_autofree char *when = NULL;

  if (run->name != NULL && run->name[0] != '\0')
    return g_strdup_printf ("%s · %s · %s", drivedash_history_format_what (run), drive_of (run), run->name);
  when = drivedash_history_format_date (run->started_at);
  return g_strdup_printf ("%s · %s · %s", drivedash_history_format_what (run), drive_of (run), when);
}

char *
drivedash_history_format_side_name (const DrivedashStoreRun *run)
{
  if (run->name != NULL && run->name[0] != '\0')
    return g_strdup (run->name);
  return drivedash_history_format_date (run->started_at);
}

char *
drivedash_history_format_subtitle (const DrivedashStoreRun *run)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *game_mode = drivedash_history_format_game_mode (run->game_mode);
  gboolean named = run->name != NULL && run->name[0] != '\0';

  /* A named run's title has its name where the date was. */
  if (named)
    g_ptr_array_add (parts, drivedash_history_format_date (run->started_at));
  if (game_mode != NULL)
    g_ptr_array_add (parts, g_strdup (game_mode));
  /* A review is kept from its start: one not done may still be running. */
  if (run->status == DRIVEDASH_RUN_STATUS_CANCELLED && run->kind == DRIVEDASH_RUN_KIND_REVIEW)
    g_ptr_array_add (parts, g_strdup (_("Not finished")));
  else if (run->status == DRIVEDASH_RUN_STATUS_CANCELLED)
    g_ptr_array_add (parts, g_strdup (_("Stopped")));
  else if (run->status == DRIVEDASH_RUN_STATUS_FAILED)
    g_ptr_array_add (parts, g_strdup (_("Failed")));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

char *
drivedash_history_format_description (const DrivedashStoreRun *run)
{
  g_autofree char *subtitle = drivedash_history_format_subtitle (run);
  g_autofree char *headline = drivedash_history_format_headline (run);
  g_auto(GStrv) lines = g_strsplit (headline, "\n", -1);
  g_autofree char *speeds = g_strjoinv (", ", lines);

  /* The kind, drive and date are in the title. */
  if (subtitle[0] == '\0')
    return g_steal_pointer (&speeds);
  /* TRANSLATORS: a stored run read aloud after its title: the date, then its speeds */
  return g_strdup_printf (_("%s. %s"), subtitle, speeds);
}

static const DrivedashStoreResult *
first_of_mode (const DrivedashStoreRun *run,
               const char              *mode)
{
  for (guint i = 0; run->results != NULL && i < run->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (run->results, i);

      if (g_strcmp0 (r->mode, mode) == 0 && isfinite (r->mb_per_s))
        return r;
    }
  return NULL;
}

/* A long test's key figure from its stored results: the rounds'
 * average (Consistency, Adaptivity), or the speed it kept up (Sustained). */
static char *
long_headline (const DrivedashStoreRun *run)
{
  double sum = 0, average = NAN;
  guint n = 0;

  for (guint i = 0; run->results != NULL && i < run->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (run->results, i);

      if (!isfinite (r->mb_per_s))
        continue;
      if (run->kind == DRIVEDASH_RUN_KIND_SUSTAINED && g_strcmp0 (r->mode, "mix") == 0 && r->mb_per_s > 0)
        /* TRANSLATORS: the headline of a stored Sustained run: its average speed */
        return g_strdup_printf (_("%.0f MB/s on average"), r->mb_per_s);
      if (g_strcmp0 (r->mode, "trace") != 0)
        continue;
      if (g_strcmp0 (r->test, "average") == 0)
        average = r->mb_per_s;
      else
        {
          sum += r->mb_per_s;
          n++;
        }
    }
  if (!isfinite (average) && n > 0)
    average = sum / n;
  /* TRANSLATORS: the headline of a stored Consistency or Adaptivity run: its rounds' average speed */
  return isfinite (average) ? g_strdup_printf (_("%.0f MB/s on average"), average) : NULL;
}

char *
drivedash_history_format_headline (const DrivedashStoreRun *run)
{
  char *figure = NULL;

  const DrivedashStoreResult *read = first_of_mode (run, "read");
  const DrivedashStoreResult *write = first_of_mode (run, "write");

  if (read != NULL && write != NULL)
    /* TRANSLATORS: the headline of a stored run; MB/s = 10^6 bytes/s */
    return g_strdup_printf (_("Read %.0f MB/s\nWrite %.0f MB/s"), read->mb_per_s, write->mb_per_s);
  if (read != NULL)
    return g_strdup_printf (_("Read %.0f MB/s"), read->mb_per_s);
  if (write != NULL)
    return g_strdup_printf (_("Write %.0f MB/s"), write->mb_per_s);
  if ((figure = long_headline (run)) != NULL)
    return figure;
  return g_strdup (_("No results"));
}

char *
drivedash_history_format_mean (const DrivedashStatsSummary *summary)
{
  if (summary->n == 0 || !isfinite (summary->mean))
    return g_strdup ("—");
  /* The interval is drawn on the chart and said in the verdict. */
  return g_strdup_printf (_("%.0f MB/s"), summary->mean);
}

const char *
drivedash_history_side_label (guint index)
{
  static const char *const labels[] = { "A", "B", "C", "D", "E", "F" };

  return index < G_N_ELEMENTS (labels) ? labels[index] : "?";
}
