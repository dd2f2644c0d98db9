/* drivedash-health-events.c — the Events group: what the kernel reported
 * about the drive, and the offer to keep it at full power
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows come from the model's "events" list, one per kind; the offer's
 * button is health.keep-full-power, the page's action for the persistent
 * game mode (which asks for the password).
 */
#include "config.h"

#include "drivedash-health-event-item.h"
#include "drivedash-health-events.h"

struct _DrivedashHealthEvents
{
  DrivedashHealthSection parent_instance;

  GtkListBox            *list;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthEvents, drivedash_health_events, DRIVEDASH_TYPE_HEALTH_SECTION)

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  DrivedashHealthEventItem *event = item;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (drivedash_health_event_item_get_icon_name (event));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), drivedash_health_event_item_get_title (event));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), drivedash_health_event_item_get_subtitle (event));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  /* The icon says how serious; the title says it in words too. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  drivedash_health_event_item_get_title (event), -1);
  if (drivedash_health_event_item_get_severity (event) == DRIVEDASH_EVENT_SEVERITY_SERIOUS)
    gtk_widget_add_css_class (icon, "error");
  else if (drivedash_health_event_item_get_severity (event) == DRIVEDASH_EVENT_SEVERITY_WARNING)
    gtk_widget_add_css_class (icon, "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static gboolean
has_text_cb (gpointer    this,
             const char *text)
{
  return text != NULL && text[0] != '\0';
}

static GListModel *
current_events (DrivedashHealthEvents *self)
{
  DrivedashHealthModel *model = drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self));
  GListModel *events = NULL;

  if (model != NULL)
    g_object_get (model, "events", &events, NULL);
  return events;
}

/* No empty box when there is nothing to list. */
static void
update_visible (DrivedashHealthEvents *self)
{
  g_autoptr(GListModel) events = current_events (self);

  gtk_widget_set_visible (GTK_WIDGET (self->list), events != NULL && g_list_model_get_n_items (events) > 0);
}

/* The list follows the model's "events" list, which a model keeps for
 * its whole life. */
static void
model_changed_cb (DrivedashHealthEvents *self)
{
  g_autoptr(GListModel) events = current_events (self);

  gtk_list_box_bind_model (self->list, events, create_row, NULL, NULL);
  if (events != NULL)
    g_signal_connect_object (events, "items-changed", G_CALLBACK (update_visible), self, G_CONNECT_SWAPPED);
  update_visible (self);
}

static void
drivedash_health_events_class_init (DrivedashHealthEventsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-events.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthEvents, list);
  gtk_widget_class_bind_template_callback (widget_class, has_text_cb);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_EVENT_ITEM);
}

static void
drivedash_health_events_init (DrivedashHealthEvents *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self, "notify::model", G_CALLBACK (model_changed_cb), self);
  update_visible (self);
}
