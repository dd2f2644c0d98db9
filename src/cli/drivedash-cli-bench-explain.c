/* drivedash-cli-bench-explain.c — the plain-words parts of `bench`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-bench-estimate.h"
#include "drivedash-bench-verdict.h"
#include "drivedash-bench-words.h"
#include "drivedash-cli-bench-explain.h"
#include "drivedash-format.h"

char *
drivedash_cli_bench_describe_presets (void)
{
  GString *s = g_string_new (NULL);
  const DrivedashBenchPreset *presets;
  guint n;

  presets = drivedash_bench_presets_get (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *specs = g_strjoinv (", ", (char **) presets[i].specs);

      g_string_append_printf (s, "%-12s %s", presets[i].id, _(presets[i].name));
      if (presets[i].cdm_name != NULL)
        g_string_append_printf (s, " [%s]", presets[i].cdm_name);
      g_string_append_printf (s, "\n             %s\n             %s\n",
                              _(presets[i].description), specs);
    }
  return g_string_free (s, FALSE);
}

static double
estimate_total (const DrivedashBenchSettings *settings,
                guint                         n_tests)
{
  DrivedashBenchEstimate e;

  drivedash_bench_estimate (settings, n_tests, 0, &e);
  return e.total_s;
}

void
drivedash_cli_bench_print_header (const DrivedashFolderInfo    *folder,
                                  const DrivedashBenchPreset   *preset,
                                  const DrivedashBenchSettings *settings,
                                  guint                         n_tests)
{
  g_autofree char *display = g_filename_display_name (folder->folder);
  g_autofree char *where = drivedash_folder_info_dup_drive_text (folder);
  g_autofree char *size = drivedash_format_size_iec (settings->test_size);
  g_autofree char *time = drivedash_format_duration_estimate (estimate_total (settings, n_tests));

  /* Translators: "Folder: /home/ann, on Samsung SSD 970 EVO Plus 1TB" */
  printf (_("Folder: %s, %s\n"), display, where);
  if (preset != NULL && preset->cdm_name != NULL)
    /* Translators: "Tests: Standard (like CrystalDiskMark) [CDM Default], 8 tests, 1 GiB file" */
    printf (_("Tests: %s [%s], %u tests, %s file\n"), _(preset->name), preset->cdm_name, n_tests, size);
  else if (preset != NULL)
    /* Translators: "Tests: Quick check, 4 tests, 1 GiB file" */
    printf (_("Tests: %s, %u tests, %s file\n"), _(preset->name), n_tests, size);
  else
    /* Translators: "Tests: 2 of your own, 1 GiB file" */
    printf (_("Tests: %u of your own, %s file\n"), n_tests, size);
  /* Translators: "Estimated time: about 4 min 35 s" */
  printf (_("Estimated time: %s\n"), time);
  fflush (stdout);
}

static void
print_test_titles (const DrivedashBenchReport *report)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  printf ("\n%s\n", _("What the tests mean:"));
  for (guint i = 0; i < report->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);
      g_autofree char *title = drivedash_bench_spec_dup_title (&r->spec);

      if (g_ptr_array_find_with_equal_func (seen, title, g_str_equal, NULL))
        continue;
      printf ("  %s\n", title);
      g_ptr_array_add (seen, g_steal_pointer (&title));
    }
}

/* @text's lines under @heading, indented; nothing without @text. */
static void
print_section (const char *heading,
               const char *text)
{
  g_auto(GStrv) lines = NULL;

  if (text == NULL)
    return;
  printf ("\n%s\n", heading);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    printf ("  %s\n", lines[i]);
}

void
drivedash_cli_bench_print_footer (const DrivedashFolderInfo  *folder,
                                  const DrivedashBenchReport *report)
{
  g_autoptr(DrivedashSpeedVerdict) verdict = NULL;
  g_autofree char *device = NULL, *doubts = NULL;

  print_test_titles (report);
  device = drivedash_bench_report_dup_device_text (report);
  doubts = drivedash_bench_report_dup_doubt_text (report);
  print_section (_("What the drive saw:"), device);
  print_section (_("Results that can’t be the drive’s speed:"), doubts);
  printf ("\n");
  verdict = drivedash_bench_report_judge (report, folder);
  if (verdict->level == DRIVEDASH_SPEED_VERDICT_UNKNOWN)
    printf ("%s\n", verdict->headline);
  else
    /* Translators: "Verdict: Fast for an NVMe drive on PCIe 3.0" */
    printf (_("Verdict: %s\n"), verdict->headline);
  if (verdict->link_text != NULL)
    /* Translators: "Link: PCIe 3.0 ×4, up to ~3900 MB/s" */
    printf (_("Link: %s\n"), verdict->link_text);
  printf ("%s\n", verdict->how);
}

static const char *
level_id (DrivedashSpeedVerdictLevel level)
{
  static const char *ids[] = { "unknown", "fast", "slow", "held-back", "too-fast" };

  return level < G_N_ELEMENTS (ids) ? ids[level] : "unknown";
}

static void
add_verdict (JsonObject                 *root,
             const DrivedashFolderInfo  *folder,
             const DrivedashBenchReport *report)
{
  g_autoptr(DrivedashSpeedVerdict) verdict = drivedash_bench_report_judge (report, folder);
  JsonObject *v = json_object_new ();

  json_object_set_string_member (v, "level", level_id (verdict->level));
  json_object_set_string_member (v, "headline", verdict->headline);
  json_object_set_string_member (v, "how", verdict->how);
  if (verdict->link_text != NULL)
    json_object_set_string_member (v, "link", verdict->link_text);
  json_object_set_object_member (root, "verdict", v);
}

void
drivedash_cli_bench_add_json (JsonObject                 *root,
                              const DrivedashFolderInfo  *folder,
                              const DrivedashBenchReport *report,
                              guint                       n_tests)
{
  JsonObject *settings = json_object_get_object_member (root, "settings");
  JsonArray *results = json_object_get_array_member (root, "results");

  json_object_set_boolean_member (settings, "in_memory", folder->in_memory);
  if (folder->drive_name != NULL)
    json_object_set_string_member (settings, "drive", folder->drive_name);
  else
    json_object_set_null_member (settings, "drive");
  if (folder->block_device != NULL)
    json_object_set_string_member (settings, "block_device", folder->block_device);
  if (folder->disk != NULL)
    json_object_set_string_member (settings, "disk", folder->disk);
  json_object_set_double_member (root, "estimate_s", estimate_total (report->settings, n_tests));
  add_verdict (root, folder, report);

  for (guint i = 0; results != NULL && i < json_array_get_length (results) && i < report->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);
      g_autofree char *title = drivedash_bench_spec_dup_title (&r->spec);

      json_object_set_string_member (json_array_get_object_element (results, i), "title", title);
    }
}
