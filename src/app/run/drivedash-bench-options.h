/* drivedash-bench-options.h — what the next speed test will do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-bench-settings.h"
#include "drivedash-bench-spec.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_OPTIONS (drivedash_bench_options_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchOptions, drivedash_bench_options, DRIVEDASH, BENCH_OPTIONS, GObject)

DrivedashBenchOptions  *drivedash_bench_options_new           (void);
GFile                  *drivedash_bench_options_get_folder    (DrivedashBenchOptions *self);
/* NULL: the home folder. */
void                    drivedash_bench_options_set_folder    (DrivedashBenchOptions *self,
                                                               GFile                 *folder);
guint                   drivedash_bench_options_get_preset    (DrivedashBenchOptions *self);
void                    drivedash_bench_options_set_preset    (DrivedashBenchOptions *self,
                                                               guint                  index);
const char             *drivedash_bench_options_get_preset_id (DrivedashBenchOptions *self);
/* Also accepts the schema's short ids ("default", "nvme"). */
void                    drivedash_bench_options_set_preset_id (DrivedashBenchOptions *self,
                                                               const char            *id);
guint64                 drivedash_bench_options_get_size      (DrivedashBenchOptions *self);
/* A size the list does not offer falls back to the default. */
void                    drivedash_bench_options_set_size      (DrivedashBenchOptions *self,
                                                               guint64                size);
guint                   drivedash_bench_options_get_passes    (DrivedashBenchOptions *self);
void                    drivedash_bench_options_set_passes    (DrivedashBenchOptions *self,
                                                               guint                  passes);
/* The engine's settings and tests for these choices. */
DrivedashBenchSettings *drivedash_bench_options_make_settings (DrivedashBenchOptions *self);
GArray                 *drivedash_bench_options_dup_tests     (DrivedashBenchOptions *self);
/* FALSE with DRIVEDASH_ERROR_IN_MEMORY (plain words, a folder to use
 * instead) when a test in the folder would measure the memory. */
gboolean                drivedash_bench_options_check_folder  (DrivedashBenchOptions  *self,
                                                               GError                **error);

/* The "bench-folder" setting: "" for the home folder, else a file:// URI
 * (any byte string a file name may hold survives it); a plain path, as
 * older versions stored, is read too. */
GFile                  *drivedash_bench_folder_from_setting   (const char            *value);
char                   *drivedash_bench_folder_to_setting     (GFile                 *folder);
/* The two above for g_settings_bind_with_mapping() and "folder". */
gboolean                drivedash_bench_folder_get_mapping    (GValue                *value,
                                                               GVariant              *variant,
                                                               gpointer               user_data);
GVariant               *drivedash_bench_folder_set_mapping    (const GValue          *value,
                                                               const GVariantType    *expected_type,
                                                               gpointer               user_data);

G_END_DECLS
