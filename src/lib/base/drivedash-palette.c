/* drivedash-palette.c — the colours of the series in every plot and
 * report chart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-palette.h"

guint32
drivedash_palette_rgb (guint    i,
                       gboolean dark)
{
  static const guint32 light_shades[DRIVEDASH_PALETTE_SIZE] = {
    0x1c71d8, 0xe66100, 0x26a269, 0x9141ac, 0xc01c28, 0x865e3c,
  };
  static const guint32 dark_shades[DRIVEDASH_PALETTE_SIZE] = {
    0x78aeed, 0xffa348, 0x8ff0a4, 0xdc8add, 0xf66151, 0xcdab8f,
  };

  return (dark ? dark_shades : light_shades)[i % DRIVEDASH_PALETTE_SIZE];
}

void
drivedash_palette_get (guint    i,
                       gboolean dark,
                       double  *red,
                       double  *green,
                       double  *blue)
{
  guint32 c = drivedash_palette_rgb (i, dark);

  *red = ((c >> 16) & 0xff) / 255.0;
  *green = ((c >> 8) & 0xff) / 255.0;
  *blue = (c & 0xff) / 255.0;
}
