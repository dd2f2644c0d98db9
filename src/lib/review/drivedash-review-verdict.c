/* drivedash-review-verdict.c — a full review's answer in plain words:
 * how fast the drive is, how steady under long heavy writing, how it
 * compares with the drives the magazine measured, and whether game mode
 * helped.  Each claim says "can't tell" where the figures cannot judge.
 * The Full Review page, drivedash-cli review and the report's first
 * section show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-review-reference.h"
#include "drivedash-review-state.h"

/* An interval wider than this share of its mean says nothing useful. */
#define TOO_SPREAD 0.25

/* The first done step of @kind with game mode @game_mode (-1: either). */
static const DrivedashReviewStep *
done_step (const DrivedashReviewState *state,
           DrivedashReviewStepKind     kind,
           int                         game_mode)
{
  for (guint i = 0; i < state->steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (state->steps, DrivedashReviewStep, i);

      if (step->kind == kind && step->done && step->figures != NULL &&
          (game_mode < 0 || step->game_mode < 0 || step->game_mode == game_mode))
        return step;
    }
  return NULL;
}

/* The first figure whose test starts with @prefix, in @mode. */
static const DrivedashReviewFigure *
find_figure (const DrivedashReviewStep *step,
             const char                *prefix,
             const char                *mode)
{
  for (guint i = 0; step != NULL && i < step->figures->len; i++)
    {
      const DrivedashReviewFigure *f = &g_array_index (step->figures, DrivedashReviewFigure, i);

      if (g_str_has_prefix (f->test, prefix) && g_strcmp0 (f->mode, mode) == 0 && isfinite (f->value))
        return f;
    }
  return NULL;
}

/* "between 3,100 and 3,400 MB/s", "about 3,250 MB/s", or that it varied
 * too much to pin down. */
static char *
speed_words (const DrivedashReviewFigure *f)
{
  if (isfinite (f->ci95) && f->value > 0 && f->ci95 / f->value > TOO_SPREAD)
    /* Translators: a speed whose repeats disagreed a lot; "%.0f" is MB/s */
    return g_strdup_printf (_("about %.0f MB/s (it varied too much to pin down)"), f->value);
  if (isfinite (f->ci95) && f->ci95 > 0)
    /* Translators: the range a speed lies in, 95 % sure; MB/s */
    return g_strdup_printf (_("between %.0f and %.0f MB/s"), MAX (0, f->value - f->ci95), f->value + f->ci95);
  return g_strdup_printf (_("about %.0f MB/s"), f->value);
}

static void
add_speed (GString                    *out,
           const DrivedashReviewState *state)
{
  const DrivedashReviewStep *speed = done_step (state, DRIVEDASH_REVIEW_STEP_SPEED, 0);
  const DrivedashReviewFigure *read = find_figure (speed, "SEQ", "read");
  const DrivedashReviewFigure *write = find_figure (speed, "SEQ", "write");
  const DrivedashReviewFigure *small = find_figure (speed, "RND4K Q1T1", "read");

  g_autofree char *r = read ? speed_words (read) : NULL;
  g_autofree char *w = write ? speed_words (write) : NULL;
  g_autofree char *sm = small ? speed_words (small) : NULL;

  if (r == NULL && w == NULL)
    {
      g_string_append_printf (out, "%s\n", _("How fast: can’t tell yet, the speed test has not finished."));
      return;
    }
  if (r != NULL && w != NULL)
    g_string_append_printf (out, _("How fast: it reads large files at %s and writes them at %s."), r, w);
  else if (r != NULL)
    g_string_append_printf (out, _("How fast: it reads large files at %s (writes were not measured)."), r);
  else
    g_string_append_printf (out, _("How fast: it writes large files at %s (reads were not measured)."), w);
  if (sm != NULL)
    g_string_append_printf (out, _(" Small files, one at a time, read at %s."), sm);
  g_string_append_c (out, '\n');
}

/* Of the magazine's drives for this figure: how many it beats, how many
 * beat it; FALSE when the magazine has no such figure. */
static gboolean
count_against (DrivedashReviewStepKind      kind,
               const DrivedashReviewFigure *f,
               guint                       *faster,
               guint                       *slower,
               guint                       *total)
{
  g_autoptr(GPtrArray) rows = drivedash_review_references_matching (kind, f->test, f->mode);

  *faster = *slower = 0;
  *total = rows->len;
  for (guint i = 0; i < rows->len; i++)
    {
      const DrivedashReviewReference *ref = g_ptr_array_index (rows, i);

      if (isfinite (ref->high) && f->value > ref->high)
        (*faster)++;
      else if (f->value < ref->low)
        (*slower)++;
    }
  return rows->len > 0;
}

/* Where the drive ranks among @total of the magazine's: "faster than
 * all 3 of them", "slower than all 3 of them", "faster than 1 and slower
 * than 2 of the 3" (the rest about as fast), "about as fast as all 3". */
static char *
rank_words (guint faster,
            guint slower,
            guint total)
{
  if (faster == total)
    return g_strdup_printf (ngettext ("faster than the %u drive", "faster than all %u of them", total), total);
  if (slower == total)
    return g_strdup_printf (ngettext ("slower than the %u drive", "slower than all %u of them", total), total);
  if (faster == 0 && slower == 0)
    return g_strdup_printf (ngettext ("about as fast as the %u drive", "about as fast as all %u of them", total),
                            total);
  if (slower == 0)
    /* Translators: "faster than 3 of the 4, about as fast as the rest" */
    return g_strdup_printf (ngettext ("faster than %u of the %u drive, about as fast as the rest",
                                      "faster than %u of the %u, about as fast as the rest", total),
                            faster, total);
  if (faster == 0)
    return g_strdup_printf (ngettext ("slower than %u of the %u drive, about as fast as the rest",
                                      "slower than %u of the %u, about as fast as the rest", total),
                            slower, total);
  /* Translators: "faster than 1 and slower than 2 of the 3" */
  return g_strdup_printf (ngettext ("faster than %u and slower than %u of the %u drive",
                                    "faster than %u and slower than %u of the %u", total),
                          faster, slower, total);
}

static void
add_magazine (GString                    *out,
              const DrivedashReviewState *state)
{
  const DrivedashReviewStep *speed = done_step (state, DRIVEDASH_REVIEW_STEP_SPEED, 0);
  const DrivedashReviewFigure *read = find_figure (speed, "SEQ", "read");
  g_autofree char *rank = NULL;
  guint faster, slower, total;

  if (read == NULL)
    return;
  if (!count_against (DRIVEDASH_REVIEW_STEP_SPEED, read, &faster, &slower, &total))
    {
      g_string_append_printf (out, "%s\n",
                              _("Against the magazine’s drives: can’t tell, this review ran other speed tests than "
                                "the magazine did (choose the CrystalDiskMark 6 tests to compare)."));
      return;
    }
  rank = rank_words (faster, slower, total);
  /* Translators: %s ranks the drive among the magazine's ("faster than
   * all 3 of them", "faster than 1 and slower than 2 of the 3") */
  g_string_append_printf (out, _("Against the magazine’s drives: it reads large files %s (measured on another "
                                 "computer, so a rough guide only).\n"), rank);
}

/* The rested speed of Consistency against the magazine's PCMark 8
 * figures, where it has them. */
static void
add_steady_magazine (GString                     *out,
                     const DrivedashReviewFigure *rested)
{
  g_autofree char *rank = NULL;
  guint faster, slower, total;

  if (rested == NULL || !count_against (DRIVEDASH_REVIEW_STEP_CONSISTENCY, rested, &faster, &slower, &total))
    return;
  rank = rank_words (faster, slower, total);
  /* Translators: %s as in "Against the magazine's drives: it reads
   * large files %s" */
  g_string_append_printf (out, _(" Against the magazine’s drives measured this way, it came back %s."), rank);
}

static void
add_steady (GString                    *out,
            const DrivedashReviewState *state)
{
  const DrivedashReviewStep *consistency = done_step (state, DRIVEDASH_REVIEW_STEP_CONSISTENCY, 0);
  const DrivedashReviewStep *sustained = done_step (state, DRIVEDASH_REVIEW_STEP_SUSTAINED, 0);
  const DrivedashReviewFigure *heavy = find_figure (consistency, "degradation-1", NULL);
  const DrivedashReviewFigure *rested = find_figure (consistency, "recovery", NULL);
  const DrivedashReviewFigure *mixed = find_figure (sustained, "mixed", NULL);

  if (heavy == NULL && mixed == NULL)
    {
      g_string_append_printf (out, "%s\n",
                              _("Under long heavy writing: can’t tell yet, the long tests have not finished."));
      return;
    }
  if (heavy != NULL && rested != NULL)
    {
      g_string_append_printf (out, _("Under long heavy writing: it slowed to about %.0f MB/s, and after rests it "
                                     "came back to about %.0f MB/s."), heavy->value, rested->value);
      add_steady_magazine (out, rested);
    }
  else if (heavy != NULL)
    g_string_append_printf (out, _("Under long heavy writing: it slowed to about %.0f MB/s."), heavy->value);
  if (mixed != NULL)
    g_string_append_printf (out, heavy != NULL ? _(" A long mixed load ran at about %.0f MB/s.")
                                               : _("Under a long mixed load: about %.0f MB/s."), mixed->value);
  g_string_append_c (out, '\n');
}

static void
add_game_mode (GString                    *out,
               const DrivedashReviewState *state)
{
  const DrivedashReviewFigure *off, *on;
  double diff, spread;

  if (!state->settings->game_mode_ab)
    return;
  off = find_figure (done_step (state, DRIVEDASH_REVIEW_STEP_SPEED, 0), "SEQ", "read");
  on = find_figure (done_step (state, DRIVEDASH_REVIEW_STEP_SPEED, 1), "SEQ", "read");
  if (off == NULL || on == NULL || on == off || off->value <= 0)
    {
      g_string_append_printf (out, "%s\n", _("Game mode: can’t tell yet, it has not been measured both ways."));
      return;
    }
  diff = on->value - off->value;
  spread = isfinite (off->ci95) && isfinite (on->ci95) ? sqrt (off->ci95 * off->ci95 + on->ci95 * on->ci95) : NAN;
  if (!isfinite (spread) || fabs (diff) <= spread)
    g_string_append_printf (out, _("Game mode: can’t tell, the difference (%+.0f %%) is within how much the runs "
                                   "varied."), 100 * diff / off->value);
  else if (diff > 0)
    g_string_append_printf (out, _("Game mode: it made large reads %.0f %% faster."), 100 * diff / off->value);
  else
    g_string_append_printf (out, _("Game mode: it made large reads %.0f %% slower."), -100 * diff / off->value);
  g_string_append_c (out, '\n');
}

char *
drivedash_review_state_dup_verdict (const DrivedashReviewState *state)
{
  GString *out = g_string_new (NULL);

  add_speed (out, state);
  add_magazine (out, state);
  add_steady (out, state);
  add_game_mode (out, state);
  {
    g_autofree char *scale = drivedash_review_settings_dup_scale_text (state->settings);

    if (scale != NULL)
      g_string_append_printf (out, "%s\n", scale);
  }
  return g_string_free (out, FALSE);
}
