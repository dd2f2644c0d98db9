/* drivedash-health-life.c — life left, data written and read, power-on
 * time, unsafe shutdowns, media errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value is bound in the template.
 */
#include "config.h"

#include "drivedash-health-life.h"

struct _DrivedashHealthLife
{
  DrivedashHealthSection parent_instance;

  GtkLevelBar          *life_bar;

};

G_DEFINE_FINAL_TYPE (DrivedashHealthLife, drivedash_health_life, DRIVEDASH_TYPE_HEALTH_SECTION)

static double
life_bar_value_cb (gpointer this,
                   int      life_left)
{
  return MAX (life_left, 0);
}

static gboolean
life_known_cb (gpointer this,
               int      life_left)
{
  return life_left >= 0;
}

static void
class_init_extra (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthLife, life_bar);
  gtk_widget_class_bind_template_callback (widget_class, life_bar_value_cb);
  gtk_widget_class_bind_template_callback (widget_class, life_known_cb);
}

static void
drivedash_health_life_class_init (DrivedashHealthLifeClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-life.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_life_init (DrivedashHealthLife *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_LOW, 10);
  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_HIGH, 50);
  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_FULL, 100);
}
