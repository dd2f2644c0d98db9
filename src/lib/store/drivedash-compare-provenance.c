/* drivedash-compare-provenance.c — what differed in how compared runs
 * were made: a firmware or kernel update is a common reason for a change
 * in speed, so a comparison says so in plain words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "drivedash-compare.h"

/* The distinct values of a field, in run order, joined with ", "; NULL
 * when there are fewer than two.  Runs with @serial_hash set count only
 * when of that drive. */
static char *
distinct (DrivedashStoreRun *const *runs,
          guint                     n_runs,
          gsize                     field,
          const char               *serial_hash)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < n_runs; i++)
    {
      const char *value = G_STRUCT_MEMBER (const char *, runs[i], field);

      if (value == NULL || *value == '\0' ||
          (serial_hash != NULL && g_strcmp0 (runs[i]->serial_hash, serial_hash) != 0))
        continue;
      if (!g_ptr_array_find_with_equal_func (seen, value, g_str_equal, NULL))
        g_ptr_array_add (seen, (gpointer) value);
    }
  if (seen->len < 2)
    return NULL;
  g_ptr_array_add (seen, NULL);
  /* TRANSLATORS: the separator of a list of versions, "3B2QGXA7, 4B2QGXA7" */
  return g_strjoinv (_(", "), (char **) seen->pdata);
}

/* A drive's firmware, compared only between runs of that drive. */
static char *
firmware_changes (DrivedashStoreRun *const *runs,
                  guint                     n_runs)
{
  for (guint i = 0; i < n_runs; i++)
    {
      char *list;

      if (runs[i]->serial_hash == NULL)
        continue;
      list = distinct (runs, n_runs, G_STRUCT_OFFSET (DrivedashStoreRun, drive_firmware), runs[i]->serial_hash);
      if (list != NULL)
        return list;
    }
  return NULL;
}

char *
drivedash_compare_dup_provenance (DrivedashStoreRun *const *runs,
                                  guint                     n_runs)
{
  g_autofree char *firmware = firmware_changes (runs, n_runs);
  g_autofree char *kernel = distinct (runs, n_runs, G_STRUCT_OFFSET (DrivedashStoreRun, kernel), NULL);
  g_autofree char *app = distinct (runs, n_runs, G_STRUCT_OFFSET (DrivedashStoreRun, app_version), NULL);
  GString *text = g_string_new (NULL);

  if (firmware != NULL)
    /* TRANSLATORS: %s lists firmware versions, "3B2QGXA7, 4B2QGXA7" */
    g_string_append_printf (text, _("Run on a different firmware (%s): a firmware update can change "
                                    "a drive’s speed.\n"), firmware);
  if (kernel != NULL)
    /* TRANSLATORS: %s lists Linux versions, "6.1.0-18-amd64, 6.1.0-21-amd64" */
    g_string_append_printf (text, _("Run on a different Linux kernel (%s): a new kernel can change "
                                    "how fast a drive is driven.\n"), kernel);
  if (app != NULL)
    /* TRANSLATORS: %s lists Drivedash's versions, "0.4.0, 0.5.0" */
    g_string_append_printf (text, _("Measured by different versions of Drivedash (%s).\n"), app);
  if (text->len == 0)
    return g_string_free (text, TRUE);
  g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}
