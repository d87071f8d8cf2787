#!/usr/bin/env python3
"""Draws docs/architecture/packages.svg from the code: one box per package of vt-starter's main sources, an arrow
for each package that imports another (same-package and JDK imports left out), the three artifacts as clusters.
Run from the repository root: python3 docs/architecture/draw.py (needs graphviz's dot)."""
import os
import re
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODULES = [('vt-starter-autoconfigure', 'vt-starter-autoconfigure (runtime)'),
           ('vt-starter-test', 'vt-starter-test (test scope)')]
BASE = 'io.github.vtstarter.'
IMPORT = re.compile(r'^import (?:static )?(io\.github\.vtstarter\.[\w.]+)\.[A-Z]\w*', re.M)
PACKAGE = re.compile(r'^package ([\w.]+);', re.M)


def packages(module):
    found = defaultdict(int)
    edges = set()
    src = os.path.join(ROOT, module, 'src', 'main', 'java')
    for dirpath, _, files in os.walk(src):
        for name in files:
            if not name.endswith('.java'):
                continue
            text = open(os.path.join(dirpath, name), encoding='utf-8').read()
            package = PACKAGE.search(text).group(1)
            found[package] += text.count('\n')
            for imported in IMPORT.findall(text):
                if imported != package:
                    edges.add((package, imported))
    return found, edges


def short(package):
    return package[len(BASE):] if package.startswith(BASE) else package


def main():
    lines = ['digraph vtstarter {', '  rankdir=BT; node [shape=box, fontname="Helvetica", fontsize=10];',
             '  edge [color="#555555", arrowsize=0.6];']
    all_packages = {}
    all_edges = set()
    for i, (module, label) in enumerate(MODULES):
        found, edges = packages(module)
        all_edges |= edges
        lines.append('  subgraph cluster_%d { label="%s"; fontname="Helvetica"; style=rounded; color="#999999";' % (i, label))
        for package, size in sorted(found.items()):
            wiring = '.autoconfigure' in package
            lines.append('    "%s" [label="%s\\n%d lines", style=filled, fillcolor="%s"];' % (
                package, short(package), size, '#dbe8f6' if wiring else '#f3f3f3'))
            all_packages[package] = module
        lines.append('  }')
    for a, b in sorted(all_edges):
        if a in all_packages and b in all_packages:
            lines.append('  "%s" -> "%s";' % (a, b))
    lines.append('}')
    dot = '\n'.join(lines) + '\n'
    out = os.path.join(ROOT, 'docs', 'architecture', 'packages.dot')
    open(out, 'w').write(dot)
    svg = os.path.join(ROOT, 'docs', 'architecture', 'packages.svg')
    subprocess.run(['dot', '-Tsvg', out, '-o', svg], check=True)
    print('wrote %s and %s (%d packages, %d arrows)' % (out, svg, len(all_packages), len(
        [e for e in all_edges if e[0] in all_packages and e[1] in all_packages])))


if __name__ == '__main__':
    sys.exit(main())
