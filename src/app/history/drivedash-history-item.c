/* drivedash-history-item.c — one stored run in the History list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-history-format.h"
#include "drivedash-history-item.h"

struct _DrivedashHistoryItem
{
  GObject            parent_instance;
  DrivedashStoreRun *run;
  char              *title;
  char              *subtitle;
  char              *headline;
  char              *description;
  gboolean           selected;
};

G_DEFINE_FINAL_TYPE (DrivedashHistoryItem, drivedash_history_item, G_TYPE_OBJECT)

enum { PROP_0, PROP_TITLE, PROP_SUBTITLE, PROP_HEADLINE, PROP_DESCRIPTION, PROP_NOTE, PROP_SELECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

DrivedashHistoryItem *
drivedash_history_item_new (DrivedashStoreRun *run)
{
  DrivedashHistoryItem *self = g_object_new (DRIVEDASH_TYPE_HISTORY_ITEM, NULL);

  self->run = drivedash_store_run_ref (run);
  self->title = drivedash_history_format_title (run);
  self->subtitle = drivedash_history_format_subtitle (run);
  self->headline = drivedash_history_format_headline (run);
  self->description = drivedash_history_format_description (run);
  return self;
}

const DrivedashStoreRun *
drivedash_history_item_get_run (DrivedashHistoryItem *self)
{
  return self->run;
}

gint64
drivedash_history_item_get_id (DrivedashHistoryItem *self)
{
  return self->run->id;
}

const char *
drivedash_history_item_get_title (DrivedashHistoryItem *self)
{
  return self->title;
}

const char *
drivedash_history_item_get_subtitle (DrivedashHistoryItem *self)
{
  return self->subtitle;
}

const char *
drivedash_history_item_get_headline (DrivedashHistoryItem *self)
{
  return self->headline;
}

const char *
drivedash_history_item_get_description (DrivedashHistoryItem *self)
{
  return self->description;
}

/* Takes @value; notifies only when it changed. */
static void
take_string (DrivedashHistoryItem  *self,
             char                 **field,
             char                  *value,
             guint                  prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
drivedash_history_item_set_name (DrivedashHistoryItem *self,
                                 const char           *name)
{
  if (g_strcmp0 (self->run->name, name) == 0)
    return;
  g_free (self->run->name);
  self->run->name = g_strdup (name);
  take_string (self, &self->title, drivedash_history_format_title (self->run), PROP_TITLE);
  take_string (self, &self->subtitle, drivedash_history_format_subtitle (self->run), PROP_SUBTITLE);
  take_string (self, &self->description, drivedash_history_format_description (self->run),
               PROP_DESCRIPTION);
}

void
drivedash_history_item_set_note (DrivedashHistoryItem *self,
                                 const char           *note)
{
  if (g_strcmp0 (self->run->note, note) == 0)
    return;
  g_free (self->run->note);
  self->run->note = g_strdup (note);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTE]);
}

gboolean
drivedash_history_item_get_selected (DrivedashHistoryItem *self)
{
  return self->selected;
}

void
drivedash_history_item_set_selected (DrivedashHistoryItem *self,
                                     gboolean              selected)
{
  selected = !!selected;
  if (self->selected == selected)
    return;
  self->selected = selected;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
drivedash_history_item_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  DrivedashHistoryItem *self = DRIVEDASH_HISTORY_ITEM (object);

  switch (prop_id)
    {
    case PROP_TITLE:    g_value_set_string (value, self->title); break;
    case PROP_SUBTITLE: g_value_set_string (value, self->subtitle); break;
    case PROP_HEADLINE: g_value_set_string (value, self->headline); break;
    case PROP_DESCRIPTION: g_value_set_string (value, self->description); break;
    case PROP_NOTE:     g_value_set_string (value, self->run ? self->run->note : NULL); break;
    case PROP_SELECTED: g_value_set_boolean (value, self->selected); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_history_item_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  DrivedashHistoryItem *self = DRIVEDASH_HISTORY_ITEM (object);

  switch (prop_id)
    {
    case PROP_SELECTED: drivedash_history_item_set_selected (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_history_item_finalize (GObject *object)
{
  DrivedashHistoryItem *self = DRIVEDASH_HISTORY_ITEM (object);

  g_clear_pointer (&self->run, drivedash_store_run_unref);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->headline);
  g_free (self->description);
  G_OBJECT_CLASS (drivedash_history_item_parent_class)->finalize (object);
}

static void
drivedash_history_item_class_init (DrivedashHistoryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_history_item_get_property;
  object_class->set_property = drivedash_history_item_set_property;
  object_class->finalize = drivedash_history_item_finalize;
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, ro);
  properties[PROP_HEADLINE] = g_param_spec_string ("headline", NULL, NULL, NULL, ro);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, ro);
  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, ro);
  properties[PROP_SELECTED] = g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                                                    ro | G_PARAM_WRITABLE);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_history_item_init (DrivedashHistoryItem *self)
{
}
