/* drivedash-metrics.c — Prometheus text format for drive health
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-metrics.h"

#define PREFIX "drivedash_nvme_"

/* One sample's value, as text; NULL when the report does not have it. */
typedef char *(*ValueFunc) (const DrivedashHealth *h);

typedef struct
{
  const char *name;
  const char *type;
  const char *help;
  ValueFunc   value;
} Family;

static gboolean
has_smart (const DrivedashHealth *h)
{
  return (h->has & DRIVEDASH_HEALTH_HAS_SMART) != 0;
}

/* Every fraction here is a whole number of hundredths (percentages,
 * hundredths of a kelvin): two decimals are exact and read well. */
static char *
fmt_hundredths (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.2f", value));
}

static char *
v_temperature (const DrivedashHealth *h)
{
  if (!(h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE) || h->smart.temperature_kelvin == 0)
    return NULL;
  /* Exact: K × 100 − 27315 is an integer number of hundredths. */
  return fmt_hundredths (((gint64) h->smart.temperature_kelvin * 100 - 27315) / 100.0);
}

static char *
v_critical_warning (const DrivedashHealth *h)
{
  return has_smart (h) ? g_strdup_printf ("%u", h->smart.critical_warning) : NULL;
}

static char *
v_spare (const DrivedashHealth *h)
{
  return has_smart (h) ? fmt_hundredths (h->smart.available_spare_percent / 100.0) : NULL;
}

static char *
v_used (const DrivedashHealth *h)
{
  return has_smart (h) ? fmt_hundredths (h->smart.percentage_used / 100.0) : NULL;
}

/* Exact while the bytes fit in 128 bits; beyond, where the core
 * saturates, a float (which is what Prometheus keeps anyway). */
static char *
bytes_of_units (DrivedashU128 units)
{
  DrivedashU128 bytes = drivedash_data_units_to_bytes (units);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (bytes.lo != G_MAXUINT64 || bytes.hi != G_MAXUINT64)
    return drivedash_u128_to_string (bytes);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g",
                                    drivedash_u128_to_double (units) * DRIVEDASH_BYTES_PER_DATA_UNIT));
}

static char *
v_written (const DrivedashHealth *h)
{
  return has_smart (h) ? bytes_of_units (h->smart.data_units_written) : NULL;
}

static char *
v_read (const DrivedashHealth *h)
{
  return has_smart (h) ? bytes_of_units (h->smart.data_units_read) : NULL;
}

static char *
v_power_on (const DrivedashHealth *h)
{
  gint64 hours;

  if (!has_smart (h))
    return NULL;
  if (drivedash_u128_to_int64 (h->smart.power_on_hours, &hours) && hours <= G_MAXINT64 / 3600)
    return g_strdup_printf ("%" G_GINT64_FORMAT, hours * 3600);
  return fmt_hundredths (drivedash_u128_to_double (h->smart.power_on_hours) * 3600);
}

#define COUNTER_FUNC(func, field) \
  static char * \
  func (const DrivedashHealth *h) \
  { \
    return has_smart (h) ? drivedash_u128_to_string (h->smart.field) : NULL; \
  }
COUNTER_FUNC (v_unsafe, unsafe_shutdowns)
COUNTER_FUNC (v_media, media_errors)
COUNTER_FUNC (v_error_log, error_log_entries)

static const Family families[] = {
  { "temperature_celsius", "gauge", "Composite temperature of the controller.", v_temperature },
  { "critical_warning", "gauge", "Critical Warning field of the SMART log (bit field; 0 = none).", v_critical_warning },
  { "available_spare_ratio", "gauge", "Available spare capacity, 0 to 1.", v_spare },
  { "percentage_used_ratio", "gauge", "Estimated share of the rated life used (may exceed 1).", v_used },
  { "data_written_bytes_total", "counter", "Data written by the host, in bytes (data units x 512000).", v_written },
  { "data_read_bytes_total", "counter", "Data read by the host, in bytes (data units x 512000).", v_read },
  { "power_on_seconds_total", "counter", "Power-on time (the drive counts whole hours).", v_power_on },
  { "unsafe_shutdowns_total", "counter", "Times power was lost without a clean shutdown.", v_unsafe },
  { "media_errors_total", "counter", "Unrecovered data integrity errors.", v_media },
  { "error_log_entries_total", "counter", "Entries ever made in the error information log.", v_error_log },
};

/* Label values escaped as the text format wants (\\, \", \n). */
static void
append_label (GString    *out,
              const char *name,
              const char *value,
              gboolean    first)
{
  g_string_append_printf (out, "%s%s=\"", first ? "" : ",", name);
  for (const char *p = value != NULL ? value : ""; *p != '\0'; p++)
    {
      if (*p == '\\' || *p == '"')
        g_string_append_c (out, '\\');
      if (*p == '\n')
        g_string_append (out, "\\n");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_header (GString    *out,
               const char *name,
               const char *type,
               const char *help)
{
  g_string_append_printf (out, "# HELP " PREFIX "%s %s\n# TYPE " PREFIX "%s %s\n",
                          name, help, name, type);
}

/* "name{controller="nvme0"" — the caller adds labels and closes. */
static void
append_sample_start (GString               *out,
                     const char            *name,
                     const DrivedashHealth *h)
{
  g_string_append_printf (out, PREFIX "%s{", name);
  append_label (out, "controller", h->controller, TRUE);
}

static void
append_family (GString      *out,
               const Family *f,
               GPtrArray    *healths)
{
  gboolean any = FALSE;

  for (guint i = 0; i < healths->len; i++)
    {
      const DrivedashHealth *h = g_ptr_array_index (healths, i);
      g_autofree char *value = f->value (h);

      if (value == NULL)
        continue;
      if (!any)
        append_header (out, f->name, f->type, f->help);
      any = TRUE;
      append_sample_start (out, f->name, h);
      g_string_append_printf (out, "} %s\n", value);
    }
}

static void
append_verdict_and_info (GString   *out,
                         GPtrArray *healths)
{
  append_header (out, "verdict", "gauge",
                 "Drivedash's verdict on the drive: 1 for the current verdict label.");
  for (guint i = 0; i < healths->len; i++)
    {
      const DrivedashHealth *h = g_ptr_array_index (healths, i);

      append_sample_start (out, "verdict", h);
      append_label (out, "verdict", drivedash_verdict_to_string (h->verdict), FALSE);
      g_string_append (out, "} 1\n");
    }
  append_header (out, "info", "gauge", "Identity of the drive; always 1.");
  for (guint i = 0; i < healths->len; i++)
    {
      const DrivedashHealth *h = g_ptr_array_index (healths, i);

      append_sample_start (out, "info", h);
      append_label (out, "model", h->model, FALSE);
      append_label (out, "serial", h->serial, FALSE);
      append_label (out, "firmware", h->firmware, FALSE);
      g_string_append (out, "} 1\n");
    }
}

/* Not under PREFIX: the kernel's events are not an NVMe log field, and
 * the name is the one the documentation promises. */
static void
append_kernel_events (GString   *out,
                      GPtrArray *healths,
                      GPtrArray *events)
{
  gboolean any = FALSE;

  for (guint i = 0; i < healths->len && i < events->len; i++)
    {
      const DrivedashHealth *h = g_ptr_array_index (healths, i);
      const DrivedashEventLog *log = g_ptr_array_index (events, i);

      if (log == NULL)
        continue;
      if (!any)
        g_string_append (out, "# HELP drivedash_kernel_events_total Kernel messages about the drive, "
                              "by kind, over the boots the journal holds.\n"
                              "# TYPE drivedash_kernel_events_total counter\n");
      any = TRUE;
      for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
        {
          g_string_append (out, "drivedash_kernel_events_total{");
          append_label (out, "controller", h->controller, TRUE);
          append_label (out, "kind", drivedash_event_kind_to_string ((DrivedashEventKind) k), FALSE);
          g_string_append_printf (out, "} %u\n", log->counts[k]);
        }
    }
}

void
drivedash_metrics_append_app_writes (GString            *out,
                                     const char *const  *controllers,
                                     const char *const  *apps,
                                     const guint64      *bytes,
                                     guint               n)
{
  if (n == 0)
    return;
  g_string_append (out, "# HELP drivedash_app_bytes_written_total Bytes each app wrote to the drive, "
                        "as the background watch measured them.\n"
                        "# TYPE drivedash_app_bytes_written_total counter\n");
  for (guint i = 0; i < n; i++)
    {
      g_string_append (out, "drivedash_app_bytes_written_total{");
      append_label (out, "controller", controllers[i], TRUE);
      append_label (out, "app", apps[i], FALSE);
      g_string_append_printf (out, "} %" G_GUINT64_FORMAT "\n", bytes[i]);
    }
}

char *
drivedash_metrics_format_with_events (GPtrArray *healths,
                                      GPtrArray *events)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (healths != NULL, NULL);
  if (healths->len > 0)
    append_verdict_and_info (out, healths);
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    append_family (out, &families[i], healths);
  if (events != NULL)
    append_kernel_events (out, healths, events);
  return g_string_free (out, FALSE);
}

char *
drivedash_metrics_format (GPtrArray *healths)
{
  return drivedash_metrics_format_with_events (healths, NULL);
}

static gboolean
write_all (int         fd,
           const char *text,
           gsize       len)
{
  while (len > 0)
    {
      gssize n = write (fd, text, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      text += n;
      len -= n;
    }
  return TRUE;
}

static void
set_write_error (GError     **error,
                 const char  *path,
                 int          saved_errno)
{
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
               _("The metrics could not be written to %s: %s. Check that the folder can be written to."),
               path, g_strerror (saved_errno));
}

/* The data first, then the name: after a crash node_exporter finds the
 * old file or the new one, never an empty one. */
static gboolean
write_temp_and_rename (const char  *tmp,
                       int          fd,
                       const char  *path,
                       const char  *text,
                       GError     **error)
{
  int saved_errno;

  if (write_all (fd, text, strlen (text)) && fchmod (fd, 0644) == 0 && fsync (fd) == 0)
    {
      int closed = close (fd);

      fd = -1;
      if (closed == 0 && rename (tmp, path) == 0)
        return TRUE;
    }
  saved_errno = errno;
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  set_write_error (error, path, saved_errno);
  return FALSE;
}

/* The rename is only durable once the folder is synced; a failure here
 * loses nothing that is not already on its way to the disk. */
static void
sync_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

gboolean
drivedash_metrics_write_file (const char  *path,
                              const char  *text,
                              GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp = NULL;
  int fd;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("%s is a folder. Give the path of the file to write, for example %s/drivedash.prom."),
                   path, path);
      return FALSE;
    }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("The folder %s does not exist. Give the folder that node_exporter "
                     "reads (its --collector.textfile.directory)."), dir);
      return FALSE;
    }
  /* A hidden name that does not end in .prom: the textfile collector
   * skips it while it is being written. */
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      set_write_error (error, path, errno);
      return FALSE;
    }
  if (!write_temp_and_rename (tmp, fd, path, text, error))
    return FALSE;
  sync_folder (dir);
  return TRUE;
}
