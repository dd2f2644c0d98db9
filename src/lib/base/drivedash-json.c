/* drivedash-json.c — small helpers for the JSON documents Drivedash writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drivedash-json.h"

void
drivedash_json_member_string (JsonBuilder *b,
                              const char  *key,
                              const char  *value)
{
  json_builder_set_member_name (b, key);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
drivedash_json_member_int (JsonBuilder *b,
                           const char  *key,
                           gboolean     known,
                           gint64       value)
{
  json_builder_set_member_name (b, key);
  if (known)
    json_builder_add_int_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
drivedash_json_member_bool (JsonBuilder *b,
                            const char  *key,
                            gboolean     known,
                            gboolean     value)
{
  json_builder_set_member_name (b, key);
  if (known)
    json_builder_add_boolean_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
drivedash_json_member_double (JsonBuilder *b,
                              const char  *key,
                              double       value)
{
  json_builder_set_member_name (b, key);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* json-glib escapes U+0000–U+001F but writes DEL and the C1 controls
 * (U+0080–U+009F, e.g. CSI) as they are: valid JSON, but a terminal may
 * act on them when the document is printed.  Outside strings a JSON text
 * holds only ASCII punctuation, so escaping them keeps every value exact. */
static char *
escape_del_and_c1 (char *text)
{
  GString *out;

  if (text == NULL)
    return NULL;
  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not ours to repair: pass the byte on. */
          g_string_append_c (out, *p++);
          continue;
        }
      if (c == 0x7F || (c >= 0x80 && c <= 0x9F))
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  g_free (text);
  return g_string_free (out, FALSE);
}

/* json-glib 1.6 writes a double without a "." as "%.17g" plus ".0", so
 * 2e17 comes out as "2e+17.0", which is not JSON, and the whole document
 * no longer parses.  Outside strings, drop a ".0" that follows an
 * exponent: the number keeps its value. */
static char *
fix_exponents (char *text)
{
  gboolean in_string = FALSE, exponent = FALSE;
  char *to = text;

  if (text == NULL)
    return NULL;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p[1] != '\0')
            *to++ = *p++;
          else if (*p == '"')
            in_string = FALSE;
        }
      else if (*p == '"')
        in_string = TRUE;
      else if ((*p == 'e' || *p == 'E') && p > text && g_ascii_isdigit (p[-1]))
        exponent = TRUE;
      else if (exponent && p[0] == '.' && p[1] == '0' && !g_ascii_isdigit (p[2]))
        {
          p++;
          continue;
        }
      else if (!g_ascii_isdigit (*p) && *p != '+' && *p != '-')
        exponent = FALSE;
      *to++ = *p;
    }
  *to = '\0';
  return text;
}

char *
drivedash_json_to_string (JsonBuilder *b)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (b);

  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return escape_del_and_c1 (fix_exponents (json_generator_to_data (gen, NULL)));
}

char *
drivedash_json_list_to_string (const char               *key,
                               GPtrArray                *items,
                               DrivedashJsonMembersFunc  func)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < items->len; i++)
    {
      json_builder_begin_object (b);
      func (g_ptr_array_index (items, i), b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return drivedash_json_to_string (b);
}

/* json-glib 1.6 parses recursively with no depth limit: a file of 80,000
 * "[" overflows the stack (of a worker thread in the app) before it can
 * say no.  So count the depth first; brackets inside strings are text.
 * It also reads a short "\u20" escape into the next bytes and stores
 * invalid UTF-8: a \u needs its four hex digits. */
DrivedashJsonTextProblem
drivedash_json_check_text (const char *text,
                           gsize       len,
                           guint       max_depth)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  if (!g_utf8_validate_len (text, len, NULL))
    return DRIVEDASH_JSON_TEXT_NOT_UTF8;
  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\' && i + 1 < len && text[i + 1] == 'u')
            {
              for (gsize h = i + 2; h < i + 6; h++)
                if (h >= len || !g_ascii_isxdigit (text[h]))
                  return DRIVEDASH_JSON_TEXT_BAD_ESCAPE;
              i += 5;
            }
          else if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if ((c == '[' || c == '{') && ++depth > max_depth)
        return DRIVEDASH_JSON_TEXT_TOO_DEEP;
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return DRIVEDASH_JSON_TEXT_OK;
}

/* Strings (member names too) json-glib made of valid escapes may still be
 * invalid UTF-8 (a lone surrogate "\ud800"); numbers beyond 2^53 are no
 * count or measurement of ours, and from 1e17 on json-glib cannot write
 * them back.  The depth is bounded by drivedash_json_check_text(). */
DrivedashJsonTextProblem
drivedash_json_check_tree (JsonNode *node)
{
  DrivedashJsonTextProblem problem = DRIVEDASH_JSON_TEXT_OK;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (problem == DRIVEDASH_JSON_TEXT_OK && json_object_iter_next (&iter, &name, &member))
        problem = g_utf8_validate (name, -1, NULL) ? drivedash_json_check_tree (member)
                                                   : DRIVEDASH_JSON_TEXT_NOT_UTF8;
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; problem == DRIVEDASH_JSON_TEXT_OK && i < json_array_get_length (array); i++)
        problem = drivedash_json_check_tree (json_array_get_element (array, i));
    }
  else if (JSON_NODE_HOLDS_VALUE (node))
    {
      GType type = json_node_get_value_type (node);

      if (type == G_TYPE_STRING && !g_utf8_validate (json_node_get_string (node), -1, NULL))
        problem = DRIVEDASH_JSON_TEXT_NOT_UTF8;
      else if ((type == G_TYPE_DOUBLE || type == G_TYPE_INT64) &&
               !(fabs (json_node_get_double (node)) <= DRIVEDASH_JSON_MAX_NUMBER))
        problem = DRIVEDASH_JSON_TEXT_NUMBER_RANGE;
    }
  return problem;
}
