/* drivedash-preferences-window.c
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-autostart.h"
#include "drivedash-background.h"
#include "drivedash-preferences-window.h"

struct _DrivedashPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  /* Template children */
  GtkAdjustment        *pass_duration_adjustment;
  GtkAdjustment        *pause_adjustment;
  GtkSwitch            *random_data_switch;
  GtkSwitch            *merge_requests_switch;
};

G_DEFINE_FINAL_TYPE (DrivedashPreferencesWindow, drivedash_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * drivedash_preferences_window_new:
 * @settings: the app's settings (schema io.github.drivedash.Drivedash)
 *
 * The style choice is bound through the app.color-scheme action; the other
 * rows are bound to @settings directly.
 */
DrivedashPreferencesWindow *
drivedash_preferences_window_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (DRIVEDASH_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       NULL);
}

static void
drivedash_preferences_window_constructed (GObject *object)
{
  DrivedashPreferencesWindow *self = DRIVEDASH_PREFERENCES_WINDOW (object);
  AdwPreferencesPage *watch_page;

  G_OBJECT_CLASS (drivedash_preferences_window_parent_class)->constructed (object);

  g_settings_bind (self->settings, "bench-pass-duration",
                   self->pass_duration_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-pause",
                   self->pause_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-random-data",
                   self->random_data_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-merge-requests",
                   self->merge_requests_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  watch_page = drivedash_autostart_page_new (self->settings);
  adw_preferences_page_add (watch_page, drivedash_background_preferences_group_new ());
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), watch_page);
}

static void
drivedash_preferences_window_set_property (GObject      *object,
                                           guint         prop_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  DrivedashPreferencesWindow *self = DRIVEDASH_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_preferences_window_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  DrivedashPreferencesWindow *self = DRIVEDASH_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_preferences_window_dispose (GObject *object)
{
  DrivedashPreferencesWindow *self = DRIVEDASH_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (drivedash_preferences_window_parent_class)->dispose (object);
}

static void
drivedash_preferences_window_class_init (DrivedashPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = drivedash_preferences_window_constructed;
  object_class->dispose = drivedash_preferences_window_dispose;
  object_class->get_property = drivedash_preferences_window_get_property;
  object_class->set_property = drivedash_preferences_window_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashPreferencesWindow, pass_duration_adjustment);
  gtk_widget_class_bind_template_child (widget_class, DrivedashPreferencesWindow, pause_adjustment);
  gtk_widget_class_bind_template_child (widget_class, DrivedashPreferencesWindow, random_data_switch);
  gtk_widget_class_bind_template_child (widget_class, DrivedashPreferencesWindow, merge_requests_switch);
  /* Reachable with gtk_widget_get_template_child() for the tests. */
  gtk_widget_class_bind_template_child_full (widget_class, "style_default", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "style_dark", FALSE, 0);
}

static void
drivedash_preferences_window_init (DrivedashPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
