"""Charts drawn with gnuplot (PNG): bars with their spread, lines with their spread."""
import os
import subprocess


def gnuplot(script):
    p = subprocess.run(['gnuplot'], input=script, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError('gnuplot failed: ' + p.stderr[-500:])


def bar_chart(png, title, rows, ylabel='req/s (median, min–max)'):
    """rows: list of (label, median, min, max)."""
    data = png + '.dat'
    with open(data, 'w') as f:
        for i, (label, med, lo, hi) in enumerate(rows):
            f.write('%d "%s" %s %s %s\n' % (i, label.replace('"', "'"), med, lo, hi))
    gnuplot('''set terminal pngcairo size 720,360 font "DejaVu Sans,10"
set output "%s"
set title "%s"
set ylabel "%s"
set style fill solid 0.5 border -1
set boxwidth 0.6
set yrange [0:*]
set xrange [-0.6:%f]
set grid ytics
unset key
plot "%s" using 1:3:xtic(2) with boxes lc rgb "#4a7ebb", "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 0 lw 1.5
''' % (png, title, ylabel, len(rows) - 0.4, data))
    os.remove(data)


def line_chart(png, title, series, xlabel, ylabel, logx=False):
    """series: {name: [(x, med, lo, hi)]}."""
    data = png + '.dat'
    with open(data, 'w') as f:
        for name, pts in series.items():
            f.write('# %s\n' % name)
            for x, med, lo, hi in pts:
                f.write('%s %s %s %s\n' % (x, med, lo, hi))
            f.write('\n\n')
    plots = ', '.join('"%s" index %d using 1:2:3:4 with yerrorlines title "%s"' % (data, i, n)
                      for i, n in enumerate(series))
    gnuplot('''set terminal pngcairo size 720,360 font "DejaVu Sans,10"
set output "%s"
set title "%s"
set xlabel "%s"
set ylabel "%s"
set yrange [0:*]
set grid
set key left top
%splot %s
''' % (png, title, xlabel, ylabel, 'set logscale x\n' if logx else '', plots))
    os.remove(data)
