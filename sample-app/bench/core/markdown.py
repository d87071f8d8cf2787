"""Markdown helpers: how figures are written, what the machine did meanwhile, and generated sections of a file.

A section is the text between <!-- NAME:begin --> and <!-- NAME:end -->: a mode that writes one replaces it in place
(or appends it), and a mode that rewrites the whole file keeps every section it did not make. Inside a section, a
slot (<!-- NAME:begin --> ... <!-- NAME:end --> too, e.g. a verdict written by hand after reading a run) survives the
section's regeneration."""
import os
import re
import statistics

from core.stats import med_spread


def fmt_ms(us_values):
    return med_spread([v / 1000 for v in us_values if v is not None], '{:.0f}')


def fmt_cpu(values):
    return med_spread(values, '{:.3f}')


def fmt_ratio(values):
    return med_spread(values, '{:.2f}')


def fmt_args(args):
    """Server arguments as shown beside the figures; the long list of excluded vt-starter auto-configurations
    (Boot 3.5's native mode runs without any of them) is named rather than spelled out."""
    out = []
    for a in args:
        if a.startswith('--spring.autoconfigure.exclude=') and 'io.github.vtstarter' in a:
            out.append('--spring.autoconfigure.exclude=<all %d vt-starter auto-configurations>' % len(a.split(',')))
        else:
            out.append(a)
    return ' '.join(out) or '(none)'


def rounds_text(meta):
    forks = meta.get('forks', 1)
    if forks <= 1:
        return '%d rounds' % meta['rounds']
    return ('%d rounds in each of %d forks (%d in all; every server started afresh and warmed up for each fork, '
            'because two JVMs of the same jar can differ by several percent for their whole life)'
            % (meta['rounds'], forks, meta['rounds'] * forks))


def load_sentence(machine, results):
    """What else the machine was doing: the 1-minute load average before the run and after each measured run
    (which includes the run's own load: server + wrk ≈ 2 to 4 on 2 cores)."""
    during = [float(r['loadavg']) for r in results if r.get('loadavg')]
    text = 'Load average before the run: %s' % ' '.join(machine['loadavg_start'])
    if during:
        text += '; after each measured run (server and wrk included): median %.1f, %.1f–%.1f' % (
            statistics.median(during), min(during), max(during))
    return text + '.'


def markers(name):
    return '<!-- %s:begin -->' % name, '<!-- %s:end -->' % name


def replace_section(md_path, name, text):
    """Puts `text` (which starts with the section's begin marker and ends with its end marker) into md_path: in place
    of the existing section, or at the end."""
    begin, end = markers(name)
    old = open(md_path).read() if os.path.exists(md_path) else ''
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        tail = rest.split(end, 1)[1].lstrip('\n')
        new = head + text + ('\n' + tail if tail else '')
    else:
        new = old.rstrip('\n') + ('\n\n' if old else '') + text
    with open(md_path, 'w') as f:
        f.write(new)


def existing_section(md_path, name):
    """The section `name` of md_path (begin..end and a newline), or ''."""
    if not os.path.exists(md_path):
        return ''
    begin, end = markers(name)
    old = open(md_path).read()
    if begin in old and end in old:
        return begin + old.split(begin, 1)[1].split(end, 1)[0] + end + '\n'
    return ''


def top_level_sections(md_path):
    """The names of the sections of md_path, in their order, leaving out sections nested in another."""
    if not os.path.exists(md_path):
        return []
    text = open(md_path).read()
    names, depth_of = [], None
    for m in re.finditer(r'<!-- ([\w.-]+):(begin|end) -->', text):
        name, kind = m.group(1), m.group(2)
        if depth_of is None and kind == 'begin':
            depth_of = name
            names.append(name)
        elif kind == 'end' and name == depth_of:
            depth_of = None
    return names


def kept_sections(md_path):
    """Every section of md_path, as a rewrite of the whole file keeps them: each begin..end, joined by blank lines."""
    return '\n'.join(existing_section(md_path, n) for n in top_level_sections(md_path))


def slot(old_section, name, default):
    """A hand-written slot (begin..end) of a section as it stood, or `default` (which should carry the markers)."""
    begin, end = markers(name)
    if old_section and begin in old_section and end in old_section:
        return begin + old_section.split(begin, 1)[1].split(end, 1)[0] + end
    return default
