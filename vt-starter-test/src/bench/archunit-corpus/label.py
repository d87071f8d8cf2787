"""Labels the ArchUnit corpus findings to the written standard (docs/archunit.md, "Precision on real
libraries") and computes the figures.

    python3 label.py BEFORE_DIR AFTER_DIR RESOURCES_DIR

BEFORE_DIR and AFTER_DIR hold <library>.actual.txt files (ArchUnitCorpusTest writes them to
target/archunit-corpus); the lists are written to RESOURCES_DIR/<library>.txt from AFTER_DIR and, labelled the
same way, to BEFORE_DIR/<library>.txt from BEFORE_DIR; the table of figures is printed for both. The findings
of the rule before issue 23 are kept in before/ (from commit 08e0e5d):

    python3 label.py before ../../../target/archunit-corpus ../../test/resources/archunit-corpus

Every finding gets one label, from the first rule of rules.py whose pattern matches its short form
(see short()). A rule may say IMPOSSIBLE (the chain cannot happen, or its last call does not block):
the finding is then WRONG-CHAIN when the same monitor (site(): the method with its parameters, block or
whole method, whatever the rule) has a TRUE finding (before or after), named in the reason, and FALSE
otherwise. A rule may also say WRONG-CHAIN itself, naming in its reason a blocking chain of the method
that the rule does not report. The labels:
  TRUE         the chain shown can happen at run time and its last call can block;
  WRONG-CHAIN  the chain cannot happen or its last call cannot block, but the monitor's method does
               block through another chain (the reason names it);
  FALSE        neither: the method holding the monitor does not block there.
Precision per chain = TRUE / findings; per method = (TRUE + WRONG-CHAIN) / findings. Recall: of the
monitors (site()) the rule before reported with a TRUE finding, the share reported after by a TRUE
finding. Monitors that block only through a chain neither rule shows (WRONG-CHAIN, no TRUE finding)
are printed apart: both rules miss them.
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rules import RULES  # noqa: E402

LIBRARIES = ["hikaricp", "mysql-connector-j", "postgresql", "logback", "h2", "tomcat-embed-core", "hibernate-core"]
PREFIXES = ("org.apache.", "com.mysql.cj.", "org.hibernate.", "org.h2.", "ch.qos.logback.", "com.zaxxer.hikari.")


def _short_name(name):
    for prefix in PREFIXES:
        name = name.replace(prefix, "")
    return name.split("(")[0]


def short(key):
    """RULE holder[{blk}] :: call -> call[implementation] -> ... -> blocking call, without packages of the
    corpus libraries and without parameters."""
    holder = re.match(r"(\w+) (?:Method|Constructor|Static Initializer) <([^>]*)>", key)
    block = " holds the monitor of the synchronized block" in key
    if " through " in key:
        steps = re.findall(r"<([^>]*)>(?: implemented by <([^>]*)>)?", key.split(" through ", 1)[1])
    else:
        last = re.search(r"calls blocking method <([^>]*)>", key) or re.search(r"calls <([^>]*)>", key)
        steps = [(last.group(1), "")]
    chain = " -> ".join(_short_name(c) + ("[" + _short_name(i) + "]" if i else "") for c, i in steps)
    return "%s %s%s :: %s" % (key.split()[0], _short_name(holder.group(2)), "{blk}" if block else "", chain)


def site(key):
    """The monitor a finding is about, whatever the rule: the method holding it with its parameters (so
    that overloads stay apart), block or whole method."""
    holder = re.match(r"(\w+) (?:Method|Constructor|Static Initializer) <([^>]*)>", key)
    block = " holds the monitor of the synchronized block" in key
    name = holder.group(2)
    for prefix in PREFIXES:
        name = name.replace(prefix, "")
    return name + ("{blk}" if block else "")


def rule_for(library, key):
    """The first rule whose pattern matches the finding's short form; a pattern that starts with (?#key) is
    matched against the whole key instead, for what the short form drops (an overload's parameters)."""
    text = short(key)
    for rule_library, pattern, verdict, reason in RULES:
        if rule_library in (library, "*") and re.search(pattern, key if pattern.startswith("(?#key)") else text):
            return verdict, reason
    return None, None


# Per library, the TRUE findings of each site (whatever their rule: a WAIT finding that blocks makes
# a BLOCKING finding of the same monitor WRONG-CHAIN), from every set labelled (see main()).
TRUE_BY_PLACE = {}


def label(library, key):
    verdict, reason = rule_for(library, key)
    if verdict != "IMPOSSIBLE":
        return verdict, reason
    # The shortest, then the first in order: the same text on every run (a set's order varies with the hash seed).
    real = sorted(TRUE_BY_PLACE.get(library, {}).get(site(key), []), key=lambda chain: (len(chain), chain))
    if real:
        return "WRONG-CHAIN", reason + "; the method blocks through " + real[0].split(" :: ", 1)[1]
    return "FALSE", reason + "; no other chain of the method is known to block"


def load(directory, library):
    path = os.path.join(directory, library + ".actual.txt")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def figures(library, keys):
    labels = [label(library, key) for key in keys]
    missing = [short(key) for key, (verdict, _) in zip(keys, labels) if verdict is None]
    chain = sum(1 for verdict, _ in labels if verdict == "TRUE")
    method = sum(1 for verdict, _ in labels if verdict in ("TRUE", "WRONG-CHAIN"))
    blocking = {site(k) for k, (v, _) in zip(keys, labels) if v in ("TRUE", "WRONG-CHAIN")}
    truly = {site(k) for k, (v, _) in zip(keys, labels) if v == "TRUE"}
    return len(keys), chain, method, blocking, truly, missing


def percent(part, whole):
    # One decimal, rounded down: 94.97% must not read as the 95% goal.
    return "%.1f%%" % (math.floor(1000.0 * part / whole) / 10.0) if whole else "n/a"


def write(path, library, keys):
    with open(path, "w") as f:
        f.write("# Findings of the Java 21 rules on %s (ArchUnitCorpusTest), labelled to the standard of\n" % library)
        f.write("# docs/archunit.md, \"Precision on real libraries\". One line per finding:\n")
        f.write("# TRUE|WRONG-CHAIN|FALSE <finding key> \u2014 reason. Keys: rule, then the message without advice\n")
        f.write("# and line numbers. Written by src/bench/archunit-corpus/label.py from rules.py.\n")
        for key in keys:
            verdict, reason = label(library, key)
            f.write("%s %s \u2014 %s\n" % (verdict or "UNLABELLED", key, reason or ""))


def main(before_dir, after_dir, resources):
    rows = []
    unlabelled = []
    for library in LIBRARIES:
        places = TRUE_BY_PLACE.setdefault(library, {})
        for key in load(before_dir, library) + load(after_dir, library):
            if rule_for(library, key)[0] == "TRUE":
                places.setdefault(site(key), set()).add(short(key))
    for library in LIBRARIES:
        before = load(before_dir, library)
        after = load(after_dir, library)
        b = figures(library, before)
        a = figures(library, after)
        unlabelled += [(library, m) for m in b[5] + a[5]]
        recall = len(b[4] & a[4]) / len(b[4]) if b[4] else None
        rows.append((library, b, a, recall))
        if resources:
            write(os.path.join(before_dir, library + ".txt"), library, before)
            write(os.path.join(resources, library + ".txt"), library, after)
    if unlabelled:
        print("UNLABELLED (%d):" % len(unlabelled))
        for library, text in sorted(set(unlabelled)):
            print("  %s: %s" % (library, text))
    print("| library | findings before | per chain before | per method before | findings after | per chain after "
          "| per method after | recall after |")
    print("|---|---|---|---|---|---|---|---|")
    totals = [0] * 6
    for library, b, a, recall in rows:
        print("| %s | %d | %s (%d) | %s (%d) | %d | %s (%d) | %s (%d) | %s |" % (
            library, b[0], percent(b[1], b[0]), b[1], percent(b[2], b[0]), b[2], a[0], percent(a[1], a[0]), a[1],
            percent(a[2], a[0]), a[2], "n/a" if recall is None else "%.0f%%" % (100 * recall)))
        for i, value in enumerate((b[0], b[1], b[2], a[0], a[1], a[2])):
            totals[i] += value
    print("| **all** | %d | %s (%d) | %s (%d) | %d | %s (%d) | %s (%d) | |" % (
        totals[0], percent(totals[1], totals[0]), totals[1], percent(totals[2], totals[0]), totals[2], totals[3],
        percent(totals[4], totals[3]), totals[4], percent(totals[5], totals[3]), totals[5]))
    for library, b, a, recall in rows:
        lost = sorted(b[4] - a[4])
        if lost:
            print("%s: monitors with a TRUE finding before and none after:" % library)
            for p in lost:
                print("  " + p)
        unshown = sorted((b[3] | a[3]) - b[4] - a[4])
        if unshown:
            print("%s: monitors that block (WRONG-CHAIN) with no TRUE finding before or after:" % library)
            for p in unshown:
                print("  " + p)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
