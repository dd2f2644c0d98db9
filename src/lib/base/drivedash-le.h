/* drivedash-le.h — little-endian field readers for NVMe data structures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * NVMe structures are little-endian whatever the host; the decoders read
 * them byte by byte so they are pure and need no alignment.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint16
drivedash_le16 (const guint8 *p)
{
  return (guint16) (p[0] | (p[1] << 8));
}

static inline guint32
drivedash_le32 (const guint8 *p)
{
  return (guint32) p[0] | ((guint32) p[1] << 8) | ((guint32) p[2] << 16) | ((guint32) p[3] << 24);
}

static inline guint64
drivedash_le64 (const guint8 *p)
{
  return (guint64) drivedash_le32 (p) | ((guint64) drivedash_le32 (p + 4) << 32);
}

G_END_DECLS
