#!/usr/bin/env python3
# check-links.py — every relative link in the notes leads somewhere
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Reads README.md, HACKING.md and docs/*.md and fails, naming the note,
# the line and the link, when a relative link or image ([text](target),
# ![alt](target), [name]: target) points at a file or folder that is not
# in the tree, or its #anchor names no heading of the Markdown file it
# points at (or of the note itself, for a bare #anchor).  Anchors are
# GitHub's: the heading's text in lower case, punctuation dropped, spaces
# made hyphens, a repeated heading numbered -1, -2….  Links with a scheme
# (https:, mailto:) and anything inside `code` or a ``` block are not
# links.
#
# Usage: check-links.py [--tap] SOURCE_ROOT
#   --tap also checks a copy of README.md with a planted link to a missing
#   file, one to a missing heading of HACKING.md and one to a missing
#   heading of its own: the test proves it can fail.

import glob
import os
import re
import sys
import tempfile
import unicodedata

INLINE = re.compile(r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)')
REFDEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)')
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
HTML_ID = re.compile(r'<a\s+(?:name|id)="([^"]+)"')
SCHEME = re.compile(r'^[a-zA-Z][a-zA-Z0-9+.-]*:')


def notes(root):
    found = [os.path.join(root, n) for n in ('README.md', 'HACKING.md')]
    found += sorted(glob.glob(os.path.join(root, 'docs', '*.md')))
    return [n for n in found if os.path.isfile(n)]


def prose_lines(content):
    """(line number, text) outside ``` blocks, with `code` blanked."""
    fence = None
    for lineno, line in enumerate(content.split('\n'), 1):
        m = re.match(r'^\s{0,3}(`{3,}|~{3,})', line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1).startswith(fence[0]) and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if fence is not None:
            continue
        yield lineno, re.sub(r'(`+)(?:(?!\1).)+?\1', lambda c: ' ' * len(c.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading's Markdown text."""
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading)   # links: their text
    text = re.sub(r'<[^>]+>', '', text)                           # inline HTML
    text = text.lower()
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in ' -' or cat[0] in 'LMN' or cat == 'Pc':
            kept.append(ch)
    return ''.join(kept).replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        seen, out = {}, set()
        content = open(path, encoding='utf-8').read()
        fence = None
        for line in content.split('\n'):
            m = re.match(r'^\s{0,3}(`{3,}|~{3,})', line)
            if m:
                fence = m.group(1) if fence is None else None
                continue
            if fence is not None:
                continue
            out.update(HTML_ID.findall(line))
            h = HEADING.match(line)
            if not h:
                continue
            base = slug(h.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else '%s-%d' % (base, n))
        cache[path] = out
    return cache[path]


def targets(content):
    for lineno, line in prose_lines(content):
        for m in INLINE.finditer(line):
            yield lineno, m.group(1)
        m = REFDEF.match(line)
        if m:
            yield lineno, m.group(1)


def check_note(path, root, where=None):
    """Problems of one note; WHERE is the folder its links are relative to
    (the note's own, unless it is a planted copy)."""
    where = where or os.path.dirname(path)
    name = os.path.relpath(path, root) if where == os.path.dirname(path) else os.path.basename(path)
    problems = []
    for lineno, target in targets(open(path, encoding='utf-8').read()):
        target = target.strip('<>')
        if SCHEME.match(target) or target.startswith('//'):
            continue
        file_part, _, anchor = target.partition('#')
        file_part = re.sub(r'\?.*$', '', file_part)
        if file_part.startswith('/'):
            dest = os.path.join(root, file_part.lstrip('/'))
        elif file_part:
            dest = os.path.normpath(os.path.join(where, file_part))
        else:
            dest = path
        if file_part and not os.path.exists(dest):
            problems.append('%s:%d: links to %s, which is not in the tree' % (name, lineno, target))
            continue
        if anchor and dest.endswith('.md') and os.path.isfile(dest):
            from urllib.parse import unquote
            if unquote(anchor).lower() not in anchors(dest):
                problems.append('%s:%d: links to %s, but %s has no heading "#%s"'
                                % (name, lineno, target,
                                   os.path.relpath(dest, root) if dest != path else 'the note',
                                   anchor))
    return problems


def check(root):
    problems = []
    for note in notes(root):
        problems += check_note(note, root)
    return problems


def main(argv):
    tap = '--tap' in argv
    args = [a for a in argv[1:] if a != '--tap']
    root = os.path.abspath(args[0] if args else '.')
    problems = check(root)
    if not tap:
        for p in problems:
            print(p)
        return 1 if problems else 0
    print('TAP version 13')
    print('1..2')
    for p in problems:
        print('# %s' % p)
    print('%s 1 - every relative link in README.md, HACKING.md and docs/*.md leads to '
          'a file and heading that exist (%d notes)' % ('not ok' if problems else 'ok', len(notes(root))))

    want = ('docs/no-such-note.md', 'HACKING.md#no-such-heading', '#no-such-section')
    with tempfile.TemporaryDirectory(prefix='drivedash-links-') as tmp:
        planted = os.path.join(tmp, 'README.md')
        content = open(os.path.join(root, 'README.md'), encoding='utf-8').read()
        content += '\nSee [a](%s), [b](%s) and ![c](%s).\n' % want
        open(planted, 'w', encoding='utf-8').write(content)
        found = check_note(planted, root, where=root)
    before = len(check_note(os.path.join(root, 'README.md'), root))
    for f in found:
        print('# planted: %s' % f)
    caught = [w for w in want if any(w in f for f in found)]
    # Each planted link caught, and nothing else new.
    planted_ok = len(caught) == len(want) and len(found) == before + len(want)
    print('%s 2 - a planted link to a missing file, a missing heading of another note '
          'and a missing heading of its own are caught' % ('ok' if planted_ok else 'not ok'))
    return 0 if not problems and planted_ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
