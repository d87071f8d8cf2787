"""Raw results: one JSON object a line (<name>.jsonl) beside a <name>-meta.json, and the ways the reports cut them."""
import json
import os
import statistics


def load_results(path):
    out = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    out.append(json.loads(line))
    return out


def append_result(out, res):
    """Writes one result line to an open file, at once (a run cut short keeps what it measured)."""
    out.write(json.dumps(res) + '\n')
    out.flush()


def write_meta(path, meta):
    with open(path, 'w') as f:
        json.dump(meta, f, indent=1, default=str)


def read_meta(path):
    with open(path) as f:
        return json.load(f)


def group(results, **kw):
    return [r for r in results if all(r.get(k) == v for k, v in kw.items())]


def paired_ratios(results, jdk, exp, conns, a, b, field):
    """Per-round ratio a/b of one field (same round, same load): robust to slow drifts of background load."""
    ratios = []
    rounds = sorted(set(r['round'] for r in group(results, jdk=jdk, exp=exp, conns=conns)))
    for rd in rounds:
        ra = group(results, jdk=jdk, exp=exp, conns=conns, mode=a, round=rd)
        rb = group(results, jdk=jdk, exp=exp, conns=conns, mode=b, round=rd)
        if ra and rb and ra[0].get(field) and rb[0].get(field):
            ratios.append(ra[0][field] / rb[0][field])
    return ratios


def field_stats(g, field, scale=1.0):
    """(median, min, max) of one field over results, or None."""
    vals = [r.get(field) * scale for r in g if r.get(field) is not None]
    if not vals:
        return None
    return statistics.median(vals), min(vals), max(vals)
