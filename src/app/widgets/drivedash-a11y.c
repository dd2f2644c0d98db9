/* drivedash-a11y.c — what a screen reader hears
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GtkBuilder cannot bind accessible properties, so these follow the
 * widgets' own properties with notify handlers.  They touch only what GTK
 * 4.8 and libadwaita 1.2 get wrong or leave out; the rest of the tree is
 * theirs.
 */
#include "config.h"

#include <dlfcn.h>
#include <glib/gi18n.h>

#include "drivedash-a11y.h"

char *
drivedash_a11y_strip_mnemonic (const char *label)
{
  GString *out;

  if (label == NULL)
    return NULL;
  out = g_string_sized_new (strlen (label));
  for (const char *p = label; *p; p++)
    {
      /* Translations whose script has no Latin letters add the key in
       * brackets ("開始(_S)", "選択(_C)…"): the whole bracket goes. */
      if (p[0] == '(' && p[1] == '_' && g_ascii_isalnum (p[2]) && p[3] == ')')
        {
          p += 3;
          continue;
        }
      if (*p == '_')
        {
          if (p[1] == '_')
            g_string_append_c (out, '_'), p++;
          continue;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

char *
drivedash_a11y_title_with_value (const char *title,
                                 const char *value)
{
  if (value == NULL || *value == '\0')
    return g_strdup (title ? title : "");
  /* Translators: a row read aloud by a screen reader: "Life Left, 97 %" */
  return g_strdup_printf (C_("accessible", "%s, %s"), title ? title : "", value);
}

/* ---------------------------------------------------------------------- */

static void
button_label_cb (GtkButton  *button,
                 GParamSpec *pspec,
                 gpointer    unused)
{
  g_autofree char *plain = NULL;
  const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (button));

  /* An icon-only button is read as "GtkImage": name it after what its
   * tooltip says it does. */
  if (gtk_button_get_label (button) == NULL && tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  if (gtk_button_get_label (button) == NULL)
    return;
  plain = gtk_button_get_use_underline (button)
          ? drivedash_a11y_strip_mnemonic (gtk_button_get_label (button))
          : g_strdup (gtk_button_get_label (button));
  /* GTK 4.8 reads the label and then whatever labels the widget. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
}

/* An icon-only menu button (and the toggle button inside it) is read as
 * "GtkMenuButton": name both after the tooltip. */
static void
name_menu_button (GtkWidget *button)
{
  const char *tooltip = gtk_widget_get_tooltip_text (button);

  if (tooltip == NULL || gtk_menu_button_get_label (GTK_MENU_BUTTON (button)) != NULL)
    return;
  for (GtkWidget *w = button; w; w = gtk_widget_get_first_child (w))
    {
      if (w != button && !GTK_IS_BUTTON (w))
        break;
      gtk_accessible_update_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
    }
}

void
drivedash_a11y_fix_mnemonics (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_MENU_BUTTON (root))
    name_menu_button (root);

  /* Walked again for new widgets (toasts): follow each button once. */
  if (GTK_IS_BUTTON (root) && !GTK_IS_TOGGLE_BUTTON (root)
      && !g_object_get_data (G_OBJECT (root), "drivedash-a11y-mnemonic"))
    {
      g_object_set_data (G_OBJECT (root), "drivedash-a11y-mnemonic", GINT_TO_POINTER (TRUE));
      button_label_cb (GTK_BUTTON (root), NULL, NULL);
      g_signal_connect (root, "notify::label", G_CALLBACK (button_label_cb), NULL);
      g_signal_connect (root, "notify::use-underline", G_CALLBACK (button_label_cb), NULL);
      g_signal_connect (root, "notify::tooltip-text", G_CALLBACK (button_label_cb), NULL);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    drivedash_a11y_fix_mnemonics (child);
}

/* ---------------------------------------------------------------------- */

/* The row's own title and subtitle labels are in its header; a value
 * label is any other label, in a suffix. */
static GtkLabel *
find_value_label (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;

      if (GTK_IS_LABEL (child) && !gtk_widget_has_css_class (child, "title")
          && !gtk_widget_has_css_class (child, "subtitle"))
        return GTK_LABEL (child);
      /* A button's label is what it does, not a value. */
      if (GTK_IS_BUTTON (child) || gtk_widget_has_css_class (child, "title"))
        continue;
      if ((found = find_value_label (child)))
        return found;
    }
  return NULL;
}

static GtkWidget *
find_child_of_type (GtkWidget *widget,
                    GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = find_child_of_type (child, type)))
        return found;
    }
  return NULL;
}

static void
row_value_cb (GtkLabel       *label,
              GParamSpec     *pspec,
              AdwActionRow   *row)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  g_autofree char *name = drivedash_a11y_title_with_value (title, gtk_label_get_text (label));
  GtkWidget *bar = find_child_of_type (GTK_WIDGET (row), GTK_TYPE_LEVEL_BAR);

  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (bar)
    gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}

/* libadwaita 1.2 leaves the subtitle out: it often holds the state
 * ("On until the next restart"). */
static void
row_subtitle_cb (AdwActionRow *row,
                 GParamSpec   *pspec,
                 gpointer      unused)
{
  const char *subtitle = adw_action_row_get_subtitle (row);

  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  subtitle ? subtitle : "", -1);
}

/* What a combo row shows for its choice: its expression's string, or the
 * string of a GtkStringList's item. */
static char *
combo_choice (AdwComboRow *row)
{
  GObject *item = adw_combo_row_get_selected_item (row);
  GtkExpression *expression = adw_combo_row_get_expression (row);
  g_auto(GValue) value = G_VALUE_INIT;

  if (item == NULL)
    return NULL;
  if (expression != NULL && gtk_expression_evaluate (expression, item, &value)
      && G_VALUE_HOLDS_STRING (&value))
    return g_value_dup_string (&value);
  if (GTK_IS_STRING_OBJECT (item))
    return g_strdup (gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  return NULL;
}

/* libadwaita 1.2 names a combo row once, from the label that showed the
 * first choice: a screen reader kept hearing it after another choice. */
static void
combo_choice_cb (AdwComboRow *row,
                 GParamSpec  *pspec,
                 gpointer     unused)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  g_autofree char *choice = combo_choice (row);
  g_autofree char *name = drivedash_a11y_title_with_value (title, choice);

  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

void
drivedash_a11y_rows_read_values (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (ADW_IS_COMBO_ROW (root))
    {
      row_subtitle_cb (ADW_ACTION_ROW (root), NULL, NULL);
      g_signal_connect (root, "notify::subtitle", G_CALLBACK (row_subtitle_cb), NULL);
      combo_choice_cb (ADW_COMBO_ROW (root), NULL, NULL);
      g_signal_connect (root, "notify::selected-item", G_CALLBACK (combo_choice_cb), NULL);
      g_signal_connect (root, "notify::title", G_CALLBACK (combo_choice_cb), NULL);
      return;
    }
  if (ADW_IS_ACTION_ROW (root))
    {
      GtkLabel *label = find_value_label (root);

      row_subtitle_cb (ADW_ACTION_ROW (root), NULL, NULL);
      g_signal_connect (root, "notify::subtitle", G_CALLBACK (row_subtitle_cb), NULL);

      if (label)
        {
          row_value_cb (label, NULL, ADW_ACTION_ROW (root));
          g_signal_connect_object (label, "notify::label", G_CALLBACK (row_value_cb), root, 0);
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    drivedash_a11y_rows_read_values (child);
}

/* ---------------------------------------------------------------------- */

static void
hide_unless (GtkWidget *widget,
             gboolean   shown)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, !shown, -1);
}

static void
switchers_cb (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  AdwViewSwitcherTitle *title = user_data;
  AdwViewSwitcherBar *bar = g_object_get_data (G_OBJECT (title), "drivedash-switcher-bar");
  GtkWidget *squeezer = find_child_of_type (GTK_WIDGET (title), ADW_TYPE_SQUEEZER);
  GtkWidget *shown = squeezer ? adw_squeezer_get_visible_child (ADW_SQUEEZER (squeezer)) : NULL;

  if (squeezer)
    for (GtkWidget *child = gtk_widget_get_first_child (squeezer); child; child = gtk_widget_get_next_sibling (child))
      hide_unless (child, child == shown);
  if (bar)
    hide_unless (GTK_WIDGET (bar), adw_view_switcher_bar_get_reveal (bar));
}

void
drivedash_a11y_watch_switchers (AdwViewSwitcherTitle *title,
                                AdwViewSwitcherBar   *bar)
{
  GtkWidget *squeezer;

  g_return_if_fail (ADW_IS_VIEW_SWITCHER_TITLE (title));
  g_return_if_fail (ADW_IS_VIEW_SWITCHER_BAR (bar));

  g_object_set_data (G_OBJECT (title), "drivedash-switcher-bar", bar);
  squeezer = find_child_of_type (GTK_WIDGET (title), ADW_TYPE_SQUEEZER);
  if (squeezer)
    g_signal_connect_object (squeezer, "notify::visible-child", G_CALLBACK (switchers_cb), title, 0);
  g_signal_connect_object (bar, "notify::reveal", G_CALLBACK (switchers_cb), title, 0);
  switchers_cb (NULL, NULL, title);
}

/* ---------------------------------------------------------------------- */

static void
expanded_cb (AdwExpanderRow *expander,
             GParamSpec     *pspec,
             GtkWidget      *header)
{
  gboolean expanded = adw_expander_row_get_expanded (expander);

  gtk_accessible_update_state (GTK_ACCESSIBLE (header), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (expander), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

static void
hide_images (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_IMAGE (child))
        hide_unless (child, FALSE);
      else
        hide_images (child);
    }
}

void
drivedash_a11y_watch_expanders (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (ADW_IS_EXPANDER_ROW (root))
    {
      /* libadwaita 1.2's header is an inner action row with the arrow. */
      GtkWidget *header = find_child_of_type (root, ADW_TYPE_ACTION_ROW);

      if (header)
        {
          hide_images (header);
          expanded_cb (ADW_EXPANDER_ROW (root), NULL, header);
          g_signal_connect_object (root, "notify::expanded", G_CALLBACK (expanded_cb), header, 0);
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    drivedash_a11y_watch_expanders (child);
}

static void
progress_text_cb (GtkProgressBar *bar,
                  GParamSpec     *pspec,
                  gpointer        unused)
{
  const char *text = gtk_progress_bar_get_text (bar);

  gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, text ? text : "",
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text ? text : "", -1);
}

static void
describe_cb (GtkWidget  *widget,
             GParamSpec *pspec,
             gpointer    unused)
{
  GPtrArray *labels = g_object_get_data (G_OBJECT (widget), "drivedash-a11y-described-by");
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);
      const char *t = gtk_label_get_text (GTK_LABEL (label));

      if (!gtk_widget_get_visible (label) || t == NULL || *t == '\0')
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, t);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

static void
describe_label_cb (GtkWidget  *label,
                   GParamSpec *pspec,
                   GtkWidget  *widget)
{
  describe_cb (widget, NULL, NULL);
}

void
drivedash_a11y_described_by (GtkWidget *widget,
                             GtkLabel  *first,
                             ...)
{
  GPtrArray *labels = g_ptr_array_new ();
  va_list args;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  va_start (args, first);
  for (GtkLabel *label = first; label != NULL; label = va_arg (args, GtkLabel *))
    {
      g_ptr_array_add (labels, label);
      g_signal_connect_object (label, "notify::label", G_CALLBACK (describe_label_cb), widget, 0);
      g_signal_connect_object (label, "notify::visible", G_CALLBACK (describe_label_cb), widget, 0);
    }
  va_end (args);
  g_object_set_data_full (G_OBJECT (widget), "drivedash-a11y-described-by", labels,
                          (GDestroyNotify) g_ptr_array_unref);
  describe_cb (widget, NULL, NULL);
}

void
drivedash_a11y_progress_reads_text (GtkProgressBar *bar)
{
  g_return_if_fail (GTK_IS_PROGRESS_BAR (bar));

  progress_text_cb (bar, NULL, NULL);
  g_signal_connect (bar, "notify::text", G_CALLBACK (progress_text_cb), NULL);
}

/* ---------------------------------------------------------------------- */

/* gtk_accessible_announce() came with GTK 4.14, and the app builds against
 * 4.8: it is looked up where the app runs (the Flatpak's GTK has it).
 * Its priority 1 is GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM, "polite". */
typedef void (*AnnounceFunc) (GtkAccessible *accessible,
                              const char    *message,
                              int            priority);

static AnnounceFunc
find_announce (void)
{
  static gsize once;
  static AnnounceFunc announce;

  if (g_once_init_enter (&once))
    {
      void *self = dlopen (NULL, RTLD_LAZY);

      if (self != NULL)
        announce = (AnnounceFunc) dlsym (self, "gtk_accessible_announce");
      g_once_init_leave (&once, 1);
    }
  return announce;
}

/* GTK 4.8 has no announcement: the message becomes the description of
 * the widget that has the keyboard focus, which screen readers read out
 * when it changes (Orca's "description changed" of the focused object).
 * Once the focus moves on, the widget's own description comes back: the
 * ones this file keeps (a row's subtitle, "described by" labels) are
 * made again, any other is reset to none. */
#define ANNOUNCED_KEY "drivedash-a11y-announced"

static void
announced_focus_cb (GtkRoot    *root,
                    GParamSpec *pspec,
                    GtkWidget  *widget)
{
  if (gtk_root_get_focus (root) == widget)
    return;
  g_signal_handlers_disconnect_by_func (root, announced_focus_cb, widget);
  g_object_set_data (G_OBJECT (widget), ANNOUNCED_KEY, NULL);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  if (g_object_get_data (G_OBJECT (widget), "drivedash-a11y-described-by") != NULL)
    describe_cb (widget, NULL, NULL);
  else if (ADW_IS_ACTION_ROW (widget) && g_signal_handler_find (widget, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                                                  row_subtitle_cb, NULL) != 0)
    row_subtitle_cb (ADW_ACTION_ROW (widget), NULL, NULL);
}

static gboolean
announce_by_description (GtkWidget  *widget,
                         const char *message)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL)
    return FALSE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
  if (g_object_get_data (G_OBJECT (focus), ANNOUNCED_KEY) == NULL)
    {
      g_object_set_data (G_OBJECT (focus), ANNOUNCED_KEY, GINT_TO_POINTER (1));
      g_signal_connect_object (root, "notify::focus-widget", G_CALLBACK (announced_focus_cb), focus, 0);
    }
  return TRUE;
}

gboolean
drivedash_a11y_announce (GtkWidget  *widget,
                         const char *message)
{
  AnnounceFunc announce = find_announce ();

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  if (message == NULL || *message == '\0')
    return FALSE;
  if (announce == NULL)
    return announce_by_description (widget, message);
  announce (GTK_ACCESSIBLE (widget), message, 1);
  return TRUE;
}
