/* drivedash-event-filter.c — which kernel messages are about which drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kernel names a drive in the text of its messages: "nvme nvme0:"
 * (the controller), "dev nvme0n1" (a namespace, in block errors),
 * "(device nvme0n1p2)" (a filesystem on a partition), "nvme 0000:01:00.0:"
 * and "… received: 0000:01:00.0" (its PCI function, for power and AER).
 * Matching names with word boundaries keeps nvme1 from matching nvme10.
 */
#include "config.h"

#include <string.h>

#include "drivedash-event-filter.h"

typedef struct
{
  char  *controller;
  char  *pci_address;
  char **names;
} Target;

struct _DrivedashEventFilter
{
  gboolean exclusive;
  GArray  *targets;   /* Target */
};

static void
target_clear (Target *target)
{
  g_free (target->controller);
  g_free (target->pci_address);
  g_strfreev (target->names);
}

DrivedashEventFilter *
drivedash_event_filter_new (gboolean exclusive)
{
  DrivedashEventFilter *filter = g_new0 (DrivedashEventFilter, 1);

  filter->exclusive = exclusive;
  filter->targets = g_array_new (FALSE, TRUE, sizeof (Target));
  g_array_set_clear_func (filter->targets, (GDestroyNotify) target_clear);
  return filter;
}

void
drivedash_event_filter_free (DrivedashEventFilter *filter)
{
  if (filter == NULL)
    return;
  g_array_unref (filter->targets);
  g_free (filter);
}

void
drivedash_event_filter_add_drive (DrivedashEventFilter *filter,
                                  const char           *controller,
                                  const char           *pci_address,
                                  const char * const   *names)
{
  Target target = {
    g_strdup (controller), g_strdup (pci_address), g_strdupv ((char **) names),
  };

  g_array_append_val (filter->targets, target);
}

static gboolean next_nvme_name (const char **pos, char **controller, char **device);

/* The holders of one block device, and theirs (LVM on LUKS): two levels. */
static void
collect_holders (const char *block_dir,
                 const char *name,
                 GPtrArray  *names,
                 guint       depth)
{
  g_autofree char *dir = g_build_filename (block_dir, name, "holders", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *holder;

  while (d != NULL && (holder = g_dir_read_name (d)) != NULL && names->len < 64)
    {
      g_ptr_array_add (names, g_strdup (holder));
      if (depth > 1)
        collect_holders (block_dir, holder, names, depth - 1);
    }
}

/* The device-mapper devices over the controller's namespaces and their
 * partitions, from SYSFS/class/block/nvme0n1p2/holders/dm-0.  The block
 * names are the ones the kernel uses in messages, also with native
 * multipath, where the namespace is not below the controller. */
void
drivedash_event_filter_add_from_sysfs (DrivedashEventFilter *filter,
                                       const char           *sysfs_root,
                                       const char           *controller,
                                       const char           *pci_address)
{
  g_autofree char *block_dir = g_build_filename (sysfs_root != NULL ? sysfs_root : "/sys",
                                                 "class", "block", NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (block_dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *ctrl = NULL;
      g_autofree char *whole = NULL;
      const char *pos = name;

      if (next_nvme_name (&pos, &ctrl, &whole) && g_strcmp0 (ctrl, controller) == 0)
        collect_holders (block_dir, name, names, 2);
    }
  g_ptr_array_add (names, NULL);
  drivedash_event_filter_add_drive (filter, controller, pci_address,
                                    (const char * const *) names->pdata);
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '-';
}

/* Whether word occurs in text as a whole word. */
static gboolean
has_word (const char *text,
          const char *word)
{
  gsize len = strlen (word);

  if (len == 0)
    return FALSE;
  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    if ((p == text || !is_word_char (p[-1])) && !is_word_char (p[len]))
      return TRUE;
  return FALSE;
}

static const char *
skip_digits (const char *p)
{
  const char *start = p;

  while (g_ascii_isdigit (*p))
    p++;
  return p > start ? p : NULL;
}

/* The next NVMe name in text from *pos: "nvme0", "nvme0n1", "nvme0n1p2",
 * "nvme0c1n1".  Sets the controller part and the whole name. */
static gboolean
next_nvme_name (const char **pos,
                char       **controller,
                char       **device)
{
  for (const char *p = strstr (*pos, "nvme"); p != NULL; p = strstr (p + 1, "nvme"))
    {
      const char *ctrl_end, *end, *q;

      if (p > *pos && is_word_char (p[-1]))
        continue;
      if ((ctrl_end = skip_digits (p + 4)) == NULL)
        continue;
      end = ctrl_end;
      if (*end == 'c' && (q = skip_digits (end + 1)) != NULL && *q == 'n')
        end = q;
      if (*end == 'n' && (q = skip_digits (end + 1)) != NULL)
        {
          end = q;
          if (*end == 'p' && (q = skip_digits (end + 1)) != NULL)
            end = q;
        }
      *pos = end;
      if (is_word_char (*end))
        continue;
      *controller = g_strndup (p, (gsize) (ctrl_end - p));
      *device = g_strndup (p, (gsize) (end - p));
      return TRUE;
    }
  return FALSE;
}

static gboolean
match_target (const Target *target,
              const char   *message,
              const char   *kernel_device,
              char        **device)
{
  const char *pos = message;
  char *ctrl = NULL, *name = NULL;

  if (target->pci_address != NULL
      && (has_word (message, target->pci_address)
          || (kernel_device != NULL && g_str_has_suffix (kernel_device, target->pci_address)
              && g_str_has_prefix (kernel_device, "+pci:"))))
    {
      *device = g_strdup (target->pci_address);
      return TRUE;
    }
  for (guint i = 0; target->names != NULL && target->names[i] != NULL; i++)
    if (has_word (message, target->names[i]))
      {
        *device = g_strdup (target->names[i]);
        return TRUE;
      }
  while (next_nvme_name (&pos, &ctrl, &name))
    {
      gboolean ours = g_strcmp0 (ctrl, target->controller) == 0;

      g_free (ctrl);
      if (ours)
        {
          *device = name;
          return TRUE;
        }
      g_free (name);
    }
  return FALSE;
}

/* "nvme 0000:05:00.0: …": the nvme driver speaking about a PCI function
 * the filter does not know. */
static gboolean
match_nvme_pci_prefix (const char  *message,
                       char       **controller,
                       char       **device)
{
  const char *p, *end;

  if (!g_str_has_prefix (message, "nvme "))
    return FALSE;
  p = message + strlen ("nvme ");
  end = strstr (p, ": ");
  /* dddd:bb:dd.f is 12 characters; nothing else but hex, ':' and '.'. */
  if (end == NULL || end - p != 12 || strspn (p, "0123456789abcdef:.") < 12)
    return FALSE;
  *controller = g_strndup (p, 12);
  *device = g_strndup (p, 12);
  return TRUE;
}

gboolean
drivedash_event_filter_match (const DrivedashEventFilter *filter,
                              const char                 *message,
                              const char                 *kernel_device,
                              char                      **controller,
                              char                      **device)
{
  const char *pos = message;

  *controller = NULL;
  *device = NULL;
  if (message == NULL)
    return FALSE;
  for (guint i = 0; i < filter->targets->len; i++)
    {
      const Target *target = &g_array_index (filter->targets, Target, i);

      if (match_target (target, message, kernel_device, device))
        {
          *controller = g_strdup (target->controller);
          return TRUE;
        }
    }
  if (filter->exclusive)
    return FALSE;
  return next_nvme_name (&pos, controller, device)
         || match_nvme_pci_prefix (message, controller, device);
}
