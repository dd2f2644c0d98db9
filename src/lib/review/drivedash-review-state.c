/* drivedash-review-state.c — the full review's state: its record in
 * the history, and the small file that says which review to resume
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "drivedash-aside.h"
#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-paths.h"
#include "drivedash-review-state.h"

/* The review's whole state, as the history keeps it (and as the state
 * file of an earlier Drivedash held it). */
#define STATE_VERSION 1
/* The state file now: only which review in the history to resume. */
#define POINTER_VERSION 2
/* What we write is a few KiB at most; more, or deeper, is not ours. */
#define STATE_MAX_BYTES (1 << 20)
#define STATE_MAX_DEPTH 8

DrivedashReviewState *
drivedash_review_state_new (const DrivedashReviewSettings *settings,
                            const char                    *controller)
{
  DrivedashReviewState *self = g_new0 (DrivedashReviewState, 1);

  self->settings = drivedash_review_settings_copy (settings);
  self->steps = drivedash_review_plan (settings);
  self->controller = g_strdup (controller);
  self->started_at = g_get_real_time ();
  return self;
}

void
drivedash_review_state_free (DrivedashReviewState *self)
{
  if (self == NULL)
    return;
  drivedash_review_settings_free (self->settings);
  g_clear_pointer (&self->steps, g_array_unref);
  g_free (self->controller);
  g_free (self);
}

guint
drivedash_review_state_next_step (const DrivedashReviewState *self)
{
  for (guint i = 0; i < self->steps->len; i++)
    if (!g_array_index (self->steps, DrivedashReviewStep, i).done)
      return i;
  return self->steps->len;
}

GArray *
drivedash_review_state_dup_run_ids (const DrivedashReviewState *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < self->steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (self->steps, DrivedashReviewStep, i);

      if (step->run_id > 0)
        g_array_append_val (ids, step->run_id);
    }
  return ids;
}

guint64
drivedash_review_state_get_bytes_written (const DrivedashReviewState *self)
{
  guint64 sum = 0;

  for (guint i = 0; i < self->steps->len; i++)
    sum += g_array_index (self->steps, DrivedashReviewStep, i).bytes_written;
  return sum;
}

char *
drivedash_review_state_get_default_path (void)
{
  return drivedash_paths_state_file ("review.json");
}

/* The settings a resume needs to run the same review: every field the
 * lengths and the test-scale options change. */
static void
add_long (JsonBuilder                     *b,
          const char                      *name,
          const DrivedashLongTestSettings *s)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  drivedash_json_member_int (b, "file_size", TRUE, (gint64) s->file_size);
  drivedash_json_member_double (b, "duration_s", s->duration_s);
  drivedash_json_member_double (b, "round_s", s->round_s);
  drivedash_json_member_double (b, "round_step_s", s->round_step_s);
  drivedash_json_member_double (b, "idle_s", s->idle_s);
  drivedash_json_member_int (b, "amount", TRUE, (gint64) s->amount);
  drivedash_json_member_int (b, "timed_bytes", TRUE, (gint64) s->timed_bytes);
  drivedash_json_member_int (b, "fill_cap", TRUE, (gint64) s->fill_cap);
  drivedash_json_member_double (b, "interval_s", s->interval_s);
  drivedash_json_member_double (b, "io_timeout_s", s->io_timeout_s);
  json_builder_end_object (b);
}

static void
add_settings (JsonBuilder                   *b,
              const DrivedashReviewSettings *s)
{
  json_builder_set_member_name (b, "settings");
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "folder", s->bench->folder);
  drivedash_json_member_string (b, "speed_preset", s->speed_preset);
  drivedash_json_member_int (b, "speed_repeats", TRUE, s->speed_repeats);
  drivedash_json_member_int (b, "test_size", TRUE, (gint64) s->bench->test_size);
  drivedash_json_member_int (b, "passes", TRUE, s->bench->passes);
  drivedash_json_member_double (b, "pass_duration", s->bench->pass_duration);
  drivedash_json_member_int (b, "pass_bytes", TRUE, (gint64) s->bench->pass_bytes);
  drivedash_json_member_double (b, "pause", s->bench->pause);
  drivedash_json_member_bool (b, "warmup", TRUE, s->bench->warmup);
  add_long (b, "sustained", s->sustained);
  add_long (b, "consistency", s->consistency);
  add_long (b, "adaptivity", s->adaptivity);
  json_builder_end_object (b);
}

static void
add_step (JsonBuilder               *b,
          const DrivedashReviewStep *step)
{
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "kind", drivedash_review_step_kind_to_string (step->kind));
  drivedash_json_member_bool (b, "game_mode", step->game_mode >= 0, step->game_mode == 1);
  drivedash_json_member_bool (b, "done", TRUE, step->done);
  drivedash_json_member_int (b, "run_id", step->run_id > 0, step->run_id);
  drivedash_json_member_int (b, "bytes_written", step->bytes_written > 0, (gint64) MIN (step->bytes_written, G_MAXINT64));
  json_builder_set_member_name (b, "figures");
  json_builder_begin_array (b);
  for (guint i = 0; step->figures != NULL && i < step->figures->len; i++)
    {
      const DrivedashReviewFigure *f = &g_array_index (step->figures, DrivedashReviewFigure, i);

      json_builder_begin_object (b);
      drivedash_json_member_string (b, "test", f->test);
      drivedash_json_member_string (b, "mode", f->mode);
      drivedash_json_member_double (b, "mb_per_s", f->value);
      drivedash_json_member_double (b, "ci95_mb_per_s", f->ci95);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

JsonNode *
drivedash_review_state_to_json (const DrivedashReviewState *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  drivedash_json_member_int (b, "version", TRUE, STATE_VERSION);
  drivedash_json_member_string (b, "length", drivedash_review_length_to_string (self->settings->length));
  drivedash_json_member_bool (b, "game_mode_ab", TRUE, self->settings->game_mode_ab);
  drivedash_json_member_string (b, "controller", self->controller);
  drivedash_json_member_int (b, "started_at", TRUE, self->started_at);
  drivedash_json_member_int (b, "review_id", self->review_id > 0, self->review_id);
  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->steps->len; i++)
    add_step (b, &g_array_index (self->steps, DrivedashReviewStep, i));
  json_builder_end_array (b);
  add_settings (b, self->settings);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
drivedash_review_state_dup_record (const DrivedashReviewState *self)
{
  g_autoptr(JsonNode) node = drivedash_review_state_to_json (self);

  return json_to_string (node, FALSE);
}

gboolean
drivedash_review_state_save_id (const char  *path,
                                gint64       review_id,
                                GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (review_id > 0, FALSE);

  text = g_strdup_printf ("{\"version\": %d, \"review_id\": %" G_GINT64_FORMAT "}\n", POINTER_VERSION,
                          review_id);
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local_error))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The review’s progress could not be kept in %s: %s"), path,
                   local_error ? local_error->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* Members of a file that may be damaged: NULL when absent or of another
 * type, where json-glib's own getters would complain. */
static JsonObject *
get_object (JsonObject *o,
            const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
get_array (JsonObject *o,
           const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static JsonObject *
get_element (JsonArray *array,
             guint      i)
{
  JsonNode *node = json_array_get_element (array, i);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static double
get_double (JsonObject *o,
            const char *name,
            double      fallback)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) == G_TYPE_STRING)
    return fallback;
  return json_node_get_double (node);
}

static void
read_long (JsonObject                *settings,
           const char                *name,
           DrivedashLongTestSettings *s)
{
  JsonObject *o = get_object (settings, name);

  if (o == NULL)
    return;
  s->file_size = (guint64) json_object_get_int_member_with_default (o, "file_size", (gint64) s->file_size);
  s->duration_s = get_double (o, "duration_s", s->duration_s);
  s->round_s = get_double (o, "round_s", s->round_s);
  s->round_step_s = get_double (o, "round_step_s", s->round_step_s);
  s->idle_s = get_double (o, "idle_s", s->idle_s);
  s->amount = (guint64) json_object_get_int_member_with_default (o, "amount", (gint64) s->amount);
  s->timed_bytes = (guint64) json_object_get_int_member_with_default (o, "timed_bytes", (gint64) s->timed_bytes);
  s->fill_cap = (guint64) json_object_get_int_member_with_default (o, "fill_cap", (gint64) s->fill_cap);
  s->interval_s = get_double (o, "interval_s", s->interval_s);
  s->io_timeout_s = get_double (o, "io_timeout_s", s->io_timeout_s);
}

static void
read_settings (JsonObject              *o,
               DrivedashReviewSettings *s)
{
  JsonObject *set = get_object (o, "settings");
  DrivedashBenchSettings *b = s->bench;

  s->game_mode_ab = json_object_get_boolean_member_with_default (o, "game_mode_ab", FALSE);
  if (set == NULL)
    return;
  drivedash_review_settings_set_folder (s, json_object_get_string_member_with_default (set, "folder", NULL));
  g_free (s->speed_preset);
  s->speed_preset = g_strdup (json_object_get_string_member_with_default (set, "speed_preset", "cdm-nvme"));
  s->speed_repeats = (guint) json_object_get_int_member_with_default (set, "speed_repeats", s->speed_repeats);
  b->test_size = (guint64) json_object_get_int_member_with_default (set, "test_size", (gint64) b->test_size);
  b->passes = (guint) json_object_get_int_member_with_default (set, "passes", b->passes);
  b->pass_duration = get_double (set, "pass_duration", b->pass_duration);
  b->pass_bytes = (guint64) json_object_get_int_member_with_default (set, "pass_bytes", (gint64) b->pass_bytes);
  b->pause = get_double (set, "pause", b->pause);
  b->warmup = json_object_get_boolean_member_with_default (set, "warmup", b->warmup);
  read_long (set, "sustained", s->sustained);
  read_long (set, "consistency", s->consistency);
  read_long (set, "adaptivity", s->adaptivity);
}

static gboolean
read_step (JsonObject          *o,
           DrivedashReviewStep *step)
{
  JsonNode *game = json_object_get_member (o, "game_mode");
  JsonArray *figures = get_array (o, "figures");

  if (!drivedash_review_step_kind_from_string (json_object_get_string_member_with_default (o, "kind", NULL),
                                               &step->kind))
    return FALSE;
  if (game == NULL || !JSON_NODE_HOLDS_VALUE (game) || json_node_get_value_type (game) != G_TYPE_BOOLEAN)
    step->game_mode = -1;
  else
    step->game_mode = json_node_get_boolean (game) ? 1 : 0;
  step->done = json_object_get_boolean_member_with_default (o, "done", FALSE);
  step->run_id = json_object_get_int_member_with_default (o, "run_id", 0);
  /* Hostile or damaged: a count below 0 is none. */
  step->bytes_written = (guint64) MAX (json_object_get_int_member_with_default (o, "bytes_written", 0), 0);
  step->figures = drivedash_review_figures_new ();
  for (guint i = 0; figures != NULL && i < json_array_get_length (figures); i++)
    {
      JsonObject *f = get_element (figures, i);

      if (f != NULL)
        drivedash_review_figures_add (step->figures, json_object_get_string_member_with_default (f, "test", ""),
                                      json_object_get_string_member_with_default (f, "mode", NULL),
                                      get_double (f, "mb_per_s", NAN), get_double (f, "ci95_mb_per_s", NAN));
    }
  return TRUE;
}

static DrivedashReviewState *
state_from_object (JsonObject *o)
{
  g_autoptr(DrivedashReviewState) self = g_new0 (DrivedashReviewState, 1);
  JsonArray *steps = get_array (o, "steps");
  DrivedashReviewLength length;

  if (json_object_get_int_member_with_default (o, "version", 0) != STATE_VERSION || steps == NULL ||
      !drivedash_review_length_from_string (json_object_get_string_member_with_default (o, "length", NULL),
                                            &length))
    return NULL;
  self->settings = drivedash_review_settings_new (length);
  read_settings (o, self->settings);
  self->steps = drivedash_review_plan (self->settings);
  g_array_set_size (self->steps, 0);
  self->controller = g_strdup (json_object_get_string_member_with_default (o, "controller", NULL));
  self->started_at = json_object_get_int_member_with_default (o, "started_at", 0);
  self->review_id = MAX (0, json_object_get_int_member_with_default (o, "review_id", 0));
  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *s = get_element (steps, i);
      DrivedashReviewStep step = { 0 };

      if (s == NULL || !read_step (s, &step))
        {
          drivedash_review_step_clear (&step);
          return NULL;
        }
      g_array_append_val (self->steps, step);
    }
  return g_steal_pointer (&self);
}

/* The steps are the plan of the settings, in its order. */
static gboolean
steps_match_plan (const DrivedashReviewState *self)
{
  g_autoptr(GArray) plan = drivedash_review_plan (self->settings);

  if (plan->len != self->steps->len)
    return FALSE;
  for (guint i = 0; i < plan->len; i++)
    {
      const DrivedashReviewStep *want = &g_array_index (plan, DrivedashReviewStep, i);
      const DrivedashReviewStep *have = &g_array_index (self->steps, DrivedashReviewStep, i);

      if (want->kind != have->kind || want->game_mode != have->game_mode)
        return FALSE;
    }
  return TRUE;
}

/* @text as a JSON object, when it may be ours: not too big, not too
 * deep.  NULL otherwise. */
static JsonNode *
parse_object (const char *text,
              gsize       len)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (len > STATE_MAX_BYTES || drivedash_json_check_text (text, len, STATE_MAX_DEPTH) != DRIVEDASH_JSON_TEXT_OK ||
      !json_parser_load_from_data (parser, text, (gssize) len, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      drivedash_json_check_tree (root) != DRIVEDASH_JSON_TEXT_OK)
    return NULL;
  return json_node_copy (root);
}

/* The review, checked as a new start is: NULL when it is no state we
 * would write (settings a new review would refuse, steps that are not
 * its plan). */
static DrivedashReviewState *
state_from_root (JsonNode *root)
{
  g_autoptr(DrivedashReviewState) self = state_from_object (json_node_get_object (root));

  if (self == NULL || !drivedash_review_settings_validate (self->settings, NULL) || !steps_match_plan (self))
    return NULL;
  return g_steal_pointer (&self);
}

DrivedashReviewState *
drivedash_review_state_from_record (const char  *record,
                                    GError     **error)
{
  g_autoptr(JsonNode) root = record ? parse_object (record, strlen (record)) : NULL;
  DrivedashReviewState *self = root ? state_from_root (root) : NULL;

  if (self == NULL)
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                         _("The stopped review’s record in the results history is damaged, so it cannot be "
                           "resumed. Its finished steps are still in History; start a new review."));
  return self;
}

/* The review the state file points to, from the history. */
static DrivedashReviewState *
load_from_store (DrivedashStore  *store,
                 gint64           id,
                 GError         **error)
{
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autoptr(GError) local_error = NULL;
  DrivedashReviewState *self;

  if (store == NULL || (run = drivedash_store_get_run (store, id, &local_error)) == NULL ||
      run->kind != DRIVEDASH_RUN_KIND_REVIEW)
    {
      if (store == NULL || local_error == NULL ||
          g_error_matches (local_error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND))
        g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                             _("The stopped review was deleted from History, so there is nothing to resume."));
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if ((self = drivedash_review_state_from_record (run->settings_json, error)) != NULL)
    self->review_id = id;
  return self;
}

DrivedashReviewState *
drivedash_review_state_load (const char      *path,
                             DrivedashStore  *store,
                             GError         **error)
{
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) root = NULL;
  DrivedashReviewState *self = NULL;
  gsize len = 0;
  GStatBuf st;
  int found = g_stat (path, &st);

  if (found != 0 && errno == ENOENT)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                           _("There is no stopped review to resume."));
      return NULL;
    }
  /* Not read at all when it is too big to be ours. */
  if (found == 0 && st.st_size <= STATE_MAX_BYTES && g_file_get_contents (path, &text, &len, NULL))
    root = parse_object (text, len);
  if (root != NULL &&
      json_object_get_int_member_with_default (json_node_get_object (root), "version", 0) == POINTER_VERSION)
    {
      gint64 id = json_object_get_int_member_with_default (json_node_get_object (root), "review_id", 0);

      if (id > 0)
        return load_from_store (store, id, error);
    }
  /* A whole review in the file: an earlier Drivedash kept it there. */
  else if (root != NULL && (self = state_from_root (root)) != NULL)
    self->in_old_file = TRUE;
  if (self == NULL)
    {
      /* Kept aside as it was found: a new review's file would replace it. */
      g_autofree char *aside = found == 0 ? drivedash_file_move_aside (path, &st) : NULL;

      if (aside != NULL)
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                     _("The stopped review’s progress file was damaged, so it cannot be resumed. It is kept "
                       "as %s; the steps the review finished are still in the results history. Start a new "
                       "review."), aside);
      else
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                     _("The stopped review in %s cannot be read, so it cannot be resumed. Its finished "
                       "steps are still in the results history; start a new review."), path);
    }
  return self;
}

gboolean
drivedash_review_state_remove (const char  *path,
                               GError     **error)
{
  if (g_unlink (path) == 0 || errno == ENOENT)
    return TRUE;
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
               _("The finished review’s progress file %s could not be removed: %s"), path,
               g_strerror (errno));
  return FALSE;
}
