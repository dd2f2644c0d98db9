/* test-report.c — `drivedash-cli history report` and the report library,
 * end to end: a real history (runs of the real benchmark, saved through
 * the real save path, and health snapshots the way the watch stores
 * them), the PDF rendered to PNG with pdftoppm and read back with
 * pdftotext, the HTML parsed by Python's html.parser, the serial hidden
 * by default, bad input, the app's async call, and Japanese
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-compare.h"
#include "drivedash-compare-long.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-report.h"
#include "drivedash-store-health.h"
#include "drivedash-store-save.h"

#include "drivedash-test-locale.h"
#include "drivedash-test-longruns.h"
#include "drivedash-test-tree.h"

#define HOSTILE_NAME "<script>alert(1)</script> & co"
#define MODEL "Samsung SSD 970 EVO Plus 1TB"
#define SERIAL "S4EWNX0R123456"

typedef struct
{
  char *dir;
  char *data_home;
  char *target;
  char *sysfs;
  char *db_path;
} Fixture;

/* Runs a program; returns its exit code.  @env NULL: ours. */
static int
run (char       **env,
     char       **out,
     char       **err,
     const char  *first,
     ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  int status;
  va_list args;

  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDIN_FROM_DEV_NULL,
                     NULL, NULL, out, err, &status, &error))
    g_error ("cannot run %s (poppler-utils is installed by build-aux/deps test): %s", first, error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

static char *
cli_path (void)
{
  return g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
}

static char **
cli_env (Fixture *f)
{
  return g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", f->data_home, TRUE);
}

static void
bench (Fixture *f)
{
  g_autofree char *cli = cli_path ();
  g_auto(GStrv) env = cli_env (f);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int rc = run (env, &out, &err, cli, "bench", "--target", f->target, "--test", "SEQ128K Q1T1",
                "--test", "RND4K Q1T1", "--mode", "read", "--size", "4M", "--duration", "0.1",
                "--count", "3", "--interval", "0", "--buffered", "--allow-memory", NULL);

  g_assert_cmpint (rc, ==, 0);
  g_assert_nonnull (strstr (out, "Saved as run "));
}

/* Run 3: run 1's results as if measured on a known NVMe drive (what the
 * CLI records when the folder is on one), with the watch's readings of
 * that drive ten minutes before and after. */
static void
add_known_drive_run (Fixture        *f,
                     DrivedashStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (store, 1, &error);
  DrivedashSnapshot snapshots[2] = { { 0 } };
  gint64 now = g_get_real_time (), drive;
  DrivedashStoreResult *first;

  g_assert_no_error (error);
  run->id = 0;
  g_free (run->drive_model);
  run->drive_model = g_strdup (MODEL);
  run->drive_firmware = g_strdup ("2B2QEXM7");
  run->drive_capacity = 1000204886016;
  run->serial_hash = drivedash_store_hash_serial (store, SERIAL);
  run->started_at = now;
  run->ended_at = now + 2 * G_USEC_PER_SEC;
  first = g_ptr_array_index (run->results, 0);
  g_free (first->checks);
  first->checks = g_strdup ("{\"doubts\":[\"above_link\"],\"doubt_words\":\"9,000 MB/s is more than "
                            "this drive’s connection can carry (PCIe 3.0 ×4, up to ~3,900 MB/s).\"}");
  g_assert_true (drivedash_store_save (store, run, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run->id, ==, 3);

  drive = drivedash_store_watch_drive (store, SERIAL, MODEL, "nvme0", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      snapshots[i].time = now / G_USEC_PER_SEC + (i == 0 ? -600 : 600);
      snapshots[i].has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE | DRIVEDASH_SNAPSHOT_HAS_SMART;
      snapshots[i].samples = 1;
      snapshots[i].temperature_kelvin = i == 0 ? 313 : 321;
      snapshots[i].available_spare_percent = 100;
      snapshots[i].percentage_used = 2;
      snapshots[i].data_units_written = 40000000 + i * 1000;
      snapshots[i].power_on_hours = 1200;
    }
  g_assert_true (drivedash_store_add_snapshots (store, drive, snapshots, 2, &error));
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;

  f->dir = g_dir_make_tmp ("drivedash-report-XXXXXX", &error);
  g_assert_no_error (error);
  f->data_home = g_build_filename (f->dir, "data", NULL);
  f->target = g_build_filename (f->dir, "target", NULL);
  f->sysfs = g_build_filename (f->dir, "sys", NULL);
  f->db_path = g_build_filename (f->data_home, "drivedash", "results.db", NULL);
  g_assert_cmpint (g_mkdir (f->target, 0700), ==, 0);
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/model", MODEL "            \n");
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/serial", SERIAL "\n");
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/state", "live\n");

  bench (f);
  bench (f);
  store = drivedash_store_open (f->db_path, &error);
  g_assert_no_error (error);
  g_assert_true (drivedash_store_set_name (store, 2, HOSTILE_NAME, &error));
  g_assert_no_error (error);
  add_known_drive_run (f, store);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  drivedash_test_tree_remove (f->dir);
  g_free (f->dir);
  g_free (f->data_home);
  g_free (f->target);
  g_free (f->sysfs);
  g_free (f->db_path);
}

/* pdftotext's text with every run of white space made one space, so a
 * sentence that wraps still matches. */
static char *
pdf_text (const char *pdf,
          guint      *n_pages)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);

  g_assert_cmpint (run (NULL, &out, &err, "pdftotext", "-enc", "UTF-8", pdf, "-", NULL), ==, 0);
  *n_pages = 0;
  for (const char *p = out; *p; p++)
    *n_pages += *p == '\f';
  return g_regex_replace_literal (space, out, -1, 0, " ", 0, NULL);
}

/* Whether @word is in @text even where a table cell wrapped it. */
static gboolean
contains_unbroken (const char *text,
                   const char *word)
{
  g_autoptr(GString) joined = g_string_new (text);
  g_autoptr(GString) bare = g_string_new (word);

  g_string_replace (joined, " ", "", 0);
  g_string_replace (bare, " ", "", 0);
  return strstr (joined->str, bare->str) != NULL;
}

static double
ink_share (const char *png)
{
  cairo_surface_t *image = cairo_image_surface_create_from_png (png);
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);
  int stride = cairo_image_surface_get_stride (image);
  const guint8 *data = cairo_image_surface_get_data (image);
  guint64 ink = 0;

  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guint8 *px = data + y * stride + x * 4;

        ink += px[0] < 200 || px[1] < 200 || px[2] < 200;
      }
  cairo_surface_destroy (image);
  return (double) ink / ((double) w * h);
}

/* Renders every page to PNG at 50 dpi, checks each has ink, and keeps
 * them and the PDF in the build tree's screenshots folder to be looked
 * at. */
static void
check_pages (const char *pdf,
             const char *name,
             guint       n_pages)
{
  g_autofree char *dir = g_path_get_dirname (pdf);
  g_autofree char *prefix = g_build_filename (dir, "page", NULL);
  g_autofree char *shots = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "tests", "screenshots", NULL);
  g_autofree char *keep_pdf = g_strdup_printf ("%s/report-%s.pdf", shots, name);
  g_autofree char *pdf_bytes = NULL;
  g_autofree char *last = g_strdup_printf ("%u", n_pages);
  /* pdftoppm pads page numbers to the width of the last one. */
  int digits = (int) strlen (last);
  gsize pdf_len;

  g_assert_cmpint (run (NULL, NULL, NULL, "pdftoppm", "-r", "50", "-png", pdf, prefix, NULL), ==, 0);

  g_assert_cmpint (g_mkdir_with_parents (shots, 0755), ==, 0);
  g_assert_true (g_file_get_contents (pdf, &pdf_bytes, &pdf_len, NULL));
  g_assert_true (g_file_set_contents (keep_pdf, pdf_bytes, pdf_len, NULL));
  for (guint i = 1; i <= n_pages; i++)
    {
      g_autofree char *png = g_strdup_printf ("%s-%0*u.png", prefix, digits, i);
      g_autofree char *keep = g_strdup_printf ("%s/report-%s-%u.png", shots, name, i);
      g_autofree char *bytes = NULL;
      gsize len;
      double ink;

      g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
      ink = ink_share (png);
      g_test_message ("%s page %u: %.2f %% ink", name, i, ink * 100);
      /* A page with a heading and a footer alone has well over 0.5 %. */
      g_assert_cmpfloat (ink, >, 0.005);
      g_assert_true (g_file_get_contents (png, &bytes, &len, NULL));
      g_assert_true (g_file_set_contents (keep, bytes, len, NULL));
      g_unlink (png);
    }
  {
    g_autofree char *extra = g_strdup_printf ("%s-%0*u.png", prefix, digits, n_pages + 1);

    g_assert_false (g_file_test (extra, G_FILE_TEST_EXISTS));
  }
}

/* The verdict the report must print for SEQ128K's run 2 against run 1,
 * from the compare code itself. */
static char *
expected_verdict (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autoptr(DrivedashStoreRun) a = drivedash_store_get_run (store, 1, &error);
  g_autoptr(DrivedashStoreRun) b = drivedash_store_get_run (store, 2, &error);
  DrivedashCompareSide sides[2] = { { 1, NULL, &a, 1 }, { 2, NULL, &b, 1 } };
  g_autoptr(GPtrArray) tests = drivedash_compare_sides (sides, 2);
  const DrivedashCompareTest *t = g_ptr_array_index (tests, 0);
  g_autofree char *words = drivedash_compare_describe (&g_array_index (t->entries, DrivedashCompareEntry, 1).vs_first);

  g_assert_cmpstr (t->test, ==, "SEQ128K Q1T1");
  return g_strdup_printf ("Reading large files, 1 at a time, " HOSTILE_NAME " against A: %s.", words);
}

static int
report (Fixture     *f,
        char       **err,
        const char  *a,
        const char  *b,
        const char  *c,
        const char  *d)
{
  g_autofree char *cli = cli_path ();
  g_auto(GStrv) env = cli_env (f);
  g_autofree char *pdf = g_build_filename (f->dir, "report.pdf", NULL);
  g_autofree char *html = g_build_filename (f->dir, "report.html", NULL);
  g_autofree char *out = NULL;

  return run (env, &out, err, cli, "history", "report", "--pdf", pdf, "--html", html,
              "--sysfs-root", f->sysfs, a, b, c, d, NULL);
}

static void
test_pdf (Fixture       *f,
          gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (f->dir, "report.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *verdict = expected_verdict (f);
  g_autofree char *footer = NULL;
  guint n_pages;

  g_assert_cmpint (report (f, NULL, "1", "2", "3", NULL), ==, 0);
  text = pdf_text (pdf, &n_pages);
  g_assert_cmpuint (n_pages, >=, 2);
  footer = g_strdup_printf ("Page %u of %u", n_pages, n_pages);
  g_assert_nonnull (strstr (text, footer));
  g_assert_nonnull (strstr (text, "Drivedash speed report"));
  g_assert_nonnull (strstr (text, MODEL));
  g_assert_nonnull (strstr (text, HOSTILE_NAME));
  g_assert_nonnull (strstr (text, "Reading large files, 1 at a time"));
  g_assert_nonnull (strstr (text, verdict));
  /* Codes only in the appendix, which explains each. */
  {
    const char *terms = strstr (text, "Terms and test codes");
    g_autofree char *body = NULL;

    g_assert_nonnull (terms);
    body = g_strndup (text, terms - text);
    g_assert_null (strstr (body, "SEQ128K"));
    g_assert_null (strstr (body, "RND4K"));
    g_assert_null (strstr (body, "Welch"));
    g_assert_null (strstr (body, "IOPS"));
    g_assert_nonnull (strstr (terms, "Reading large files, 1 at a time — SEQ128K Q1T1 Read: "));
    g_assert_nonnull (strstr (terms, "Welch’s t-test"));
  }
  /* The runs' series, drawn as speed over time. */
  g_assert_nonnull (strstr (text, "Speed during the measured passes, after the warm-up"));
  /* Run 3 is on another drive, with readings around it; runs 1 and 2
   * have no drive at all. */
  g_assert_nonnull (strstr (text, "Health at the start and at the end"));
  g_assert_nonnull (strstr (text, "Rated life used"));
  g_assert_nonnull (strstr (text, "What Drivedash could not judge"));
  g_assert_nonnull (strstr (text, "The runs are of different drives"));
  /* Runs 1 and 2 ran on this machine's own disk, named as the Speed page
   * names it but with no NVMe health. */
  g_assert_nonnull (strstr (text, "which is not an NVMe drive, so its health is unknown"));
  g_assert_false (contains_unbroken (text, SERIAL));
  g_assert_nonnull (strstr (text, "hidden"));
  check_pages (pdf, "en", n_pages);
}

static void
test_show_serial (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (f->dir, "report.pdf", NULL);
  g_autofree char *html = g_build_filename (f->dir, "report.html", NULL);
  g_autofree char *text = NULL;
  g_autofree char *page = NULL;
  guint n_pages;

  g_assert_cmpint (report (f, NULL, "3", "--show-serial", NULL, NULL), ==, 0);
  text = pdf_text (pdf, &n_pages);
  g_assert_true (contains_unbroken (text, SERIAL));
  g_assert_true (g_file_get_contents (html, &page, NULL, NULL));
  g_assert_nonnull (strstr (page, SERIAL));
  /* One run: nothing to compare, and the report says so. */
  g_assert_nonnull (strstr (text, "With one run, Drivedash cannot say"));
}

/* Python's html.parser: every element closed in order, no <script>
 * element, and the hostile name and the model in the text. */
static const char html_check[] =
  "import sys, html.parser\n"
  "VOID = {'meta', 'img', 'br', 'hr', 'link', 'input'}\n"
  "class P(html.parser.HTMLParser):\n"
  "    def __init__(self):\n"
  "        super().__init__(); self.stack = []; self.text = []; self.tags = set()\n"
  "    def handle_starttag(self, tag, attrs):\n"
  "        self.tags.add(tag)\n"
  "        if tag not in VOID: self.stack.append(tag)\n"
  "    def handle_endtag(self, tag):\n"
  "        assert self.stack and self.stack.pop() == tag, 'unbalanced </%s>' % tag\n"
  "    def handle_data(self, data): self.text.append(data)\n"
  "p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read()); p.close()\n"
  "assert not p.stack, 'unclosed %s' % p.stack\n"
  "assert 'script' not in p.tags, 'a <script> element'\n"
  "assert {'table', 'img', 'h1', 'h2', 'ul'} <= p.tags, p.tags\n"
  "text = ''.join(p.text)\n"
  "for want in sys.argv[2:]:\n"
  "    assert want in text, 'missing ' + want\n";

static void
test_html (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *html = g_build_filename (f->dir, "report.html", NULL);
  g_autofree char *page = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (report (f, NULL, "1", "2", "3", NULL), ==, 0);
  g_assert_cmpint (run (NULL, NULL, &err, "python3", "-c", html_check, html, HOSTILE_NAME, MODEL,
                        "What Drivedash could not judge",
                        /* Run 3's first result was flagged: said under its table. */
                        "this result can’t be the drive’s speed. 9,000 MB/s is more than this "
                        "drive’s connection can carry",
                        NULL), ==, 0);
  g_assert_true (g_file_get_contents (html, &page, NULL, NULL));
  g_assert_nonnull (strstr (page, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
  g_assert_null (strstr (page, "<script"));
  g_assert_null (strstr (page, SERIAL));
  /* Self-contained: the charts are inline, nothing is fetched. */
  g_assert_nonnull (strstr (page, "src=\"data:image/svg+xml;base64,"));
  g_assert_null (strstr (page, "http://"));
  g_assert_null (strstr (page, "https://"));
}

/* Nothing but the files the test made: no report, no temporary file. */
static void
assert_only (const char         *dir,
             const char * const *names)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (names == NULL || !g_strv_contains (names, name))
      g_error ("%s was left in %s", name, dir);
}

static void
test_errors (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *cli = cli_path ();
  g_auto(GStrv) env = cli_env (f);
  g_autofree char *locked = g_build_filename (f->dir, "locked", NULL);
  g_autofree char *locked_pdf = g_build_filename (locked, "report.pdf", NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (report (f, &err, "1", "99", NULL, NULL), ==, 3);
  g_assert_nonnull (strstr (err, "There is no run 99"));
  g_clear_pointer (&err, g_free);
#define TEN_IDS "1", "2", "3", "1", "2", "3", "1", "2", "3", "1"
  g_assert_cmpint (run (env, NULL, &err, cli, "history", "report", "--pdf", "x.pdf",
                        TEN_IDS, TEN_IDS, TEN_IDS, "1", NULL), ==, 2);
#undef TEN_IDS
  g_assert_nonnull (strstr (err, "A report takes 1 to 30 runs, at most 6 of each test; 31 were given."));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (env, NULL, &err, cli, "history", "report", "1", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--pdf FILE, --html FILE or both"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (env, NULL, &err, cli, "history", "report", "x", "--pdf", "x.pdf", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "“x” is not a run number"));
  assert_only (f->dir, (const char * const[]) { "data", "target", "sys", NULL });

  /* A folder that cannot be written: root writes anywhere it may
   * chmod, but not into /proc. */
  g_assert_cmpint (g_mkdir (locked, 0500), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (env, NULL, &err, cli, "history", "report", "1", "--pdf",
                        geteuid () == 0 ? "/proc/drivedash-report.pdf" : locked_pdf, NULL), !=, 0);
  g_assert_nonnull (strstr (err, "the folder cannot be written to."));
  assert_only (locked, NULL);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (env, NULL, &err, cli, "history", "report", "1", "--html",
                        "/nonexistent-drivedash/r.html", NULL), ==, 3);
  g_assert_nonnull (strstr (err, "there is no folder “/nonexistent-drivedash”"));
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Written;

/* A stored long-test run of the review's shapes (drivedash-test-longruns.c,
 * through the one save path), copied onto the known drive of run 3 the
 * way the CLI records a run on an NVMe drive.  Returns the copy's id. */
static gint64
save_long (DrivedashStore        *store,
           DrivedashLongTestKind  kind,
           const char            *name,
           double                 scale,
           guint32                seed)
{
  g_autoptr(GError) error = NULL;
  gint64 id = drivedash_test_save_long_run (store, kind, name, scale, 0.01, seed);
  g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (store, id, &error);
  gint64 now = g_get_real_time ();

  g_assert_no_error (error);
  run->id = 0;
  g_free (run->drive_model);
  run->drive_model = g_strdup (MODEL);
  g_free (run->serial_hash);
  run->serial_hash = drivedash_store_hash_serial (store, SERIAL);
  run->started_at = now;
  run->ended_at = now + G_USEC_PER_SEC;
  g_assert_true (drivedash_store_save (store, run, NULL, &error));
  g_assert_no_error (error);
  return run->id;
}

static char *
long_report (Fixture      *f,
             const gint64 *ids,
             guint         n_ids,
             const char   *name,
             char        **html_page)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autofree char *pdf = g_strdup_printf ("%s/%s.pdf", f->dir, name);
  g_autofree char *html = g_strdup_printf ("%s/%s.html", f->dir, name);
  g_autofree char *text = NULL;
  guint n_pages;

  g_assert_true (drivedash_report_write (store, ids, n_ids, NULL, pdf, html, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf, &n_pages);
  g_assert_cmpuint (n_pages, >=, 2);
  check_pages (pdf, name, n_pages);
  g_assert_true (g_file_get_contents (html, html_page, NULL, NULL));
  /* Self-contained: the plots are inline, nothing is fetched. */
  g_assert_nonnull (strstr (*html_page, "src=\"data:image/svg+xml;base64,"));
  g_assert_null (strstr (*html_page, "http://"));
  g_assert_null (strstr (*html_page, "https://"));
  g_assert_false (contains_unbroken (text, SERIAL));
  return g_steal_pointer (&text);
}

/* Whether the PDF's text and the HTML page both say @words. */
static void
assert_says (const char *text,
             const char *page,
             const char *words)
{
  g_autofree char *escaped = g_markup_escape_text (words, -1);

  if (strstr (text, words) == NULL)
    g_error ("the PDF does not say “%s”", words);
  if (strstr (page, escaped) == NULL)
    g_error ("the HTML does not say “%s”", words);
}

/* Two Consistency runs, B 12 % faster: the comparison History shows,
 * its verdicts from the compare code itself. */
static void
test_long_two (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  gint64 ids[2];
  g_autoptr(DrivedashStoreRun) a = NULL;
  g_autoptr(DrivedashStoreRun) b = NULL;
  g_autoptr(DrivedashCompareLong) cmp = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *verdict = NULL;
  g_autofree char *text = NULL;
  g_autofree char *page = NULL;

  ids[0] = save_long (store, DRIVEDASH_LONG_TEST_CONSISTENCY, NULL, 1.0, 7);
  ids[1] = save_long (store, DRIVEDASH_LONG_TEST_CONSISTENCY, "Game mode on", 1.12, 8);
  a = drivedash_store_get_run (store, ids[0], &error);
  b = drivedash_store_get_run (store, ids[1], &error);
  cmp = drivedash_compare_long_new ((DrivedashStoreRun *[]) { a, b }, 2, &error);
  g_assert_no_error (error);
  summary = drivedash_compare_long_dup_summary (cmp, 1);
  verdict = drivedash_compare_long_dup_verdict (cmp, &g_array_index (cmp->phases, DrivedashCompareLongPhase, 2), 1);
  g_assert_nonnull (strstr (summary, "faster than A in every phase"));

  text = long_report (f, ids, 2, "long-2", &page);
  assert_says (text, page, "Drivedash Consistency report");
  /* drivedash-cli history report takes them too. */
  {
    g_autofree char *first = g_strdup_printf ("%lld", (long long) ids[0]);
    g_autofree char *second = g_strdup_printf ("%lld", (long long) ids[1]);
    g_autofree char *pdf = g_build_filename (f->dir, "report.pdf", NULL);
    g_autofree char *cli_text = NULL;
    guint n_pages;

    g_assert_cmpint (report (f, NULL, first, second, NULL, NULL), ==, 0);
    cli_text = pdf_text (pdf, &n_pages);
    g_assert_nonnull (strstr (cli_text, summary));
  }
  assert_says (text, page, MODEL);
  assert_says (text, page, "Game mode on");
  assert_says (text, page, "Consistency (PCMark 8 style)");
  assert_says (text, page, summary);
  assert_says (text, page, verdict);
  assert_says (text, page, "Health at the start and at the end");
  assert_says (text, page, "What Drivedash could not judge");
  /* The plots' captions and the phases drawn behind the lines (in the
   * HTML, pictures; their captions are their alt text). */
  g_assert_nonnull (strstr (text, "Speed in each round"));
  g_assert_nonnull (strstr (text, "Write wait in each round"));
  /* The HTML's plots are pictures that say what they show. */
  g_assert_nonnull (strstr (page, "alt=\"Speed in each round\""));
  g_assert_nonnull (strstr (text, "Getting worse"));
  g_assert_nonnull (strstr (text, "After resting"));
  g_assert_null (strstr (text, "speed report"));
}

/* Seven Sustained runs, three of a setup "off" and three "on" (the
 * baseline run of its own first): six compared, the seventh named as
 * left out. */
static void
test_long_six (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(DrivedashCompareLong) cmp = NULL;
  g_autofree char *conclusion = NULL;
  g_autofree char *text = NULL;
  g_autofree char *page = NULL;
  g_autofree char *left_out = NULL;
  g_auto(GStrv) lines = NULL;
  gint64 ids[7];

  for (guint i = 0; i < 7; i++)
    {
      ids[i] = save_long (store, DRIVEDASH_LONG_TEST_SUSTAINED, i < 3 ? "Game mode off" : "Game mode on",
                          i < 3 ? 1.0 : 1.1, 20 + i);
      g_ptr_array_add (runs, drivedash_store_get_run (store, ids[i], &error));
      g_assert_no_error (error);
    }
  cmp = drivedash_compare_long_new ((DrivedashStoreRun * const *) runs->pdata, 6, &error);
  g_assert_no_error (error);
  conclusion = drivedash_compare_long_dup_conclusion (cmp);
  g_assert_nonnull (strstr (conclusion, "Over their repeats, Game mode on was"));

  text = long_report (f, ids, 7, "long-6", &page);
  assert_says (text, page, "Drivedash Sustained report");
  lines = g_strsplit (conclusion, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    assert_says (text, page, lines[l]);
  assert_says (text, page, "Sustained mixed reads and writes (Iometer style)");
  assert_says (text, page, "Average speed");
  /* Repeats of a setup share its name; their letters tell them apart. */
  assert_says (text, page, "Game mode off (B)");
  assert_says (text, page, "Game mode on (F)");
  left_out = g_strdup_printf ("A report compares at most 6 Sustained runs, so run %lld is left out",
                              (long long) ids[6]);
  assert_says (text, page, left_out);
  g_assert_nonnull (strstr (text, "Speed over time"));
  /* MB/s for every figure a reader sees */
  g_assert_null (strstr (text, "IOPS"));
  /* Six columns in the drive table: the seventh run is not in it. */
  {
    g_autofree char *sixth = g_strdup_printf ("(run%lld)", (long long) ids[5]);
    g_autofree char *seventh = g_strdup_printf ("(run%lld)", (long long) ids[6]);

    g_assert_true (contains_unbroken (text, sixth));
    g_assert_false (contains_unbroken (text, seventh));
  }
}

static guint
count_of (const char *text,
          const char *word)
{
  guint n = 0;

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    n++;
  return n;
}

/* One drive table for the whole report, near its start, with every
 * drive of @ids once (several runs on a drive: one column); each
 * section lists its runs by that drive's name instead. */
static void
check_one_drive_table (DrivedashStore *store,
                       const gint64   *ids,
                       guint           n_ids,
                       const char     *text,
                       const char     *page)
{
  const char *table = strstr (text, "The drives");

  g_assert_nonnull (table);
  g_assert_cmpuint (count_of (text, "Firmware"), ==, 1);
  g_assert_cmpuint (count_of (page, "Firmware"), ==, 1);
  g_assert_cmpuint (count_of (page, ">The drives<"), ==, 1);
  g_assert_null (strstr (page, ">The drive<"));
  /* before the first section's runs */
  g_assert_true (table < strstr (text, "The runs"));
  for (guint i = 0; i < n_ids; i++)
    {
      g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (store, ids[i], NULL);
      g_autofree char *model = drivedash_format_device_string (run->drive_model);

      g_assert_true (contains_unbroken (table, model));
      g_assert_cmpuint (count_of (page, model), >=, 1);
    }
}

/* Speed runs and three long tests: one section each, one report. */
static void
test_mixed (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autofree char *text = NULL;
  g_autofree char *page = NULL;
  g_autofree char *verdict = expected_verdict (f);
  gint64 ids[6] = { 1, 0, 2, 0, 0, 0 };

  ids[1] = save_long (store, DRIVEDASH_LONG_TEST_CONSISTENCY, NULL, 1.0, 3);
  ids[3] = save_long (store, DRIVEDASH_LONG_TEST_SATURATION, NULL, 1.0, 4);
  ids[4] = save_long (store, DRIVEDASH_LONG_TEST_ADAPTIVITY, NULL, 1.0, 5);
  ids[5] = save_long (store, DRIVEDASH_LONG_TEST_CONSISTENCY, "Second", 1.0, 6);

  text = long_report (f, ids, 6, "mixed", &page);
  assert_says (text, page, "Drivedash drive report");
  assert_says (text, page, "of 6 runs");
  /* The speed section as a speed report has it, its runs A and B. */
  assert_says (text, page, "Speed tests");
  assert_says (text, page, "Reading large files, 1 at a time");
  g_assert_nonnull (strstr (text, verdict));
  assert_says (text, page, "Consistency (PCMark 8 style)");
  assert_says (text, page, "Write saturation:");
  assert_says (text, page, "Adaptivity (PCMark 8 style)");
  g_assert_nonnull (strstr (text, "Speed against the amount written"));
  assert_says (text, page, "fast cache held");
  /* What could not be judged, said of the section it is in. */
  assert_says (text, page, "Saturation: With one run, Drivedash cannot say");
  assert_says (text, page, "Speed tests: A was run on");
  g_assert_nonnull (strstr (text, "Speed in each round"));
  check_one_drive_table (store, ids, 6, text, page);
}

/* A long-test run that stopped before it measured: named, not drawn. */
static void
test_long_unreadable (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (store, 1, &error);
  g_autofree char *pdf = g_build_filename (f->dir, "long.pdf", NULL);
  g_autofree char *text = NULL;
  gint64 ids[2] = { 1, 0 };
  guint n_pages;

  g_assert_no_error (error);
  run->id = 0;
  run->kind = DRIVEDASH_RUN_KIND_SUSTAINED;
  g_clear_pointer (&run->settings_json, g_free);
  g_assert_true (drivedash_store_save (store, run, NULL, &error));
  g_assert_no_error (error);
  ids[1] = run->id;
  /* Alone, there is nothing to report, in words. */
  g_assert_false (drivedash_report_write (store, &ids[1], 1, NULL, pdf, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "has no stored results"));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  /* With a speed run, the report is made and says what was left out. */
  g_assert_true (drivedash_report_write (store, ids, 2, NULL, pdf, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf, &n_pages);
  g_assert_nonnull (strstr (text, "Drivedash speed report"));
  g_assert_nonnull (strstr (text, "is left out: Run"));
}

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Written *w = data;

  w->ok = drivedash_report_write_finish (result, &w->error);
  w->done = TRUE;
}

static void
write_async (DrivedashStore *store,
             const gint64   *ids,
             const char     *pdf,
             Written        *w)
{
  DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;

  *w = (Written) { 0 };
  drivedash_report_write_async (drivedash_store_get_path (store), ids, 2, &options, pdf, NULL, NULL, on_written, w);
  while (!w->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_async (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autofree char *pdf = g_build_filename (f->dir, "async.pdf", NULL);
  const gint64 good[] = { 1, 2 }, bad[] = { 1, 42 };
  Written w;

  g_assert_no_error (error);
  write_async (store, good, pdf, &w);
  g_assert_no_error (w.error);
  g_assert_true (w.ok);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  /* The app's store stays usable while the thread has its own. */
  g_assert_true (drivedash_store_set_name (store, 1, "Before", &error));
  g_assert_no_error (error);
  write_async (store, bad, pdf, &w);
  g_assert_false (w.ok);
  g_assert_error (w.error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&w.error);
}

/* A game-mode A/B set of four rounds (runs 1 and 2 again, off and on):
 * the report gives the A/B test's own conclusion, line by line. */
static gint64
save_ab_set (DrivedashStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(DrivedashStoreRun) set = NULL;

  for (guint i = 0; i < 4; i++)
    {
      DrivedashStoreRun *member = drivedash_store_get_run (store, 1 + i % 2, &error);

      g_assert_no_error (error);
      member->id = 0;
      g_clear_pointer (&member->name, g_free);
      member->set_role = g_strdup (i % 2 ? "on" : "off");
      member->game_mode = i % 2;
      g_ptr_array_add (members, member);
    }
  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_AB_SET, members);
  g_assert_true (drivedash_store_save (store, set, members, &error));
  g_assert_no_error (error);
  return set->id;
}

static char *
ab_conclusion (DrivedashStore *store,
               gint64          id)
{
  g_autoptr(GPtrArray) members = drivedash_store_list_members (store, id, NULL);
  DrivedashStoreRun *off[2], *on[2];
  DrivedashCompareSide sides[2] = { { 0, "off", off, 0 }, { 0, "on", on, 0 } };
  g_autoptr(GPtrArray) tests = NULL;

  g_assert_cmpuint (members->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      DrivedashStoreRun *m = g_ptr_array_index (members, i);
      gboolean is_on = g_str_equal (m->set_role, "on");

      (is_on ? on : off)[sides[is_on].n_runs++] = m;
    }
  g_assert_cmpuint (sides[0].n_runs, ==, 2);
  tests = drivedash_compare_sides (sides, 2);
  return drivedash_compare_dup_game_mode_conclusion (tests);
}

static void
test_ab_set (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autofree char *pdf = g_build_filename (f->dir, "ab.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *conclusion = NULL;
  g_auto(GStrv) lines = NULL;
  gint64 id;
  guint n_pages;

  g_assert_no_error (error);
  id = save_ab_set (store);
  g_assert_true (drivedash_report_write (store, &id, 1, NULL, pdf, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf, &n_pages);
  g_assert_nonnull (strstr (text, "A, a game-mode A/B test, off against on:"));
  g_assert_nonnull (strstr (text, "Its results are the mean of 4 runs made one after another."));
  /* A set is compared within itself: no "one run" notice. */
  g_assert_null (strstr (text, "With one run"));
  conclusion = ab_conclusion (store, id);
  lines = g_strsplit (conclusion, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_nonnull (strstr (text, lines[i]));
}

/* The published figures only when asked for, and only beside the tests
 * the magazine ran: run 1 again with its first test named as CDM 6's. */
static void
test_reference (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autofree char *pdf = g_build_filename (f->dir, "reference.pdf", NULL);
  g_autofree char *plain = NULL, *other = NULL, *text = NULL;
  DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;
  DrivedashStoreResult *first;
  const char *published;
  guint n_pages;

  g_assert_no_error (error);
  run = drivedash_store_get_run (store, 1, &error);
  g_assert_no_error (error);
  run->id = 0;
  first = g_ptr_array_index (run->results, 0);
  g_assert_cmpstr (first->mode, ==, "read");
  first->test = g_intern_static_string ("SEQ1M Q32T1");
  g_assert_true (drivedash_store_save (store, run, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (drivedash_report_write (store, &run->id, 1, &options, pdf, NULL, &error));
  g_assert_no_error (error);
  plain = pdf_text (pdf, &n_pages);
  g_assert_null (strstr (plain, "Published figures for comparison"));

  options.show_reference = TRUE;
  g_assert_true (drivedash_report_write (store, (const gint64[]) { 1 }, 1, &options, pdf, NULL, &error));
  g_assert_no_error (error);
  other = pdf_text (pdf, &n_pages);
  g_assert_nonnull (strstr (other, "Published figures for comparison"));
  g_assert_nonnull (strstr (other, "The magazine ran other tests"));

  g_assert_true (drivedash_report_write (store, &run->id, 1, &options, pdf, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf, &n_pages);
  published = strstr (text, "Published figures for comparison");
  g_assert_nonnull (published);
  g_assert_nonnull (strstr (published, "Published by a magazine, measured on another PC, CrystalDiskMark 6"));
  g_assert_nonnull (strstr (published, "Reading large files, 32 at a time A (your drive)"));
  g_assert_nonnull (strstr (published, "WD Black SN750 1TB with Gaming Mode 3480 MB/s"));
  g_assert_null (strstr (published, "Writing large files, 32 at a time"));
  g_assert_null (strstr (published, "Small random reads, 1 at a time A"));
}

static void
japanese_report (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autofree char *pdf = g_build_filename (f->dir, "ja.pdf", NULL);
  g_autofree char *text = NULL;
  const gint64 ids[] = { 1, 2, 3 };
  guint n_pages;

  g_assert_no_error (error);
  g_assert_true (drivedash_report_write (store, ids, 3, NULL, pdf, NULL, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf, &n_pages);
  g_assert_nonnull (strstr (text, "Drivedash 速度レポート"));
  g_assert_nonnull (strstr (text, "開始時と終了時の健康状態"));
  g_assert_nonnull (strstr (text, "測定方法"));
  g_assert_nonnull (strstr (text, "判定"));
  g_assert_nonnull (strstr (text, "Drivedash が判定できなかったこと"));
  g_assert_nonnull (strstr (text, HOSTILE_NAME));
  check_pages (pdf, "ja", n_pages);
}

/* Speed runs and a long-test comparison, in Japanese: every section's
 * words translated, the plots' too. */
static void
japanese_mixed_report (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->db_path, &error);
  g_autofree char *page = NULL;
  g_autofree char *text = NULL;
  gint64 ids[4] = { 1, 2, 0, 0 };

  ids[2] = save_long (store, DRIVEDASH_LONG_TEST_CONSISTENCY, NULL, 1.0, 41);
  ids[3] = save_long (store, DRIVEDASH_LONG_TEST_CONSISTENCY, NULL, 1.12, 42);
  text = long_report (f, ids, 4, "ja-mixed", &page);
  assert_says (text, page, "Drivedash ドライブレポート");
  assert_says (text, page, "速度テスト");
  assert_says (text, page, "一貫性（PCMark 8 方式）");
  assert_says (text, page, "全ラウンドの平均");
  g_assert_nonnull (strstr (text, "線 1 本が 1 回の実行で"));
  g_assert_nonnull (strstr (text, "悪化"));
  g_assert_null (strstr (text, "Speed in each round"));
  g_assert_null (strstr (text, "Average over every round"));
}

static void
test_japanese (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *mo = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", "ja", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *localedir = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", NULL);
  char *locpath;

  g_assert_true (g_file_test (mo, G_FILE_TEST_EXISTS));
  locpath = drivedash_test_locale_build ("ja_JP");
  if (locpath == NULL)
    return;
  g_setenv ("LANGUAGE", "ja", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, "ja_JP.UTF-8"));
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  japanese_report (f);
  japanese_mixed_report (f);
  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C.UTF-8");
  drivedash_test_locale_remove (locpath);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/report/pdf", Fixture, NULL, fixture_set_up, test_pdf, fixture_tear_down);
  g_test_add ("/report/reference", Fixture, NULL, fixture_set_up, test_reference, fixture_tear_down);
  g_test_add ("/report/show-serial", Fixture, NULL, fixture_set_up, test_show_serial, fixture_tear_down);
  g_test_add ("/report/html", Fixture, NULL, fixture_set_up, test_html, fixture_tear_down);
  g_test_add ("/report/errors", Fixture, NULL, fixture_set_up, test_errors, fixture_tear_down);
  g_test_add ("/report/async", Fixture, NULL, fixture_set_up, test_async, fixture_tear_down);
  g_test_add ("/report/long-two", Fixture, NULL, fixture_set_up, test_long_two, fixture_tear_down);
  g_test_add ("/report/long-six", Fixture, NULL, fixture_set_up, test_long_six, fixture_tear_down);
  g_test_add ("/report/mixed", Fixture, NULL, fixture_set_up, test_mixed, fixture_tear_down);
  g_test_add ("/report/long-unreadable", Fixture, NULL, fixture_set_up, test_long_unreadable, fixture_tear_down);
  g_test_add ("/report/ab-set", Fixture, NULL, fixture_set_up, test_ab_set, fixture_tear_down);
  /* Last: it switches this process to Japanese. */
  g_test_add ("/report/japanese", Fixture, NULL, fixture_set_up, test_japanese, fixture_tear_down);
  return g_test_run ();
}
