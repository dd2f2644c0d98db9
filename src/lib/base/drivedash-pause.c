/* drivedash-pause.c — a rest between tests that a stop ends at once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Between the rounds of a game-mode test or the repeats of a full
 * review's speed test nothing else would notice a stop, so the rest
 * itself watches the cancellable: a parent source is dispatched when a
 * child source is ready, with the parent's callback (and the child's).
 */
#include "config.h"

#include "drivedash-pause.h"

/* A child source's own callback is called too: this one only wakes the
 * parent, which destroys it with itself. */
static gboolean
stop_cb (GCancellable *cancellable,
         gpointer      data)
{
  return G_SOURCE_CONTINUE;
}

guint
drivedash_pause_add (double        seconds,
                     GCancellable *cancellable,
                     GSourceFunc   func,
                     gpointer      data)
{
  g_autoptr(GSource) source = g_timeout_source_new ((guint) (seconds * 1000));

  g_return_val_if_fail (func != NULL, 0);

  if (cancellable != NULL)
    {
      g_autoptr(GSource) stop = g_cancellable_source_new (cancellable);

      g_source_set_callback (stop, G_SOURCE_FUNC (stop_cb), NULL, NULL);
      g_source_add_child_source (source, stop);
    }
  g_source_set_callback (source, func, data, NULL);
  return g_source_attach (source, NULL);
}
