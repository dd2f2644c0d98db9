/* drivedash-longtest-plots.c — the Long Tests view's result plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each plot is redrawn from the rounds model whenever it changes: at most
 * 18 rounds (10 for Adaptivity), or one point a second of a fill (until
 * the run ends, when the exact speed per GiB step replaces them), so
 * refilling is cheap and the plot never disagrees with the words next to
 * it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-longtest-plots.h"

#define N_ROUNDS 18

static void
refill_rounds (DrivedashLongTestRounds *rounds,
               DrivedashPlot           *plot)
{
  guint n = drivedash_long_test_rounds_get_n_rounds (rounds);
  double worst_us = 0, div;

  for (guint i = 0; i < n; i++)
    {
      const DrivedashLongRound *r = drivedash_long_test_rounds_get_round (rounds, i);

      worst_us = MAX (worst_us, MAX (r->read_access_us, r->write_access_us));
    }
  /* Milliseconds once a round takes that long: "12.5 ms" reads better
   * than "12500 µs". */
  div = worst_us >= 1000 ? 1000 : 1;
  /* Translators: milliseconds and microseconds */
  drivedash_plot_set_right_unit (plot, div > 1 ? _("ms") : _("µs"));
  drivedash_plot_clear (plot);
  for (guint i = 0; i < n; i++)
    {
      const DrivedashLongRound *r = drivedash_long_test_rounds_get_round (rounds, i);
      double x = drivedash_long_test_rounds_get_position (rounds, i);

      drivedash_plot_append (plot, 0, x, r->bandwidth_mb_per_s);
      if (r->read_access_us > 0)
        drivedash_plot_append (plot, 1, x, r->read_access_us / div);
      if (r->write_access_us > 0)
        drivedash_plot_append (plot, 2, x, r->write_access_us / div);
    }
}

void
drivedash_long_test_plots_setup_rounds (DrivedashPlot           *plot,
                                        DrivedashLongTestRounds *rounds)
{
  drivedash_plot_set_title (plot, _("Speed in each round"));
  drivedash_plot_set_unit (plot, _("MB/s"));
  drivedash_plot_set_include_zero (plot, TRUE);
  drivedash_plot_add_series (plot, _("Speed"));
  drivedash_plot_add_series_right (plot, _("Read wait"));
  drivedash_plot_add_series_right (plot, _("Write wait"));
  /* Translators: the X axis of the consistency plot, rounds 1 to 18 */
  drivedash_plot_set_x_unit (plot, _("Round"));
  drivedash_plot_set_x_range (plot, 0.5, N_ROUNDS + 0.5);
  drivedash_plot_add_band (plot, 0.5, 8.5, drivedash_long_group_get_display_name (DRIVEDASH_LONG_GROUP_DEGRADATION));
  drivedash_plot_add_band (plot, 8.5, 13.5, drivedash_long_group_get_display_name (DRIVEDASH_LONG_GROUP_STEADY));
  drivedash_plot_add_band (plot, 13.5, N_ROUNDS + 0.5,
                           drivedash_long_group_get_display_name (DRIVEDASH_LONG_GROUP_RECOVERY));
  g_signal_connect_object (rounds, "changed", G_CALLBACK (refill_rounds), plot, 0);
  refill_rounds (rounds, plot);
}

/* Adaptivity's rounds, 1 … 10, all after a rest: one band would say
 * nothing, so there is none. */
void
drivedash_long_test_plots_setup_adaptivity (DrivedashPlot           *plot,
                                            DrivedashLongTestRounds *rounds)
{
  drivedash_plot_set_title (plot, _("Speed in each round after a rest"));
  drivedash_plot_set_unit (plot, _("MB/s"));
  drivedash_plot_set_include_zero (plot, TRUE);
  drivedash_plot_add_series (plot, _("Speed"));
  drivedash_plot_add_series_right (plot, _("Read wait"));
  drivedash_plot_add_series_right (plot, _("Write wait"));
  drivedash_plot_set_x_unit (plot, _("Round"));
  drivedash_plot_set_x_range (plot, 0.5, DRIVEDASH_LONG_ADAPTIVITY_ROUNDS + 0.5);
  g_signal_connect_object (rounds, "changed", G_CALLBACK (refill_rounds), plot, 0);
  refill_rounds (rounds, plot);
}

static void
refill_saturation (DrivedashLongTestRounds *rounds,
                   DrivedashPlot           *plot)
{
  guint n = drivedash_long_test_rounds_get_n_points (rounds);
  double amount = drivedash_long_test_rounds_get_amount_gb (rounds);
  double cache_gb, after;

  drivedash_plot_set_x_range (plot, 0, amount > 0 ? amount : NAN);
  drivedash_plot_clear (plot);
  drivedash_plot_clear_annotations (plot);
  for (guint i = 0; i < n; i++)
    {
      double gb, mbps;

      drivedash_long_test_rounds_get_point (rounds, i, &gb, &mbps);
      drivedash_plot_append (plot, 0, gb, mbps);
    }
  if (drivedash_long_test_rounds_get_cache (rounds, &cache_gb, &after))
    {
      g_autofree char *gb = drivedash_format_figure (cache_gb, 0);
      g_autofree char *speed = drivedash_format_figure (after, 0);
      /* Translators: %s is a grouped number ("1,024") */
      g_autofree char *m = g_strdup_printf (_("Fast cache ends ≈ %s GB"), gb);
      /* Translators: %s is a grouped number ("1,160") */
      g_autofree char *l = g_strdup_printf (_("After the cache ≈ %s MB/s"), speed);

      drivedash_plot_add_marker (plot, cache_gb, m);
      drivedash_plot_add_limit (plot, l, after, DRIVEDASH_PLOT_LIMIT_WARNING);
    }
}

void
drivedash_long_test_plots_setup_saturation (DrivedashPlot           *plot,
                                            DrivedashLongTestRounds *rounds)
{
  drivedash_plot_set_title (plot, _("Write speed by amount written"));
  drivedash_plot_set_unit (plot, _("MB/s"));
  drivedash_plot_set_include_zero (plot, TRUE);
  drivedash_plot_add_series (plot, _("Write speed"));
  /* Translators: the X axis of the fast-cache plot, in gigabytes */
  drivedash_plot_set_x_unit (plot, _("GB written"));
  g_signal_connect_object (rounds, "changed", G_CALLBACK (refill_saturation), plot, 0);
  refill_saturation (rounds, plot);
}
