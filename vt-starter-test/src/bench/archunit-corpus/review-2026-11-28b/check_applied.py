"""Checks that rules.py holds every verdict of this review as applied: for each row of applied/<part>.tsv
(n<TAB>VERDICT<TAB>reason), one rule keyed by the whole finding of row n of the part's input (<library>-<k>.txt,
n<TAB>LABEL finding — reason), with the reviewer's verdict and reason, ending "(reviewed 2026-11-28, <part> row
<n>)". The rules were written from these files by a script of the same logic (the reviewers' row numbers are taken
out of the reasons: they mean nothing in the lists). Exit status 1 and the rows that differ when any does.

    python3 review-2026-11-28b/check_applied.py     (from src/bench/archunit-corpus)
"""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from rules import RULES  # noqa: E402

LIBRARY = {'h2': 'h2', 'tomcat': 'tomcat-embed-core', 'cj': 'mysql-connector-j'}


def expected_rules():
    for tsv in sorted(glob.glob(os.path.join(HERE, 'applied', '*.tsv'))):
        part = os.path.basename(tsv)[:-4]  # h2-3, tomcat-1, cj-2
        prefix, k = part.rsplit('-', 1)
        library = LIBRARY[prefix]
        keys = {}
        with open(os.path.join(HERE, '%s-%s.txt' % (library, k)), encoding='utf-8') as rows:
            for row in rows:
                n, rest = row.rstrip('\n').split('\t', 1)
                keys[n] = rest.split(' ', 1)[1].split(' \u2014 ', 1)[0]
        with open(tsv, encoding='utf-8') as verdicts:
            for row in verdicts:
                if not row.strip() or row.startswith('#'):
                    continue
                n, verdict, reason = row.rstrip('\n').split('\t')
                reason = re.sub(r'\bfindings? \d+(?:(?:, | and |/)\d+)* \(', '(', reason)
                yield (part, n, library, '(?#key)^' + re.escape(keys[n]) + '$', verdict,
                       reason + ' (reviewed 2026-11-28, %s row %s)' % (part, n))


def main():
    rules = {}
    for library, pattern, verdict, reason in RULES:
        rules.setdefault((library, pattern), []).append((verdict, reason))
    wrong = 0
    count = 0
    for part, n, library, pattern, verdict, reason in expected_rules():
        count += 1
        found = rules.get((library, pattern), [])
        if found != [(verdict, reason)]:
            wrong += 1
            print('%s row %s: expected %s, rules.py has %s' % (part, n, verdict, [v for v, _ in found] or 'none'))
    print('%d verdicts, %d as applied, %d not' % (count, count - wrong, wrong))
    return 1 if wrong else 0


if __name__ == '__main__':
    sys.exit(main())
