/* drivedash-cgroup-io.c — what each cgroup wrote to each device (see the
 * header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivedash-app-identity.h"
#include "drivedash-cgroup-io.h"

/* A counter file lists one line per disk; more is not a real one. */
#define MAX_LINES  256

typedef struct
{
  char     *file;     /* its counter file */
  char     *app;
  GArray   *last;     /* DrivedashCgroupIoLine at the last read */
  gboolean  v1;
  gboolean  fresh;    /* never read */
} Counter;

struct _DrivedashCgroupIo
{
  char       *v2_root;    /* the cgroup2 mount, NULL when none */
  char       *v1_root;    /* the blkio hierarchy's mount, NULL when none */
  GHashTable *counters;   /* cgroup folder → Counter */
  GArray     *v1_covered; /* DrivedashCgroupIoLine: disks the v1 root lists */
};

/* A decimal number that fills @text up to a separator; FALSE for
 * anything else, numbers past 64 bits among them. */
static gboolean
parse_u64 (const char *text,
           guint64    *out)
{
  char *end = NULL;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  errno = 0;
  *out = g_ascii_strtoull (text, &end, 10);
  return errno == 0 && (*end == '\0' || *end == ' ' || *end == '\n');
}

/* "MAJ:MIN" at the start of @word. */
static gboolean
parse_device (const char *word,
              guint      *major,
              guint      *minor)
{
  g_auto(GStrv) parts = g_strsplit (word, ":", 3);
  guint64 a, b;

  if (g_strv_length (parts) != 2 || !parse_u64 (parts[0], &a) || !parse_u64 (parts[1], &b) ||
      a > G_MAXUINT32 || b > G_MAXUINT32)
    return FALSE;
  *major = (guint) a;
  *minor = (guint) b;
  return TRUE;
}

static GArray *
new_lines (void)
{
  return g_array_new (FALSE, FALSE, sizeof (DrivedashCgroupIoLine));
}

GArray *
drivedash_cgroup_io_parse_v2 (const char *contents)
{
  g_auto(GStrv) lines = g_strsplit (contents ? contents : "", "\n", -1);
  GArray *out = new_lines ();

  for (guint i = 0; lines[i] != NULL && out->len < MAX_LINES; i++)
    {
      g_auto(GStrv) words = g_strsplit (lines[i], " ", -1);
      DrivedashCgroupIoLine line = { 0 };

      if (words[0] == NULL || !parse_device (words[0], &line.major, &line.minor))
        continue;
      for (guint w = 1; words[w] != NULL; w++)
        if (g_str_has_prefix (words[w], "wbytes=") && parse_u64 (words[w] + strlen ("wbytes="), &line.written))
          {
            g_array_append_val (out, line);
            break;
          }
    }
  return out;
}

GArray *
drivedash_cgroup_io_parse_v1 (const char *contents)
{
  g_auto(GStrv) lines = g_strsplit (contents ? contents : "", "\n", -1);
  GArray *out = new_lines ();

  for (guint i = 0; lines[i] != NULL && out->len < MAX_LINES; i++)
    {
      g_auto(GStrv) words = g_strsplit (lines[i], " ", -1);
      DrivedashCgroupIoLine line = { 0 };

      if (g_strv_length (words) == 3 && g_str_equal (words[1], "Write") &&
          parse_device (words[0], &line.major, &line.minor) && parse_u64 (words[2], &line.written))
        g_array_append_val (out, line);
    }
  return out;
}

static void
counter_free (Counter *c)
{
  g_free (c->file);
  g_free (c->app);
  g_array_unref (c->last);
  g_free (c);
}

/* The cgroup2 and blkio mount points in /proc/self/mounts' text. */
static void
find_mounts (DrivedashCgroupIo *self,
             const char        *mounts)
{
  g_auto(GStrv) lines = g_strsplit (mounts, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", -1);
      g_auto(GStrv) options = NULL;

      if (g_strv_length (f) < 4 || f[1][0] != '/')
        continue;
      if (g_str_equal (f[2], "cgroup2") && self->v2_root == NULL)
        self->v2_root = g_strdup (f[1]);
      options = g_strsplit (f[3], ",", -1);
      if (g_str_equal (f[2], "cgroup") && self->v1_root == NULL && g_strv_contains ((const char *const *) options, "blkio"))
        self->v1_root = g_strdup (f[1]);
    }
}

DrivedashCgroupIo *
drivedash_cgroup_io_new (const char *mounts)
{
  DrivedashCgroupIo *self = g_new0 (DrivedashCgroupIo, 1);
  g_autofree char *read = NULL;

  if (mounts == NULL)
    g_file_get_contents ("/proc/self/mounts", &read, NULL, NULL);
  find_mounts (self, mounts ? mounts : read ? read : "");
  self->counters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) counter_free);
  self->v1_covered = new_lines ();
  return self;
}

void
drivedash_cgroup_io_free (DrivedashCgroupIo *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->counters);
  g_array_unref (self->v1_covered);
  g_free (self->v2_root);
  g_free (self->v1_root);
  g_free (self);
}

const char *
drivedash_cgroup_io_get_kind (DrivedashCgroupIo *self)
{
  g_autofree char *v2 = self->v2_root ? g_build_filename (self->v2_root, "cgroup.controllers", NULL) : NULL;
  g_autofree char *controllers = NULL;

  if (v2 != NULL && g_file_get_contents (v2, &controllers, NULL, NULL))
    {
      g_auto(GStrv) words = g_strsplit_set (g_strstrip (controllers), " \n", -1);

      if (g_strv_contains ((const char *const *) words, "io"))
        return "io.stat";
    }
  return self->v1_root != NULL ? "blkio" : NULL;
}

/* The path after "N:@controller:" in /proc/PID/cgroup's text ("" for
 * the unified line); NULL when none. */
static char *
hierarchy_path (const char *contents,
                const char *controller)
{
  g_auto(GStrv) lines = g_strsplit (contents ? contents : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ":", 3);
      g_auto(GStrv) names = NULL;

      if (g_strv_length (f) != 3 || f[2][0] != '/')
        continue;
      names = g_strsplit (f[1], ",", -1);
      if (*controller == '\0' ? (f[0][0] == '0' && f[0][1] == '\0' && f[1][0] == '\0')
                              : g_strv_contains ((const char *const *) names, controller))
        return g_strdup (f[2]);
    }
  return NULL;
}

/* Starts reading @folder's @file, when its path @path names one app. */
static const char *
track (DrivedashCgroupIo *self,
       const char        *folder,
       const char        *path,
       const char        *file,
       gboolean           v1)
{
  g_autofree char *app = NULL;
  gpointer known;
  Counter *c;

  if (g_hash_table_lookup_extended (self->counters, folder, &known, NULL))
    return known;
  if ((app = drivedash_app_identity_app_of_cgroup (path)) == NULL)
    return NULL;
  c = g_new0 (Counter, 1);
  c->file = g_build_filename (folder, file, NULL);
  c->app = g_steal_pointer (&app);
  c->last = new_lines ();
  c->v1 = v1;
  c->fresh = TRUE;
  folder = g_strdup (folder);
  g_hash_table_insert (self->counters, (char *) folder, c);
  return folder;
}

/* v2: the nearest cgroup up from @path with an io.stat, not the root. */
static const char *
track_v2 (DrivedashCgroupIo *self,
          const char        *path)
{
  g_autofree char *up = g_strdup (path);

  while (up[0] == '/' && up[1] != '\0')
    {
      g_autofree char *folder = g_build_filename (self->v2_root, up, NULL);
      g_autofree char *stat = g_build_filename (folder, "io.stat", NULL);

      if (g_hash_table_contains (self->counters, folder) || g_file_test (stat, G_FILE_TEST_EXISTS))
        return track (self, folder, up, "io.stat", FALSE);
      *strrchr (up, '/') = '\0';
      if (up[0] == '\0')
        break;
    }
  return NULL;
}

const char *
drivedash_cgroup_io_track (DrivedashCgroupIo *self,
                           const char        *contents)
{
  g_autofree char *v2 = self->v2_root ? hierarchy_path (contents, "") : NULL;
  g_autofree char *v1 = self->v1_root ? hierarchy_path (contents, "blkio") : NULL;
  const char *key = NULL;

  /* ".." would leave the mount: the kernel never writes it. */
  if (v2 != NULL && strstr (v2, "/..") == NULL)
    key = track_v2 (self, v2);
  if (key == NULL && v1 != NULL && strcmp (v1, "/") != 0 && strstr (v1, "/..") == NULL)
    {
      g_autofree char *folder = g_build_filename (self->v1_root, v1, NULL);
      g_autofree char *file = g_build_filename (folder, "blkio.throttle.io_service_bytes", NULL);

      if (g_hash_table_contains (self->counters, folder) || g_file_test (file, G_FILE_TEST_EXISTS))
        key = track (self, folder, v1, "blkio.throttle.io_service_bytes", TRUE);
    }
  return key;
}

const char *
drivedash_cgroup_io_lookup (DrivedashCgroupIo *self,
                            const char        *key)
{
  Counter *c = key ? g_hash_table_lookup (self->counters, key) : NULL;

  return c ? c->app : NULL;
}

static gboolean
lists (GArray *lines,
       guint   major,
       guint   minor)
{
  for (guint i = 0; i < lines->len; i++)
    {
      const DrivedashCgroupIoLine *l = &g_array_index (lines, DrivedashCgroupIoLine, i);

      if (l->major == major && l->minor == minor)
        return TRUE;
    }
  return FALSE;
}

gboolean
drivedash_cgroup_io_covers (DrivedashCgroupIo *self,
                            const char        *key,
                            guint              major,
                            guint              minor)
{
  Counter *c = key ? g_hash_table_lookup (self->counters, key) : NULL;

  return c != NULL && (!c->v1 || lists (self->v1_covered, major, minor));
}

static guint64
last_written (GArray *lines,
              guint   major,
              guint   minor)
{
  for (guint i = 0; i < lines->len; i++)
    {
      const DrivedashCgroupIoLine *l = &g_array_index (lines, DrivedashCgroupIoLine, i);

      if (l->major == major && l->minor == minor)
        return l->written;
    }
  return 0;
}

/* One counter: the growth on each device since the last read.  A
 * counter that went down (reset) counts from its new value.  FALSE when
 * its folder is gone with its last process: what it wrote since the
 * last read is lost with it. */
static gboolean
read_one (const char            *key,
          Counter               *c,
          gboolean               whole_if_new,
          DrivedashCgroupIoFunc  func,
          gpointer               user_data)
{
  g_autofree char *text = NULL;
  g_autoptr(GArray) now = NULL;
  gboolean baseline = c->fresh && !whole_if_new;

  if (!g_file_get_contents (c->file, &text, NULL, NULL))
    return FALSE;
  now = c->v1 ? drivedash_cgroup_io_parse_v1 (text) : drivedash_cgroup_io_parse_v2 (text);
  for (guint i = 0; i < now->len && !baseline; i++)
    {
      const DrivedashCgroupIoLine *l = &g_array_index (now, DrivedashCgroupIoLine, i);
      guint64 before = last_written (c->last, l->major, l->minor);

      if (l->written > before)
        func (key, c->app, l->major, l->minor, l->written - before, user_data);
    }
  g_array_unref (c->last);
  c->last = g_steal_pointer (&now);
  c->fresh = FALSE;
  return TRUE;
}

void
drivedash_cgroup_io_read (DrivedashCgroupIo     *self,
                          gboolean               whole_if_new,
                          DrivedashCgroupIoFunc  func,
                          gpointer               user_data)
{
  GHashTableIter iter;
  const char *key;
  Counter *c;

  if (self->v1_root != NULL)
    {
      g_autofree char *root = g_build_filename (self->v1_root, "blkio.throttle.io_service_bytes", NULL);
      g_autofree char *text = NULL;

      g_array_unref (self->v1_covered);
      g_file_get_contents (root, &text, NULL, NULL);
      self->v1_covered = drivedash_cgroup_io_parse_v1 (text);
    }
  g_hash_table_iter_init (&iter, self->counters);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &c))
    if (!read_one (key, c, whole_if_new, func, user_data))
      g_hash_table_iter_remove (&iter);
}
