/* drivedash-review-summary.c — a full review in words: each step's name
 * and, once done, its figures with the published review's beside the
 * tests that match.  The CLI prints it; the app shows it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-review-reference.h"
#include "drivedash-review-state.h"

char *
drivedash_review_step_dup_label (const DrivedashReviewStep *step)
{
  const char *name = drivedash_review_step_kind_get_display_name (step->kind);

  if (step->game_mode < 0)
    return g_strdup (name);
  /* Translators: a step of the full review, "Speed test, game mode on" */
  return g_strdup_printf (step->game_mode ? _("%s, game mode on") : _("%s, game mode off"), name);
}

static void
add_references (GString                     *out,
                const DrivedashReviewStep   *step,
                const DrivedashReviewFigure *f)
{
  g_autoptr(GPtrArray) rows = drivedash_review_references_matching (step->kind, f->test, f->mode);

  if (rows->len == 0)
    return;
  g_string_append_printf (out, "      %s:\n", drivedash_review_reference_get_source (step->kind));
  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *drive = drivedash_review_reference_dup_drive (g_ptr_array_index (rows, i));
      g_autofree char *value = drivedash_review_reference_dup_value (g_ptr_array_index (rows, i));

      g_string_append_printf (out, "        %s: %s\n", drive, value);
    }
}

const char *
drivedash_review_figure_get_name (const DrivedashReviewFigure *f)
{
  if (f->mode != NULL)
    return f->test;
  if (g_strcmp0 (f->test, "degradation-1") == 0)
    return _("First round of heavy writes");
  if (g_strcmp0 (f->test, "recovery") == 0)
    return _("After rests (average)");
  if (g_strcmp0 (f->test, "average") == 0)
    return _("Average of the rounds");
  return _("Mixed reads and writes");
}

static void
add_figure (GString                     *out,
            const DrivedashReviewStep   *step,
            const DrivedashReviewFigure *f)
{
  g_autofree char *value = drivedash_format_figure (f->value, 1);

  if (isfinite (f->ci95) && f->ci95 >= f->value / 2)
    /* An interval wider than half the mean says only that the repeats
     * disagreed; "3.5 ± 36.9 MB/s" reads as nonsense to a person. */
    /* Translators: "RND4K Q1T1 read: 3.5 MB/s, but the repeats varied too much to pin it down" */
    g_string_append_printf (out, _("    %s %s: %s MB/s, but the repeats varied too much to pin it down\n"),
                            f->test, f->mode, value);
  else if (isfinite (f->ci95))
    {
      g_autofree char *low = drivedash_format_figure (f->value - f->ci95, 0);
      g_autofree char *high = drivedash_format_figure (f->value + f->ci95, 0);

      /* A range people read at once; the same as the verdict's words. */
      /* Translators: "SEQ1M Q8T1 read: between 3,418 and 3,498 MB/s" */
      g_string_append_printf (out, _("    %s %s: between %s and %s MB/s\n"), f->test, f->mode, low, high);
    }
  else if (f->mode != NULL)
    g_string_append_printf (out, _("    %s %s: %s MB/s\n"), f->test, f->mode, value);
  else
    g_string_append_printf (out, _("    %s: %s MB/s\n"), drivedash_review_figure_get_name (f), value);
  add_references (out, step, f);
}

char *
drivedash_review_state_dup_summary (const DrivedashReviewState *state)
{
  GString *out = g_string_new (NULL);

  if (drivedash_review_state_next_step (state) > 0 || state->steps->len == 0)
    {
      g_autofree char *verdict = drivedash_review_state_dup_verdict (state);

      g_string_append_printf (out, "%s\n%s\n", _("In short:"), verdict);
    }
  g_string_append_printf (out, _("Full review of %u steps:\n"), state->steps->len);
  for (guint i = 0; i < state->steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (state->steps, DrivedashReviewStep, i);
      g_autofree char *label = drivedash_review_step_dup_label (step);

      if (!step->done)
        g_string_append_printf (out, _("  %u. %s: not done\n"), i + 1, label);
      else
        /* Translators: a finished step of the review, "1. Speed test: done" */
        g_string_append_printf (out, _("  %u. %s: done\n"), i + 1, label);
      for (guint j = 0; step->done && step->figures != NULL && j < step->figures->len; j++)
        add_figure (out, step, &g_array_index (step->figures, DrivedashReviewFigure, j));
    }
  return g_string_free (out, FALSE);
}
