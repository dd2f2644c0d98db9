/* drivedash-event-filter.c — which kernel messages are about which drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kernel names a drive where its own prefix opens a message (see
 * drivedash-event-patterns.c): "nvme nvme0:" (the controller), "dev
 * nvme0n1" (a namespace, in block errors), "(device nvme0n1p2)" (a
 * filesystem on a partition), "nvme 0000:01:00.0:" and "… received:
 * 0000:01:00.0" (its PCI function, for power and AER).  Only that name
 * counts, compared whole, so nvme1 never matches nvme10 and a drive's
 * name further on in a message (a program's, a USB stick's) never makes
 * it the drive's.  Where journald says which device spoke
 * (_KERNEL_DEVICE), the prefix must agree with it.
 */
#include "config.h"

#include <string.h>

#include "drivedash-event-filter.h"
#include "drivedash-events-private.h"

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

/* "nvme0" for a whole NVMe name ("nvme0", "nvme0n1p2", "nvme0c1n1"). */
static char *
controller_of (const char *name)
{
  const char *pos = name;
  g_autofree char *whole = NULL;
  char *controller = NULL;

  if (!next_nvme_name (&pos, &controller, &whole) || *pos != '\0' || strcmp (whole, name) != 0)
    {
      g_free (controller);
      return NULL;
    }
  return controller;
}

static gboolean
is_target (const Target *target,
           const char   *subject,
           const char   *controller)
{
  if (g_strcmp0 (subject, target->pci_address) == 0 || g_strcmp0 (controller, target->controller) == 0)
    return TRUE;
  for (guint i = 0; target->names != NULL && target->names[i] != NULL; i++)
    if (strcmp (subject, target->names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* journald's _KERNEL_DEVICE: "+pci:0000:01:00.0" (subsystem and name),
 * "b259:1" or "c241:0" (a device number).  A named PCI or block device
 * must be the one the prefix names; any other subsystem (usb, input…)
 * never speaks for a drive. */
static gboolean
kernel_device_agrees (const char *kernel_device,
                      const char *speaker)
{
  const char *colon;

  if (kernel_device == NULL || kernel_device[0] != '+')
    return TRUE;
  if ((colon = strchr (kernel_device, ':')) == NULL)
    return FALSE;
  if (strncmp (kernel_device, "+pci:", 5) != 0 && strncmp (kernel_device, "+block:", 7) != 0 &&
      strncmp (kernel_device, "+nvme:", 6) != 0)
    return FALSE;
  return strcmp (colon + 1, speaker) == 0;
}

gboolean
drivedash_event_filter_match_parsed (const DrivedashEventFilter *filter,
                                     const DrivedashEventParse  *parse,
                                     const char                 *kernel_device,
                                     char                      **controller,
                                     char                      **device)
{
  g_autofree char *nvme = NULL;
  gboolean found = FALSE;

  *controller = NULL;
  *device = NULL;
  if (!kernel_device_agrees (kernel_device, parse->speaker))
    return FALSE;
  nvme = controller_of (parse->subject);
  for (guint i = 0; i < filter->targets->len && !found; i++)
    {
      const Target *target = &g_array_index (filter->targets, Target, i);

      if ((found = is_target (target, parse->subject, nvme)))
        *controller = g_strdup (target->controller);
    }
  /* Any NVMe drive: its name, or the PCI function the nvme driver
   * speaks for. */
  if (!found && !filter->exclusive && (nvme != NULL || (parse->nvme_driver && strchr (parse->subject, ':'))))
    {
      found = TRUE;
      *controller = nvme != NULL ? g_steal_pointer (&nvme) : g_strdup (parse->subject);
    }
  if (found)
    *device = g_strdup (parse->subject);
  return found;
}

gboolean
drivedash_event_filter_match (const DrivedashEventFilter *filter,
                              const char                 *message,
                              const char                 *kernel_device,
                              char                      **controller,
                              char                      **device)
{
  DrivedashEventParse parse;
  gboolean found;

  *controller = NULL;
  *device = NULL;
  if (!drivedash_event_parse (message, &parse))
    return FALSE;
  found = drivedash_event_filter_match_parsed (filter, &parse, kernel_device, controller, device);
  drivedash_event_parse_clear (&parse);
  return found;
}
