/* drivedash-entry-row.c — a titled text field in a boxed list that a
 * screen reader sees focused
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-entry-row.h"

struct _DrivedashEntryRow
{
  AdwActionRow  parent_instance;

  GtkWidget    *entry;
  GtkWidget    *apply_button;
  char         *applied;
};

G_DEFINE_FINAL_TYPE (DrivedashEntryRow, drivedash_entry_row, ADW_TYPE_ACTION_ROW)

enum { SIGNAL_APPLY, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
update_apply_button (DrivedashEntryRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));

  gtk_widget_set_visible (self->apply_button, g_strcmp0 (text, self->applied) != 0);
}

static void
apply (DrivedashEntryRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));

  if (g_strcmp0 (text, self->applied) == 0)
    return;
  g_free (self->applied);
  self->applied = g_strdup (text);
  /* Focus stays in the field, not on a button about to go away. */
  if (gtk_widget_has_focus (self->apply_button))
    gtk_widget_grab_focus (self->entry);
  update_apply_button (self);
  g_signal_emit (self, signals[SIGNAL_APPLY], 0);
}

/* The entry's accessible name is the row's title (GTK 4.8 does not name
 * it from a labelled-by relation to the row). */
static void
title_changed_cb (DrivedashEntryRow *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)), -1);
}

/* Straight into the entry, as AdwEntryRow does: a GtkListBoxRow would
 * first take the focus itself, a stop that says nothing useful. */
static gboolean
drivedash_entry_row_focus (GtkWidget        *widget,
                           GtkDirectionType  direction)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_child_focus (child, direction))
      return TRUE;
  return FALSE;
}

static gboolean
drivedash_entry_row_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (DRIVEDASH_ENTRY_ROW (widget)->entry);
}

static void
drivedash_entry_row_finalize (GObject *object)
{
  g_free (DRIVEDASH_ENTRY_ROW (object)->applied);
  G_OBJECT_CLASS (drivedash_entry_row_parent_class)->finalize (object);
}

static void
drivedash_entry_row_class_init (DrivedashEntryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = drivedash_entry_row_finalize;
  widget_class->focus = drivedash_entry_row_focus;
  widget_class->grab_focus = drivedash_entry_row_grab_focus;
  /* Edited text applied with Enter or the Apply button. */
  signals[SIGNAL_APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
drivedash_entry_row_init (DrivedashEntryRow *self)
{
  self->applied = g_strdup ("");
  self->entry = gtk_entry_new ();
  gtk_widget_set_valign (self->entry, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (self->entry, TRUE);
  /* Narrow enough for a phone beside the title. */
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 8);
  self->apply_button = gtk_button_new_from_icon_name ("object-select-symbolic");
  gtk_widget_set_valign (self->apply_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->apply_button, _("Apply"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->apply_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Apply"), -1);
  gtk_widget_add_css_class (self->apply_button, "flat");
  gtk_widget_add_css_class (self->apply_button, "circular");
  gtk_widget_set_visible (self->apply_button, FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->entry);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), self->apply_button);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), FALSE);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (apply), self);
  g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (update_apply_button), self);
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (apply), self);
  g_signal_connect (self, "notify::title", G_CALLBACK (title_changed_cb), NULL);
}

GtkWidget *
drivedash_entry_row_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_ENTRY_ROW, NULL);
}

void
drivedash_entry_row_set_text (DrivedashEntryRow *self,
                              const char        *text)
{
  g_return_if_fail (DRIVEDASH_IS_ENTRY_ROW (self));

  g_free (self->applied);
  self->applied = g_strdup (text != NULL ? text : "");
  gtk_editable_set_text (GTK_EDITABLE (self->entry), self->applied);
  update_apply_button (self);
}

const char *
drivedash_entry_row_get_text (DrivedashEntryRow *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_ENTRY_ROW (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->entry));
}

GtkEntry *
drivedash_entry_row_get_entry (DrivedashEntryRow *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_ENTRY_ROW (self), NULL);
  return GTK_ENTRY (self->entry);
}
