/* drivedash-health-model-values.c — a drive's health shown as the model's
 * properties, and cleared when another drive is chosen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of DrivedashHealthModel (see drivedash-health-model.c): every
 * setter here notifies only on change.
 */
#include "config.h"

#include "drivedash-health-change.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-health-mapping.h"
#include "drivedash-failing.h"
#include "drivedash-health-model-private.h"
#include "drivedash-plausible.h"

#define SELF_TEST_POLL_S 10

/* ---------------------------------------------------------------------- */
/* Setters that notify only on change                                      */

void
_drivedash_health_model_set_text (DrivedashHealthModel *self,
                                  guint                 prop,
                                  char                 *value)   /* (transfer full) */
{
  if (g_strcmp0 (self->text[prop], value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (self->text[prop]);
  self->text[prop] = value;
  g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[prop]);
}

void
_drivedash_health_model_set_bool (DrivedashHealthModel *self,
                                  gboolean             *field,
                                  gboolean              value,
                                  guint                 prop)
{
  if (*field == !!value)
    return;
  *field = !!value;
  g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[prop]);
}

static void
set_uint (DrivedashHealthModel *self,
          guint                *field,
          guint                 value,
          guint                 prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[prop]);
}

static void
set_int (DrivedashHealthModel *self,
         int                  *field,
         int                   value,
         guint                 prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[prop]);
}

static char *
u128_text (gboolean        known,
           DrivedashU128   value,
           char         *(*format) (DrivedashU128))
{
  return known ? format (value) : g_strdup (_("Not available"));
}

static char *
data_units_text (DrivedashU128 units)
{
  return drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (units));
}

/* ---------------------------------------------------------------------- */
/* Values                                                                  */

void
_drivedash_health_model_set_temperature (DrivedashHealthModel *self,
                 double                kelvin,
                 gboolean              sample)
{
  if (kelvin <= 0)
    return;
  _drivedash_health_model_set_text (self, PROP_TEMPERATURE_TEXT, drivedash_format_temperature ((guint) lround (kelvin)));
  if (self->temperature != kelvin)
    {
      self->temperature = kelvin;
      g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_TEMPERATURE]);
    }
  if (sample)
    g_signal_emit (self, drivedash_health_model_signals[SIGNAL_TEMPERATURE_SAMPLE], 0,
                   drivedash_health_model_get_clock (self), kelvin - 273.15);
}

static void
set_limits (DrivedashHealthModel *self,
            guint                 warning_k,
            guint                 critical_k)
{
  _drivedash_health_model_set_text (self, PROP_LIMITS_TEXT, drivedash_health_limits_text (warning_k, critical_k));
  _drivedash_health_model_set_text (self, PROP_TEMPERATURE_SUBTITLE, drivedash_health_temperature_subtitle (warning_k));
  set_uint (self, &self->warning_temperature, warning_k, PROP_WARNING_TEMPERATURE);
  set_uint (self, &self->critical_temperature, critical_k, PROP_CRITICAL_TEMPERATURE);
}

static void
set_reasons (DrivedashHealthModel *self,
             DrivedashHealth      *h)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->reasons));
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  g_autofree char *text = h ? drivedash_health_reasons_text (h) : NULL;
  g_auto(GStrv) split = text ? g_strsplit (text, "\n", -1) : NULL;

  for (guint i = 0; split && split[i]; i++)
    g_ptr_array_add (lines, split[i]);
  g_ptr_array_add (lines, NULL);
  gtk_string_list_splice (self->reasons, 0, n, (const char * const *) lines->pdata);
  _drivedash_health_model_set_text (self, PROP_REASONS_TEXT, g_steal_pointer (&text));
}

static void
set_verdict (DrivedashHealthModel *self,
             DrivedashHealth      *h)
{
  DrivedashVerdict verdict = h ? h->verdict : DRIVEDASH_VERDICT_UNKNOWN;

  _drivedash_health_model_set_text (self, PROP_TITLE,
                                    h ? g_strdup (drivedash_health_verdict_title (verdict, (h->has & DRIVEDASH_HEALTH_HAS_SMART) != 0))
                                      : self->drive ? g_strdup (_("Reading the drive…"))
                                      : NULL);
  if (self->verdict != verdict)
    {
      self->verdict = verdict;
      g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_VERDICT]);
    }
  set_reasons (self, h);
  _drivedash_health_model_set_text (self, PROP_DRIVE_TEXT, h ? drivedash_health_drive_text (h) : NULL);
}

static void
set_smart_values (DrivedashHealthModel *self,
                  DrivedashHealth      *h)
{
  const DrivedashSmartLog *s = &h->smart;
  gboolean smart = (h->has & DRIVEDASH_HEALTH_HAS_SMART) != 0;
  int left = smart ? CLAMP (100 - (int) s->percentage_used, 0, 100) : -1;

  set_int (self, &self->life_left, left, PROP_LIFE_LEFT);
  _drivedash_health_model_set_text (self, PROP_LIFE_TEXT, smart ? g_strdup_printf (_("%d %%"), left) : g_strdup (_("Not available")));
  _drivedash_health_model_set_text (self, PROP_WRITTEN_TEXT, u128_text (smart, s->data_units_written, data_units_text));
  _drivedash_health_model_set_text (self, PROP_WRITTEN_SUBTITLE, drivedash_health_written_subtitle (h->model));
  _drivedash_health_model_set_text (self, PROP_READ_TEXT, u128_text (smart, s->data_units_read, data_units_text));
  _drivedash_health_model_set_text (self, PROP_HOURS_TEXT, u128_text (smart, s->power_on_hours, drivedash_format_hours));
  _drivedash_health_model_set_text (self, PROP_UNSAFE_TEXT, u128_text (smart, s->unsafe_shutdowns, drivedash_format_count));
  _drivedash_health_model_set_text (self, PROP_MEDIA_TEXT, u128_text (smart, s->media_errors, drivedash_format_count));
}

static gboolean
self_test_poll_cb (gpointer data)
{
  DrivedashHealthModel *self = data;

  self->self_test_source = 0;
  _drivedash_health_model_load (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* UDisks said the test moved on: read it now (the poll's read, sooner). */
static void
self_test_changed_cb (gpointer data)
{
  DrivedashHealthModel *self = data;

  g_clear_handle_id (&self->self_test_source, g_source_remove);
  self->self_test_source = g_idle_add (self_test_poll_cb, self);
}

void
drivedash_health_model_show_health (DrivedashHealthModel *self,
                                    DrivedashHealth      *h)
{
  gboolean changed, running;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));
  g_return_if_fail (h != NULL);

  changed = self->health != h;
  if (changed)
    {
      g_clear_pointer (&self->health, drivedash_health_unref);
      self->health = drivedash_health_ref (h);
    }
  /* The kernel's serious events count in the verdict (a reset or an I/O
   * error the drive's own log does not show); then the watch's readings
   * say how much changed and since when. */
  drivedash_health_add_kernel_events (h, self->event_log);
  _drivedash_health_model_load_readings (self, h);
  drivedash_health_add_history (h, self->readings, g_get_real_time () / G_USEC_PER_SEC);
  set_verdict (self, h);
  _drivedash_health_model_set_text (self, PROP_PARTIAL, drivedash_health_partial_text (h));
  _drivedash_health_model_set_text (self, PROP_PARTIAL_DETAILS, drivedash_health_partial_details (h));
  _drivedash_health_model_set_bool (self, &self->service_missing, drivedash_health_offers_service (h),
                                    PROP_SERVICE_MISSING);
  /* The live reading (hwmon, every 2 s) is newer than the log's. */
  if ((h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE) && self->temperature == 0)
    _drivedash_health_model_set_temperature (self, h->smart.temperature_kelvin, FALSE);
  /* A placeholder limit (255 °C) is no limit to draw or warn at. */
  set_limits (self,
              drivedash_temperature_limit_plausible (h->warning_temperature_kelvin) ? h->warning_temperature_kelvin : 0,
              drivedash_temperature_limit_plausible (h->critical_temperature_kelvin) ? h->critical_temperature_kelvin : 0);
  set_smart_values (self, h);
  /* Last: the Details widget rebuilds from the report when this changes. */
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_HEALTH]);

  /* Follow a running self-test until it reports its result: UDisks says
   * when it changes, the others are asked again every few seconds. */
  running = (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && h->self_test.current != DRIVEDASH_SELF_TEST_NONE
            && self->provider && !self->provider->simulated;
  if (running && h->source == DRIVEDASH_HEALTH_SOURCE_UDISKS2 && self->self_test_watch == NULL)
    self->self_test_watch = drivedash_self_test_watch_new (self_test_changed_cb, self);
  else if (!running)
    g_clear_pointer (&self->self_test_watch, drivedash_self_test_watch_free);
  if (running && self->self_test_source == 0)
    self->self_test_source = g_timeout_add_seconds (SELF_TEST_POLL_S, self_test_poll_cb, self);
}

void
drivedash_health_model_show_report (DrivedashHealthModel *self,
                                    DrivedashHealth      *health)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));
  g_return_if_fail (health != NULL && health->source == DRIVEDASH_HEALTH_SOURCE_REPORT);
  g_return_if_fail (self->drive == NULL);

  drivedash_health_model_show_health (self, health);
}

void
_drivedash_health_model_clear_values (DrivedashHealthModel *self)
{
  gboolean had_health = self->health != NULL;

  g_clear_pointer (&self->health, drivedash_health_unref);
  set_verdict (self, NULL);
  /* Another drive's values must not show as this one's, even briefly. */
  for (guint prop = PROP_TEMPERATURE_TEXT; prop <= PROP_ERROR; prop++)
    if (prop != PROP_GAME_MODE_TEXT)
      _drivedash_health_model_set_text (self, prop, NULL);
  if (self->temperature != 0)
    {
      self->temperature = 0;
      g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_TEMPERATURE]);
    }
  set_uint (self, &self->warning_temperature, 0, PROP_WARNING_TEMPERATURE);
  set_uint (self, &self->critical_temperature, 0, PROP_CRITICAL_TEMPERATURE);
  set_int (self, &self->life_left, -1, PROP_LIFE_LEFT);
  _drivedash_health_model_set_bool (self, &self->service_missing, FALSE, PROP_SERVICE_MISSING);
  _drivedash_health_model_show_game_mode (self, NULL, NULL);
  _drivedash_health_model_clear_events (self);
  if (had_health)
    g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_HEALTH]);
}
