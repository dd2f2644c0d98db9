/* test-bench-words.c — speed results a newcomer can read: preset and test
 * names, the PCIe-link verdict (fixture sysfs trees), the time estimate's
 * arithmetic, sizes without ".0"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drivedash-bench-estimate.h"
#include "drivedash-bench-verdict.h"
#include "drivedash-bench-words.h"
#include "drivedash-format.h"
#include "drivedash-test-tree.h"

static DrivedashBenchSpec
spec (const char *text)
{
  DrivedashBenchSpec s;
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_bench_spec_parse (text, DRIVEDASH_BENCH_MODE_READ, &s, &error));
  g_assert_no_error (error);
  return s;
}

static void
assert_title (const char *text,
              const char *expected)
{
  DrivedashBenchSpec s = spec (text);
  g_autofree char *title = drivedash_bench_spec_dup_title (&s);

  g_assert_cmpstr (title, ==, expected);
}

static void
test_titles (void)
{
  assert_title ("SEQ1M Q1T1", "Large files, one at a time (SEQ1M Q1T1)");
  assert_title ("SEQ1M Q8T1 write", "Large files, several at once (SEQ1M Q8T1)");
  assert_title ("RND4K Q1T1", "Small random reads, everyday (RND4K Q1T1)");
  assert_title ("RND4K Q1T1 write", "Small random writes, everyday (RND4K Q1T1)");
  assert_title ("RND4K Q32T16 mix", "Small random reads and writes, under heavy load (RND4K Q32T16)");
  assert_title ("RND1M Q4T1", "Random reads of large blocks, several at once (RND1M Q4T1)");
}

static void
test_tooltips (void)
{
  DrivedashBenchSpec one = spec ("RND4K Q1T1");
  DrivedashBenchSpec many = spec ("RND4K Q32T16 write");
  g_autofree char *a = drivedash_bench_spec_dup_tooltip (&one);
  g_autofree char *b = drivedash_bench_spec_dup_tooltip (&many);

  g_assert_true (g_str_has_prefix (a, "Reads 4 KiB pieces from random places"));
  g_assert_nonnull (strstr (a, "One request at a time"));
  g_assert_true (g_str_has_prefix (b, "Writes 4 KiB pieces"));
  g_assert_nonnull (strstr (b, "512 requests wait at once, from 16 programs"));
  g_assert_nonnull (strstr (drivedash_bench_explain_p99 (), "99 of every 100"));
  g_assert_nonnull (strstr (drivedash_bench_explain_iops (), "requests"));
  g_assert_nonnull (strstr (drivedash_bench_explain_latency (), "µs"));
  g_assert_nonnull (strstr (drivedash_bench_explain_mb_per_s (), "1,000,000"));
  g_assert_nonnull (strstr (drivedash_bench_explain_queue (), "Q1T1"));
}

static void
test_presets (void)
{
  const DrivedashBenchPreset *presets;
  const char *names[] = { "Quick check", "Standard (like CrystalDiskMark)", "NVMe (deep queues)",
                          "Everyday programs", "Maximum" };
  guint n;

  presets = drivedash_bench_presets_get (&n);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (drivedash_bench_preset_lookup (names[i]));
  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (presets[i].description);
      g_assert_null (strstr (presets[i].name, "CDM"));
    }
  /* CrystalDiskMark's names still work, and stay as the second label. */
  g_assert_cmpstr (drivedash_bench_preset_lookup ("CDM NVMe")->id, ==, "cdm-nvme");
  g_assert_cmpstr (drivedash_bench_preset_lookup ("cdm-default")->cdm_name, ==, "CDM Default");
  g_assert_cmpstr (drivedash_bench_preset_lookup ("peak")->name, ==, "Maximum");
  g_assert_cmpstr (drivedash_bench_preset_lookup ("real")->name, ==, "Everyday programs");
  g_assert_cmpstr (drivedash_bench_preset_lookup ("quick")->specs[1], ==, "RND4K Q1T1");
}

static void
test_pcie_arithmetic (void)
{
  g_autofree char *gen3 = drivedash_pcie_link_dup_text (8.0, 4);

  g_assert_cmpfloat_with_epsilon (drivedash_pcie_usable_mb_per_s (2.5, 1), 250.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (drivedash_pcie_usable_mb_per_s (5.0, 4), 2000.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (drivedash_pcie_usable_mb_per_s (8.0, 4), 4000.0 * 128 / 130, 1e-6);
  g_assert_cmpfloat_with_epsilon (drivedash_pcie_usable_mb_per_s (16.0, 4), 8000.0 * 128 / 130, 1e-6);
  g_assert_cmpfloat_with_epsilon (drivedash_pcie_usable_mb_per_s (32.0, 2), 8000.0 * 128 / 130, 1e-6);
  g_assert_cmpfloat_with_epsilon (drivedash_pcie_usable_mb_per_s (64.0, 1), 8000.0 * 236 / 256, 1e-6);
  g_assert_cmpfloat (drivedash_pcie_usable_mb_per_s (0, 4), ==, 0);
  g_assert_cmpstr (drivedash_pcie_generation (16.0), ==, "4.0");
  g_assert_null (drivedash_pcie_generation (12.0));
  g_assert_cmpfloat (drivedash_pcie_parse_speed ("8.0 GT/s PCIe"), ==, 8.0);
  g_assert_cmpfloat (drivedash_pcie_parse_speed ("Unknown"), ==, 0);
  g_assert_cmpfloat (drivedash_pcie_parse_speed (NULL), ==, 0);
  /* C locale: no digit grouping. */
  g_assert_cmpstr (gen3, ==, "PCIe 3.0 ×4, up to ~3900 MB/s");
}

/* The controller's PCI device as the kernel shows it; NULL speeds are left out. */
static char *
link_tree (const char *speed,
           const char *width,
           const char *max_speed,
           const char *max_width)
{
  g_autofree char *root = g_dir_make_tmp ("drivedash-link-XXXXXX", NULL);

  g_assert_nonnull (root);
  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Some NVMe\n");
  if (speed != NULL)
    {
      drivedash_test_tree_put (root, "class/nvme/nvme0/device/current_link_speed", speed);
      drivedash_test_tree_put (root, "class/nvme/nvme0/device/current_link_width", width);
      drivedash_test_tree_put (root, "class/nvme/nvme0/device/max_link_speed", max_speed);
      drivedash_test_tree_put (root, "class/nvme/nvme0/device/max_link_width", max_width);
    }
  return g_steal_pointer (&root);
}

static DrivedashSpeedVerdict *
verdict_from_tree (const char *speed,
                   const char *width,
                   const char *max_speed,
                   const char *max_width,
                   double      best)
{
  g_autofree char *root = link_tree (speed, width, max_speed, max_width);
  DrivedashPcieLink link;
  gboolean have = drivedash_pcie_link_read (root, "nvme0", &link);

  g_assert_true (have == (speed != NULL));
  g_assert_true (drivedash_test_tree_remove (root));
  return drivedash_speed_verdict_new (have ? &link : NULL, best);
}

static void
test_verdict (void)
{
  g_autoptr(DrivedashSpeedVerdict) fast = verdict_from_tree ("8.0 GT/s PCIe\n", "4\n", "8.0 GT/s PCIe\n", "4\n", 3412);
  g_autoptr(DrivedashSpeedVerdict) slow = verdict_from_tree ("8.0 GT/s PCIe\n", "4\n", "8.0 GT/s PCIe\n", "4\n", 1200);
  g_autoptr(DrivedashSpeedVerdict) slot = verdict_from_tree ("8.0 GT/s PCIe\n", "2\n", "16.0 GT/s PCIe\n", "4\n", 1700);
  g_autoptr(DrivedashSpeedVerdict) cache = verdict_from_tree ("8.0 GT/s PCIe\n", "4\n", "8.0 GT/s PCIe\n", "4\n", 5000);
  g_autoptr(DrivedashSpeedVerdict) nolink = verdict_from_tree (NULL, NULL, NULL, NULL, 3000);
  g_autoptr(DrivedashSpeedVerdict) noseq = verdict_from_tree ("16.0 GT/s PCIe\n", "4\n", "16.0 GT/s PCIe\n", "4\n", 0);

  g_assert_cmpint (fast->level, ==, DRIVEDASH_SPEED_VERDICT_FAST);
  g_assert_cmpstr (fast->headline, ==, "Fast for an NVMe drive on PCIe 3.0");
  g_assert_cmpstr (fast->link_text, ==, "PCIe 3.0 ×4, up to ~3900 MB/s");
  g_assert_cmpstr (fast->how, ==, "How we decided: the best large-file read, 3412 MB/s, is 87 % of "
                   "what its PCIe 3.0 ×4 link carries (3938 MB/s). NVMe drives that work well "
                   "reach 60 % or more.");

  g_assert_cmpint (slow->level, ==, DRIVEDASH_SPEED_VERDICT_SLOW);
  g_assert_true (g_str_has_prefix (slow->headline, "Slower than this drive’s link allows"));

  /* A PCIe 4.0 ×4 drive running at 3.0 ×2: say so, whatever the speed. */
  g_assert_cmpint (slot->level, ==, DRIVEDASH_SPEED_VERDICT_HELD_BACK);
  g_assert_cmpstr (slot->headline, ==, "Slower than this drive’s link allows: is it in the right "
                   "slot? It runs at PCIe 3.0 ×2 but could use PCIe 4.0 ×4");

  g_assert_cmpint (cache->level, ==, DRIVEDASH_SPEED_VERDICT_TOO_FAST);
  g_assert_cmpint (nolink->level, ==, DRIVEDASH_SPEED_VERDICT_UNKNOWN);
  g_assert_null (nolink->link_text);
  g_assert_cmpint (noseq->level, ==, DRIVEDASH_SPEED_VERDICT_UNKNOWN);
  g_assert_cmpstr (noseq->link_text, ==, "PCIe 4.0 ×4, up to ~7900 MB/s");
}

static void
test_best_seq_read (void)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchReport) report = drivedash_bench_report_new (settings);
  const struct { const char *spec; double mb; } runs[] = {
    { "SEQ1M Q8T1 read", 3000 }, { "SEQ1M Q1T1 read", 2000 }, { "RND4K Q32T1 read", 3500 },
    { "SEQ1M Q8T1 write", 3300 },
  };

  g_assert_cmpfloat (drivedash_bench_report_best_seq_read (report), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      DrivedashBenchSpec s = spec (runs[i].spec);
      g_autoptr(DrivedashBenchResult) r = drivedash_bench_result_new (&s, 1);

      r->mb_per_s = runs[i].mb;
      drivedash_bench_report_add_result (report, r);
    }
  g_assert_cmpfloat (drivedash_bench_report_best_seq_read (report), ==, 3000);
  g_assert_cmpfloat (drivedash_bench_report_best_seq_write (report), ==, 3300);
}

/* A folder in memory gets no verdict, whatever the figures. */
static void
test_judge_in_memory (void)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchReport) report = drivedash_bench_report_new (settings);
  DrivedashFolderInfo shm = { .folder = (char *) "/dev/shm", .is_directory = TRUE, .in_memory = TRUE };
  DrivedashBenchSpec s = spec ("SEQ1M Q8T1");
  g_autoptr(DrivedashBenchResult) r = drivedash_bench_result_new (&s, 1);
  g_autoptr(DrivedashSpeedVerdict) verdict = NULL;

  r->mb_per_s = 1820;
  drivedash_bench_report_add_result (report, r);
  verdict = drivedash_bench_report_judge (report, &shm);
  g_assert_cmpint (verdict->level, ==, DRIVEDASH_SPEED_VERDICT_UNKNOWN);
  g_assert_true (g_str_has_prefix (verdict->headline, "No verdict: this folder is in the computer’s memory"));
  g_assert_null (verdict->link_text);
}

static void
test_estimate (void)
{
  g_autoptr(DrivedashBenchSettings) s = drivedash_bench_settings_new ();
  DrivedashBenchEstimate e;
  double test = 6 * 5.0 + DRIVEDASH_BENCH_TEST_OVERHEAD_S;
  double prep = 1073741824.0 / (DRIVEDASH_BENCH_ASSUMED_WRITE_MB_PER_S * 1e6);

  /* CrystalDiskMark's defaults: 1 GiB, 5 passes of 5 s + warm-up, 5 s pauses, 8 tests. */
  drivedash_bench_estimate (s, 8, 0, &e);
  g_assert_cmpfloat_with_epsilon (e.prepare_s, prep, 1e-9);
  g_assert_cmpfloat_with_epsilon (e.tests_s, 8 * test, 1e-9);
  g_assert_cmpfloat_with_epsilon (e.pauses_s, 7 * 5.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (e.total_s, prep + 8 * test + 35, 1e-9);
  /* A measured write speed replaces the assumption. */
  drivedash_bench_estimate (s, 8, 2000, &e);
  g_assert_cmpfloat_with_epsilon (e.prepare_s, 1073741824.0 / 2e9, 1e-9);

  g_assert_cmpfloat_with_epsilon (drivedash_bench_estimate_remaining_s (s, 8, 2000, 0, DRIVEDASH_BENCH_PHASE_PREPARING, 0.2),
                                  1073741824.0 / 2e9 - 0.2 + 8 * test + 35, 1e-9);
  /* Third test, 12 s in: the rest of it, then 5 more tests, each after a pause. */
  g_assert_cmpfloat_with_epsilon (drivedash_bench_estimate_remaining_s (s, 8, 0, 2, DRIVEDASH_BENCH_PHASE_MEASURING, 12),
                                  test - 12 + 5 * (test + 5), 1e-9);
  /* 2 s into the pause after the seventh test: 3 s and the last test. */
  g_assert_cmpfloat_with_epsilon (drivedash_bench_estimate_remaining_s (s, 8, 0, 6, DRIVEDASH_BENCH_PHASE_PAUSING, 2),
                                  3 + test, 1e-9);
  g_assert_cmpfloat (drivedash_bench_estimate_remaining_s (s, 8, 0, 7, DRIVEDASH_BENCH_PHASE_MEASURING, 99), ==, 0);
  g_assert_cmpfloat (drivedash_bench_estimate_remaining_s (s, 8, 0, 7, DRIVEDASH_BENCH_PHASE_FINISHED, 0), ==, 0);

  /* No warm-up, one test: no pause at all. */
  s->warmup = FALSE;
  drivedash_bench_estimate (s, 1, 1000, &e);
  g_assert_cmpfloat (e.pauses_s, ==, 0);
  g_assert_cmpfloat_with_epsilon (e.tests_s, 25 + DRIVEDASH_BENCH_TEST_OVERHEAD_S, 1e-9);
}

static void
assert_duration (double seconds, const char *expected)
{
  g_autofree char *text = drivedash_format_duration_estimate (seconds);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_durations (void)
{
  assert_duration (-1, "a few seconds");
  assert_duration (2, "a few seconds");
  assert_duration (42, "about 40 s");
  assert_duration (278.1, "about 4 min 40 s");
  assert_duration (299, "about 5 min");
  assert_duration (600, "about 10 min");
  assert_duration (3900, "about 1 h 5 min");
  assert_duration (7200, "about 2 h");
}

static void
assert_size (guint64 bytes, const char *expected)
{
  g_autofree char *text = drivedash_format_size_iec (bytes);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_sizes (void)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autofree char *text = NULL;

  assert_size (1, "1 byte");
  assert_size (512, "512 bytes");
  assert_size (16 << 10, "16 KiB");
  assert_size (64 << 20, "64 MiB");
  assert_size (G_GUINT64_CONSTANT (1) << 30, "1 GiB");
  assert_size (G_GUINT64_CONSTANT (3) << 29, "1.5 GiB");
  assert_size ((G_GUINT64_CONSTANT (64) << 30) + 1, "64 GiB");
  assert_size (G_GUINT64_CONSTANT (1000) << 20, "1000 MiB");

  /* The report used to say "Test: 64.0 MiB". */
  settings->test_size = 64 << 20;
  report = drivedash_bench_report_new (settings);
  text = drivedash_bench_report_format_text (report);
  g_assert_nonnull (strstr (text, "Test: 64 MiB (x5)"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bench-words/titles", test_titles);
  g_test_add_func ("/bench-words/tooltips", test_tooltips);
  g_test_add_func ("/bench-words/presets", test_presets);
  g_test_add_func ("/bench-words/pcie-arithmetic", test_pcie_arithmetic);
  g_test_add_func ("/bench-words/verdict", test_verdict);
  g_test_add_func ("/bench-words/best-seq-read", test_best_seq_read);
  g_test_add_func ("/bench-words/judge-in-memory", test_judge_in_memory);
  g_test_add_func ("/bench-words/estimate", test_estimate);
  g_test_add_func ("/bench-words/durations", test_durations);
  g_test_add_func ("/bench-words/sizes", test_sizes);
  return g_test_run ();
}
