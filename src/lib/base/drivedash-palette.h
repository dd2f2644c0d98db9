/* drivedash-palette.h — the colours of the series in every plot and
 * report chart, written once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How many series have a colour of their own; the next ones repeat. */
#define DRIVEDASH_PALETTE_SIZE 6

/* GNOME's blue, orange, green, purple, red and brown (libadwaita 1.2's
 * named colours): apart in hue and in lightness, so a grey print still
 * tells them apart, and a run has the same colour in the app and in its
 * report.  0xRRGGBB for series @i; @dark: the lighter shades that stay
 * visible on a dark background. */
guint32 drivedash_palette_rgb (guint    i,
                               gboolean dark);
/* The same as 0 to 1 each. */
void    drivedash_palette_get (guint    i,
                               gboolean dark,
                               double  *red,
                               double  *green,
                               double  *blue);

G_END_DECLS
