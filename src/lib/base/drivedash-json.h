/* drivedash-json.h — small helpers for the JSON documents Drivedash writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every key of our documents is always present; an unknown value is null,
 * so scripts can rely on the key list.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* "key": value, or "key": null when value is NULL. */
void  drivedash_json_member_string (JsonBuilder *b,
                                    const char  *key,
                                    const char  *value);
/* "key": value, or "key": null when known is FALSE. */
void  drivedash_json_member_int    (JsonBuilder *b,
                                    const char  *key,
                                    gboolean     known,
                                    gint64       value);
void  drivedash_json_member_bool   (JsonBuilder *b,
                                    const char  *key,
                                    gboolean     known,
                                    gboolean     value);
/* "key": value, or "key": null when value is NaN or infinite (JSON has
 * no such numbers). */
void  drivedash_json_member_double (JsonBuilder *b,
                                    const char  *key,
                                    double       value);

/* The builder's document, pretty-printed, always valid JSON (json-glib
 * 1.6 alone writes 2e17 as "2e+17.0").  Free with g_free(). */
char *drivedash_json_to_string     (JsonBuilder *b);

/* Writes the members of one object for item. */
typedef void (*DrivedashJsonMembersFunc) (gpointer     item,
                                          JsonBuilder *b);

/* {"key": [ {members written by func}, … ]} for every item, pretty-printed.
 * Free with g_free(). */
char *drivedash_json_list_to_string (const char               *key,
                                     GPtrArray                *items,
                                     DrivedashJsonMembersFunc  func);

/* What drivedash_json_check_text() found wrong with a JSON text. */
typedef enum
{
  DRIVEDASH_JSON_TEXT_OK,
  DRIVEDASH_JSON_TEXT_TOO_DEEP,
  DRIVEDASH_JSON_TEXT_NOT_UTF8,
  DRIVEDASH_JSON_TEXT_BAD_ESCAPE,
  DRIVEDASH_JSON_TEXT_NUMBER_RANGE,
} DrivedashJsonTextProblem;

/* 2^53: every integer up to it is exact in a double. */
#define DRIVEDASH_JSON_MAX_NUMBER 9007199254740992.0

/* Checks untrusted JSON text before json-glib parses it: UTF-8, at most
 * max_depth arrays and objects inside each other, every \u escape with
 * its four hex digits.  A scan of the bytes, not a parse: the text may
 * still be invalid JSON. */
DrivedashJsonTextProblem drivedash_json_check_text (const char *text,
                                                    gsize       len,
                                                    guint       max_depth);

/* Checks a parsed untrusted document: every string and member name is
 * UTF-8, every number is at most DRIVEDASH_JSON_MAX_NUMBER in size. */
DrivedashJsonTextProblem drivedash_json_check_tree (JsonNode   *node);

G_END_DECLS
