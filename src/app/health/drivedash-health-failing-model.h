/* drivedash-health-failing-model.h — what the failing-drive steps show:
 * whether the drive is failing and why, the backup app, the extended
 * self-test's progress, and saving the evidence report
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health-model.h"

G_BEGIN_DECLS

/* The desktop's backup app, opened by step 1 when it is installed. */
#define DRIVEDASH_BACKUP_APP_ID "org.gnome.DejaDup.desktop"

#define DRIVEDASH_TYPE_HEALTH_FAILING_MODEL (drivedash_health_failing_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthFailingModel, drivedash_health_failing_model,
                      DRIVEDASH, HEALTH_FAILING_MODEL, GObject)

DrivedashHealthFailingModel *drivedash_health_failing_model_new (void);

/* The Health page's model, whose drive, health and kernel events this
 * one follows. */
void                  drivedash_health_failing_model_set_health_model (DrivedashHealthFailingModel *self,
                                                                        DrivedashHealthModel        *model);
DrivedashHealthModel *drivedash_health_failing_model_get_health_model (DrivedashHealthFailingModel *self);

gboolean    drivedash_health_failing_model_get_failing          (DrivedashHealthFailingModel *self);
gboolean    drivedash_health_failing_model_get_backup_installed (DrivedashHealthFailingModel *self);
const char *drivedash_health_failing_model_get_self_test_text   (DrivedashHealthFailingModel *self);
gboolean    drivedash_health_failing_model_get_saving           (DrivedashHealthFailingModel *self);

/* Step 1: opens the backup app.  FALSE with @error (in words) when it is
 * not installed or does not start. */
gboolean drivedash_health_failing_model_open_backups  (DrivedashHealthFailingModel  *self,
                                                       GAppLaunchContext            *context,
                                                       GError                      **error);

/* Step 3: saves the evidence report of the drive shown as @pdf_path and
 * @json_path, with the watch's readings from the history at its default
 * place, in a thread.  Ends with the "saved" signal (the two paths) or
 * "save-failed" (a message for people).  One at a time: "saving" is TRUE
 * meanwhile. */
void     drivedash_health_failing_model_save_evidence (DrivedashHealthFailingModel  *self,
                                                       const char                   *pdf_path,
                                                       const char                   *json_path);

G_END_DECLS
