/* drivedash-journal.c — kernel events from the systemd journal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sd-journal reads the journal files directly, with the reader's own
 * permissions: the system journal is readable by root and the adm,
 * systemd-journal and wheel groups.  Without libsystemd (a build for a
 * runtime that lacks it) every call says so plainly, and the client asks
 * drivedashd instead.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>
#if HAVE_LIBSYSTEMD
#include <systemd/sd-id128.h>
#include <systemd/sd-journal.h>
#endif

#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-events-private.h"
#include "drivedash-journal.h"

#if HAVE_LIBSYSTEMD

/* Longest field read from an entry: messages beyond this are cut by the
 * journal itself, before they reach memory here. */
#define FIELD_THRESHOLD 4096

gboolean
drivedash_journal_supported (void)
{
  return TRUE;
}

gboolean
drivedash_journal_readable (GError **error)
{
  sd_id128_t machine;
  char id[SD_ID128_STRING_MAX];
  const char *dirs[] = { "/var/log/journal", "/run/log/journal" };
  gboolean exists = FALSE;

  if (sd_id128_get_machine (&machine) < 0)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                           _("This system keeps no journal of the kernel's messages."));
      return FALSE;
    }
  sd_id128_to_string (machine, id);
  for (gsize i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], id, "system.journal", NULL);

      if (access (path, R_OK) == 0)
        return TRUE;
      exists = exists || access (path, F_OK) == 0;
    }
  if (exists)
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                         _("Reading the kernel's messages needs membership of the adm, systemd-journal or wheel group, or the Drivedash system service."));
  else
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                         _("This system keeps no journal of the kernel's messages."));
  return FALSE;
}

/* A field's value, NUL-terminated; NULL when the entry lacks it. */
static char *
get_field (sd_journal *j,
           const char *field)
{
  const void *data;
  size_t len, prefix = strlen (field) + 1;

  if (sd_journal_get_data (j, field, &data, &len) < 0 || len < prefix)
    return NULL;
  return g_strndup ((const char *) data + prefix, len - prefix);
}

typedef struct
{
  char   *id;
  guint64 first_usec;
} Boot;

static int
boot_compare (gconstpointer a,
              gconstpointer b)
{
  const Boot *x = a, *y = b;

  return x->first_usec < y->first_usec ? -1 : x->first_usec > y->first_usec;
}

static void
boot_clear (Boot *boot)
{
  g_free (boot->id);
}

/* Every boot the journal holds, oldest first, by the time of its first
 * entry (what journalctl --list-boots does). */
static GArray *
list_boots (sd_journal *j)
{
  GArray *boots = g_array_new (FALSE, TRUE, sizeof (Boot));
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  const void *data;
  size_t len;

  g_array_set_clear_func (boots, (GDestroyNotify) boot_clear);
  if (sd_journal_query_unique (j, "_BOOT_ID") < 0)
    return boots;
  SD_JOURNAL_FOREACH_UNIQUE (j, data, len)
    if (len > strlen ("_BOOT_ID="))
      g_ptr_array_add (ids, g_strndup ((const char *) data + strlen ("_BOOT_ID="),
                                       len - strlen ("_BOOT_ID=")));
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *match = g_strconcat ("_BOOT_ID=", ids->pdata[i], NULL);
      Boot boot = { g_strdup (ids->pdata[i]), 0 };

      sd_journal_flush_matches (j);
      sd_journal_add_match (j, match, 0);
      if (sd_journal_seek_head (j) >= 0 && sd_journal_next (j) > 0)
        sd_journal_get_realtime_usec (j, &boot.first_usec);
      g_array_append_val (boots, boot);
    }
  sd_journal_flush_matches (j);
  g_array_sort (boots, boot_compare);
  return boots;
}

/* 0 for the newest boot, -1 for the one before…; 0 when unknown. */
static int
boot_index (GArray     *boots,
            const char *id)
{
  for (guint i = 0; id != NULL && i < boots->len; i++)
    if (strcmp (g_array_index (boots, Boot, i).id, id) == 0)
      return (int) i - (int) (boots->len - 1);
  return 0;
}

static sd_journal *
open_journal (const DrivedashJournalQuery *query,
              GError                     **error)
{
  sd_journal *j = NULL;
  int r;

  if (query->journal_file != NULL)
    {
      const char *files[] = { query->journal_file, NULL };

      r = sd_journal_open_files (&j, files, 0);
    }
  else
    r = sd_journal_open (&j, SD_JOURNAL_SYSTEM);
  if (r < 0)
    {
      g_set_error (error, DRIVEDASH_ERROR,
                   r == -EACCES || r == -EPERM ? DRIVEDASH_ERROR_PERMISSION : DRIVEDASH_ERROR_FAILED,
                   _("Could not open the journal: %s"), g_strerror (-r));
      return NULL;
    }
  sd_journal_set_data_threshold (j, FIELD_THRESHOLD);
  return j;
}

/* Narrows the read to the kernel's messages, and to one boot if asked. */
static gboolean
add_matches (sd_journal                  *j,
             const DrivedashJournalQuery *query,
             GArray                      *boots,
             GError                     **error)
{
  sd_journal_add_match (j, "_TRANSPORT=kernel", 0);
  if (query->one_boot)
    {
      g_autofree char *match = NULL;
      /* In 64 bits: a caller's INT_MIN must not wrap round to a boot. */
      gint64 i = (gint64) boots->len - 1 + query->boot;

      if (query->boot > 0 || i < 0 || i >= (gint64) boots->len)
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                       ngettext ("There is no boot %d: the journal holds %u boot (0 is the newest, -1 the one before).",
                                 "There is no boot %d: the journal holds %u boots (0 is the newest, -1 the one before).",
                                 boots->len),
                       query->boot, boots->len);
          return FALSE;
        }
      match = g_strconcat ("_BOOT_ID=", g_array_index (boots, Boot, i).id, NULL);
      sd_journal_add_match (j, match, 0);
    }
  if (query->since_usec > 0)
    return sd_journal_seek_realtime_usec (j, (guint64) query->since_usec) >= 0;
  return sd_journal_seek_head (j) >= 0;
}

static DrivedashKernelEvent *
read_entry (sd_journal                 *j,
            const DrivedashEventFilter *filter,
            GArray                     *boots)
{
  g_autofree char *message = get_field (j, "MESSAGE");
  g_autofree char *kernel_device = NULL;
  g_autofree char *boot_id = NULL;
  g_autofree char *controller = NULL;
  g_autofree char *device = NULL;
  DrivedashEventParse parse;
  DrivedashKernelEvent *event = NULL;
  guint64 usec = 0;

  /* The table is the cheap test; most kernel messages stop here. */
  if (!drivedash_event_parse (message, &parse))
    return NULL;
  kernel_device = get_field (j, "_KERNEL_DEVICE");
  if (drivedash_event_filter_match_parsed (filter, &parse, kernel_device, &controller, &device))
    {
      boot_id = get_field (j, "_BOOT_ID");
      sd_journal_get_realtime_usec (j, &usec);
      event = drivedash_kernel_event_new (parse.kind, message);
      event->time_usec = (gint64) MIN (usec, (guint64) G_MAXINT64);
      event->boot = boot_index (boots, boot_id);
      event->controller = drivedash_format_device_string (controller);
      event->device = drivedash_format_device_string (device);
    }
  drivedash_event_parse_clear (&parse);
  return event;
}

DrivedashEventLog *
drivedash_journal_read (const DrivedashJournalQuery *query,
                        const DrivedashEventFilter  *filter,
                        GError                     **error)
{
  g_autoptr(DrivedashEventLog) log = NULL;
  g_autoptr(GArray) boots = NULL;
  sd_journal *j = open_journal (query, error);

  if (j == NULL)
    return NULL;
  boots = list_boots (j);
  if (!add_matches (j, query, boots, error))
    {
      sd_journal_close (j);
      return NULL;
    }
  log = drivedash_event_log_new (query->max_events != 0 ? query->max_events
                                                        : DRIVEDASH_JOURNAL_MAX_EVENTS);
  log->n_boots = query->one_boot ? 1 : boots->len;
  while (sd_journal_next (j) > 0)
    {
      DrivedashKernelEvent *event = read_entry (j, filter, boots);

      if (event != NULL)
        drivedash_event_log_add (log, event);
    }
  sd_journal_close (j);
  return g_steal_pointer (&log);
}

#else /* !HAVE_LIBSYSTEMD */

gboolean
drivedash_journal_supported (void)
{
  return FALSE;
}

static void
set_not_available (GError **error)
{
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                       _("This copy of Drivedash cannot read the kernel's messages itself; the Drivedash system service can."));
}

gboolean
drivedash_journal_readable (GError **error)
{
  set_not_available (error);
  return FALSE;
}

DrivedashEventLog *
drivedash_journal_read (const DrivedashJournalQuery *query,
                        const DrivedashEventFilter  *filter,
                        GError                     **error)
{
  set_not_available (error);
  return NULL;
}

#endif
