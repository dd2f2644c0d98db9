#!/usr/bin/env python3
# check-design.py — the house notes name only what exists
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails, naming the note and the word, when:
#   src/DESIGN.md  names (in `code`) a type (DrivedashFoo), a function
#                  (drivedash_foo()), a macro (DRIVEDASH_FOO), a source file
#                  (drivedash-foo.c/.h) or a folder (lib/foo, app/foo, src/…)
#                  that is not in the tree, or leaves out a folder of
#                  src/lib or src/app (each has its **name** paragraph);
#   HACKING.md     leaves a src/lib or src/app folder out of its layout
#                  block, or names one there that is not in the tree;
#   README.md      the same, where it has a layout block (the README is
#                  for users and need not have one).
#
# Usage: check-design.py [--tap] SOURCE_ROOT
#   --tap also checks a copy of DESIGN.md with a planted type, file and
#   folder that do not exist: the test proves it can fail.

import os
import re
import sys

CODE = re.compile(r'`([^`\n]+)`')
TYPE = re.compile(r'\bDrivedash[A-Z]\w*\b')
FUNC = re.compile(r'\bdrivedash_\w+(?=\s*\()')
MACRO = re.compile(r'\bDRIVEDASH_[A-Z0-9_]+\b')
FILE = re.compile(r'\b(?:drivedash|test|bench|fuzz)[\w.-]*\.(?:c|h|ui|css|py)\b')
FOLDER = re.compile(r'^(?:src/)?(lib|app)/([a-z]+)\b')
BOLD = re.compile(r'\*\*([a-z]+)\*\*')
# Words the notes use for the build's own products, not sources.
GENERATED = {'drivedash-dbus-generated.h', 'config.h'}


def source_text(root):
    """All of src/ and tests/ in one string, and the set of file names."""
    chunks, names = [], set()
    for top in ('src', 'tests', 'ui', 'build-aux'):
        for base, _, files in os.walk(os.path.join(root, top)):
            for n in files:
                names.add(n)
                if n.endswith(('.c', '.h', '.xml', '.build')):
                    with open(os.path.join(base, n), encoding='utf-8', errors='replace') as f:
                        chunks.append(f.read())
    return '\n'.join(chunks), names


def folders(root):
    out = {}
    for kind in ('lib', 'app'):
        path = os.path.join(root, 'src', kind)
        out[kind] = sorted(d for d in os.listdir(path)
                           if os.path.isfile(os.path.join(path, d, 'meson.build')))
    return out


def defined(word, text):
    """A type, function or macro that the sources define or declare."""
    if word.startswith('Drivedash'):
        pattern = (r'(G_DECLARE_\w+\s*\(\s*%s\b|typedef\s+[^;]*\b%s\s*;|\}\s*%s\s*;|'
                   r'struct\s+_%s\b)' % ((re.escape(word),) * 4))
    elif word.startswith('DRIVEDASH_'):
        pattern = r'(#\s*define\s+%s\b|\b%s\s*[,=]|\b%s\s*$)' % ((re.escape(word),) * 3)
        return re.search(pattern, text, re.M) is not None
    else:
        pattern = r'^\s*\w[\w\s\*]*\b%s\s*\(' % re.escape(word)
        return re.search(pattern, text, re.M) is not None
    return re.search(pattern, text) is not None


def check_design(path, root, text, names, dirs):
    problems = []
    note = os.path.relpath(path, root)
    content = open(path, encoding='utf-8').read()
    for lineno, line in enumerate(content.split('\n'), 1):
        for code in CODE.findall(line):
            for word in set(TYPE.findall(code) + FUNC.findall(code) + MACRO.findall(code)):
                if not defined(word, text):
                    problems.append('%s:%d: names %s, which no source defines' % (note, lineno, word))
            for name in set(FILE.findall(code)):
                if name not in names and name not in GENERATED:
                    problems.append('%s:%d: names %s, which is not in the tree' % (note, lineno, name))
            m = FOLDER.match(code)
            if m and m.group(2) not in dirs[m.group(1)]:
                problems.append('%s:%d: names %s/%s, which is not a folder of src'
                                % (note, lineno, m.group(1), m.group(2)))
    covered = set(BOLD.findall(content))
    for kind in ('lib', 'app'):
        for d in dirs[kind]:
            if d not in covered:
                problems.append('%s: says nothing of src/%s/%s (no **%s** paragraph)' % (note, kind, d, d))
    return problems


def layout_block(content):
    """The first ``` block that lists src/lib/ and src/app/."""
    block, inside = [], False
    for line in content.split('\n'):
        if line.startswith('```'):
            if inside and any(l.startswith('src/lib/') for l in block) \
                    and any(l.startswith('src/app/') for l in block):
                return '\n'.join(block)
            block, inside = [], not inside
        elif inside:
            block.append(line)
    return None


def check_layout(path, root, dirs, required=True):
    note = os.path.relpath(path, root)
    block = layout_block(open(path, encoding='utf-8').read())
    if block is None:
        return ['%s: has no layout block listing src/lib/ and src/app/' % note] if required else []
    problems = []
    lines = block.split('\n')
    for kind in ('lib', 'app'):
        start = next(i for i, l in enumerate(lines) if l.startswith('src/%s/' % kind))
        words = []
        for l in lines[start:]:
            if l != lines[start] and not l.startswith(' '):
                break
            body = l.split(None, 1)[1] if l == lines[start] else l
            words += re.findall(r'\b[a-z]+\b', body)
        listed = set(words)
        for d in dirs[kind]:
            if d not in listed:
                problems.append('%s: the layout leaves out src/%s/%s' % (note, kind, d))
    return problems


def check(root, design=None):
    text, names = source_text(root)
    dirs = folders(root)
    problems = check_design(design or os.path.join(root, 'src', 'DESIGN.md'), root, text, names, dirs)
    problems += check_layout(os.path.join(root, 'HACKING.md'), root, dirs)
    problems += check_layout(os.path.join(root, 'README.md'), root, dirs, required=False)
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
    print('%s 1 - DESIGN.md and HACKING.md (and README.md, where it has a layout) '
          'name only what exists, and every folder'
          % ('not ok' if problems else 'ok'))

    import tempfile
    with tempfile.TemporaryDirectory(prefix='drivedash-design-') as tmp:
        planted = os.path.join(tmp, 'DESIGN.md')
        content = open(os.path.join(root, 'src', 'DESIGN.md'), encoding='utf-8').read()
        content += ('\n- **gone** — `DrivedashNoSuchThing` in `drivedash-no-such-file.c`, '
                    'beside `lib/nosuchfolder`.\n')
        open(planted, 'w', encoding='utf-8').write(content)
        found = check(root, planted)
    want = ('DrivedashNoSuchThing', 'drivedash-no-such-file.c', 'lib/nosuchfolder')
    caught = [w for w in want if any(w in f for f in found)]
    print('%s 2 - a planted type, file and folder that do not exist are caught'
          % ('ok' if len(caught) == len(want) else 'not ok'))
    return 0 if not problems and len(caught) == len(want) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
