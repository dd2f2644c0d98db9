/* drivedash-write-sampler.c — what each app wrote to each drive (see the
 * header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drivedash-app-identity.h"
#include "drivedash-cgroup-io.h"
#include "drivedash-folder.h"
#include "drivedash-write-sampler.h"

typedef struct
{
  char     *disk;
  char     *drive;
  char     *controller;
  guint     major;      /* the whole disk's number, which cgroups count by */
  guint     minor;
  gboolean  stacked;    /* device-mapper or md: its disks' lines count */
} Disk;

typedef struct _Proc Proc;
struct _Proc
{
  gint      pid;
  gint      ppid;       /* its parent at the last poll: who reaps it */
  guint64   start;      /* /proc/PID/stat's starttime: tells a reused pid */
  guint64   bytes;      /* written at the last poll (the children it reaped included) */
  guint64   delta;      /* grown this poll, not yet counted */
  char     *app;
  char     *cgroup;     /* the cgroup that counts it instead, or NULL */
  Disk     *disk;       /* the last drive it wrote to (owned by the sampler) */
  Proc     *heir;       /* this poll: the ended child it reaped that wrote most */
  Disk     *kids_disk;  /* the drive its last seen child wrote to */
  gboolean  seen;
  gboolean  wrote;
  gboolean  reread;     /* its counters were read again this poll */
};

struct _DrivedashWriteSampler
{
  char       *proc_root;
  char       *sysfs_root;  /* where device numbers name drives */
  GHashTable *procs;    /* pid → Proc */
  GHashTable *gone;     /* pid → Proc that ended since the last poll */
  GHashTable *groups;   /* "app\037disk" → DrivedashAppWrites */
  GHashTable *disks;    /* device number → Disk */
  DrivedashCgroupIo *cgroups;  /* NULL: every process from /proc */
  GHashTable *members;  /* cgroup → processes found in it this poll */
  guint       n_polls;
  guint       n_ended;
  guint       n_unreadable;
};

void
drivedash_app_writes_free (DrivedashAppWrites *self)
{
  if (self == NULL)
    return;
  g_free (self->app);
  g_free (self->disk);
  g_free (self->drive);
  g_free (self->controller);
  g_free (self);
}

DrivedashAppWrites *
drivedash_app_writes_copy (const DrivedashAppWrites *self)
{
  DrivedashAppWrites *copy = g_memdup2 (self, sizeof *self);

  copy->app = g_strdup (self->app);
  copy->disk = g_strdup (self->disk);
  copy->drive = g_strdup (self->drive);
  copy->controller = g_strdup (self->controller);
  return copy;
}

gint
drivedash_app_writes_compare (gconstpointer a,
                              gconstpointer b)
{
  const DrivedashAppWrites *x = *(DrivedashAppWrites **) a, *y = *(DrivedashAppWrites **) b;

  if (x->bytes != y->bytes)
    return x->bytes > y->bytes ? -1 : 1;
  if (g_strcmp0 (x->app, y->app) != 0)
    return g_strcmp0 (x->app, y->app);
  return g_strcmp0 (x->disk, y->disk);
}

GPtrArray *
drivedash_app_writes_dup_sorted (GHashTable *table)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_writes_free);
  GHashTableIter iter;
  DrivedashAppWrites *row;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &row))
    g_ptr_array_add (out, drivedash_app_writes_copy (row));
  g_ptr_array_sort (out, drivedash_app_writes_compare);
  return out;
}

static void
proc_free (Proc *p)
{
  g_free (p->app);
  g_free (p->cgroup);
  g_free (p);
}

static void
disk_free (Disk *d)
{
  g_free (d->disk);
  g_free (d->drive);
  g_free (d->controller);
  g_free (d);
}

DrivedashWriteSampler *
drivedash_write_sampler_new (const char *proc_root)
{
  DrivedashWriteSampler *self = g_new0 (DrivedashWriteSampler, 1);

  self->proc_root = g_strdup (proc_root ? proc_root : "/proc");
  self->sysfs_root = g_strdup ("/sys");
  self->procs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) proc_free);
  self->gone = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) proc_free);
  self->groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) drivedash_app_writes_free);
  self->disks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) disk_free);
  self->members = g_hash_table_new (g_str_hash, g_str_equal);
  /* Another /proc (a test's) has no cgroups of this system's. */
  if (proc_root == NULL)
    self->cgroups = drivedash_cgroup_io_new (NULL);
  return self;
}

void
drivedash_write_sampler_set_cgroups (DrivedashWriteSampler *self,
                                     gboolean               use)
{
  g_return_if_fail (self->n_polls == 0);
  if (!use)
    g_clear_pointer (&self->cgroups, drivedash_cgroup_io_free);
}

void
drivedash_write_sampler_set_sysfs_root (DrivedashWriteSampler *self,
                                        const char            *sysfs_root)
{
  /* The drives found so far came from the other tree. */
  g_return_if_fail (self->n_polls == 0);
  g_free (self->sysfs_root);
  self->sysfs_root = g_strdup (sysfs_root ? sysfs_root : "/sys");
}

const char *
drivedash_write_sampler_get_cgroup_kind (DrivedashWriteSampler *self)
{
  return self->cgroups ? drivedash_cgroup_io_get_kind (self->cgroups) : NULL;
}

void
drivedash_write_sampler_free (DrivedashWriteSampler *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->procs);
  g_hash_table_unref (self->gone);
  g_hash_table_unref (self->groups);
  g_hash_table_unref (self->disks);
  g_hash_table_unref (self->members);
  g_clear_pointer (&self->cgroups, drivedash_cgroup_io_free);
  g_free (self->proc_root);
  g_free (self->sysfs_root);
  g_free (self);
}

/* NULL when unreadable; @denied (may be NULL) says whether for lack of
 * permission (another user's process) rather than its end. */
static char *
read_proc_file_checked (DrivedashWriteSampler *self,
                        const char            *pid,
                        const char            *name,
                        gboolean              *denied)
{
  g_autofree char *path = g_build_filename (self->proc_root, pid, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      if (denied != NULL)
        *denied = g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_ACCES) ||
                  g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_PERM);
      return NULL;
    }
  return contents;
}

static char *
read_proc_file (DrivedashWriteSampler *self,
                const char            *pid,
                const char            *name)
{
  return read_proc_file_checked (self, pid, name, NULL);
}

/* starttime, ppid and comm from /proc/PID/stat; comm may hold spaces
 * and ")". */
static gboolean
read_stat (DrivedashWriteSampler *self,
           const char            *pid,
           guint64               *start,
           gint                  *ppid,
           char                 **comm)
{
  g_autofree char *stat = read_proc_file (self, pid, "stat");
  g_auto(GStrv) fields = NULL;
  char *open, *close;

  if (stat == NULL || (open = strchr (stat, '(')) == NULL || (close = strrchr (stat, ')')) == NULL)
    return FALSE;
  *close = '\0';
  fields = g_strsplit (close + 2, " ", 21);
  /* starttime is field 22; the ones after ")" start at 3. */
  if (g_strv_length (fields) < 20)
    return FALSE;
  *start = g_ascii_strtoull (fields[19], NULL, 10);
  *ppid = (gint) g_ascii_strtoll (fields[1], NULL, 10);
  *comm = g_strdup (open + 1);
  return TRUE;
}

/* What the process has sent to storage: write_bytes less what it
 * dirtied and then took back (truncated before writeback). */
static gboolean
read_written (DrivedashWriteSampler *self,
              const char            *pid,
              guint64               *bytes,
              gboolean              *denied)
{
  g_autofree char *io = read_proc_file_checked (self, pid, "io", denied);
  const char *w, *c;
  guint64 written, cancelled = 0;

  if (io == NULL || (w = strstr (io, "\nwrite_bytes: ")) == NULL)
    return FALSE;
  written = g_ascii_strtoull (w + strlen ("\nwrite_bytes: "), NULL, 10);
  if ((c = strstr (io, "\ncancelled_write_bytes: ")) != NULL)
    cancelled = g_ascii_strtoull (c + strlen ("\ncancelled_write_bytes: "), NULL, 10);
  *bytes = written > cancelled ? written - cancelled : 0;
  return TRUE;
}

/* The whole disk's MAJ:MIN, from class/block/DISK/dev. */
static void
read_disk_number (DrivedashWriteSampler *self,
                  Disk                  *d)
{
  g_autofree char *path = g_build_filename (self->sysfs_root, "class", "block", d->disk, "dev", NULL);
  g_autofree char *text = NULL;

  if (g_file_get_contents (path, &text, NULL, NULL) && sscanf (text, "%u:%u", &d->major, &d->minor) != 2)
    d->major = d->minor = 0;
}

/* Device-mapper and md devices name what they are built on in slaves/. */
static gboolean
is_stacked (DrivedashWriteSampler *self,
            dev_t                  dev)
{
  g_autofree char *num = g_strdup_printf ("%u:%u", major (dev), minor (dev));
  g_autofree char *path = g_build_filename (self->sysfs_root, "dev", "block", num, "slaves", NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);

  return dir != NULL && g_dir_read_name (dir) != NULL;
}

static Disk *
disk_for_device (DrivedashWriteSampler *self,
                 dev_t                  dev)
{
  gint64 key = (gint64) dev;
  Disk *d = g_hash_table_lookup (self->disks, &key);

  if (d == NULL)
    {
      g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe_device (self->sysfs_root, major (dev), minor (dev));

      d = g_new0 (Disk, 1);
      /* No block device (tmpfs, a pipe's filesystem): not a drive. */
      if (info != NULL && major (dev) != 0)
        {
          d->disk = g_strdup (info->disk);
          d->drive = drivedash_folder_info_dup_drive_name (info);
          d->controller = g_strdup (info->controller);
          d->stacked = is_stacked (self, dev);
          read_disk_number (self, d);
        }
      g_hash_table_insert (self->disks, g_memdup2 (&key, sizeof key), d);
    }
  return d->disk != NULL ? d : NULL;
}

/* Whether the descriptor @fd of @pid is open for writing. */
static gboolean
open_for_writing (DrivedashWriteSampler *self,
                  const char            *pid,
                  const char            *fd)
{
  g_autofree char *name = g_build_filename ("fdinfo", fd, NULL);
  g_autofree char *info = read_proc_file (self, pid, name);
  const char *flags = info ? strstr (info, "flags:") : NULL;

  return flags != NULL && (strtoul (flags + strlen ("flags:"), NULL, 8) & O_ACCMODE) != O_RDONLY;
}

/* The one drive holding the regular files @pid has open for writing;
 * NULL when none or several. */
static Disk *
disk_written_by (DrivedashWriteSampler *self,
                 const char            *pid)
{
  g_autofree char *fds = g_build_filename (self->proc_root, pid, "fd", NULL);
  g_autoptr(GDir) dir = g_dir_open (fds, 0, NULL);
  Disk *found = NULL;
  const char *fd;

  while (dir != NULL && (fd = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fds, fd, NULL);
      struct stat st;
      Disk *d;

      if (stat (path, &st) != 0 || !S_ISREG (st.st_mode) || !open_for_writing (self, pid, fd) ||
          (d = disk_for_device (self, st.st_dev)) == NULL)
        continue;
      if (found != NULL && found != d)
        return NULL;
      found = d;
    }
  return found;
}

static DrivedashAppWrites *
group_for (DrivedashWriteSampler *self,
           const char            *app,
           const Disk            *disk,
           DrivedashWriteSource   source)
{
  g_autofree char *key = g_strdup_printf ("%s\037%s\037%d", app, disk ? disk->disk : "", source);
  DrivedashAppWrites *g = g_hash_table_lookup (self->groups, key);

  if (g == NULL)
    {
      g = g_new0 (DrivedashAppWrites, 1);
      g->app = g_strdup (app);
      g->disk = disk ? g_strdup (disk->disk) : NULL;
      g->drive = disk ? g_strdup (disk->drive) : NULL;
      g->controller = disk ? g_strdup (disk->controller) : NULL;
      g->source = source;
      g_hash_table_insert (self->groups, g_steal_pointer (&key), g);
    }
  return g;
}

static void
count (DrivedashWriteSampler *self,
       Proc                  *p,
       const Disk            *disk,
       guint64                delta)
{
  DrivedashAppWrites *g = group_for (self, p->app, disk, DRIVEDASH_WRITE_SOURCE_PROCESS);

  g->bytes += delta;
  if (!p->wrote)
    g->processes++;
  p->wrote = TRUE;
}

/* Whether @p's cgroup counts what it wrote to @disk (NULL: a drive not
 * known), so that /proc must not count it again. */
static gboolean
counted_by_cgroup (DrivedashWriteSampler *self,
                   const Proc            *p,
                   const Disk            *disk)
{
  if (p->cgroup == NULL || self->cgroups == NULL)
    return FALSE;
  return drivedash_cgroup_io_covers (self->cgroups, p->cgroup, disk ? disk->major : 0, disk ? disk->minor : 0);
}

/* A cgroup's counter grew on @major:@minor: the app's, on that drive. */
static void
count_cgroup (const char *cgroup,
              const char *app,
              guint       major,
              guint       minor,
              guint64     delta,
              gpointer    user_data)
{
  DrivedashWriteSampler *self = user_data;
  Disk *disk = disk_for_device (self, makedev (major, minor));
  DrivedashAppWrites *g;

  /* Not a drive, or a mapper whose disks' own lines count the same bios. */
  if (disk == NULL || disk->stacked)
    return;
  g = group_for (self, app, disk, DRIVEDASH_WRITE_SOURCE_CGROUP);
  g->bytes += delta;
  g->processes = MAX (g->processes, GPOINTER_TO_UINT (g_hash_table_lookup (self->members, cgroup)));
}

static Proc *
new_proc (DrivedashWriteSampler *self,
          const char            *pid,
          guint64                start,
          const char            *comm)
{
  g_autofree char *cgroup = read_proc_file (self, pid, "cgroup");
  g_autofree char *path = drivedash_app_identity_cgroup_path (cgroup);
  Proc *p = g_new0 (Proc, 1);

  p->start = start;
  p->app = drivedash_app_identity_from_cgroup (path, comm);
  if (self->cgroups != NULL)
    p->cgroup = g_strdup (drivedash_cgroup_io_track (self->cgroups, cgroup));
  return p;
}

/* @p ended: kept until this poll has taken its counters back from the
 * process that reaped it (settle_ended()). */
static void
end_proc (DrivedashWriteSampler *self,
          Proc                  *p)
{
  g_hash_table_replace (self->gone, GINT_TO_POINTER (p->pid), p);
  self->n_ended++;
}

/* One process: its counters and parent now, and what it grew by since
 * the last poll (counted once the ended processes are settled). */
static void
read_one (DrivedashWriteSampler *self,
          const char            *pid)
{
  gint key = atoi (pid), ppid = 0;
  g_autofree char *comm = NULL;
  gboolean denied = FALSE;
  guint64 start, bytes;
  Proc *p;

  /* Not the measuring program's own writes. */
  if (key == (gint) getpid () || !read_stat (self, pid, &start, &ppid, &comm))
    return;
  if (!read_written (self, pid, &bytes, &denied))
    {
      self->n_unreadable += denied;
      return;
    }
  p = g_hash_table_lookup (self->procs, GINT_TO_POINTER (key));
  if (p != NULL && p->start != start)
    {
      /* Its pid was reused: the one we knew ended. */
      g_hash_table_steal (self->procs, GINT_TO_POINTER (key));
      end_proc (self, p);
      p = NULL;
    }
  if (p == NULL)
    {
      /* New since the last poll: all it wrote is in the window. */
      p = new_proc (self, pid, start, comm);
      p->pid = key;
      g_hash_table_insert (self->procs, GINT_TO_POINTER (key), p);
      p->delta = self->n_polls == 0 ? 0 : bytes;
    }
  else
    p->delta = bytes > p->bytes ? bytes - p->bytes : 0;
  p->ppid = ppid;
  p->bytes = bytes;
  p->seen = TRUE;
  if (p->cgroup != NULL)
    g_hash_table_insert (self->members, p->cgroup,
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (self->members, p->cgroup)) + 1));
}

static gboolean
ended (gpointer key,
       gpointer value,
       gpointer user_data)
{
  Proc *p = value;

  if (p->seen)
    {
      p->seen = FALSE;
      return FALSE;
    }
  end_proc (user_data, p);
  return TRUE;
}

/* @pid among @table's processes, if it started no later than @child
 * (else the pid was reused since @child's parent had it). */
static Proc *
older_proc (GHashTable  *table,
            gint         pid,
            const Proc  *child)
{
  Proc *p = pid > 0 ? g_hash_table_lookup (table, GINT_TO_POINTER (pid)) : NULL;

  return p != NULL && p->start <= child->start ? p : NULL;
}

static void take_back (DrivedashWriteSampler *self, Proc *reaper, Proc *e);

/* Its children seen this poll that @p has reaped since (their /proc
 * folder stays until then, zombies' too): ended now, and taken back. */
static void
catch_reaped (DrivedashWriteSampler *self,
              Proc                  *p)
{
  GHashTableIter iter;
  Proc *c;

  g_hash_table_iter_init (&iter, self->procs);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &c))
    {
      g_autofree char *path = NULL;

      if (c->ppid != p->pid || c->start < p->start || c == p)
        continue;
      path = g_strdup_printf ("%s/%d", self->proc_root, c->pid);
      if (access (path, F_OK) == 0)
        continue;
      g_hash_table_iter_steal (&iter);
      end_proc (self, c);
      take_back (self, p, c);
    }
}

/* Reads @p's counters again, once a poll: a child reaped after the
 * first read of @p, before the poll got to the child, is in them now
 * (and so is any seen this poll and reaped since, which ends now). */
static void
reread (DrivedashWriteSampler *self,
        Proc                  *p)
{
  char pid[16];
  guint64 bytes;

  if (p->reread)
    return;
  p->reread = TRUE;
  g_snprintf (pid, sizeof pid, "%d", p->pid);
  if (read_written (self, pid, &bytes, NULL) && bytes > p->bytes)
    {
      p->delta += bytes - p->bytes;
      p->bytes = bytes;
      catch_reaped (self, p);
    }
}

/* Whether the rest of a reaper's growth is more likely @e's than
 * @heir's: one whose drive we know, then the one that wrote most. */
static gboolean
better_heir (const Proc *e,
             const Proc *heir)
{
  if (heir == NULL)
    return TRUE;
  if ((e->disk != NULL) != (heir->disk != NULL))
    return e->disk != NULL;
  return e->bytes > heir->bytes;
}

/* @reaper's counters grew by all @e's (the kernel adds a reaped child's
 * to its parent's), of which what we saw @e write is counted already,
 * under @e or its cgroup: that much of the growth is not new. */
static void
take_back (DrivedashWriteSampler *self,
           Proc                  *reaper,
           Proc                  *e)
{
  reread (self, reaper);
  reaper->delta -= MIN (reaper->delta, e->bytes);
  if (better_heir (e, reaper->heir))
    reaper->heir = e;
}

/* Who reaped @e, whose parent ended too: a subreaper or init adopted it,
 * the nearest living ancestor (through the ended ones) whose growth can
 * hold @e's total; NULL when none can be read or none grew enough. */
static Proc *
adopter_of (DrivedashWriteSampler *self,
            const Proc            *e)
{
  const Proc *child = e;

  for (guint depth = 0; depth < 64; depth++)
    {
      Proc *p = older_proc (self->procs, child->ppid, child);

      if (p != NULL)
        {
          reread (self, p);
          if (p->delta >= e->bytes)
            return p;
        }
      else if ((p = older_proc (self->gone, child->ppid, child)) == NULL)
        return NULL;
      child = p;
    }
  return NULL;
}

/* Takes each ended process's counters back from its reaper's growth:
 * first those whose parent lives (it reaped them, or no one did if it
 * lets the kernel do it), then the orphans, from what is left. */
static void
settle_ended (DrivedashWriteSampler *self)
{
  /* A copy: reread() ends (and settles) more while this goes. */
  g_autoptr(GPtrArray) ended_now = g_ptr_array_new ();
  GHashTableIter iter;
  Proc *e, *parent, *reaper;

  g_hash_table_iter_init (&iter, self->gone);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &e))
    g_ptr_array_add (ended_now, e);
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < ended_now->len; i++)
        {
          e = g_ptr_array_index (ended_now, i);
          parent = older_proc (self->procs, e->ppid, e);

          if (pass == 0 && parent != NULL)
            take_back (self, parent, e);
          else if (pass == 1 && parent == NULL && (reaper = adopter_of (self, e)) != NULL)
            take_back (self, reaper, e);
        }
    }
}

/* The drive @p's parent's children wrote to last, or NULL. */
static Disk *
siblings_disk (DrivedashWriteSampler *self,
               const Proc            *p)
{
  Proc *parent = older_proc (self->procs, p->ppid, p);

  return parent != NULL ? parent->kids_disk : NULL;
}

/* @p wrote to @disk: its parent's next short-lived children likely do. */
static void
note_child_disk (DrivedashWriteSampler *self,
                 const Proc            *p,
                 Disk                  *disk)
{
  Proc *parent = older_proc (self->procs, p->ppid, p);

  if (parent != NULL)
    parent->kids_disk = disk;
}

/* What @p grew by this poll, to its app on the drive it writes to. */
static void
count_growth (DrivedashWriteSampler *self,
              Proc                  *p)
{
  char pid[16];
  Proc *owner = p;
  Disk *disk;

  g_snprintf (pid, sizeof pid, "%d", p->pid);
  /* Its files closed since: the drive it wrote to last. */
  if ((disk = disk_written_by (self, pid)) != NULL)
    p->disk = disk;
  /* Seen writing to no drive itself, it grew by what the children it
   * reaped wrote after our last look (or unseen ones): theirs. */
  if (p->disk == NULL && p->heir != NULL)
    owner = p->heir;
  /* Where no open file tells the drive (a shell's children that ended
   * unseen, a writer seen before it opened its file): the drive its
   * brothers and sisters, or its own children, wrote to last. */
  if ((disk = owner->disk) != NULL)
    note_child_disk (self, owner, disk);
  else
    disk = owner == p && p->kids_disk != NULL ? p->kids_disk : siblings_disk (self, owner);
  if (!counted_by_cgroup (self, owner, disk))
    count (self, owner, disk, p->delta);
}

/* The living, and those that ended after this poll read them. */
static void
count_all (DrivedashWriteSampler *self)
{
  GHashTable *tables[] = { self->procs, self->gone };
  GHashTableIter iter;
  Proc *p;

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_hash_table_iter_init (&iter, tables[i]);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &p))
        {
          if (p->delta > 0)
            count_growth (self, p);
          p->delta = 0;
          p->heir = NULL;
          p->reread = FALSE;
        }
    }
}

void
drivedash_write_sampler_poll (DrivedashWriteSampler *self)
{
  g_autoptr(GDir) dir = g_dir_open (self->proc_root, 0, NULL);
  const char *name;

  self->n_unreadable = 0;
  g_hash_table_remove_all (self->members);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_ascii_isdigit (name[0]))
      read_one (self, name);
  g_hash_table_foreach_steal (self->procs, ended, self);
  if (self->n_polls > 0)
    settle_ended (self);
  count_all (self);
  /* A cgroup first found now appeared since the last poll with its
   * processes, which are new too: all it wrote is in the window. */
  if (self->cgroups != NULL)
    drivedash_cgroup_io_read (self->cgroups, self->n_polls > 0, count_cgroup, self);
  g_hash_table_remove_all (self->members);
  g_hash_table_remove_all (self->gone);
  if (self->n_polls == 0)
    self->n_ended = 0;
  self->n_polls++;
}

GPtrArray *
drivedash_write_sampler_dup_totals (DrivedashWriteSampler *self)
{
  return drivedash_app_writes_dup_sorted (self->groups);
}

GPtrArray *
drivedash_write_sampler_take_totals (DrivedashWriteSampler *self)
{
  GPtrArray *out = drivedash_write_sampler_dup_totals (self);
  GHashTableIter iter;
  Proc *p;

  g_hash_table_remove_all (self->groups);
  g_hash_table_iter_init (&iter, self->procs);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &p))
    p->wrote = FALSE;
  return out;
}

guint
drivedash_write_sampler_get_n_ended (DrivedashWriteSampler *self)
{
  return self->n_ended;
}

guint
drivedash_write_sampler_get_n_unreadable (DrivedashWriteSampler *self)
{
  return self->n_unreadable;
}
