#!/usr/bin/env python3
# check-includes.py — the layout's include rules (HACKING.md, src/DESIGN.md)
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Reads every #include under src/ and fails, naming the file, the line and
# the rule, when:
#   lib       includes GTK, libadwaita or anything from app, cli or service,
#             or a lib folder other than base and its declared dependencies
#             (the drivedash_<folder>_deps list in its meson.build, and
#             what those depend on);
#   widgets   includes anything but GTK, its own folder and lib/base;
#   a page    (health, speed, longtests, review, history) includes the
#             shell or another page;
#   run, ab   (shared by the pages) and watch include a page or the shell;
#   cli       includes app or service; service includes app or cli;
#   anything  includes a -private.h from another folder (tests may), or
#             calls a test hook (a function declared in a -private.h whose
#             name ends in _for_testing) outside tests/;
#   two files anywhere under src/ share a name (an include by name could
#             find either);
#   two folders share a G_LOG_DOMAIN, or an app area's meson.build has
#             no include directory of its own (drivedash_app_<area>_inc)
#             or lets its library see an area it may not include;
#   or when an include circle crosses a folder (a class's .c, .h and
#   -private.h count as one node).  Circles inside one folder
#   are listed; src/DESIGN.md explains each.
#
# Usage: check-includes.py [--tap] SOURCE_ROOT
#   --tap also plants a page -> window include and a lib -> GTK include in
#   a copy of the tree and checks that both are caught: the test proves it
#   can fail.

import os
import re
import shutil
import sys
import tempfile

PAGES = ('health', 'speed', 'longtests', 'review', 'history')
# App areas the pages share: they see no page and no shell.
SHARED = ('run', 'ab')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
GTK = re.compile(r'^(gtk|gdk|gsk|adwaita|libadwaita)[/.]')
HOOK = re.compile(r'\b(drivedash_\w+_for_testing)\s*\(')
# Generated at build time; not in the source tree.
GENERATED = {'drivedash-dbus-generated.h': 'lib/client', 'config.h': None}


def folder_of(path, src):
    """'lib/bench', 'app/speed', 'cli', 'service' for a file under src/."""
    rel = os.path.relpath(path, src).split(os.sep)
    if rel[0] in ('lib', 'app') and len(rel) > 2:
        return rel[0] + '/' + rel[1]
    return rel[0]


def lib_deps(src):
    """Each lib folder's declared dependencies, closed over."""
    direct = {}
    libdir = os.path.join(src, 'lib')
    for name in sorted(os.listdir(libdir)):
        build = os.path.join(libdir, name, 'meson.build')
        if not os.path.isfile(build):
            continue
        text = open(build, encoding='utf-8').read()
        m = re.search(r'drivedash_%s_deps\s*=\s*\[([^\]]*)\]' % re.escape(name), text)
        deps = re.findall(r'drivedash_(\w+)_dep\b', m.group(1)) if m else []
        direct[name] = {d for d in deps if d != name}
    closed = {}

    def close(name, seen=()):
        if name in closed:
            return closed[name]
        out = set()
        for d in direct.get(name, ()):
            if d in seen:
                continue
            out |= {d} | close(d, seen + (name,))
        closed[name] = out
        return out

    for name in direct:
        close(name)
    return closed


def scan(src):
    files = []
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith(('.c', '.h')):
                files.append(os.path.join(root, n))
    files.sort()
    by_name = {}
    for f in files:
        by_name.setdefault(os.path.basename(f), []).append(f)
    return files, by_name


def rule_for(src_folder, dst_folder, deps):
    """The rule an include from src_folder to dst_folder breaks, or None."""
    if src_folder == dst_folder or dst_folder is None:
        return None
    kind, _, name = src_folder.partition('/')
    dkind, _, dname = dst_folder.partition('/')
    if kind == 'lib':
        if dkind != 'lib':
            return 'lib never includes app, cli or service'
        if dname != 'base' and dname not in deps.get(name, set()):
            return ('lib/%s includes only base and its declared dependencies (%s)'
                    % (name, ', '.join(sorted(deps.get(name, set()))) or 'none'))
        return None
    if src_folder == 'app/widgets':
        if dst_folder != 'lib/base':
            return 'widgets uses only GTK and lib/base'
        return None
    if kind == 'app' and name in PAGES:
        if dst_folder == 'app/shell':
            return ('a page never includes the shell: talk upward through an '
                    'action or the nearest toast overlay')
        if dkind == 'app' and dname in PAGES:
            return 'a page never includes another page'
        return None
    if kind == 'app' and name in SHARED:
        if dkind == 'app' and (dname in PAGES or dname == 'shell'):
            return ('app/%s is shared by the pages: it includes no page area '
                    'and not the shell' % name)
        return None
    if src_folder == 'app/watch':
        if dkind == 'app' and (dname in PAGES or dname == 'shell'):
            return 'app/watch knows no page and no window'
        return None
    if kind == 'cli' and dkind not in ('lib', 'cli'):
        return 'cli uses lib only'
    if kind == 'service' and dkind not in ('lib', 'service'):
        return 'service uses lib only'
    return None


LOG_DOMAIN = re.compile(r'G_LOG_DOMAIN="([^"]+)"')
AREA_INC = re.compile(r'drivedash_app_(\w+)_inc\b')


def check_names(src, by_name):
    """Two files of one name: an include by name could find either."""
    out = []
    for name, paths in sorted(by_name.items()):
        if len(paths) > 1:
            out.append('%s is in %s: a file name is used once under src/'
                       % (name, ', '.join(sorted(folder_of(p, src) for p in paths))))
    return out


def check_builds(src, deps):
    """Log domains once per folder; each app area its own include directory,
    and its library sees only the areas it may include."""
    out, owner = [], {}
    for root, _, names in sorted(os.walk(src)):
        if 'meson.build' not in names:
            continue
        text = open(os.path.join(root, 'meson.build'), encoding='utf-8').read()
        folder = folder_of(os.path.join(root, 'x'), src)
        # src/app/meson.build builds the shell's main.c, in the shell's domain.
        domain_folder = 'app/shell' if folder == 'app' else folder
        for domain in sorted(set(LOG_DOMAIN.findall(text))):
            if owner.setdefault(domain, domain_folder) != domain_folder:
                out.append('the log domain "%s" is used by both %s and %s'
                           % (domain, owner[domain], domain_folder))
        kind, _, area = folder.partition('/')
        if kind != 'app' or not area:
            continue
        if "drivedash_app_%s_inc = include_directories('.')" % area not in text:
            out.append('src/%s/meson.build: an app area declares its own include '
                       "directory, drivedash_app_%s_inc = include_directories('.')" % (folder, area))
        m = re.search(r'static_library\((.*?)\n\)', text, re.S)
        seen = re.search(r'include_directories:\s*\[([^\]]*)\]', m.group(1)) if m else None
        if seen is None:
            out.append('src/%s/meson.build: the area library names its include directories' % folder)
            continue
        for other in AREA_INC.findall(seen.group(1)):
            broken = rule_for(folder, 'app/' + other, deps)
            if broken:
                out.append('src/%s/meson.build: sees app/%s: %s' % (folder, other, broken))
    return out


def check(src):
    files, by_name = scan(src)
    deps = lib_deps(src)
    problems = check_names(src, by_name) + check_builds(src, deps)
    graph = {f: set() for f in files}
    hooks = set()
    for f in files:
        if f.endswith('-private.h'):
            hooks |= set(HOOK.findall(open(f, encoding='utf-8').read()))

    for f in files:
        here = folder_of(f, src)
        rel = os.path.relpath(f, os.path.dirname(src))
        lines = open(f, encoding='utf-8').read().split('\n')
        for lineno, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if m is None:
                continue
            quote, name = m.groups()
            if quote == '<':
                if GTK.match(name) and (here.startswith('lib/') or here in ('cli', 'service')):
                    problems.append('%s:%d: includes <%s>: %s never includes GTK or libadwaita'
                                    % (rel, lineno, name, here.split('/')[0]))
                continue
            base = os.path.basename(name)
            if base in GENERATED:
                target, dst = None, GENERATED[base]
            elif base in by_name:
                target = by_name[base][0]
                dst = folder_of(target, src)
                graph[f].add(target)
            else:
                continue  # a system header included with quotes
            broken = rule_for(here, dst, deps)
            if broken:
                problems.append('%s:%d: includes %s (%s): %s' % (rel, lineno, base, dst, broken))
            if base.endswith('-private.h') and dst != here:
                problems.append('%s:%d: includes %s from %s: a -private.h stays in its folder'
                                % (rel, lineno, base, dst))
        if f.endswith('.c'):
            current = None  # the function being read (GNU style: its name at column 0)
            for lineno, line in enumerate(lines, 1):
                m = re.match(r'(\w+)\s*\(', line)
                if m:
                    current = m.group(1)
                for hook in HOOK.findall(line):
                    # A hook may call another hook; nothing else may.
                    if hook in hooks and not line.startswith(hook) and current not in hooks:
                        problems.append('%s:%d: calls the test hook %s(): shipping code never does'
                                        % (rel, lineno, hook))

    inside = []
    for scc in circles(modules(graph)):
        folders = sorted({folder_of(f + '.c', src) for f in scc})
        names = ' '.join(sorted(os.path.basename(f) for f in scc))
        if len(folders) > 1:
            problems.append('include circle across %s: %s' % (', '.join(folders), names))
        else:
            inside.append('%s: %s' % (folders[0], names))
    return problems, inside


def module(path):
    """A class's files are one node: foo.c, foo.h and foo-private.h."""
    stem = os.path.splitext(path)[0]
    return stem[:-len('-private')] if stem.endswith('-private') else stem


def modules(graph):
    out = {}
    for f, targets in graph.items():
        out.setdefault(module(f), set()).update(module(t) for t in targets)
    for m in out:
        out[m].discard(m)
    return out


def circles(graph):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def planted(src):
    """A copy of src with a page -> window, a run -> page and a lib -> GTK
    include, and a page library that sees another page's headers."""
    tmp = tempfile.mkdtemp(prefix='drivedash-includes-')
    copy = os.path.join(tmp, 'src')
    shutil.copytree(src, copy, ignore=shutil.ignore_patterns('*.ui', '*.css', '*.xml'))
    build = os.path.join(copy, 'app', 'review', 'meson.build')
    text = open(build, encoding='utf-8').read()
    open(build, 'w', encoding='utf-8').write(
        text.replace('include_directories: [', 'include_directories: [drivedash_app_longtests_inc, ', 1))
    page = os.path.join(copy, 'app', 'speed', 'drivedash-bench-page.c')
    run = os.path.join(copy, 'app', 'run', 'drivedash-bench-plots.c')
    lib = os.path.join(copy, 'lib', 'bench', 'drivedash-bench.c')
    for path, line in ((page, '#include "drivedash-window.h"\n'),
                       (run, '#include "drivedash-bench-model.h"\n'),
                       (lib, '#include <gtk/gtk.h>\n')):
        text = open(path, encoding='utf-8').read()
        open(path, 'w', encoding='utf-8').write(line + text)
    return tmp, copy


def main(argv):
    tap = '--tap' in argv
    args = [a for a in argv[1:] if a != '--tap']
    src = os.path.join(os.path.abspath(args[0] if args else '.'), 'src')
    problems, inside = check(src)
    if not tap:
        for p in problems:
            print(p)
        for c in inside:
            print('circle inside %s' % c)
        return 1 if problems else 0

    print('TAP version 13')
    print('1..2')
    for c in inside:
        print('# circle inside %s' % c)
    for p in problems:
        print('# %s' % p)
    print('%s 1 - the tree keeps the include rules' % ('not ok' if problems else 'ok'))

    tmp, copy = planted(src)
    try:
        found, _ = check(copy)
    finally:
        shutil.rmtree(tmp)
    want = ('app/speed/drivedash-bench-page.c:1: includes drivedash-window.h (app/shell): '
            'a page never includes the shell',
            'app/run/drivedash-bench-plots.c:1: includes drivedash-bench-model.h (app/speed): '
            'app/run is shared by the pages',
            'lib/bench/drivedash-bench.c:1: includes <gtk/gtk.h>: lib never includes GTK',
            'app/review/meson.build: sees app/longtests: a page never includes another page')
    caught = [w for w in want if any(f.startswith('src/' + w) for f in found)]
    for f in found:
        if f not in problems:
            print('# planted: %s' % f)
    print('%s 2 - a planted page -> window, run -> page, lib -> GTK include and page -> page '
          'include directory are caught'
          % ('ok' if len(caught) == len(want) else 'not ok'))
    return 0 if not problems and len(caught) == len(want) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
