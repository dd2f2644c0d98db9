/* drivedash-event-log.c — kernel events, their counts, JSON and a{sv}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-error.h"
#include "drivedash-events.h"
#include "drivedash-format.h"

G_DEFINE_BOXED_TYPE (DrivedashKernelEvent, drivedash_kernel_event,
                     drivedash_kernel_event_copy, drivedash_kernel_event_free)

/* Cuts at a character boundary at most DRIVEDASH_EVENT_MESSAGE_MAX bytes
 * in, then makes control characters visible: a kernel message can carry
 * anything a device or a filesystem label put there. */
static char *
cap_message (const char *raw)
{
  gsize len = strlen (raw);
  g_autofree char *cut = NULL;
  g_autofree char *safe = NULL;

  if (len <= DRIVEDASH_EVENT_MESSAGE_MAX)
    return drivedash_format_device_string (raw);
  len = DRIVEDASH_EVENT_MESSAGE_MAX;
  while (len > 0 && ((guchar) raw[len] & 0xC0) == 0x80)
    len--;
  cut = g_strndup (raw, len);
  safe = drivedash_format_device_string (cut);
  return g_strconcat (safe, "…", NULL);
}

DrivedashKernelEvent *
drivedash_kernel_event_new (DrivedashEventKind  kind,
                            const char         *raw_message)
{
  DrivedashKernelEvent *event = g_new0 (DrivedashKernelEvent, 1);

  event->kind = kind;
  event->message = cap_message (raw_message != NULL ? raw_message : "");
  event->sector = -1;
  if (kind == DRIVEDASH_EVENT_KIND_IO_ERROR)
    {
      g_autofree char *op = NULL;

      drivedash_event_parse_io (event->message, &op, &event->sector);
      event->op = op != NULL ? drivedash_format_device_string (op) : NULL;
    }
  return event;
}

DrivedashKernelEvent *
drivedash_kernel_event_copy (const DrivedashKernelEvent *event)
{
  DrivedashKernelEvent *copy = g_memdup2 (event, sizeof *event);

  copy->controller = g_strdup (event->controller);
  copy->device = g_strdup (event->device);
  copy->message = g_strdup (event->message);
  copy->op = g_strdup (event->op);
  return copy;
}

void
drivedash_kernel_event_free (DrivedashKernelEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->controller);
  g_free (event->device);
  g_free (event->message);
  g_free (event->op);
  g_free (event);
}

DrivedashEventLog *
drivedash_event_log_new (guint max_events)
{
  DrivedashEventLog *log = g_new0 (DrivedashEventLog, 1);

  log->events = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_kernel_event_free);
  log->max_events = MAX (max_events, 1);
  return log;
}

void
drivedash_event_log_free (DrivedashEventLog *log)
{
  if (log == NULL)
    return;
  g_ptr_array_unref (log->events);
  g_free (log);
}

void
drivedash_event_log_add (DrivedashEventLog    *log,
                         DrivedashKernelEvent *event)
{
  guint k = event->kind;

  g_return_if_fail (k < DRIVEDASH_N_EVENT_KINDS);
  log->counts[k]++;
  log->last_usec[k] = MAX (log->last_usec[k], event->time_usec);
  /* A flood keeps the newest events and exact counts, never more memory
   * than the cap. */
  if (log->events->len >= log->max_events)
    {
      g_ptr_array_remove_index (log->events, 0);
      log->dropped++;
    }
  g_ptr_array_add (log->events, event);
}

guint
drivedash_event_log_total (const DrivedashEventLog *log)
{
  guint total = 0;

  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    total += log->counts[k];
  return total;
}

guint
drivedash_event_log_dropouts (const DrivedashEventLog *log)
{
  guint total = 0;

  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    if (drivedash_event_kind_is_dropout ((DrivedashEventKind) k))
      total += log->counts[k];
  return total;
}

gboolean
drivedash_event_log_worst (const DrivedashEventLog *log,
                           DrivedashEventKind      *kind)
{
  gboolean found = FALSE;

  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    if (log->counts[k] > 0
        && (!found || drivedash_event_kind_get_severity ((DrivedashEventKind) k)
                      > drivedash_event_kind_get_severity (*kind)))
      {
        *kind = (DrivedashEventKind) k;
        found = TRUE;
      }
  return found;
}

gboolean
drivedash_event_log_suggests_full_power (const DrivedashEventLog *log,
                                         gboolean                 apst_exposed)
{
  return apst_exposed && (drivedash_event_log_dropouts (log) >= 2
                          || log->counts[DRIVEDASH_EVENT_KIND_TIMEOUT] >= 2);
}

static void
kinds_to_json (const DrivedashEventLog *log,
               JsonBuilder             *builder)
{
  json_builder_set_member_name (builder, "kinds");
  json_builder_begin_array (builder);
  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    {
      DrivedashEventKind kind = (DrivedashEventKind) k;

      if (log->counts[k] == 0)
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, drivedash_event_kind_to_string (kind));
      json_builder_set_member_name (builder, "severity");
      json_builder_add_string_value (builder,
                                     drivedash_event_severity_to_string (drivedash_event_kind_get_severity (kind)));
      json_builder_set_member_name (builder, "count");
      json_builder_add_int_value (builder, log->counts[k]);
      json_builder_set_member_name (builder, "last_usec");
      json_builder_add_int_value (builder, log->last_usec[k]);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, drivedash_event_kind_get_title (kind));
      json_builder_set_member_name (builder, "meaning");
      json_builder_add_string_value (builder, drivedash_event_kind_get_meaning (kind));
      json_builder_set_member_name (builder, "advice");
      json_builder_add_string_value (builder, drivedash_event_kind_get_advice (kind));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_string_or_null (JsonBuilder *builder,
                    const char  *name,
                    const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
event_to_json (const DrivedashKernelEvent *event,
               JsonBuilder                *builder)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, drivedash_event_kind_to_string (event->kind));
  json_builder_set_member_name (builder, "severity");
  json_builder_add_string_value (builder,
                                 drivedash_event_severity_to_string (drivedash_event_kind_get_severity (event->kind)));
  json_builder_set_member_name (builder, "time_usec");
  json_builder_add_int_value (builder, event->time_usec);
  json_builder_set_member_name (builder, "boot");
  json_builder_add_int_value (builder, event->boot);
  add_string_or_null (builder, "controller", event->controller);
  add_string_or_null (builder, "device", event->device);
  add_string_or_null (builder, "message", event->message);
  add_string_or_null (builder, "op", event->op);
  json_builder_set_member_name (builder, "sector");
  if (event->sector >= 0)
    json_builder_add_int_value (builder, event->sector);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
}

void
drivedash_event_log_to_json (const DrivedashEventLog *log,
                             JsonBuilder             *builder)
{
  json_builder_set_member_name (builder, "truncated");
  json_builder_add_boolean_value (builder, log->dropped > 0);
  json_builder_set_member_name (builder, "dropped");
  json_builder_add_int_value (builder, log->dropped);
  json_builder_set_member_name (builder, "boots");
  json_builder_add_int_value (builder, log->n_boots);
  kinds_to_json (log, builder);
  json_builder_set_member_name (builder, "events");
  json_builder_begin_array (builder);
  for (guint i = 0; i < log->events->len; i++)
    event_to_json (g_ptr_array_index (log->events, i), builder);
  json_builder_end_array (builder);
}
