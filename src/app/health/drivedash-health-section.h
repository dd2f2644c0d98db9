/* drivedash-health-section.h — a group of the Health page, bound to the
 * page's view-model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_SECTION (drivedash_health_section_get_type ())
G_DECLARE_DERIVABLE_TYPE (DrivedashHealthSection, drivedash_health_section,
                          DRIVEDASH, HEALTH_SECTION, AdwPreferencesGroup)

struct _DrivedashHealthSectionClass
{
  AdwPreferencesGroupClass parent_class;
};

/* The model the section's template binds to (its "model" property). */
DrivedashHealthModel *drivedash_health_section_get_model   (DrivedashHealthSection *self);
/* Signal handlers on the model, following it when "model" changes. */
GSignalGroup         *drivedash_health_section_get_signals (DrivedashHealthSection *self);

G_END_DECLS
