/* drivedash-health-upkeep-model.c — the Upkeep group's view-model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both readings run in lib's worker threads (sysfs, mountinfo, systemd
 * and fwupd on the system bus) and land here in the main context.  One
 * GCancellable for the readings of the current drive, one for the Turn
 * On; a new drive cancels the readings of the old one.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-health-upkeep-model.h"

struct _DrivedashHealthUpkeepModel
{
  GObject                       parent_instance;

  DrivedashDriveItem           *drive;
  GCancellable                 *read_cancellable;
  GCancellable                 *turn_on_cancellable;
  guint                         pending;

  gboolean                      available;
  DrivedashTrimState            trim_state;
  char                         *trim_text;
  gboolean                      can_turn_on_trim;
  gboolean                      busy;
  DrivedashFirmwareUpdateState  firmware_state;
  char                         *firmware_text;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthUpkeepModel, drivedash_health_upkeep_model, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_DRIVE,
  PROP_AVAILABLE,
  PROP_TRIM_STATE,
  PROP_TRIM_TEXT,
  PROP_CAN_TURN_ON_TRIM,
  PROP_BUSY,
  PROP_FIRMWARE_STATE,
  PROP_FIRMWARE_TEXT,
  PROP_FIRMWARE_OFFERED,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_TOAST, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_boolean (DrivedashHealthUpkeepModel *self,
             gboolean                   *field,
             gboolean                    value,
             guint                       prop)
{
  if (*field == !!value)
    return;
  *field = !!value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_text (DrivedashHealthUpkeepModel  *self,
          char                       **field,
          const char                  *value,
          guint                        prop)
{
  /* g_set_str() is GLib 2.76. */
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_trim (DrivedashHealthUpkeepModel *self,
          const DrivedashTrimStatus  *status)
{
  g_autofree char *text = drivedash_trim_status_dup_text (status, g_get_real_time ());
  DrivedashTrimState state = drivedash_trim_status_get_state (status);

  if (self->trim_state != state)
    {
      self->trim_state = state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRIM_STATE]);
    }
  set_text (self, &self->trim_text, text, PROP_TRIM_TEXT);
  set_boolean (self, &self->can_turn_on_trim, drivedash_trim_status_can_turn_on (status), PROP_CAN_TURN_ON_TRIM);
}

static void
set_firmware (DrivedashHealthUpkeepModel    *self,
              const DrivedashFirmwareUpdate *update)
{
  g_autofree char *text = drivedash_firmware_update_dup_text (update);
  gboolean was_offered = self->firmware_state == DRIVEDASH_FIRMWARE_UPDATE_OFFERED;

  if (self->firmware_state != update->state)
    {
      self->firmware_state = update->state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIRMWARE_STATE]);
      if (was_offered != (update->state == DRIVEDASH_FIRMWARE_UPDATE_OFFERED))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIRMWARE_OFFERED]);
    }
  set_text (self, &self->firmware_text, text, PROP_FIRMWARE_TEXT);
}

/* One of the two readings is in. */
static void
reading_done (DrivedashHealthUpkeepModel *self)
{
  g_assert (self->pending > 0);
  if (--self->pending > 0)
    return;
  set_boolean (self, &self->available, TRUE, PROP_AVAILABLE);
  /* A Turn On is done once its outcome has been read back. */
  set_boolean (self, &self->busy, FALSE, PROP_BUSY);
}

static void
trim_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashHealthUpkeepModel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashTrimStatus) status = drivedash_trim_status_read_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (status != NULL)
    set_trim (self, status);
  else
    {
      /* Nothing to offer on a drive that could not be looked at. */
      DrivedashTrimStatus unknown = { .timer = DRIVEDASH_TRIM_TIMER_UNKNOWN, .drive_trims = TRUE };

      set_trim (self, &unknown);
      set_text (self, &self->trim_text, error->message, PROP_TRIM_TEXT);
    }
  reading_done (self);
}

static void
firmware_read_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(DrivedashHealthUpkeepModel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashFirmwareUpdate) update = drivedash_firmware_update_read_finish (result, &error);

  if (update == NULL)
    return;  /* only cancellation fails */
  set_firmware (self, update);
  reading_done (self);
}

void
drivedash_health_upkeep_model_refresh (DrivedashHealthUpkeepModel *self)
{
  DrivedashDrive *drive;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_UPKEEP_MODEL (self));
  g_cancellable_cancel (self->read_cancellable);
  g_clear_object (&self->read_cancellable);
  self->pending = 0;
  drive = self->drive != NULL ? drivedash_drive_item_get_drive (self->drive) : NULL;
  if (drive == NULL)
    {
      set_boolean (self, &self->available, FALSE, PROP_AVAILABLE);
      set_boolean (self, &self->busy, FALSE, PROP_BUSY);
      return;
    }
  self->read_cancellable = g_cancellable_new ();
  self->pending = 2;
  drivedash_trim_status_read_async (drivedash_drive_get_sysfs_root (drive), drivedash_drive_get_name (drive),
                                    self->read_cancellable, trim_read_cb, g_object_ref (self));
  drivedash_firmware_update_read_async (drivedash_drive_get_serial (drive), self->read_cancellable,
                                        firmware_read_cb, g_object_ref (self));
}

void
drivedash_health_upkeep_model_set_drive (DrivedashHealthUpkeepModel *self,
                                         DrivedashDriveItem         *drive)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_UPKEEP_MODEL (self));
  if (!g_set_object (&self->drive, drive))
    return;
  /* The old drive's words must not stand for the new one. */
  set_boolean (self, &self->available, FALSE, PROP_AVAILABLE);
  drivedash_health_upkeep_model_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRIVE]);
}

static void
turn_on_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(DrivedashHealthUpkeepModel) self = user_data;
  g_autoptr(GError) error = NULL;

  if (drivedash_trim_turn_on_finish (result, &error))
    g_signal_emit (self, signals[SIGNAL_TOAST], 0, _("Weekly trim is on."));
  else if (!g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED))
    g_signal_emit (self, signals[SIGNAL_TOAST], 0, error->message);
  drivedash_health_upkeep_model_refresh (self);
}

void
drivedash_health_upkeep_model_turn_on_trim (DrivedashHealthUpkeepModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_UPKEEP_MODEL (self));
  if (self->busy)
    return;
  set_boolean (self, &self->busy, TRUE, PROP_BUSY);
  g_clear_object (&self->turn_on_cancellable);
  self->turn_on_cancellable = g_cancellable_new ();
  drivedash_trim_turn_on_async (self->turn_on_cancellable, turn_on_cb, g_object_ref (self));
}

DrivedashDriveItem *
drivedash_health_upkeep_model_get_drive (DrivedashHealthUpkeepModel *self)
{
  return self->drive;
}

gboolean
drivedash_health_upkeep_model_get_available (DrivedashHealthUpkeepModel *self)
{
  return self->available;
}

DrivedashTrimState
drivedash_health_upkeep_model_get_trim_state (DrivedashHealthUpkeepModel *self)
{
  return self->trim_state;
}

const char *
drivedash_health_upkeep_model_get_trim_text (DrivedashHealthUpkeepModel *self)
{
  return self->trim_text;
}

gboolean
drivedash_health_upkeep_model_get_can_turn_on_trim (DrivedashHealthUpkeepModel *self)
{
  return self->can_turn_on_trim;
}

gboolean
drivedash_health_upkeep_model_get_busy (DrivedashHealthUpkeepModel *self)
{
  return self->busy;
}

DrivedashFirmwareUpdateState
drivedash_health_upkeep_model_get_firmware_state (DrivedashHealthUpkeepModel *self)
{
  return self->firmware_state;
}

const char *
drivedash_health_upkeep_model_get_firmware_text (DrivedashHealthUpkeepModel *self)
{
  return self->firmware_text;
}

gboolean
drivedash_health_upkeep_model_get_firmware_offered (DrivedashHealthUpkeepModel *self)
{
  return self->firmware_state == DRIVEDASH_FIRMWARE_UPDATE_OFFERED;
}

static void
drivedash_health_upkeep_model_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  DrivedashHealthUpkeepModel *self = DRIVEDASH_HEALTH_UPKEEP_MODEL (object);

  switch (prop_id)
    {
    case PROP_DRIVE: g_value_set_object (value, self->drive); break;
    case PROP_AVAILABLE: g_value_set_boolean (value, self->available); break;
    case PROP_TRIM_STATE: g_value_set_enum (value, self->trim_state); break;
    case PROP_TRIM_TEXT: g_value_set_string (value, self->trim_text); break;
    case PROP_CAN_TURN_ON_TRIM: g_value_set_boolean (value, self->can_turn_on_trim); break;
    case PROP_BUSY: g_value_set_boolean (value, self->busy); break;
    case PROP_FIRMWARE_STATE: g_value_set_enum (value, self->firmware_state); break;
    case PROP_FIRMWARE_TEXT: g_value_set_string (value, self->firmware_text); break;
    case PROP_FIRMWARE_OFFERED:
      g_value_set_boolean (value, drivedash_health_upkeep_model_get_firmware_offered (self));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_upkeep_model_set_property (GObject      *object,
                                            guint         prop_id,
                                            const GValue *value,
                                            GParamSpec   *pspec)
{
  DrivedashHealthUpkeepModel *self = DRIVEDASH_HEALTH_UPKEEP_MODEL (object);

  switch (prop_id)
    {
    case PROP_DRIVE:
      drivedash_health_upkeep_model_set_drive (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_upkeep_model_dispose (GObject *object)
{
  DrivedashHealthUpkeepModel *self = DRIVEDASH_HEALTH_UPKEEP_MODEL (object);

  g_cancellable_cancel (self->read_cancellable);
  g_clear_object (&self->read_cancellable);
  /* A Turn On already asked for is left to finish: systemd does it
   * anyway once the password is given. */
  g_clear_object (&self->turn_on_cancellable);
  g_clear_object (&self->drive);
  G_OBJECT_CLASS (drivedash_health_upkeep_model_parent_class)->dispose (object);
}

static void
drivedash_health_upkeep_model_finalize (GObject *object)
{
  DrivedashHealthUpkeepModel *self = DRIVEDASH_HEALTH_UPKEEP_MODEL (object);

  g_free (self->trim_text);
  g_free (self->firmware_text);
  G_OBJECT_CLASS (drivedash_health_upkeep_model_parent_class)->finalize (object);
}

static void
drivedash_health_upkeep_model_class_init (DrivedashHealthUpkeepModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_upkeep_model_get_property;
  object_class->set_property = drivedash_health_upkeep_model_set_property;
  object_class->dispose = drivedash_health_upkeep_model_dispose;
  object_class->finalize = drivedash_health_upkeep_model_finalize;

  properties[PROP_DRIVE] = g_param_spec_object ("drive", NULL, NULL, DRIVEDASH_TYPE_DRIVE_ITEM,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AVAILABLE] = g_param_spec_boolean ("available", NULL, NULL, FALSE, ro);
  properties[PROP_TRIM_STATE] = g_param_spec_enum ("trim-state", NULL, NULL, DRIVEDASH_TYPE_TRIM_STATE,
                                                   DRIVEDASH_TRIM_STATE_UNKNOWN, ro);
  properties[PROP_TRIM_TEXT] = g_param_spec_string ("trim-text", NULL, NULL, NULL, ro);
  properties[PROP_CAN_TURN_ON_TRIM] = g_param_spec_boolean ("can-turn-on-trim", NULL, NULL, FALSE, ro);
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, ro);
  properties[PROP_FIRMWARE_STATE] = g_param_spec_enum ("firmware-state", NULL, NULL,
                                                       DRIVEDASH_TYPE_FIRMWARE_UPDATE_STATE,
                                                       DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD, ro);
  properties[PROP_FIRMWARE_TEXT] = g_param_spec_string ("firmware-text", NULL, NULL, NULL, ro);
  properties[PROP_FIRMWARE_OFFERED] = g_param_spec_boolean ("firmware-offered", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A sentence for a toast: Turn On's outcome. */
  signals[SIGNAL_TOAST] = g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
drivedash_health_upkeep_model_init (DrivedashHealthUpkeepModel *self)
{
  self->firmware_state = DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD;
}

DrivedashHealthUpkeepModel *
drivedash_health_upkeep_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_UPKEEP_MODEL, NULL);
}
