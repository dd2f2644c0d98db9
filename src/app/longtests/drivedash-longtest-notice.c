/* drivedash-longtest-notice.c — the Long Tests' notice before Start
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Health page has already read the chosen drive (its model, its own
 * wear estimate, what it has written): the notice uses that when it is
 * the drive under the test folder, and otherwise only the model name
 * sysfs gives, which is enough for a rated TBW.  Nothing here blocks: the
 * notice is a property, read whenever the test or its folder changes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-folder.h"
#include "drivedash-longtest-mapping.h"
#include "drivedash-longtest-notice.h"
#include "drivedash-write-notice.h"

char *
drivedash_long_test_notice_text (guint64          bytes,
                                 const char      *controller,
                                 const char      *drive_name,
                                 DrivedashHealth *health)
{
  return drivedash_long_test_notice_range_text (bytes, bytes, controller, drive_name, health);
}

char *
drivedash_long_test_notice_range_text (guint64          low,
                                       guint64          high,
                                       const char      *controller,
                                       const char      *drive_name,
                                       DrivedashHealth *health)
{
  const char *model = drive_name;
  double used;
  guint64 written;
  g_autofree char *text = NULL;

  if (health == NULL || controller == NULL || g_strcmp0 (health->controller, controller) != 0)
    health = NULL;
  if (health != NULL && health->model && *health->model)
    model = health->model;
  drivedash_health_get_wear (health, &used, &written);
  text = drivedash_write_notice_range_text (low, high, model, used, written);
  /* A fast drive writes the most: it is what the question is about. */
  if (high <= DRIVEDASH_WRITE_CONFIRM_BYTES || g_strcmp0 (model, DRIVEDASH_SIM_DRIVE_MODEL) == 0)
    return g_steal_pointer (&text);
  /* Translators: the write notice, then this sentence */
  return g_strdup_printf (_("%s Drivedash asks before it starts, because that much writing wears the drive a little."),
                          text);
}
