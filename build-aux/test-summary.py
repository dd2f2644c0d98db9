#!/usr/bin/env python3
"""Sum meson testlog.json files into one closing line: N passed, N failed[, N skipped]."""
import argparse
import json
import sys

parser = argparse.ArgumentParser()
parser.add_argument('--extra-failed', type=int, default=0)
parser.add_argument('logs', nargs='*')
args = parser.parse_args()

passed = failed = skipped = 0
failed_names = []
for path in args.logs:
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            t = json.loads(line)
            r = t.get('result')
            if r in ('OK', 'EXPECTEDFAIL'):
                passed += 1
            elif r == 'SKIP':
                skipped += 1
            else:
                failed += 1
                failed_names.append(f"{t.get('name')} ({r})")

failed += args.extra_failed
if failed_names:
    print('Failed:')
    for n in failed_names:
        print('  ' + n)
line = f'{passed} passed, {failed} failed'
if skipped:
    line += f', {skipped} skipped'
print(line)
sys.exit(1 if failed else 0)
