/* drivedash-health-model-requests.c — the user's requests: game mode and
 * self-test, each with a cancellable of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of DrivedashHealthModel (see drivedash-health-model.c).  A refresh
 * or a hot-plug never cancels these: they finish, and their answer is shown
 * when it comes, as long as the same drive is still shown.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-health-mapping.h"
#include "drivedash-health-model-private.h"

/* ---------------------------------------------------------------------- */
/* Game mode                                                               */

static void
update_can_change (DrivedashHealthModel *self)
{
  /* One change at a time: the switch waits for the answer. */
  _drivedash_health_model_set_bool (self, &self->can_change_game_mode,
                                    self->game_mode_supported && self->game_mode_changes == 0,
                                    PROP_CAN_CHANGE_GAME_MODE);
}

/* error: the last read or change failed; the state shown stays the one
 * read before it. */
void
_drivedash_health_model_show_game_mode (DrivedashHealthModel    *self,
                                        const DrivedashGameMode *state,
                                        const GError            *error)
{
  gboolean simulated = self->provider && self->provider->simulated;
  gboolean supported, enabled, persistent;

  if (state && state != self->game_mode)
    {
      g_clear_pointer (&self->game_mode, drivedash_game_mode_free);
      self->game_mode = g_new0 (DrivedashGameMode, 1);
      *self->game_mode = *state;
      self->game_mode->controller = g_strdup (state->controller);
      self->game_mode->latency_tolerance = g_strdup (state->latency_tolerance);
    }
  else if (state == NULL && error == NULL)
    g_clear_pointer (&self->game_mode, drivedash_game_mode_free);

  supported = self->game_mode && self->game_mode->supported;
  enabled = supported && self->game_mode->enabled;
  persistent = enabled && self->game_mode->persistent;

  /* Nothing read yet (another drive, or none): say nothing. */
  _drivedash_health_model_set_text (self, PROP_GAME_MODE_TEXT,
                                    self->game_mode || error
                                      ? drivedash_health_game_mode_text (self->game_mode, error, simulated)
                                      : NULL);
  /* "Get Full Features" installs the service: where it is installed and
   * polkit said no, the message says so and the instructions would not
   * help. */
  _drivedash_health_model_set_bool (self, &self->game_mode_needs_permission,
                                    g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION)
                                    && !drivedash_health_service_installed (self->health),
                                    PROP_GAME_MODE_NEEDS_PERMISSION);
  _drivedash_health_model_set_bool (self, &self->game_mode_supported, supported, PROP_GAME_MODE_SUPPORTED);
  _drivedash_health_model_set_bool (self, &self->game_mode_enabled, enabled, PROP_GAME_MODE_ENABLED);
  _drivedash_health_model_set_bool (self, &self->game_mode_persistent, persistent, PROP_GAME_MODE_PERSISTENT);
  update_can_change (self);
  _drivedash_health_model_show_events (self);
  /* A refused change leaves the properties as they were: the switches,
   * which moved with the click, go back to them. */
  g_signal_emit (self, drivedash_health_model_signals[SIGNAL_GAME_MODE_SETTLED], 0);
}

/* ---------------------------------------------------------------------- */
/* Requests                                                                */

DrivedashHealthRequest *
_drivedash_health_request_new (DrivedashHealthModel *self,
                               GCancellable         *cancellable,
                               gboolean              user)
{
  DrivedashHealthRequest *r = g_new0 (DrivedashHealthRequest, 1);

  g_weak_ref_init (&r->model, self);
  r->drive_name = g_strdup (drivedash_drive_item_get_name (self->drive));
  r->cancellable = g_object_ref (cancellable);
  r->user = user;
  r->epoch = self->game_mode_epoch;
  r->provider = self->provider;
  if (user)
    g_ptr_array_add (self->requests, g_object_ref (cancellable));
  return r;
}

DrivedashHealthModel *
_drivedash_health_request_finish (DrivedashHealthRequest *r,
                                  GError                 *error)
{
  DrivedashHealthModel *self = g_weak_ref_get (&r->model);

  if (self && r->user)
    g_ptr_array_remove (self->requests, r->cancellable);
  if (self && (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->drive == NULL
               || g_strcmp0 (r->drive_name, drivedash_drive_item_get_name (self->drive)) != 0))
    g_clear_object (&self);
  return self;
}

void
_drivedash_health_request_free (DrivedashHealthRequest *r)
{
  g_weak_ref_clear (&r->model);
  g_free (r->drive_name);
  g_object_unref (r->cancellable);
  g_free (r);
}

static void
game_mode_changed_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      data)
{
  g_autoptr(DrivedashHealthRequest) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;
  DrivedashHealthModel *self = g_weak_ref_get (&r->model);

  state = r->provider->game_mode_finish (result, &error);
  if (self)
    {
      self->game_mode_changes--;
      self->game_mode_epoch++;
      update_can_change (self);
      g_object_unref (self);
    }
  self = _drivedash_health_request_finish (r, error);
  if (self)
    {
      gboolean answer_full_power = self->full_power_asked;

      /* Keep at Full Power answers in its own group: a refusal beside
       * the offer, which stays for another try. */
      self->full_power_asked = FALSE;
      if (answer_full_power && error != NULL)
        self->full_power_error = g_strdup_printf (_("Not changed: %s"), error->message);
      _drivedash_health_model_show_game_mode (self, state, error);
      if (answer_full_power)
        g_signal_emit (self, drivedash_health_model_signals[SIGNAL_ANNOUNCE], 0,
                       self->text[PROP_FULL_POWER_TEXT]);
      g_object_unref (self);
    }
}

void
drivedash_health_model_keep_full_power (DrivedashHealthModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));

  if (self->drive == NULL || self->full_power_asked)
    return;
  g_clear_pointer (&self->full_power_error, g_free);
  self->full_power_asked = TRUE;
  drivedash_health_model_set_game_mode (self, TRUE, TRUE);
}

void
drivedash_health_model_set_game_mode (DrivedashHealthModel *self,
                                      gboolean              enabled,
                                      gboolean              persistent)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));

  if (self->drive == NULL)
    return;
  /* From now on the Events group tells whether the drive dropped out
   * since it was kept at full power. */
  if (enabled && persistent && !self->game_mode_persistent)
    self->kept_since_usec = g_get_real_time ();
  self->game_mode_changes++;
  self->game_mode_epoch++;
  update_can_change (self);
  self->provider->set_game_mode_async (self->drive, enabled, enabled && persistent, cancellable,
                                       game_mode_changed_cb, _drivedash_health_request_new (self, cancellable, TRUE));
}

/* ---------------------------------------------------------------------- */
/* Self-test                                                               */

static void
self_test_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(DrivedashHealthRequest) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealthModel) self = NULL;
  gboolean ok;

  ok = r->provider->self_test_finish (result, &error);
  self = _drivedash_health_request_finish (r, error);
  if (self == NULL)
    return;
  if (ok)
    {
      g_signal_emit (self, drivedash_health_model_signals[SIGNAL_TOAST], 0,
                     _("The drive accepted the request. Results show under Self-Test."));
      _drivedash_health_model_load (self, FALSE);
    }
  else if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED))
    g_signal_emit (self, drivedash_health_model_signals[SIGNAL_TOAST], 0, error->message);
  else
    g_signal_emit (self, drivedash_health_model_signals[SIGNAL_SELF_TEST_FAILED], 0, error->message);
}

void
drivedash_health_model_start_self_test (DrivedashHealthModel  *self,
                                        DrivedashSelfTestKind  kind)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));

  if (self->drive == NULL)
    return;
  self->provider->self_test_async (self->drive, kind, cancellable, self_test_done_cb,
                                   _drivedash_health_request_new (self, cancellable, TRUE));
}

guint
drivedash_health_model_get_n_requests (DrivedashHealthModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self), 0);
  return self->requests->len;
}
