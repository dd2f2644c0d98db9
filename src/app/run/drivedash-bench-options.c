/* drivedash-bench-options.c — what the next speed test will do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Speed page's choices (folder, tests, size, passes) and the settings
 * it does not show (pass length, pause, data): properties GSettings binds
 * to with g_settings_bind() and the page's rows bind to.  GTK only for
 * GtkStringList (the combo rows' items); nothing here needs a display.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "drivedash-bench-format.h"
#include "drivedash-bench-options.h"
#include "drivedash-folder.h"
#include "drivedash-run-folder.h"
#include "drivedash-format.h"

static const guint64 test_sizes[] = {
  G_GUINT64_CONSTANT (64) << 20,
  G_GUINT64_CONSTANT (256) << 20,
  G_GUINT64_CONSTANT (1) << 30,
  G_GUINT64_CONSTANT (4) << 30,
  G_GUINT64_CONSTANT (16) << 30,
};
#define DEFAULT_SIZE_INDEX 2

struct _DrivedashBenchOptions
{
  GObject   parent_instance;

  GFile    *folder;
  char     *folder_subtitle;
  char     *folder_tooltip;
  guint     preset;
  guint     size_index;
  guint     passes;
  double    pass_duration;
  double    pause;
  gboolean  random_data;
  gboolean  merge_requests;
};

enum {
  PROP_0,
  PROP_FOLDER,
  PROP_FOLDER_SUBTITLE,
  PROP_FOLDER_TOOLTIP,
  PROP_PRESET,
  PROP_PRESET_ID,
  PROP_PRESET_DESCRIPTION,
  PROP_PRESET_NAMES,
  PROP_SIZE,
  PROP_SIZE_INDEX,
  PROP_SIZE_NAMES,
  PROP_PASSES,
  PROP_PASS_DURATION,
  PROP_PAUSE,
  PROP_MERGE_REQUESTS,
  PROP_RANDOM_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashBenchOptions, drivedash_bench_options, G_TYPE_OBJECT)

static void
notify (DrivedashBenchOptions *self,
        guint                  prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
set_string (DrivedashBenchOptions  *self,
            char                  **field,
            const char             *value,
            guint                   prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  notify (self, prop_id);
}

/* ---------------------------------------------------------------------- */
/* Folder                                                                 */

GFile *
drivedash_bench_folder_from_setting (const char *value)
{
  if (value == NULL || *value == '\0')
    return g_file_new_for_path (g_get_home_dir ());
  if (g_str_has_prefix (value, "file:"))
    return g_file_new_for_uri (value);
  return g_file_new_for_path (value);
}

char *
drivedash_bench_folder_to_setting (GFile *folder)
{
  g_autofree char *path = folder ? g_file_get_path (folder) : NULL;

  if (path == NULL || g_strcmp0 (path, g_get_home_dir ()) == 0)
    return g_strdup ("");
  /* A URI is ASCII whatever bytes the path holds: GSettings strings must
   * be UTF-8, file names need not be. */
  return g_file_get_uri (folder);
}

gboolean
drivedash_bench_folder_get_mapping (GValue   *value,
                                    GVariant *variant,
                                    gpointer  user_data)
{
  g_value_take_object (value, drivedash_bench_folder_from_setting (g_variant_get_string (variant, NULL)));
  return TRUE;
}

GVariant *
drivedash_bench_folder_set_mapping (const GValue       *value,
                                    const GVariantType *expected_type,
                                    gpointer            user_data)
{
  g_autofree char *text = drivedash_bench_folder_to_setting (g_value_get_object (value));

  return g_variant_new_string (text);
}

void
drivedash_bench_options_set_folder (DrivedashBenchOptions *self,
                                    GFile                 *folder)
{
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *path = NULL;
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autofree char *drive_text = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *tooltip = NULL;

  g_return_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self));
  g_return_if_fail (folder == NULL || G_IS_FILE (folder));

  if (folder == NULL)
    folder = home;
  if (self->folder && g_file_equal (self->folder, folder))
    return;
  g_set_object (&self->folder, folder);

  path = g_file_get_path (folder);
  info = path ? drivedash_folder_probe (path) : NULL;
  drive_text = info && info->is_directory ? drivedash_folder_info_dup_drive_text (info) : NULL;
  subtitle = drivedash_bench_format_folder (path, drive_text);
  tooltip = path ? g_filename_display_name (path) : g_file_get_parse_name (folder);
  notify (self, PROP_FOLDER);
  set_string (self, &self->folder_subtitle, subtitle, PROP_FOLDER_SUBTITLE);
  set_string (self, &self->folder_tooltip, tooltip, PROP_FOLDER_TOOLTIP);
}

GFile *
drivedash_bench_options_get_folder (DrivedashBenchOptions *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), NULL);
  return self->folder;
}

/* ---------------------------------------------------------------------- */
/* Preset, size, passes                                                   */

static const DrivedashBenchPreset *
preset_at (guint index)
{
  guint n_presets;
  const DrivedashBenchPreset *presets = drivedash_bench_presets_get (&n_presets);

  return index < n_presets ? &presets[index] : drivedash_bench_preset_lookup (DRIVEDASH_BENCH_DEFAULT_PRESET);
}

guint
drivedash_bench_options_get_preset (DrivedashBenchOptions *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), 0);
  return self->preset;
}

void
drivedash_bench_options_set_preset (DrivedashBenchOptions *self,
                                    guint                  index)
{
  guint n_presets;

  g_return_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self));

  drivedash_bench_presets_get (&n_presets);
  if (index >= n_presets || index == self->preset)
    return;
  self->preset = index;
  notify (self, PROP_PRESET);
  notify (self, PROP_PRESET_ID);
  notify (self, PROP_PRESET_DESCRIPTION);
}

const char *
drivedash_bench_options_get_preset_id (DrivedashBenchOptions *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), NULL);
  return preset_at (self->preset)->id;
}

void
drivedash_bench_options_set_preset_id (DrivedashBenchOptions *self,
                                       const char            *id)
{
  g_autofree char *prefixed = g_strconcat ("cdm-", id ? id : "", NULL);
  const DrivedashBenchPreset *presets, *chosen;
  guint n_presets;

  g_return_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self));

  presets = drivedash_bench_presets_get (&n_presets);
  /* The schema's short ids ("default", "nvme") name the CrystalDiskMark
   * presets too. */
  chosen = id ? drivedash_bench_preset_lookup (id) : NULL;
  if (chosen == NULL)
    chosen = drivedash_bench_preset_lookup (prefixed);
  if (chosen == NULL)
    chosen = drivedash_bench_preset_lookup (DRIVEDASH_BENCH_DEFAULT_PRESET);
  drivedash_bench_options_set_preset (self, (guint) (chosen - presets));
}

guint64
drivedash_bench_options_get_size (DrivedashBenchOptions *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), 0);
  return test_sizes[self->size_index];
}

static void
set_size_index (DrivedashBenchOptions *self,
                guint                  index)
{
  if (index >= G_N_ELEMENTS (test_sizes) || index == self->size_index)
    return;
  self->size_index = index;
  notify (self, PROP_SIZE_INDEX);
  notify (self, PROP_SIZE);
}

/* A size the list does not offer falls back to the default. */
void
drivedash_bench_options_set_size (DrivedashBenchOptions *self,
                                  guint64                size)
{
  guint index = DEFAULT_SIZE_INDEX;

  g_return_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self));

  for (guint i = 0; i < G_N_ELEMENTS (test_sizes); i++)
    if (test_sizes[i] == size)
      index = i;
  set_size_index (self, index);
}

guint
drivedash_bench_options_get_passes (DrivedashBenchOptions *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), 0);
  return self->passes;
}

void
drivedash_bench_options_set_passes (DrivedashBenchOptions *self,
                                    guint                  passes)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self));

  passes = CLAMP (passes, 1, 9);
  if (passes == self->passes)
    return;
  self->passes = passes;
  notify (self, PROP_PASSES);
}

/* "CDM NVMe · Deep queues, as NVMe reviews use": CrystalDiskMark's name,
 * for those who know it, then what the preset does. */
static char *
dup_preset_description (guint index)
{
  const DrivedashBenchPreset *preset = preset_at (index);

  if (preset->cdm_name == NULL)
    return g_strdup (_(preset->description));
  return g_strdup_printf ("%s · %s", preset->cdm_name, _(preset->description));
}

static GListModel *
dup_preset_names (void)
{
  guint n_presets;
  const DrivedashBenchPreset *presets = drivedash_bench_presets_get (&n_presets);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < n_presets; i++)
    g_ptr_array_add (names, (gpointer) _(presets[i].name));
  g_ptr_array_add (names, NULL);
  return G_LIST_MODEL (gtk_string_list_new ((const char *const *) names->pdata));
}

static GListModel *
dup_size_names (void)
{
  g_auto(GStrv) names = g_new0 (char *, G_N_ELEMENTS (test_sizes) + 1);

  for (guint i = 0; i < G_N_ELEMENTS (test_sizes); i++)
    names[i] = drivedash_format_size_iec (test_sizes[i]);
  return G_LIST_MODEL (gtk_string_list_new ((const char *const *) names));
}

DrivedashBenchSettings *
drivedash_bench_options_make_settings (DrivedashBenchOptions *self)
{
  DrivedashBenchSettings *settings;
  g_autofree char *path = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), NULL);

  settings = drivedash_bench_settings_new ();
  settings->simulated = drivedash_run_folder_is_simulated ();
  path = settings->simulated ? g_strdup (DRIVEDASH_SIM_DRIVE_FOLDER) : g_file_get_path (self->folder);
  drivedash_bench_settings_set_folder (settings, path);
  settings->test_size = test_sizes[self->size_index];
  settings->passes = self->passes;
  settings->pass_duration = self->pass_duration;
  settings->pause = self->pause;
  settings->data = self->random_data ? DRIVEDASH_BENCH_DATA_RANDOM : DRIVEDASH_BENCH_DATA_ZEROS;
  settings->merge_requests = self->merge_requests;
  return settings;
}

gboolean
drivedash_bench_options_check_folder (DrivedashBenchOptions  *self,
                                      GError                **error)
{
  g_autofree char *path = NULL;
  g_autoptr(DrivedashFolderInfo) info = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), FALSE);

  /* Looked at again on each Start: what is mounted there may change. */
  path = g_file_get_path (self->folder);
  info = drivedash_folder_probe (path);
  return drivedash_folder_info_check_measurable (info, error);
}

GArray *
drivedash_bench_options_dup_tests (DrivedashBenchOptions *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_OPTIONS (self), NULL);
  return drivedash_bench_preset_expand (preset_at (self->preset), DRIVEDASH_BENCH_MODES_READ_WRITE);
}

static void
drivedash_bench_options_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashBenchOptions *self = DRIVEDASH_BENCH_OPTIONS (object);

  switch (prop_id)
    {
    case PROP_FOLDER:             g_value_set_object (value, self->folder); break;
    case PROP_FOLDER_SUBTITLE:    g_value_set_string (value, self->folder_subtitle); break;
    case PROP_FOLDER_TOOLTIP:     g_value_set_string (value, self->folder_tooltip); break;
    case PROP_PRESET:             g_value_set_uint (value, self->preset); break;
    case PROP_PRESET_ID:          g_value_set_string (value, preset_at (self->preset)->id); break;
    case PROP_PRESET_DESCRIPTION: g_value_take_string (value, dup_preset_description (self->preset)); break;
    case PROP_PRESET_NAMES:       g_value_take_object (value, dup_preset_names ()); break;
    case PROP_SIZE:               g_value_set_uint64 (value, test_sizes[self->size_index]); break;
    case PROP_SIZE_INDEX:         g_value_set_uint (value, self->size_index); break;
    case PROP_SIZE_NAMES:         g_value_take_object (value, dup_size_names ()); break;
    case PROP_PASSES:             g_value_set_uint (value, self->passes); break;
    case PROP_PASS_DURATION:      g_value_set_double (value, self->pass_duration); break;
    case PROP_PAUSE:              g_value_set_double (value, self->pause); break;
    case PROP_RANDOM_DATA:        g_value_set_boolean (value, self->random_data); break;
    case PROP_MERGE_REQUESTS:     g_value_set_boolean (value, self->merge_requests); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_double (DrivedashBenchOptions *self,
            double                *field,
            double                 value,
            guint                  prop_id)
{
  if (*field == value)
    return;
  *field = value;
  notify (self, prop_id);
}

static void
set_boolean (DrivedashBenchOptions *self,
             gboolean              *field,
             gboolean               value,
             guint                  prop_id)
{
  if (*field == value)
    return;
  *field = value;
  notify (self, prop_id);
}

static void
drivedash_bench_options_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  DrivedashBenchOptions *self = DRIVEDASH_BENCH_OPTIONS (object);

  switch (prop_id)
    {
    case PROP_FOLDER:        drivedash_bench_options_set_folder (self, g_value_get_object (value)); break;
    case PROP_PRESET:        drivedash_bench_options_set_preset (self, g_value_get_uint (value)); break;
    case PROP_PRESET_ID:     drivedash_bench_options_set_preset_id (self, g_value_get_string (value)); break;
    case PROP_SIZE:          drivedash_bench_options_set_size (self, g_value_get_uint64 (value)); break;
    case PROP_SIZE_INDEX:    set_size_index (self, g_value_get_uint (value)); break;
    case PROP_PASSES:        drivedash_bench_options_set_passes (self, g_value_get_uint (value)); break;
    case PROP_PASS_DURATION: set_double (self, &self->pass_duration, g_value_get_double (value), prop_id); break;
    case PROP_PAUSE:         set_double (self, &self->pause, g_value_get_double (value), prop_id); break;
    case PROP_RANDOM_DATA:    set_boolean (self, &self->random_data, g_value_get_boolean (value), prop_id); break;
    case PROP_MERGE_REQUESTS: set_boolean (self, &self->merge_requests, g_value_get_boolean (value), prop_id); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_options_finalize (GObject *object)
{
  DrivedashBenchOptions *self = DRIVEDASH_BENCH_OPTIONS (object);

  g_clear_object (&self->folder);
  g_free (self->folder_subtitle);
  g_free (self->folder_tooltip);
  G_OBJECT_CLASS (drivedash_bench_options_parent_class)->finalize (object);
}

static void
drivedash_bench_options_class_init (DrivedashBenchOptionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_bench_options_get_property;
  object_class->set_property = drivedash_bench_options_set_property;
  object_class->finalize = drivedash_bench_options_finalize;

  properties[PROP_FOLDER] = g_param_spec_object ("folder", NULL, NULL, G_TYPE_FILE, rw);
  properties[PROP_FOLDER_SUBTITLE] = g_param_spec_string ("folder-subtitle", NULL, NULL, NULL, ro);
  properties[PROP_FOLDER_TOOLTIP] = g_param_spec_string ("folder-tooltip", NULL, NULL, NULL, ro);
  properties[PROP_PRESET] = g_param_spec_uint ("preset", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_PRESET_ID] = g_param_spec_string ("preset-id", NULL, NULL, NULL, rw);
  properties[PROP_PRESET_DESCRIPTION] = g_param_spec_string ("preset-description", NULL, NULL, NULL, ro);
  properties[PROP_PRESET_NAMES] = g_param_spec_object ("preset-names", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_SIZE] = g_param_spec_uint64 ("size", NULL, NULL, 0, G_MAXUINT64, 0, rw);
  properties[PROP_SIZE_INDEX] = g_param_spec_uint ("size-index", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_SIZE_NAMES] = g_param_spec_object ("size-names", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_PASSES] = g_param_spec_uint ("passes", NULL, NULL, 1, 9, DRIVEDASH_BENCH_DEFAULT_PASSES, rw);
  properties[PROP_PASS_DURATION] = g_param_spec_double ("pass-duration", NULL, NULL, 0, G_MAXDOUBLE,
                                                        DRIVEDASH_BENCH_DEFAULT_PASS_DURATION, rw);
  properties[PROP_PAUSE] = g_param_spec_double ("pause", NULL, NULL, 0, G_MAXDOUBLE,
                                                DRIVEDASH_BENCH_DEFAULT_PAUSE, rw);
  properties[PROP_RANDOM_DATA] = g_param_spec_boolean ("random-data", NULL, NULL, TRUE, rw);
  properties[PROP_MERGE_REQUESTS] = g_param_spec_boolean ("merge-requests", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_bench_options_init (DrivedashBenchOptions *self)
{
  self->preset = (guint) (drivedash_bench_preset_lookup (DRIVEDASH_BENCH_DEFAULT_PRESET)
                          - drivedash_bench_presets_get (NULL));
  self->size_index = DEFAULT_SIZE_INDEX;
  self->passes = DRIVEDASH_BENCH_DEFAULT_PASSES;
  self->pass_duration = DRIVEDASH_BENCH_DEFAULT_PASS_DURATION;
  self->pause = DRIVEDASH_BENCH_DEFAULT_PAUSE;
  self->random_data = TRUE;
  drivedash_bench_options_set_folder (self, NULL);
}

DrivedashBenchOptions *
drivedash_bench_options_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_BENCH_OPTIONS, NULL);
}
