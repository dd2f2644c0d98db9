/* drivedash-long-compare-view-plots.c — a long-test comparison drawn: the
 * bars, one line per run on each plot (the run's name in the legend, the
 * same colour as its bars) and the phase table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-long-compare-view-private.h"
#include "drivedash-plot.h"

#define RUN(cmp, i) ((const DrivedashCompareLongRun *) g_ptr_array_index ((cmp)->runs, (i)))

/* Figures beside the bars: "612 MB/s"; "—" when there is none. */
static char *
figure (double      value,
        int         decimals,
        const char *unit)
{
  g_autofree char *number = NULL;

  if (!isfinite (value))
    return g_strdup ("—");
  number = drivedash_format_figure (value, decimals);
  /* TRANSLATORS: a figure and its unit: "612 MB/s", "12.0 GiB" */
  return g_strdup_printf (_("%s %s"), number, unit);
}

static void
add_bars (DrivedashLongCompareView   *self,
          const DrivedashCompareLong *cmp,
          const char                 *title,
          const double               *values,
          int                         decimals,
          const char                 *unit)
{
  const char *labels[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  char *texts[DRIVEDASH_COMPARE_LONG_MAX_RUNS];

  for (guint i = 0; i < cmp->runs->len; i++)
    {
      labels[i] = RUN (cmp, i)->label;
      texts[i] = figure (values[i], decimals, unit);
    }
  drivedash_long_compare_bars_add_group (self->bars, title, labels, values, NULL, NULL,
                                         (const char * const *) texts, cmp->runs->len);
  for (guint i = 0; i < cmp->runs->len; i++)
    g_free (texts[i]);
}

/* Average speed by setup: runs of one name are repeats, one bar with its
 * 95 % interval; a run of its own is one bar. */
static void
add_setup_bars (DrivedashLongCompareView   *self,
                const DrivedashCompareLong *cmp)
{
  const char *labels[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  char *texts[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double mean[DRIVEDASH_COMPARE_LONG_MAX_RUNS], ci[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  guint colours[DRIVEDASH_COMPARE_LONG_MAX_RUNS], n = cmp->setups->len;

  for (guint g = 0; g < n; g++)
    {
      const DrivedashCompareLongSetup *setup = &g_array_index (cmp->setups, DrivedashCompareLongSetup, g);
      const DrivedashStatsSummary *total = &setup->total_mb_per_s;
      g_autofree char *value = figure (total->mean, 0, _("MB/s"));
      g_autofree char *spread = isfinite (total->ci95) ? drivedash_format_figure (total->ci95, 0) : NULL;

      labels[g] = setup->label;
      mean[g] = total->n ? total->mean : NAN;
      ci[g] = total->ci95;
      colours[g] = setup->first;
      /* TRANSLATORS: "612 MB/s ± 21 (3 runs)": a mean over repeats */
      texts[g] = spread ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s ± %s (%u run)", "%s ± %s (%u runs)",
                                                        total->n),
                                           value, spread, total->n)
                        : g_strdup (value);
    }
  drivedash_long_compare_bars_add_group (self->bars, _("Average speed"), labels, mean, ci, colours,
                                         (const char * const *) texts, n);
  for (guint g = 0; g < n; g++)
    g_free (texts[g]);
}

static DrivedashPlot *
new_plot (DrivedashLongCompareView   *self,
          const DrivedashCompareLong *cmp,
          const char                 *title,
          const char                 *unit)
{
  DrivedashPlot *plot = DRIVEDASH_PLOT (drivedash_plot_new ());

  drivedash_plot_set_title (plot, title);
  drivedash_plot_set_unit (plot, unit);
  drivedash_plot_set_include_zero (plot, TRUE);
  drivedash_plot_set_time_window (plot, 0);
  for (guint i = 0; i < cmp->runs->len; i++)
    drivedash_plot_add_series (plot, RUN (cmp, i)->label);
  gtk_widget_set_size_request (GTK_WIDGET (plot), -1, 240);
  gtk_box_append (self->plots, GTK_WIDGET (plot));
  return plot;
}

static void
fill_timeline (DrivedashLongCompareView   *self,
               const DrivedashCompareLong *cmp)
{
  double first[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double last[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  DrivedashPlot *plot = new_plot (self, cmp, _("Speed over time"), _("MB/s"));

  for (guint i = 0; i < cmp->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = RUN (cmp, i);

      first[i] = run->first_mb_per_s;
      last[i] = run->last_mb_per_s;
      for (guint p = 0; p < run->timeline->len; p++)
        {
          const DrivedashComparePoint *pt = &g_array_index (run->timeline, DrivedashComparePoint, p);

          drivedash_plot_append (plot, i, pt->x, pt->y);
        }
    }
  add_setup_bars (self, cmp);
  add_bars (self, cmp, _("First minute"), first, 0, _("MB/s"));
  add_bars (self, cmp, _("Last minute"), last, 0, _("MB/s"));
}

static DrivedashPlot *
new_rounds_plot (DrivedashLongCompareView   *self,
                 const DrivedashCompareLong *cmp,
                 const char                 *title,
                 const char                 *unit)
{
  DrivedashPlot *plot = new_plot (self, cmp, title, unit);
  guint end = 0;

  drivedash_plot_set_x_unit (plot, _("Round"));
  for (guint p = 0; p < cmp->phases->len; p++)
    {
      const char *label =
        drivedash_long_group_get_display_name (g_array_index (cmp->phases, DrivedashCompareLongPhase, p).group);
      guint first, n;

      drivedash_compare_long_phase_span (cmp, p, &first, &n);
      if (label != NULL)
        drivedash_plot_add_band (plot, first - 0.5, first + n - 0.5, label);
      end = first + n - 1;
    }
  drivedash_plot_set_x_range (plot, 0.5, end + 0.5);
  return plot;
}

static void
fill_rounds_plots (DrivedashLongCompareView   *self,
                   const DrivedashCompareLong *cmp)
{
  DrivedashPlot *speed = new_rounds_plot (self, cmp, _("Speed in each round"), _("MB/s"));
  DrivedashPlot *read = new_rounds_plot (self, cmp, _("Read wait in each round"), _("ms"));
  DrivedashPlot *write = new_rounds_plot (self, cmp, _("Write wait in each round"), _("ms"));

  for (guint i = 0; i < cmp->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = RUN (cmp, i);

      for (guint r = 0; r < run->rounds->len; r++)
        {
          const DrivedashLongRound *round = &g_array_index (run->rounds, DrivedashLongRound, r);
          double x = drivedash_compare_long_round_position (cmp, round);

          drivedash_plot_append (speed, i, x, round->bandwidth_mb_per_s);
          if (isfinite (round->read_access_us) && round->read_access_us > 0)
            drivedash_plot_append (read, i, x, round->read_access_us / 1000);
          if (isfinite (round->write_access_us) && round->write_access_us > 0)
            drivedash_plot_append (write, i, x, round->write_access_us / 1000);
        }
    }
}

static GtkWidget *
cell (const char *text,
      gboolean    numeric)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  else
    {
      /* At least "A SN75…": the letter and the start of the name. */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 7);
      gtk_widget_set_hexpand (label, TRUE);
    }
  return label;
}

/* "+11.8 %" when the rounds allow a judgment, else "can't tell". */
static char *
against_first (const DrivedashCompareLongPhase *phase,
               guint                            i)
{
  if (i == 0)
    return g_strdup ("—");
  if (phase->verdict[i] == DRIVEDASH_COMPARE_LONG_CANT_TELL)
    return g_strdup (_("can't tell"));
  /* TRANSLATORS: a difference in speed against run A: "+11.8 %" */
  return g_strdup_printf (_("%+.1f %%"), phase->difference_percent[i]);
}

/* The phase's name on a row of its own, so it is never cut short; then
 * the column titles. */
static int
attach_header (GtkGrid    *table,
               int         row,
               const char *name,
               gboolean    first)
{
  GtkWidget *heading = gtk_label_new (name);
  const char *columns[] = { _("Speed"), _("Read wait"), _("Write wait"), _("Against A") };

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_margin_top (heading, first ? 0 : 12);
  gtk_grid_attach (table, heading, 0, row++, 5, 1);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      GtkWidget *label = cell (columns[c], TRUE);

      /* "読み込みの待ち時間" is wider than its figures: wrap, so the
       * table still fits a phone. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_valign (label, GTK_ALIGN_END);
      gtk_grid_attach (table, label, c + 1, row, 1, 1);
    }
  return row + 1;
}

/* The phase's verdicts in words, under its rows. */
static void
attach_verdicts (GtkGrid                         *table,
                 int                              row,
                 const DrivedashCompareLong      *cmp,
                 const DrivedashCompareLongPhase *phase)
{
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *label;

  for (guint i = 1; i < cmp->runs->len; i++)
    {
      g_autofree char *sentence = drivedash_compare_long_dup_verdict (cmp, phase, i);

      g_string_append_printf (text, "%s%s", i > 1 ? "\n" : "", sentence);
    }
  label = gtk_label_new (text->str);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_set_margin_top (label, 4);
  gtk_grid_attach (table, label, 0, row, 5, 1);
}

/* Phase averages: a heading per phase, a row per run, the verdicts. */
static void
fill_table (DrivedashLongCompareView   *self,
            const DrivedashCompareLong *cmp)
{
  int row = 0;

  for (guint p = 0; p < cmp->phases->len; p++)
    {
      const DrivedashCompareLongPhase *phase = &g_array_index (cmp->phases, DrivedashCompareLongPhase, p);
      const char *name = drivedash_long_group_get_display_name (phase->group);

      row = attach_header (self->table, row, name ? name : _("Rounds"), p == 0);
      for (guint i = 0; i < cmp->runs->len; i++, row++)
        {
          g_autofree char *bw = figure (phase->bandwidth_mb_per_s[i], 0, _("MB/s"));
          g_autofree char *ra = figure (phase->read_access_us[i] / 1000, 2, _("ms"));
          g_autofree char *wa = figure (phase->write_access_us[i] / 1000, 2, _("ms"));
          g_autofree char *vs = against_first (phase, i);
          g_autofree char *who = g_strdup_printf ("%s  %s", RUN (cmp, i)->letter, RUN (cmp, i)->label);

          gtk_grid_attach (self->table, cell (who, FALSE), 0, row, 1, 1);
          gtk_grid_attach (self->table, cell (bw, TRUE), 1, row, 1, 1);
          gtk_grid_attach (self->table, cell (ra, TRUE), 2, row, 1, 1);
          gtk_grid_attach (self->table, cell (wa, TRUE), 3, row, 1, 1);
          gtk_grid_attach (self->table, cell (vs, TRUE), 4, row, 1, 1);
        }
      attach_verdicts (self->table, row++, cmp, phase);
    }
}

static void
fill_rounds (DrivedashLongCompareView   *self,
             const DrivedashCompareLong *cmp)
{
  double best[DRIVEDASH_COMPARE_LONG_MAX_RUNS], worst[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double average[DRIVEDASH_COMPARE_LONG_MAX_RUNS];

  fill_rounds_plots (self, cmp);
  for (guint i = 0; i < cmp->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = RUN (cmp, i);

      average[i] = run->average_mb_per_s;
      best[i] = run->best >= 0 ? g_array_index (run->rounds, DrivedashLongRound, run->best).bandwidth_mb_per_s : NAN;
      worst[i] = run->worst >= 0 ? g_array_index (run->rounds, DrivedashLongRound, run->worst).bandwidth_mb_per_s
                                 : NAN;
    }
  add_bars (self, cmp, _("Average speed"), average, 0, _("MB/s"));
  add_bars (self, cmp, _("Best round"), best, 0, _("MB/s"));
  add_bars (self, cmp, _("Worst round"), worst, 0, _("MB/s"));
  fill_table (self, cmp);
}

static void
fill_fill (DrivedashLongCompareView   *self,
           const DrivedashCompareLong *cmp)
{
  double cache[DRIVEDASH_COMPARE_LONG_MAX_RUNS], after[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  DrivedashPlot *plot = new_plot (self, cmp, _("Write speed by amount written"), _("MB/s"));

  /* TRANSLATORS: the X axis of the fast-cache plot, in gibibytes */
  drivedash_plot_set_x_unit (plot, _("GiB written"));
  for (guint i = 0; i < cmp->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = RUN (cmp, i);

      cache[i] = run->cache_gib;
      after[i] = run->after_cache_mb_per_s;
      for (guint p = 0; p < run->fill->len; p++)
        {
          const DrivedashComparePoint *pt = &g_array_index (run->fill, DrivedashComparePoint, p);

          drivedash_plot_append (plot, i, pt->x, pt->y);
        }
    }
  add_bars (self, cmp, _("Fast cache size"), cache, 1, _("GiB"));
  add_bars (self, cmp, _("Speed after the cache"), after, 0, _("MB/s"));
}

/* The plots' legends drop names that do not fit; the key always shows
 * every run, a square in its colour first.  One label a run, so a long
 * name wraps like any text. */
static void
fill_key (DrivedashLongCompareView *self,
          const char               *legend)
{
  g_auto(GStrv) lines = g_strsplit (legend ? legend : "", "\n", -1);
  DrivedashPlotStyle style;

  drivedash_plot_style_from_widget (&style, GTK_WIDGET (self));
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      const GdkRGBA *c = &style.series[i % DRIVEDASH_PLOT_MAX_SERIES];
      g_autofree char *colour = g_strdup_printf ("#%02x%02x%02x", (guint) (c->red * 255 + 0.5),
                                                 (guint) (c->green * 255 + 0.5), (guint) (c->blue * 255 + 0.5));
      g_autofree char *markup = g_markup_printf_escaped ("<span foreground=\"%s\">■</span> %s", colour, lines[i]);
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (self->key, label);
    }
}

void
drivedash_long_compare_view_fill (DrivedashLongCompareView   *self,
                                  const DrivedashCompareLong *cmp,
                                  const char                 *legend)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->key))) != NULL)
    gtk_box_remove (self->key, child);

  drivedash_long_compare_bars_clear (self->bars);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->plots))) != NULL)
    gtk_box_remove (self->plots, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  if (cmp == NULL)
    return;
  fill_key (self, legend);
  if (cmp->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
    fill_timeline (self, cmp);
  else if (cmp->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    fill_rounds (self, cmp);
  else
    fill_fill (self, cmp);
}
