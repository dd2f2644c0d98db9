/* test-events.c — kernel messages read from real journal files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fixtures in tests/fixtures/journal are turned into real journal
 * files by systemd-journal-remote and read through sd-journal, as on a
 * desktop.  Each entry says in its own fields which kind the table must
 * give it and which drive it is about (fixtures/journal/README.md).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <systemd/sd-journal.h>

#include "drivedash-error.h"
#include "drivedash-event-filter.h"
#include "drivedash-events.h"
#include "drivedash-journal.h"
#include "drivedash-test-tree.h"

static const char *fixtures[] = {
  "reset", "timeout", "not-ready", "removed", "power-state", "aer",
  "io-error", "filesystem", "other", "boots", "hostile",
};

static const char *
journal_remote (void)
{
  static const char *paths[] = {
    "/lib/systemd/systemd-journal-remote", "/usr/lib/systemd/systemd-journal-remote",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (paths); i++)
    if (g_file_test (paths[i], G_FILE_TEST_IS_EXECUTABLE))
      return paths[i];
  return NULL;
}

/* Converts an export file into a journal file in a fresh folder; NULL
 * (and the test skipped) when systemd-journal-remote is missing. */
static char *
make_journal (const char *export_path,
              char      **tmpdir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  const char *remote = journal_remote ();
  int status = 0;

  if (remote == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return NULL;
    }
  *tmpdir = g_dir_make_tmp ("drivedash-journal-XXXXXX", &error);
  g_assert_no_error (error);
  out = g_build_filename (*tmpdir, "fixture.journal", NULL);
  {
    g_autofree char *arg = g_strconcat ("--output=", out, NULL);
    const char *argv[] = { remote, arg, export_path, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                  NULL, NULL, NULL, NULL, &status, &error);
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_steal_pointer (&out);
}

static void
remove_journal (char *path,
                char *tmpdir)
{
  g_unlink (path);
  g_rmdir (tmpdir);
  g_free (path);
  g_free (tmpdir);
}

static char *
fixture_journal (const char *name,
                 char      **tmpdir)
{
  g_autofree char *file = g_strconcat (name, ".export", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "journal", file, NULL);

  return make_journal (path, tmpdir);
}

static char *
field (sd_journal *j,
       const char *name)
{
  const void *data;
  size_t len;

  if (sd_journal_get_data (j, name, &data, &len) < 0)
    return NULL;
  return g_strndup ((const char *) data + strlen (name) + 1, len - strlen (name) - 1);
}

static DrivedashEventFilter *
nvme0_filter (void)
{
  static const char *names[] = { "dm-0", NULL };
  DrivedashEventFilter *filter = drivedash_event_filter_new (TRUE);

  drivedash_event_filter_add_drive (filter, "nvme0", "0000:01:00.0", names);
  return filter;
}

static void
assert_no_controls (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_true (c >= 0x20 && c != 0x7f && !(c >= 0x80 && c <= 0x9f));
    }
}

/* Every entry's text classifies as its DRIVEDASH_EXPECT_KIND says, and
 * returns the kind counts expected for nvme0. */
static void
check_entries (const char *journal,
               guint       expected[DRIVEDASH_N_EVENT_KINDS])
{
  const char *files[] = { journal, NULL };
  sd_journal *j = NULL;

  g_assert_cmpint (sd_journal_open_files (&j, files, 0), >=, 0);
  while (sd_journal_next (j) > 0)
    {
      g_autofree char *message = field (j, "MESSAGE");
      g_autofree char *want = field (j, "DRIVEDASH_EXPECT_KIND");
      g_autofree char *ctrl = field (j, "DRIVEDASH_EXPECT_CONTROLLER");
      g_autofree char *transport = field (j, "_TRANSPORT");
      DrivedashEventKind kind;
      gboolean known = drivedash_event_classify (message, &kind);

      g_autofree char *shown = g_strescape (message, NULL);

      g_test_message ("%s → %s", shown, want);
      /* A program's own output is not read at all, whatever it says. */
      if (g_strcmp0 (transport, "kernel") == 0)
        g_assert_cmpstr (known ? drivedash_event_kind_to_string (kind) : "none", ==, want);
      if (known && g_strcmp0 (transport, "kernel") == 0 && g_strcmp0 (ctrl, "nvme0") == 0)
        expected[kind]++;
    }
  sd_journal_close (j);
}

static void
test_fixture (gconstpointer data)
{
  const char *name = data;
  g_autoptr(DrivedashEventFilter) filter = nvme0_filter ();
  g_autoptr(DrivedashEventLog) log = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashJournalQuery query = { 0 };
  guint expected[DRIVEDASH_N_EVENT_KINDS] = { 0 };
  char *tmpdir = NULL;
  char *journal = fixture_journal (name, &tmpdir);

  if (journal == NULL)
    return;
  check_entries (journal, expected);
  query.journal_file = journal;
  log = drivedash_journal_read (&query, filter, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    g_assert_cmpuint (log->counts[k], ==, expected[k]);
  for (guint i = 0; i < log->events->len; i++)
    {
      DrivedashKernelEvent *event = g_ptr_array_index (log->events, i);

      g_assert_cmpstr (event->controller, ==, "nvme0");
      /* The entry's own time (the fixtures are from late 2025), not 0. */
      g_assert_cmpint (event->time_usec, >=, 1764460800000000);
      assert_no_controls (event->message);
    }
  remove_journal (journal, tmpdir);
}

static void
test_filter_names (void)
{
  static const struct { const char *message; const char *kernel_device; gboolean ours; } cases[] = {
    { "nvme nvme1: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0x10", NULL, TRUE },
    { "nvme nvme10: I/O 5 QID 1 timeout, aborting", NULL, FALSE },
    { "I/O error, dev nvme1n1, sector 8 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 0", NULL, TRUE },
    { "EXT4-fs (nvme1n2p12): Remounting filesystem read-only", NULL, TRUE },
    { "EXT4-fs (nvme11n2p12): Remounting filesystem read-only", NULL, FALSE },
    { "nvme1c1n1: Read(0x2) @ LBA 2048, 8 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) DNR", NULL, TRUE },
    { "xnvme1: something", NULL, FALSE },
    { "pcieport 0000:00:1c.0: AER: Corrected error received: 0000:02:00.0", "+pci:0000:00:1c.0", TRUE },
    { "pcieport 0000:00:1c.0: AER: Corrected error received: 0000:00:1c.0", NULL, FALSE },
    { "pcieport 0000:00:1c.0: AER: Multiple Correctable error message received from 0000:02:00.0", NULL, TRUE },
    { "nvme 0000:02:00.0: Unable to change power state from D3cold to D0, device inaccessible", "+pci:0000:02:00.0",
      TRUE },
    /* The drive's name and the right words, but not where the kernel's
     * own prefix puts them: a crashing program's name opens the line, a
     * USB stick's strings, an audit record, the OOM killer. */
    { "nvme1 @ LBA[4242]: segfault at 0 ip 0000556d3a1c2f10 sp 00007ffc5a8e1f30 error 4 in a.out[1+1]", NULL, FALSE },
    { "nvme nvme1: I/O[4242]: segfault at 0 ip 0 sp 0 error 4 in x[1+1]", NULL, FALSE },
    { "nvme1n1: Read(0[4243]: segfault at 0 ip 0 sp 0 error 6", NULL, FALSE },
    { "usb 1-1: Product: nvme1 timeout, reset controller", "+usb:1-1", FALSE },
    { "usb 1-1: Manufacturer: I/O error, dev nvme1n1, sector 8", "+usb:1-1", FALSE },
    { "audit: type=1400 audit(1.2:3): apparmor=\"DENIED\" comm=\"nvme nvme1: I/O\"", NULL, FALSE },
    { "Out of memory: Killed process 42 (nvme1n1: Read) total-vm:1024kB", NULL, FALSE },
    /* The right words about another drive, or said by another device. */
    { "nvme nvme2: I/O 5 QID 1 timeout, reset controller", NULL, FALSE },
    { "nvme 0000:02:00.0: Unable to change power state from D3cold to D0, device inaccessible", "+usb:1-1",
      FALSE },
    { "nvme 0000:02:00.0: Unable to change power state from D3cold to D0, device inaccessible", "+pci:0000:03:00.0",
      FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(DrivedashEventFilter) filter = drivedash_event_filter_new (TRUE);
      g_autofree char *controller = NULL;
      g_autofree char *device = NULL;

      drivedash_event_filter_add_drive (filter, "nvme1", "0000:02:00.0", NULL);
      g_test_message ("%s", cases[i].message);
      g_assert_cmpint (drivedash_event_filter_match (filter, cases[i].message, cases[i].kernel_device,
                                                     &controller, &device), ==, cases[i].ours);
      if (cases[i].ours)
        g_assert_cmpstr (controller, ==, "nvme1");
    }
}

/* Without a drive given, every NVMe name counts, under its controller. */
static void
test_filter_any (void)
{
  g_autoptr(DrivedashEventFilter) filter = drivedash_event_filter_new (FALSE);
  g_autofree char *controller = NULL;
  g_autofree char *device = NULL;
  char *c = NULL, *d = NULL;

  g_assert_true (drivedash_event_filter_match (filter, "Buffer I/O error on dev nvme10n1p3, logical block 0",
                                               NULL, &controller, &device));
  g_assert_cmpstr (controller, ==, "nvme10");
  g_assert_cmpstr (device, ==, "nvme10n1p3");
  g_assert_true (drivedash_event_filter_match (filter, "nvme 0000:05:00.0: Unable to change power state from D3cold to D0, device inaccessible",
                                               NULL, &c, &d));
  g_assert_cmpstr (c, ==, "0000:05:00.0");
  g_free (c);
  g_free (d);
  g_assert_false (drivedash_event_filter_match (filter, "EXT4-fs (sda1): Remounting filesystem read-only",
                                                NULL, &c, &d));
}

/* The devices built on the drive's partitions, from a sysfs tree. */
static void
test_filter_sysfs (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-events-sysfs-XXXXXX", &error);
  g_autoptr(DrivedashEventFilter) filter = drivedash_event_filter_new (TRUE);
  static const char *messages[] = {
    "EXT4-fs error (device dm-0): x", "EXT4-fs error (device dm-1): x", "EXT4-fs error (device dm-5): x",
  };
  const gboolean ours[] = { TRUE, TRUE, FALSE };

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/block/nvme0n1p2/holders/dm-0", "");
  drivedash_test_tree_put (root, "class/block/dm-0/holders/dm-1", "");
  drivedash_test_tree_put (root, "class/block/nvme10n1p1/holders/dm-5", "");
  drivedash_event_filter_add_from_sysfs (filter, root, "nvme0", "0000:01:00.0");
  for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      g_autofree char *controller = NULL;
      g_autofree char *device = NULL;

      g_assert_cmpint (drivedash_event_filter_match (filter, messages[i], NULL, &controller, &device),
                       ==, ours[i]);
    }
  g_assert_true (drivedash_test_tree_remove (root));
}

static DrivedashEventLog *
read_boot (const char *journal,
           gboolean    one_boot,
           int         boot,
           GError    **error)
{
  g_autoptr(DrivedashEventFilter) filter = nvme0_filter ();
  DrivedashJournalQuery query = { journal, one_boot, boot, 0, 0 };

  return drivedash_journal_read (&query, filter, error);
}

static void
test_boots (void)
{
  char *tmpdir = NULL;
  char *journal = fixture_journal ("boots", &tmpdir);
  g_autoptr(DrivedashEventLog) all = NULL;
  g_autoptr(DrivedashEventLog) now = NULL;
  g_autoptr(DrivedashEventLog) before = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashEventLog *none;

  if (journal == NULL)
    return;
  all = read_boot (journal, FALSE, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (drivedash_event_log_total (all), ==, 3);
  g_assert_cmpuint (all->n_boots, ==, 2);
  g_assert_cmpint (((DrivedashKernelEvent *) all->events->pdata[0])->boot, ==, -1);
  g_assert_cmpint (((DrivedashKernelEvent *) all->events->pdata[2])->boot, ==, 0);
  now = read_boot (journal, TRUE, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (now->counts[DRIVEDASH_EVENT_KIND_TIMEOUT], ==, 1);
  g_assert_cmpuint (drivedash_event_log_total (now), ==, 1);
  before = read_boot (journal, TRUE, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (before->counts[DRIVEDASH_EVENT_KIND_RESET], ==, 1);
  g_assert_cmpuint (before->counts[DRIVEDASH_EVENT_KIND_REMOVED], ==, 1);
  g_assert_cmpuint (drivedash_event_log_dropouts (before), ==, 2);
  g_assert_cmpuint (drivedash_event_log_dropouts (now), ==, 0);
  none = read_boot (journal, TRUE, -2, &error);
  g_assert_null (none);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);
  none = read_boot (journal, TRUE, 1, &error);
  g_assert_null (none);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  remove_journal (journal, tmpdir);
}

/* A flood keeps exact counts, the newest events only, and bounded text. */
static void
test_flood (void)
{
  const guint n = 3000;
  g_autoptr(GString) export = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashEventLog) log = NULL;
  g_autoptr(DrivedashEventFilter) filter = nvme0_filter ();
  g_autofree char *dir = g_dir_make_tmp ("drivedash-flood-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "flood.export", NULL);
  g_autofree char *tail = g_strnfill (20000, 'x');
  DrivedashJournalQuery query = { 0 };
  DrivedashKernelEvent *last;
  char *tmpdir = NULL;
  char *journal;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (export,
                            "__REALTIME_TIMESTAMP=%" G_GUINT64_FORMAT "\n__MONOTONIC_TIMESTAMP=%u\n"
                            "_BOOT_ID=9f8e7d6c5b4a39281706f5e4d3c2b1a0\n_TRANSPORT=kernel\n"
                            "MESSAGE=nvme nvme0: I/O %u QID 1 timeout, aborting %s\n\n",
                            (guint64) 1764547200000000 + i, i + 1, i, i + 1 == n ? tail : "");
  g_assert_true (g_file_set_contents (path, export->str, (gssize) export->len, &error));
  journal = make_journal (path, &tmpdir);
  g_unlink (path);
  g_rmdir (dir);
  if (journal == NULL)
    return;
  query.journal_file = journal;
  query.max_events = 100;
  log = drivedash_journal_read (&query, filter, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->counts[DRIVEDASH_EVENT_KIND_TIMEOUT], ==, n);
  g_assert_cmpuint (log->events->len, ==, 100);
  g_assert_cmpuint (log->dropped, ==, n - 100);
  last = g_ptr_array_index (log->events, 99);
  g_assert_nonnull (strstr (last->message, "I/O 2999 QID"));
  g_assert_cmpuint (strlen (last->message), <=, DRIVEDASH_EVENT_MESSAGE_MAX + strlen ("…"));
  g_assert_true (g_str_has_suffix (last->message, "…"));
  remove_journal (journal, tmpdir);
}

static void
test_parse_io (void)
{
  g_autofree char *op = NULL;
  g_autofree char *op2 = NULL;
  gint64 sector;

  drivedash_event_parse_io ("I/O error, dev nvme0n1, sector 1953520 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 2",
                            &op, &sector);
  g_assert_cmpstr (op, ==, "WRITE");
  g_assert_cmpint (sector, ==, 1953520);
  drivedash_event_parse_io ("Buffer I/O error on dev nvme0n1p2, logical block 0, async page read", &op2, &sector);
  g_assert_cmpstr (op2, ==, "READ");
  g_assert_cmpint (sector, ==, -1);
}

static void
test_variant (void)
{
  g_autoptr(DrivedashEventLog) log = drivedash_event_log_new (10);
  g_autoptr(DrivedashEventLog) back = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashKernelEvent *event;

  for (guint i = 0; i < 12; i++)
    {
      event = drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_IO_ERROR,
                                          "I/O error, dev nvme0n1, sector 8 op 0x0:(READ) \x1b[2J");
      event->time_usec = 1000 + i;
      event->controller = g_strdup ("nvme0");
      drivedash_event_log_add (log, event);
    }
  variant = g_variant_ref_sink (drivedash_event_log_to_variant (log));
  back = drivedash_event_log_from_variant (variant, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->counts[DRIVEDASH_EVENT_KIND_IO_ERROR], ==, 12);
  g_assert_cmpuint (back->dropped, ==, 2);
  g_assert_cmpuint (back->events->len, ==, 10);
  event = g_ptr_array_index (back->events, 9);
  g_assert_cmpint (event->time_usec, ==, 1011);
  g_assert_cmpint (event->sector, ==, 8);
  assert_no_controls (event->message);
  g_assert_null (drivedash_event_log_from_variant (g_variant_new_string ("x"), 10, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
}

static void
test_full_power (void)
{
  g_autoptr(DrivedashEventLog) log = drivedash_event_log_new (10);
  DrivedashEventKind worst;

  g_assert_false (drivedash_event_log_worst (log, &worst));
  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_AER_CORRECTED, "x"));
  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_TIMEOUT, "x"));
  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_RESET, "x"));
  /* One time-out and one reset: likely one incident, no pattern yet. */
  g_assert_false (drivedash_event_log_suggests_full_power (log, TRUE));
  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_RESET, "x"));
  g_assert_true (drivedash_event_log_suggests_full_power (log, TRUE));
  g_assert_false (drivedash_event_log_suggests_full_power (log, FALSE));
  g_assert_true (drivedash_event_log_worst (log, &worst));
  g_assert_cmpint (worst, ==, DRIVEDASH_EVENT_KIND_RESET);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *path = g_strconcat ("/events/fixture/", fixtures[i], NULL);

      g_test_add_data_func (path, fixtures[i], test_fixture);
    }
  g_test_add_func ("/events/filter/names", test_filter_names);
  g_test_add_func ("/events/filter/any", test_filter_any);
  g_test_add_func ("/events/filter/sysfs", test_filter_sysfs);
  g_test_add_func ("/events/boots", test_boots);
  g_test_add_func ("/events/flood", test_flood);
  g_test_add_func ("/events/parse-io", test_parse_io);
  g_test_add_func ("/events/variant", test_variant);
  g_test_add_func ("/events/full-power", test_full_power);
  return g_test_run ();
}
