/* drivedash-event-variant.c — kernel events as a{sv} for D-Bus, and back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * {"events": aa{sv} (kind s, time-usec x, boot i, controller s, device s,
 *  message s, op s, sector x), "counts": a(sux) (kind, count, last usec),
 *  "dropped": u, "boots": u}.  Reading back checks every value: the
 * service's answer is data, and a kind this version does not know is
 * skipped rather than guessed.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-events.h"
#include "drivedash-format.h"

static GVariant *
event_to_variant (const DrivedashKernelEvent *event)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "kind", "s", drivedash_event_kind_to_string (event->kind));
  g_variant_dict_insert (&dict, "time-usec", "x", event->time_usec);
  g_variant_dict_insert (&dict, "boot", "i", event->boot);
  g_variant_dict_insert (&dict, "message", "s", event->message != NULL ? event->message : "");
  if (event->controller != NULL)
    g_variant_dict_insert (&dict, "controller", "s", event->controller);
  if (event->device != NULL)
    g_variant_dict_insert (&dict, "device", "s", event->device);
  if (event->op != NULL)
    g_variant_dict_insert (&dict, "op", "s", event->op);
  g_variant_dict_insert (&dict, "sector", "x", event->sector);
  return g_variant_dict_end (&dict);
}

GVariant *
drivedash_event_log_to_variant (const DrivedashEventLog *log)
{
  GVariantBuilder events, counts;
  GVariantDict dict;

  g_variant_builder_init (&events, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < log->events->len; i++)
    g_variant_builder_add_value (&events, event_to_variant (g_ptr_array_index (log->events, i)));
  g_variant_builder_init (&counts, G_VARIANT_TYPE ("a(sux)"));
  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    if (log->counts[k] > 0)
      g_variant_builder_add (&counts, "(sux)", drivedash_event_kind_to_string ((DrivedashEventKind) k),
                             log->counts[k], log->last_usec[k]);
  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert_value (&dict, "events", g_variant_builder_end (&events));
  g_variant_dict_insert_value (&dict, "counts", g_variant_builder_end (&counts));
  g_variant_dict_insert (&dict, "dropped", "u", log->dropped);
  g_variant_dict_insert (&dict, "boots", "u", log->n_boots);
  return g_variant_dict_end (&dict);
}

static char *
lookup_string (GVariantDict *dict,
               const char   *key)
{
  const char *value = NULL;

  if (!g_variant_dict_lookup (dict, key, "&s", &value))
    return NULL;
  return drivedash_format_device_string (value);
}

static DrivedashKernelEvent *
event_from_variant (GVariant *value)
{
  g_auto(GVariantDict) dict;
  DrivedashKernelEvent *event;
  DrivedashEventKind kind;
  const char *kind_name = NULL, *message = NULL;

  g_variant_dict_init (&dict, value);
  if (!g_variant_dict_lookup (&dict, "kind", "&s", &kind_name)
      || !drivedash_event_kind_from_string (kind_name, &kind)
      || !g_variant_dict_lookup (&dict, "message", "&s", &message))
    return NULL;
  event = drivedash_kernel_event_new (kind, message);
  g_variant_dict_lookup (&dict, "time-usec", "x", &event->time_usec);
  g_variant_dict_lookup (&dict, "boot", "i", &event->boot);
  event->controller = lookup_string (&dict, "controller");
  event->device = lookup_string (&dict, "device");
  /* The op and sector come from the message, as for a local read. */
  return event;
}

static void
counts_from_variant (DrivedashEventLog *log,
                     GVariant          *counts)
{
  GVariantIter iter;
  const char *name;
  guint32 count;
  gint64 last;

  g_variant_iter_init (&iter, counts);
  while (g_variant_iter_next (&iter, "(&sux)", &name, &count, &last))
    {
      DrivedashEventKind kind;

      if (drivedash_event_kind_from_string (name, &kind))
        {
          log->counts[kind] = count;
          log->last_usec[kind] = last;
        }
    }
}

DrivedashEventLog *
drivedash_event_log_from_variant (GVariant  *variant,
                                  guint      max_events,
                                  GError   **error)
{
  g_autoptr(DrivedashEventLog) log = drivedash_event_log_new (max_events);
  g_autoptr(GVariant) events = NULL;
  g_autoptr(GVariant) counts = NULL;
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  GVariantIter iter;
  GVariant *child;

  if (!g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("The system service sent kernel events in a form this version does not understand."));
      return NULL;
    }
  g_variant_dict_clear (&dict);
  g_variant_dict_init (&dict, variant);
  events = g_variant_dict_lookup_value (&dict, "events", G_VARIANT_TYPE ("aa{sv}"));
  counts = g_variant_dict_lookup_value (&dict, "counts", G_VARIANT_TYPE ("a(sux)"));
  if (events == NULL || counts == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("The system service sent kernel events in a form this version does not understand."));
      return NULL;
    }
  g_variant_iter_init (&iter, events);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      DrivedashKernelEvent *event = event_from_variant (child);

      g_variant_unref (child);
      if (event == NULL)
        continue;
      /* Counts come from "counts" below, not from the events kept. */
      if (log->events->len >= log->max_events)
        g_ptr_array_remove_index (log->events, 0);
      g_ptr_array_add (log->events, event);
    }
  counts_from_variant (log, counts);
  g_variant_dict_lookup (&dict, "dropped", "u", &log->dropped);
  g_variant_dict_lookup (&dict, "boots", "u", &log->n_boots);
  return g_steal_pointer (&log);
}
