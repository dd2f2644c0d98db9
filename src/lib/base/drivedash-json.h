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

/* The builder's document, pretty-printed.  Free with g_free(). */
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
} DrivedashJsonTextProblem;

/* Checks untrusted JSON text before json-glib parses it: at most
 * max_depth arrays and objects inside each other.  A scan of the bytes,
 * not a parse: the text may still be invalid JSON. */
DrivedashJsonTextProblem drivedash_json_check_text (const char *text,
                                                    gsize       len,
                                                    guint       max_depth);

G_END_DECLS
