/* test-data.c — the desktop integration files, translations, the Flatpak
 * manifest and `meson install`.
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test runs the real tool (desktop-file-validate, appstreamcli,
 * glib-compile-schemas, msgfmt, xgettext, meson) on the real files and
 * prints the tool's output when it fails. Run one with -p /data/NAME.
 */

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "drivedash-test-tree.h"

static const char *source_root;
static const char *build_root;

/* Runs argv in cwd (NULL: here); returns the exit status and the combined
 * output in *output. A tool that is missing fails the test with a hint. */
static int
run_tool (const char * const *argv,
          const char         *cwd,
          char              **output)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_MERGE);
  if (cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, cwd);

  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  if (process == NULL)
    g_error ("Cannot run %s (install it with build-aux/deps test): %s",
             argv[0], error->message);

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);

  if (output != NULL)
    *output = g_steal_pointer (&out);

  if (!g_subprocess_get_if_exited (process))
    return -1;
  return g_subprocess_get_exit_status (process);
}

static void
assert_tool_succeeds (const char * const *argv,
                      const char         *cwd)
{
  g_autofree char *output = NULL;
  g_autofree char *command = g_strjoinv (" ", (char **) argv);
  int status;

  status = run_tool (argv, cwd, &output);
  g_test_message ("$ %s\n%s", command, output);
  if (status != 0)
    {
      g_printerr ("$ %s\n%s\n", command, output);
      g_test_fail_printf ("%s exited with status %d", argv[0], status);
    }
}

static char *
build_path (const char *first, ...) G_GNUC_NULL_TERMINATED;

static char *
build_path (const char *first,
            ...)
{
  va_list args;
  char *path;

  va_start (args, first);
  path = g_build_filename_valist (first, &args);
  va_end (args);

  return path;
}

static void
assert_file_exists (const char *path)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_test_fail_printf ("%s does not exist", path);
}

/* --- desktop file, metainfo, schema ---------------------------------------- */

static void
test_desktop_file (void)
{
  g_autofree char *path = build_path (build_root, "data", APP_ID ".desktop", NULL);
  const char *argv[] = { "desktop-file-validate", path, NULL };
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *keywords = NULL;
  g_autofree char *categories = NULL;

  assert_file_exists (path);
  assert_tool_succeeds (argv, NULL);

  /* The words people search with must stay findable. */
  g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  keywords = g_key_file_get_string (key_file, "Desktop Entry", "Keywords", &error);
  g_assert_no_error (error);
  for (const char * const *word = (const char * const[]) { "SSD;", "NVMe;", "benchmark;", "health;", NULL }; *word; word++)
    if (strstr (keywords, *word) == NULL)
      g_test_fail_printf ("Keywords lacks %s", *word);
  categories = g_key_file_get_string (key_file, "Desktop Entry", "Categories", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (categories, ==, "GTK;GNOME;System;Utility;");
}

static void
test_metainfo (void)
{
  g_autofree char *path = build_path (build_root, "data", APP_ID ".metainfo.xml", NULL);
  const char *argv[] = { "appstreamcli", "validate", "--no-net", "--explain", path, NULL };

  assert_file_exists (path);
  assert_tool_succeeds (argv, NULL);
}

/* The metainfo's screenshot must be a file in this repository, so that the
 * URL works once the repository is published. */
static void
test_metainfo_screenshot (void)
{
  g_autofree char *path = build_path (source_root, "data", APP_ID ".metainfo.xml.in", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  guint count = 0;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  regex = g_regex_new ("<image>https://raw\\.githubusercontent\\.com/drivedash/drivedash/main/([^<]+)</image>",
                       0, 0, &error);
  g_assert_no_error (error);

  for (g_regex_match (regex, contents, 0, &match);
       g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      g_autofree char *relative = g_match_info_fetch (match, 1);
      g_autofree char *file = build_path (source_root, relative, NULL);

      assert_file_exists (file);
      count++;
    }

  g_assert_cmpuint (count, >, 0);
}

static void
test_schema (void)
{
  g_autofree char *dir = build_path (source_root, "data", NULL);
  const char *argv[] = { "glib-compile-schemas", "--strict", "--dry-run", dir, NULL };

  assert_tool_succeeds (argv, NULL);
}

/* --- translations ------------------------------------------------------------ */

static char **
read_linguas (void)
{
  g_autofree char *path = build_path (source_root, "po", "LINGUAS", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit_set (contents, " \t\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0' && lines[i][0] != '#')
      g_strv_builder_add (builder, lines[i]);

  return g_strv_builder_end (builder);
}

static void
test_po_compiles (void)
{
  g_auto(GStrv) linguas = read_linguas ();

  g_assert_nonnull (linguas[0]);
  for (guint i = 0; linguas[i] != NULL; i++)
    {
      g_autofree char *po = g_strconcat ("po/", linguas[i], ".po", NULL);
      const char *argv[] = { "msgfmt", "-c", "--check-format", "-o", "/dev/null", po, NULL };

      assert_tool_succeeds (argv, source_root);
    }
}

/* Entries of a PO file as "msgctxt\004msgid" (or just msgid), header left out. */
static GPtrArray *
po_entries (const char *po_text)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (po_text, "\n", -1);
  GString *msgctxt = NULL;
  GString *msgid = NULL;
  GString *current = NULL;

  for (guint i = 0; ; i++)
    {
      const char *line = lines[i];

      if (line == NULL || line[0] == '\0' || g_str_has_prefix (line, "#"))
        {
          /* An entry ends at a blank line or at the next entry's comments. */
          if (msgid != NULL && msgid->len > 0)
            g_ptr_array_add (entries,
                             msgctxt != NULL
                             ? g_strconcat (msgctxt->str, "\004", msgid->str, NULL)
                             : g_strdup (msgid->str));
          if (msgid != NULL)
            {
              g_string_free (g_steal_pointer (&msgid), TRUE);
              if (msgctxt != NULL)
                g_string_free (g_steal_pointer (&msgctxt), TRUE);
            }
          current = NULL;
          if (line == NULL)
            break;
          continue;
        }

      if (g_str_has_prefix (line, "msgctxt \""))
        {
          if (msgctxt != NULL)
            g_string_free (msgctxt, TRUE);
          msgctxt = g_string_new (NULL);
          current = msgctxt;
          line += strlen ("msgctxt ");
        }
      else if (g_str_has_prefix (line, "msgid \""))
        {
          msgid = g_string_new (NULL);
          current = msgid;
          line += strlen ("msgid ");
        }
      else if (line[0] != '"')
        {
          current = NULL;   /* msgstr, msgid_plural: not needed */
          continue;
        }

      if (current != NULL && strlen (line) >= 2)
        {
          g_autofree char *quoted = g_strndup (line + 1, strlen (line) - 2);
          g_autofree char *unescaped = g_strcompress (quoted);

          g_string_append (current, unescaped);
        }
    }

  if (msgctxt != NULL)
    g_string_free (msgctxt, TRUE);

  return entries;
}

static void
report_entries (const char *what,
                const char *language,
                const char *po_text,
                guint      *count)
{
  g_autoptr(GPtrArray) entries = po_entries (po_text);
  char keep_utf8[129];

  /* Escape newlines and quotes, but show the text itself as it is. */
  for (guint i = 0; i < 128; i++)
    keep_utf8[i] = (char) (0x80 + i);
  keep_utf8[128] = '\0';

  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *shown = g_strescape (g_ptr_array_index (entries, i), keep_utf8);

      g_printerr ("%s.po: %s: \"%s\"\n", language, what, shown);
      (*count)++;
    }
}

/* Extracts every string of the files in po/POTFILES.in into @pot, with
 * the options of meson's i18n.gettext(preset: 'glib'). Returns xgettext's
 * messages, or NULL when it failed (the test is then marked failed). */
static char *
extract_strings (const char *tmpdir,
                 const char *pot)
{
  g_autofree char *files_list = build_path (tmpdir, "POTFILES", NULL);
  g_autofree char *potfiles_in = build_path (source_root, "po", "POTFILES.in", NULL);
  g_autofree char *potfiles = NULL;
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  const char *argv[] = {
    "xgettext", "--from-code=UTF-8", "--add-comments",
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3",
    "--keyword=g_dpgettext2:2c,3",
    "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format",
    "--flag=NC_:2:pass-c-format", "--flag=g_dngettext:2:pass-c-format",
    "--flag=g_strdup_printf:1:c-format", "--flag=g_string_printf:2:c-format",
    "--flag=g_string_append_printf:2:c-format", "--flag=g_error_new:3:c-format",
    "--flag=g_set_error:4:c-format", "--flag=g_markup_printf_escaped:1:c-format",
    "--flag=g_log:3:c-format", "--flag=g_print:1:c-format",
    "--flag=g_printerr:1:c-format", "--flag=g_printf:1:c-format",
    "--flag=g_fprintf:2:c-format", "--flag=g_sprintf:2:c-format",
    "--flag=g_snprintf:3:c-format",
    "--files-from", files_list, "--output", pot, NULL
  };
  int status;

  g_file_get_contents (potfiles_in, &potfiles, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (potfiles, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *file = g_strstrip (g_strdup (lines[i]));
      g_autofree char *full = NULL;

      if (file[0] == '\0' || file[0] == '#')
        continue;
      full = build_path (source_root, file, NULL);
      if (!g_file_test (full, G_FILE_TEST_IS_REGULAR))
        {
          g_test_fail_printf ("po/POTFILES.in lists %s, which does not exist", file);
          continue;
        }
      g_string_append_printf (list, "%s\n", file);
    }
  g_file_set_contents (files_list, list->str, -1, &error);
  g_assert_no_error (error);

  status = run_tool (argv, source_root, &output);
  g_unlink (files_list);
  if (status != 0)
    {
      g_printerr ("%s\n", output);
      g_test_fail_printf ("xgettext exited with status %d", status);
      return NULL;
    }

  return g_steal_pointer (&output);
}

/* Every string in the files of po/POTFILES.in must have a finished
 * translation: the test extracts them afresh, so a string added anywhere
 * without a translation fails here, naming the string. */
static void
test_translations_complete (void)
{
  g_autofree char *tmpdir = NULL;
  g_autofree char *pot = NULL;
  g_autofree char *messages = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) linguas = read_linguas ();
  g_autofree char *output = NULL;
  guint missing = 0;

  tmpdir = g_dir_make_tmp ("drivedash-po-XXXXXX", &error);
  g_assert_no_error (error);
  pot = build_path (tmpdir, "drivedash.pot", NULL);

  messages = extract_strings (tmpdir, pot);
  if (messages == NULL)
    return;

  for (guint i = 0; linguas[i] != NULL; i++)
    {
      g_autofree char *po = g_strconcat ("po/", linguas[i], ".po", NULL);
      g_autofree char *merged = g_strconcat (tmpdir, "/", linguas[i], ".po", NULL);
      g_autofree char *untranslated = NULL;
      g_autofree char *fuzzy = NULL;
      const char *merge_argv[] = {
        "msgmerge", "--quiet", "--no-fuzzy-matching", "--no-wrap",
        "--output-file", merged, po, pot, NULL
      };
      const char *untranslated_argv[] = {
        "msgattrib", "--untranslated", "--no-obsolete", "--no-wrap", merged, NULL
      };
      const char *fuzzy_argv[] = {
        "msgattrib", "--only-fuzzy", "--no-obsolete", "--no-wrap", merged, NULL
      };

      if (run_tool (merge_argv, source_root, &output) != 0)
        {
          g_printerr ("%s\n", output);
          g_test_fail_printf ("msgmerge failed on %s", po);
          continue;
        }
      g_clear_pointer (&output, g_free);

      g_assert_cmpint (run_tool (untranslated_argv, NULL, &untranslated), ==, 0);
      g_assert_cmpint (run_tool (fuzzy_argv, NULL, &fuzzy), ==, 0);

      report_entries ("untranslated", linguas[i], untranslated, &missing);
      report_entries ("fuzzy", linguas[i], fuzzy, &missing);
      g_unlink (merged);
    }

  g_unlink (pot);
  g_rmdir (tmpdir);

  if (missing > 0)
    g_test_fail_printf ("%u strings lack a finished translation (listed above); "
                        "update po/*.po with msgmerge and translate them", missing);
}

/* Collects into @found the files under @dir (relative to the source root)
 * that mark a string for translation but are not in @listed. */
static void
find_unlisted (const char  *dir,
               GHashTable  *listed,
               GPtrArray   *found)
{
  g_autofree char *full = build_path (source_root, dir, NULL);
  g_autoptr(GDir) d = g_dir_open (full, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *rel = g_build_filename (dir, name, NULL);
      g_autofree char *path = build_path (source_root, rel, NULL);
      g_autofree char *text = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          find_unlisted (rel, listed, found);
          continue;
        }
      if (!(g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".ui")) ||
          g_hash_table_contains (listed, rel) ||
          !g_file_get_contents (path, &text, NULL, NULL))
        continue;
      if (strstr (text, "_(\"") != NULL || strstr (text, "N_(\"") != NULL ||
          strstr (text, "C_(\"") != NULL || strstr (text, "ngettext (") != NULL ||
          strstr (text, "translatable=\"yes\"") != NULL)
        g_ptr_array_add (found, g_steal_pointer (&rel));
    }
}

/* A file whose strings are marked but that po/POTFILES.in leaves out is
 * never extracted: its strings stay English in every language. */
static void
test_potfiles_complete (void)
{
  g_autofree char *potfiles_in = build_path (source_root, "po", "POTFILES.in", NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *potfiles = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (potfiles_in, &potfiles, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (potfiles, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    g_hash_table_add (listed, g_strstrip (g_strdup (lines[i])));
  find_unlisted ("src", listed, found);
  find_unlisted ("ui", listed, found);
  for (guint i = 0; i < found->len; i++)
    g_printerr ("marks strings for translation but is not in po/POTFILES.in: %s\n",
                (const char *) g_ptr_array_index (found, i));
  if (found->len > 0)
    g_test_fail_printf ("%u files are missing from po/POTFILES.in (listed above)", found->len);
}

/* A string glued to a macro, _("At %" G_GUINT64_FORMAT " hours"), is cut
 * at the macro when extracted: the catalogue gets "At %", the program looks
 * up the whole string, and no translation is ever found. xgettext warns
 * about these; format the number into a string first and use %s. */
static void
test_translatable_formats (void)
{
  g_autofree char *tmpdir = NULL;
  g_autofree char *pot = NULL;
  g_autofree char *messages = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint broken = 0;

  tmpdir = g_dir_make_tmp ("drivedash-po-XXXXXX", &error);
  g_assert_no_error (error);
  pot = build_path (tmpdir, "drivedash.pot", NULL);

  messages = extract_strings (tmpdir, pot);
  g_unlink (pot);
  g_rmdir (tmpdir);
  if (messages == NULL)
    return;

  lines = g_strsplit (messages, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "not a valid C format string") != NULL &&
        strstr (lines[i], "ends in the middle of a directive") != NULL)
      {
        g_printerr ("%s\n", lines[i]);
        broken++;
      }

  if (broken > 0)
    g_test_fail_printf ("%u translatable strings are cut at a format macro (listed above) "
                        "and can never be translated", broken);
}

/* --- Flatpak manifest ----------------------------------------------------------- */

static gboolean
strv_contains_prefix (JsonArray  *array,
                      const char *prefix)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (g_str_has_prefix (json_array_get_string_element (array, i), prefix))
      return TRUE;
  return FALSE;
}

static gboolean
json_array_has_string (JsonArray  *array,
                       const char *string)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (g_strcmp0 (json_array_get_string_element (array, i), string) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
is_commit_hash (const char *text)
{
  if (text == NULL || strlen (text) != 40)
    return FALSE;
  for (const char *c = text; *c; c++)
    if (!g_ascii_isxdigit (*c) || g_ascii_isupper (*c))
      return FALSE;
  return TRUE;
}

static void
check_git_module (JsonObject *module)
{
  const char *name = json_object_get_string_member (module, "name");
  JsonArray *sources;
  gboolean found = FALSE;

  g_assert_true (json_object_has_member (module, "sources"));
  sources = json_object_get_array_member (module, "sources");

  for (guint i = 0; i < json_array_get_length (sources); i++)
    {
      JsonObject *source = json_array_get_object_element (sources, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (source, "type", ""), "git") != 0)
        continue;
      found = TRUE;
      g_assert_true (g_str_has_prefix (json_object_get_string_member_with_default (source, "url", ""),
                                       "https://"));
      /* Pinned twice: the tag says what it is, the commit makes it
       * impossible to move under us. */
      if (json_object_get_string_member_with_default (source, "tag", NULL) == NULL)
        g_test_fail_printf ("module %s: git source without a tag", name);
      if (!is_commit_hash (json_object_get_string_member_with_default (source, "commit", NULL)))
        g_test_fail_printf ("module %s: git source without a full commit hash", name);
      if (json_object_has_member (source, "branch"))
        g_test_fail_printf ("module %s: git source follows a branch", name);
    }

  if (!found)
    g_test_fail_printf ("module %s has no git source", name);
}

static void
test_flatpak_manifest (void)
{
  g_autofree char *path = build_path (source_root, "flatpak", APP_ID ".json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *finish_args;
  JsonArray *modules;
  JsonObject *app_module = NULL;
  gboolean have_liburing = FALSE;
  gboolean have_libnvme = FALSE;
  static const char * const required_args[] = {
    "--socket=wayland",
    "--socket=fallback-x11",
    "--share=ipc",
    "--device=dri",
    "--filesystem=home",
    "--filesystem=/media",
    "--filesystem=/run/media",
    "--system-talk-name=io.github.drivedash.Drivedash1",
    "--system-talk-name=org.freedesktop.UDisks2",
  };
  /* Anything else widens the sandbox and needs a reason here first. */
  static const char * const allowed_args[] = {
    "--socket=wayland",
    "--socket=fallback-x11",
    "--share=ipc",
    "--device=dri",
    "--filesystem=home",
    "--filesystem=/media",
    "--filesystem=/run/media",
    "--system-talk-name=io.github.drivedash.Drivedash1",
    "--system-talk-name=org.freedesktop.UDisks2",
    /* Weekly trim: fstrim.timer's state, and Turn On, which systemd
     * itself allows or refuses through polkit. */
    "--system-talk-name=org.freedesktop.systemd1",
    /* Whether fwupd offers new firmware; it is only asked, never told
     * to install. */
    "--system-talk-name=org.freedesktop.fwupd",
    /* The Full Review keeps the computer awake for hours through logind's
     * Inhibit (sleep and idle), as drivedash-cli review does outside the
     * sandbox; logind asks polkit itself. */
    "--system-talk-name=org.freedesktop.login1",
  };

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);

  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_nonnull (root);
  g_assert_cmpstr (json_object_get_string_member_with_default (root, "app-id", NULL), ==, APP_ID);
  g_assert_cmpstr (json_object_get_string_member_with_default (root, "command", NULL), ==, "drivedash");
  g_assert_cmpstr (json_object_get_string_member_with_default (root, "runtime", NULL), ==, "org.gnome.Platform");
  g_assert_cmpstr (json_object_get_string_member_with_default (root, "sdk", NULL), ==, "org.gnome.Sdk");
  g_assert_nonnull (json_object_get_string_member_with_default (root, "runtime-version", NULL));

  finish_args = json_object_get_array_member (root, "finish-args");
  g_assert_nonnull (finish_args);
  for (guint i = 0; i < G_N_ELEMENTS (required_args); i++)
    if (!json_array_has_string (finish_args, required_args[i]))
      g_test_fail_printf ("finish-args lacks %s", required_args[i]);
  for (guint i = 0; i < json_array_get_length (finish_args); i++)
    {
      const char *arg = json_array_get_string_element (finish_args, i);

      if (!g_strv_contains (allowed_args, arg))
        g_test_fail_printf ("finish-args has %s, which widens the sandbox", arg);
    }
  g_assert_false (strv_contains_prefix (finish_args, "--filesystem=host"));
  g_assert_false (strv_contains_prefix (finish_args, "--talk-name=org.freedesktop.Flatpak"));

  modules = json_object_get_array_member (root, "modules");
  g_assert_nonnull (modules);
  for (guint i = 0; i < json_array_get_length (modules); i++)
    {
      JsonObject *module = json_array_get_object_element (modules, i);
      const char *name;

      g_assert_nonnull (module);
      name = json_object_get_string_member_with_default (module, "name", "");

      if (g_str_equal (name, "liburing"))
        {
          g_assert_null (app_module);   /* dependencies come first */
          check_git_module (module);
          have_liburing = TRUE;
        }
      else if (g_str_equal (name, "libnvme"))
        {
          g_assert_null (app_module);
          check_git_module (module);
          have_libnvme = TRUE;
        }
      else if (g_str_equal (name, "drivedash"))
        {
          app_module = module;
        }
    }

  g_assert_true (have_liburing);
  g_assert_true (have_libnvme);
  g_assert_nonnull (app_module);
  g_assert_cmpstr (json_object_get_string_member_with_default (app_module, "buildsystem", NULL), ==, "meson");
  g_assert_true (json_object_has_member (app_module, "config-opts"));
  /* No system service inside the sandbox: it is installed on the host. */
  g_assert_true (json_array_has_string (json_object_get_array_member (app_module, "config-opts"),
                                        "-Dservice=false"));
}

/* --- meson install ----------------------------------------------------------------- */

static void
test_install (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *destdir = g_dir_make_tmp ("drivedash-install-XXXXXX", &error);
  g_autofree char *destdir_arg = NULL;
  const char *argv[] = {
    MESON_COMMAND, "install", "--no-rebuild", "--quiet",
    "-C", build_root, NULL /* --destdir= */, NULL
  };
  struct {
    const char *dir;
    const char *name;
  } expected[] = {
    { INSTALL_BINDIR, "drivedash" },
    { INSTALL_DATADIR "/applications", APP_ID ".desktop" },
    { INSTALL_DATADIR "/metainfo", APP_ID ".metainfo.xml" },
    { INSTALL_DATADIR "/glib-2.0/schemas", APP_ID ".gschema.xml" },
    { INSTALL_DATADIR "/icons/hicolor/scalable/apps", APP_ID ".svg" },
    { INSTALL_DATADIR "/icons/hicolor/symbolic/apps", APP_ID "-symbolic.svg" },
  };
  g_auto(GStrv) linguas = read_linguas ();

  g_assert_no_error (error);
  destdir_arg = g_strconcat ("--destdir=", destdir, NULL);
  argv[6] = destdir_arg;

  assert_tool_succeeds (argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *path = g_build_filename (destdir, expected[i].dir, expected[i].name, NULL);

      g_test_message ("expecting %s", path);
      assert_file_exists (path);
    }

  for (guint i = 0; linguas[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (destdir, LOCALEDIR, linguas[i],
                                                "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);

      g_test_message ("expecting %s", path);
      assert_file_exists (path);
    }

  {
    g_autofree char *binary = g_build_filename (destdir, INSTALL_BINDIR, "drivedash", NULL);

    g_assert_true (g_file_test (binary, G_FILE_TEST_IS_EXECUTABLE));
  }

  drivedash_test_tree_remove (destdir);
}

int
main (int   argc,
      char *argv[])
{
  /* So that messages print UTF-8 text as it is (meson sets C.UTF-8). */
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  source_root = g_getenv ("DRIVEDASH_SOURCE_ROOT");
  build_root = g_getenv ("DRIVEDASH_BUILD_ROOT");
  if (source_root == NULL || build_root == NULL)
    g_error ("Run this test through meson test: DRIVEDASH_SOURCE_ROOT and DRIVEDASH_BUILD_ROOT are not set");

  g_test_add_func ("/data/desktop-file", test_desktop_file);
  g_test_add_func ("/data/metainfo", test_metainfo);
  g_test_add_func ("/data/metainfo-screenshot", test_metainfo_screenshot);
  g_test_add_func ("/data/schema", test_schema);
  g_test_add_func ("/data/po-compiles", test_po_compiles);
  g_test_add_func ("/data/translations-complete", test_translations_complete);
  g_test_add_func ("/data/translatable-formats", test_translatable_formats);
  g_test_add_func ("/data/potfiles-complete", test_potfiles_complete);
  g_test_add_func ("/data/flatpak-manifest", test_flatpak_manifest);
  g_test_add_func ("/data/install", test_install);

  return g_test_run ();
}
