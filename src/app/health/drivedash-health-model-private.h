/* drivedash-health-model-private.h — for the Health widgets and tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "drivedash-client.h"
#include "drivedash-service-watch.h"
#include "drivedash-health-model.h"
#include "drivedash-health-provider.h"

G_BEGIN_DECLS

/* Shows HEALTH as if the drive had answered with it: how a read and a
 * report from a file (drivedash_health_model_show_report()) land, and
 * what tests of the values and verdicts that need a full health log,
 * which no unprivileged fixture tree can give, call. */
void   drivedash_health_model_show_health        (DrivedashHealthModel *self,
                                                  DrivedashHealth      *health);
/* Seconds on the clock the temperature samples are stamped with. */
double drivedash_health_model_get_clock          (DrivedashHealthModel *self);
/* A string property's value by name, for tests that walk every value. */
const char *drivedash_health_model_get_text      (DrivedashHealthModel *self,
                                                  const char           *property);
/* Game-mode and self-test requests running now. */
guint  drivedash_health_model_get_n_requests     (DrivedashHealthModel *self);

/* ---------------------------------------------------------------------- */
/* Inside the model: shared by drivedash-health-model.c (values, loading)
 * and drivedash-health-model-requests.c (the user's requests). */

enum {
  PROP_0,
  /* strings first: they live in self->text[].  From TEMPERATURE_TEXT to
   * ERROR they are a drive's values, cleared when another is chosen. */
  PROP_TITLE,
  PROP_DRIVE_TEXT,
  PROP_REASONS_TEXT,
  PROP_TEMPERATURE_TEXT,
  PROP_TEMPERATURE_SUBTITLE,
  PROP_LIMITS_TEXT,
  PROP_LIFE_TEXT,
  PROP_WRITTEN_TEXT,
  PROP_WRITTEN_SUBTITLE,
  PROP_READ_TEXT,
  PROP_HOURS_TEXT,
  PROP_UNSAFE_TEXT,
  PROP_MEDIA_TEXT,
  PROP_GAME_MODE_TEXT,
  PROP_EVENTS_TEXT,
  PROP_FULL_POWER_TEXT,
  PROP_PARTIAL,
  PROP_PARTIAL_DETAILS,
  PROP_ERROR,
  N_TEXT_PROPS,
  PROP_DRIVES = N_TEXT_PROPS,
  PROP_DRIVE,
  PROP_HEALTH,
  PROP_VERDICT,
  PROP_REASONS,
  PROP_TEMPERATURE,
  PROP_WARNING_TEMPERATURE,
  PROP_CRITICAL_TEMPERATURE,
  PROP_LIFE_LEFT,
  PROP_GAME_MODE_SUPPORTED,
  PROP_GAME_MODE_ENABLED,
  PROP_GAME_MODE_PERSISTENT,
  PROP_CAN_CHANGE_GAME_MODE,
  PROP_GAME_MODE_NEEDS_PERMISSION,
  PROP_SERVICE_MISSING,
  PROP_SUGGEST_FULL_POWER,
  PROP_EVENTS,
  PROP_BUSY,
  PROP_DEMO,
  N_PROPS
};

enum {
  SIGNAL_TEMPERATURE_SAMPLE,
  SIGNAL_TEMPERATURE_RESET,
  SIGNAL_TOAST,
  SIGNAL_SELF_TEST_FAILED,
  SIGNAL_GAME_MODE_SETTLED,
  SIGNAL_ANNOUNCE,
  N_SIGNALS
};

struct _DrivedashHealthModel
{
  GObject                        parent_instance;

  DrivedashDriveList            *drives;
  DrivedashDriveItem            *drive;
  char                          *wanted;        /* show_drive() before the list came */
  const DrivedashHealthProvider *provider;
  DrivedashHealth               *health;
  GtkStringList                 *reasons;
  char                          *text[N_TEXT_PROPS];

  DrivedashVerdict               verdict;
  double                         temperature;   /* Kelvin, 0 unknown */
  guint                          warning_temperature;
  guint                          critical_temperature;
  int                            life_left;     /* -1 unknown */
  DrivedashGameMode             *game_mode;     /* last state read back */
  gboolean                       game_mode_needs_permission;
  gboolean                       game_mode_supported;
  gboolean                       game_mode_enabled;
  gboolean                       game_mode_persistent;
  gboolean                       can_change_game_mode;
  gboolean                       service_missing;  /* offer "Get Full Features" */
  GListStore                    *events;        /* DrivedashHealthEventItem, one per kind seen */
  DrivedashEventLog             *event_log;     /* the last read; NULL when it failed */
  gboolean                       suggest_full_power;
  gint64                         kept_since_usec; /* when Keep at Full Power was chosen here */
  gboolean                       full_power_asked;  /* Keep at Full Power's answer pending */
  char                          *full_power_error;  /* its refusal, said in the Events group */
  gboolean                       busy;
  GArray                        *readings;      /* the watch's, DrivedashSnapshot; NULL: none yet */
  char                          *readings_key;  /* serial|controller they are of */
  GCancellable                  *readings_cancellable;

  GCancellable                  *load_cancellable;
  GPtrArray                     *requests;      /* GCancellable of the user's requests */
  guint                          game_mode_changes;  /* of those, game-mode changes */
  guint                          game_mode_epoch;    /* bumped when a change starts and ends */
  guint                          temperature_source;
  guint                          refresh_source;
  DrivedashServiceWatch         *service_watch;    /* picks the service up once installed */
  guint                          self_test_source;
  DrivedashSelfTestWatch        *self_test_watch;  /* UDisks's word while a test runs */
  gint64                         started_us;
};

extern GParamSpec *drivedash_health_model_pspecs[N_PROPS];
extern guint       drivedash_health_model_signals[N_SIGNALS];

/* What a request needs to find its way back: the model may be gone (a
 * closed window), or show another drive by then. */
typedef struct
{
  GWeakRef      model;
  char         *drive_name;
  GCancellable *cancellable;
  gboolean      user;        /* a request of the user's, not a read */
  guint         epoch;       /* the model's game_mode_epoch when it started */
  const DrivedashHealthProvider *provider;
} DrivedashHealthRequest;

DrivedashHealthRequest *_drivedash_health_request_new    (DrivedashHealthModel   *self,
                                                         GCancellable           *cancellable,
                                                         gboolean                user);
/* The model again (a new reference), or NULL when the answer has nowhere
 * to go: the model is gone, shows another drive, or it was cancelled. */
DrivedashHealthModel   *_drivedash_health_request_finish (DrivedashHealthRequest *r,
                                                         GError                 *error);
void                    _drivedash_health_request_free   (DrivedashHealthRequest *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashHealthRequest, _drivedash_health_request_free)

/* Take value (transfer full); notify only on change. */
void _drivedash_health_model_set_text       (DrivedashHealthModel    *self,
                                             guint                    prop,
                                             char                    *value);
void _drivedash_health_model_set_bool       (DrivedashHealthModel    *self,
                                             gboolean                *field,
                                             gboolean                 value,
                                             guint                    prop);
/* Kelvin; sample: also a live sample for the graph.  In
 * drivedash-health-model-values.c, with the other values. */
void _drivedash_health_model_set_temperature (DrivedashHealthModel    *self,
                                              double                   kelvin,
                                              gboolean                 sample);
/* Another drive's values must not show as this one's, even briefly. */
void _drivedash_health_model_clear_values   (DrivedashHealthModel    *self);
/* fresh: another drive; start its values and temperature history anew. */
void _drivedash_health_model_load           (DrivedashHealthModel    *self,
                                             gboolean                 fresh);
void _drivedash_health_model_show_game_mode (DrivedashHealthModel    *self,
                                             const DrivedashGameMode *state,
                                             const GError            *error);
/* In drivedash-health-model-events.c: reads the kernel events of the
 * last DRIVEDASH_HEALTH_EVENTS_DAYS days, and words them again when the
 * game-mode state they are offered against changes. */
void _drivedash_health_model_load_events    (DrivedashHealthModel    *self);
void _drivedash_health_model_show_events    (DrivedashHealthModel    *self);
void _drivedash_health_model_clear_events   (DrivedashHealthModel    *self);
/* The watch's readings of @health's drive, read once per drive in a
 * worker; the verdict is shown again with them (how much and since
 * when).  NULL: forget them. */
void _drivedash_health_model_load_readings  (DrivedashHealthModel    *self,
                                             const DrivedashHealth   *health);

G_END_DECLS
