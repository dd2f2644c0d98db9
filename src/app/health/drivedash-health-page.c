/* drivedash-health-page.c — the Health view of one NVMe drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wiring only: the values live in a DrivedashHealthModel, the parts of
 * the page are small widgets whose templates bind to it (verdict,
 * temperature, life and use, game mode, details).  What is left here is
 * the drive picker, the page's actions and the dialogs.
 */
#include "config.h"

#include <gio/gdesktopappinfo.h>
#include <glib/gi18n.h>

#include "drivedash-closures.h"
#include "drivedash-demo.h"
#include "drivedash-health-details.h"
#include "drivedash-health-events.h"
#include "drivedash-health-failing.h"
#include "drivedash-health-game-mode.h"
#include "drivedash-health-history.h"
#include "drivedash-health-life.h"
#include "drivedash-health-writes.h"
#include "drivedash-health-page-private.h"
#include "drivedash-health-temperature.h"
#include "drivedash-health-upkeep.h"
#include "drivedash-health-verdict.h"
#include "drivedash-service-offer.h"
#include "drivedash-a11y.h"
#include "drivedash-dialog.h"
#include "drivedash-toast.h"
#include "drivedash-watch-hint.h"

struct _DrivedashHealthPage
{
  AdwBin                      parent_instance;

  AdwComboRow                *drive_row;
  DrivedashHealthTemperature *temperature;
  DrivedashHealthWrites      *writes;

  DrivedashHealthModel       *model;
  DrivedashWatchHint         *watch_hint;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthPage, drivedash_health_page, ADW_TYPE_BIN)

enum { PROP_0, PROP_MODEL, PROP_WATCH_HINT, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* ---------------------------------------------------------------------- */
/* Template closures                                                      */

static char *
stack_page_cb (gpointer            this,
               DrivedashDriveItem *drive)
{
  return g_strdup (drive ? "drive" : "empty");
}

static gboolean
more_than_one_cb (gpointer this,
                  guint    n_items)
{
  return n_items > 1;
}

/* ---------------------------------------------------------------------- */
/* The drive picker                                                       */

static void
drive_row_selected_cb (DrivedashHealthPage *self)
{
  DrivedashDriveItem *item = adw_combo_row_get_selected_item (self->drive_row);

  /* A new list selects its first item before the model has chosen. */
  if (item && drivedash_health_model_get_drives (self->model))
    drivedash_health_model_set_drive (self->model, item);
}

static void
model_drive_cb (DrivedashHealthPage *self)
{
  DrivedashDriveItem *drive = drivedash_health_model_get_drive (self->model);
  GListModel *drives = G_LIST_MODEL (drivedash_health_model_get_drives (self->model));
  guint n = drives ? g_list_model_get_n_items (drives) : 0;

  for (guint i = 0; i < n && drive; i++)
    {
      g_autoptr(DrivedashDriveItem) item = g_list_model_get_item (drives, i);

      if (item == drive)
        {
          adw_combo_row_set_selected (self->drive_row, i);
          return;
        }
    }
}

/* ---------------------------------------------------------------------- */
/* Messages                                                               */

static void
toast_cb (DrivedashHealthPage *self,
          const char          *text)
{
  AdwToast *toast = drivedash_toast_new_plain (text);

  adw_toast_set_timeout (toast, 8);
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

/* The answer is shown where its button was: said there too. */
static void
announce_cb (DrivedashHealthPage *self,
             const char          *text)
{
  drivedash_a11y_announce (GTK_WIDGET (self), text);
}

static void
present_message (GtkWidget  *widget,
                 const char *heading,
                 const char *body)
{
  gtk_window_present (GTK_WINDOW (drivedash_dialog_new_message (widget, heading, body)));
}

/* Too long for a toast: the message says what to do. */
static void
self_test_failed_cb (DrivedashHealthPage *self,
                     const char          *message)
{
  present_message (GTK_WIDGET (self), _("The Self-Test Did Not Start"), message);
}

/* ---------------------------------------------------------------------- */
/* Actions                                                                */

static void
self_test_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);
  const char *kind = g_variant_get_string (parameter, NULL);

  drivedash_health_model_start_self_test (self->model,
                                          g_str_equal (kind, "short") ? DRIVEDASH_SELF_TEST_SHORT
                                          : g_str_equal (kind, "extended") ? DRIVEDASH_SELF_TEST_EXTENDED
                                          : DRIVEDASH_SELF_TEST_ABORT);
}

/* The fix the Events group offers: game mode kept after restarts, which
 * asks for the password (set-game-mode-persistent). */
static void
keep_full_power_action_cb (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);

  drivedash_health_model_keep_full_power (self->model);
}

/* Check Again reads the drive again, which asks for the service anew. */
static void
full_features_response_cb (AdwMessageDialog    *dialog,
                           const char          *response,
                           DrivedashHealthPage *self)
{
  GAppInfo *software = g_object_get_data (G_OBJECT (dialog), "drivedash-software-app");

  if (g_strcmp0 (response, "check") == 0)
    drivedash_health_model_refresh (self->model);
  else if (g_strcmp0 (response, "software") == 0 && software != NULL)
    {
      g_autoptr(GAppLaunchContext) context =
        G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self))));
      g_autoptr(GError) error = NULL;

      if (!g_app_info_launch (software, NULL, context, &error))
        toast_cb (self, error->message);
    }
}

/* The desktop's own software app, where one is installed: GNOME's, KDE's,
 * elementary's.  NULL: none known (the words then say "your software
 * app" and no button opens one). */
static GAppInfo *
find_software_app (void)
{
  static const char *const ids[] = {
    "org.gnome.Software.desktop", "org.kde.discover.desktop", "io.elementary.appcenter.desktop",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GDesktopAppInfo *app = g_desktop_app_info_new (ids[i]);

      if (app != NULL)
        return G_APP_INFO (app);
    }
  return NULL;
}

/* "Get Full Features": what the system service adds on this computer
 * and how to get it here (lib/client's words), the install command
 * apart, to copy, where the distribution has one. */
static void
get_full_features_action_cb (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);
  DrivedashServiceOfferPlace place;
  g_autofree char *command = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_autoptr(GAppInfo) software = find_software_app ();

  DrivedashHealth *health = drivedash_health_model_get_health (self->model);

  drivedash_service_offer_place_detect (&place);
  /* A drive read through UDisks: it has NVMe health (2.10 or newer). */
  place.udisks_nvme = health != NULL && health->source == DRIVEDASH_HEALTH_SOURCE_UDISKS2;
  if (software != NULL)
    place.software_app = g_app_info_get_display_name (software);
  body = drivedash_service_offer_dup_text (&place, &command);
  dialog = drivedash_dialog_new_message (widget, _("Get Full Features"), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "check", _("Check _Again"));
  if (software != NULL && command != NULL)
    {
      /* Translators: %s is the software app's name, "Software" */
      g_autofree char *open = g_strdup_printf (_("_Open %s"), place.software_app);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "software", open);
      g_object_set_data_full (G_OBJECT (dialog), "drivedash-software-app", g_object_ref (software), g_object_unref);
    }
  if (command != NULL)
    {
      GtkWidget *label = gtk_label_new (command);

      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "monospace");
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), label);
    }
  drivedash_a11y_fix_mnemonics (dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (full_features_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
watch_on_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  drivedash_watch_hint_turn_on (DRIVEDASH_HEALTH_PAGE (widget)->watch_hint);
}

/* One question at a time: the portal may be showing a dialog. */
static void
watch_busy_cb (DrivedashHealthPage *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "health.watch-on",
                                 !drivedash_watch_hint_get_busy (self->watch_hint));
}

static void
watch_not_now_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  drivedash_watch_hint_dismiss (DRIVEDASH_HEALTH_PAGE (widget)->watch_hint);
}

static void
refresh_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  drivedash_health_model_refresh (DRIVEDASH_HEALTH_PAGE (widget)->model);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                */

static void
drivedash_health_page_map (GtkWidget *widget)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (widget);

  GTK_WIDGET_CLASS (drivedash_health_page_parent_class)->map (widget);

  /* Made only when shown: listing drives is no work for a hidden page. */
  if (drivedash_health_model_get_drives (self->model) == NULL)
    {
      g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new (drivedash_demo_get_enabled ());

      drivedash_health_page_set_drives (self, drives);
    }
}

static void
drivedash_health_page_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_WATCH_HINT:
      g_value_set_object (value, self->watch_hint);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_page_dispose (GObject *object)
{
  DrivedashHealthPage *self = DRIVEDASH_HEALTH_PAGE (object);

  if (self->model)
    g_signal_handlers_disconnect_by_data (self->model, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_PAGE);
  /* Last: the templates' bindings let go of it above.  Disposing it
   * cancels what is still running: nobody is left to see the answer. */
  if (self->model)
    g_object_run_dispose (G_OBJECT (self->model));
  g_clear_object (&self->model);
  g_clear_object (&self->watch_hint);
  G_OBJECT_CLASS (drivedash_health_page_parent_class)->dispose (object);
}

static void
drivedash_health_page_class_init (DrivedashHealthPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_page_get_property;
  object_class->dispose = drivedash_health_page_dispose;
  widget_class->map = drivedash_health_page_map;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WATCH_HINT] = g_param_spec_object ("watch-hint", NULL, NULL, DRIVEDASH_TYPE_WATCH_HINT,
                                                     G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_DRIVE_LIST);
  g_type_ensure (DRIVEDASH_TYPE_DRIVE_ITEM);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_VERDICT);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_TEMPERATURE);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_LIFE);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_WRITES);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_EVENTS);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_FAILING);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_GAME_MODE);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_UPKEEP);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_DETAILS);
  g_type_ensure (DRIVEDASH_TYPE_WATCH_HINT);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_HISTORY);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-page.ui");
  drivedash_widget_class_bind_closures (widget_class);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthPage, drive_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthPage, temperature);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthPage, writes);
  gtk_widget_class_bind_template_callback (widget_class, stack_page_cb);
  gtk_widget_class_bind_template_callback (widget_class, more_than_one_cb);
  gtk_widget_class_bind_template_callback (widget_class, drive_row_selected_cb);

  gtk_widget_class_install_action (widget_class, "health.get-full-features", NULL, get_full_features_action_cb);
  gtk_widget_class_install_action (widget_class, "health.keep-full-power", NULL, keep_full_power_action_cb);
  gtk_widget_class_install_action (widget_class, "health.refresh", NULL, refresh_action_cb);
  gtk_widget_class_install_action (widget_class, "health.watch-on", NULL, watch_on_action_cb);
  gtk_widget_class_install_action (widget_class, "health.watch-not-now", NULL, watch_not_now_action_cb);
  gtk_widget_class_install_action (widget_class, "health.self-test", "s", self_test_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "health.refresh", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "health.refresh", NULL);
}

static void
drivedash_health_page_init (DrivedashHealthPage *self)
{
  /* Before the template: its bindings look it up. */
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  self->model = drivedash_health_model_new ();
  self->watch_hint = drivedash_watch_hint_new (settings);
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->model, "notify::drive", G_CALLBACK (model_drive_cb), self);
  g_signal_connect_swapped (self->model, "toast", G_CALLBACK (toast_cb), self);
  g_signal_connect_swapped (self->model, "announce", G_CALLBACK (announce_cb), self);
  g_signal_connect_swapped (self->model, "self-test-failed", G_CALLBACK (self_test_failed_cb), self);
  g_signal_connect_object (self->watch_hint, "notify::busy", G_CALLBACK (watch_busy_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
drivedash_health_page_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_PAGE, NULL);
}

void
drivedash_health_page_set_drives (DrivedashHealthPage *self,
                                  DrivedashDriveList  *drives)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self));
  drivedash_health_model_set_drives (self->model, drives);
  model_drive_cb (self);
}

DrivedashDriveList *
drivedash_health_page_get_drives (DrivedashHealthPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return drivedash_health_model_get_drives (self->model);
}

GtkWindow *
drivedash_health_page_show_writes (DrivedashHealthPage *self,
                                   const char          *app)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return drivedash_health_writes_show_details (self->writes, app);
}

DrivedashHealthModel *
drivedash_health_page_get_model (DrivedashHealthPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return self->model;
}

DrivedashPlot *
drivedash_health_page_get_temperature_plot (DrivedashHealthPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_PAGE (self), NULL);
  return drivedash_health_temperature_get_plot (self->temperature);
}
