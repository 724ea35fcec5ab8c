#!/usr/bin/env python3
"""Measures the loop nests of kernels.c on this host and predicts them.

For -O2 and -O3 -march=znver4, 16 and 31 inner iterations: compiles
kernels.c with clang-22, times each nest natively (nest-timer.c, pinned with
taskset, median of 301 samples; cycles per inner iteration, the outer loop's
own instructions included) and predicts its inner loop with
`loop-uarch-report -mcpu=znver4 --trip-count=N` (steady state and per-entry
figures). Writes CSV to stdout, with the host's identity in # comments.

  python3 eval/trip-count/measure.py --tool build/tools/loop-uarch-report/loop-uarch-report \
      > eval/trip-count/znver4.csv

After a model change, re-predict a committed file without timing anything
(its measured column and header stay; the predicted columns are rebuilt):

  python3 eval/trip-count/measure.py --tool build/tools/loop-uarch-report/loop-uarch-report \
      --rescore eval/trip-count/znver4.csv
"""
import argparse
import csv
import io
import sys, datetime, json, os, re, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FUNCS = {'reduce_rows': 'reduce_rows((double(*)[TRIPS])A, B, Out[0])',
         'dot_rows_int': 'dot_rows_int(IA, IB, IOut)',
         'smooth_rows': 'smooth_rows(A, Out)'}


def cpuinfo():
    keys = {}
    for line in open('/proc/cpuinfo'):
        k, _, v = line.partition(':')
        k = k.strip()
        if k in ('vendor_id', 'cpu family', 'model', 'model name') and k not in keys:
            keys[k] = v.strip()
    return keys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--clang', default='clang-22')
    ap.add_argument('--cpu', default='1', help='taskset CPU')
    ap.add_argument('--rescore', metavar='CSV',
                    help='re-predict this measured file in place (no timing)')
    a = ap.parse_args()
    if a.rescore:
        return rescore(a)
    info = cpuinfo()
    print('# Short trip counts: loop nests of eval/trip-count/kernels.c (utils: eval/trip-count/measure.py)')
    for k in ('vendor_id', 'cpu family', 'model', 'model name'):
        print(f'# {k}: {info.get(k, "?")}')
    print(f'# date: {datetime.date.today().isoformat()}')
    print(f'# compiler: {subprocess.run([a.clang, "--version"], capture_output=True, text=True).stdout.splitlines()[0]}')
    print('# measured_nest: core cycles per inner iteration of the whole nest (outer loop included), median of 301 samples, taskset -c ' + a.cpu)
    print('# predicted_*: loop-uarch-report -mcpu=znver4 --trip-count=N on the inner loop (the first one of the function)')
    print('flags,trips,function,measured_nest,predicted_steady,predicted_trip_count_per_iteration,predicted_cycles_per_entry,error_trip_count')
    with tempfile.TemporaryDirectory() as tmp:
        for flags, trips, f, m, pred in rows(a, tmp, measure=True):
            print_row(flags, trips, f, m, pred)


def predict(a, s, trips):
    """The tool's figures for the first loop of each function in s."""
    rep = json.loads(subprocess.run(
        [a.tool, '-mcpu=znver4', s, f'--trip-count={trips}', '--no-sensitivity', '--json'],
        capture_output=True, text=True, check=True).stdout)
    out = {}
    for k in rep['kernels']:
        f = k['kernel']['name'].split(':')[0]
        if f not in out:
            out[f] = k['prediction']
    return out


def print_row(flags, trips, f, measured, p):
    tc = p['trip_count']
    err = tc['cycles_per_iteration'] / measured - 1
    print(f'{flags},{trips},{f},{measured:.3f},{p["cycles_per_iteration"]:.2f},'
          f'{tc["cycles_per_iteration"]:.3f},{tc["cycles_per_entry"]:.2f},{100*err:+.1f}%')


def rescore(a):
    lines = open(a.rescore).read().splitlines()
    header = [l for l in lines if l.startswith('#')]
    rows_in = list(csv.DictReader([l for l in lines if not l.startswith('#')]))
    commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=HERE,
                            capture_output=True, text=True).stdout.strip()
    out = [l for l in header if not l.startswith('# rescored:')]
    out.append(f'# rescored: {datetime.date.today().isoformat()} with the model at {commit}')
    buf = io.StringIO()
    sys.stdout, saved = buf, sys.stdout
    try:
        print('flags,trips,function,measured_nest,predicted_steady,predicted_trip_count_per_iteration,predicted_cycles_per_entry,error_trip_count')
        with tempfile.TemporaryDirectory() as tmp:
            cache = {}
            for r in rows_in:
                key = (r['flags'], int(r['trips']))
                if key not in cache:
                    s = os.path.join(tmp, f'k{len(cache)}.s')
                    subprocess.run([a.clang, *r['flags'].split(), f'-DTRIPS={key[1]}', '-S', '-o', s,
                                    os.path.join(HERE, 'kernels.c')], check=True)
                    cache[key] = predict(a, s, key[1])
                print_row(r['flags'], key[1], r['function'], float(r['measured_nest']),
                          cache[key][r['function']])
    finally:
        sys.stdout = saved
    open(a.rescore, 'w').write('\n'.join(out) + '\n' + buf.getvalue())
    print(buf.getvalue(), end='')


def rows(a, tmp, measure):
    """(flags, trips, function, measured, prediction) for every nest, timed here."""
    if measure:
        for flags in ('-O2', '-O3 -march=znver4'):
            for trips in (16, 31):
                s = os.path.join(tmp, 'k.s')
                exe = os.path.join(tmp, 'nest')
                subprocess.run([a.clang, *flags.split(), f'-DTRIPS={trips}', '-S', '-o', s,
                                os.path.join(HERE, 'kernels.c')], check=True)
                subprocess.run([a.clang, '-O2', f'-DTRIPS={trips}', '-o', exe,
                                os.path.join(HERE, 'nest-timer.c'), s], check=True)
                out = subprocess.run(['taskset', '-c', a.cpu, exe], capture_output=True,
                                     text=True, check=True).stdout
                measured = {}
                for line in out.splitlines():
                    call, _, rest = line.rpartition(',')
                    call = call.rsplit(',', 1)[0]
                    for f, c in FUNCS.items():
                        if call == c:
                            measured[f] = float(rest)
                pred = predict(a, s, trips)
                for f in FUNCS:
                    if f in measured and f in pred:
                        yield flags, trips, f, measured[f], pred[f]

if __name__ == '__main__':
    main()
