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
"""
import argparse, datetime, json, os, re, subprocess, sys, tempfile

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
    a = ap.parse_args()
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
                rep = json.loads(subprocess.run(
                    [a.tool, '-mcpu=znver4', s, f'--trip-count={trips}', '--no-sensitivity', '--json'],
                    capture_output=True, text=True, check=True).stdout)
                seen = set()
                for k in rep['kernels']:
                    f = k['kernel']['name'].split(':')[0]
                    if f in seen or f not in measured:
                        continue
                    seen.add(f)
                    p = k['prediction']
                    tc = p['trip_count']
                    err = tc['cycles_per_iteration'] / measured[f] - 1
                    print(f'{flags},{trips},{f},{measured[f]:.3f},{p["cycles_per_iteration"]:.2f},'
                          f'{tc["cycles_per_iteration"]:.3f},{tc["cycles_per_entry"]:.2f},{100*err:+.1f}%')


if __name__ == '__main__':
    main()
