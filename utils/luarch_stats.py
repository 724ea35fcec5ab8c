"""Statistics shared by the evaluation scripts (evaluate.py, vector-corpus.py,
memory-eval.py): one definition, so their figures are computed alike."""
import math


def kendall_tau(xs, ys):
    """Kendall's tau-b (O(n^2), fine for a few thousand points); NaN when
    either side is constant."""
    n = len(xs)
    conc = disc = tx = ty = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = xs[i] - xs[j]
            dy = ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tx += 1
            elif dy == 0:
                ty += 1
            elif (dx > 0) == (dy > 0):
                conc += 1
            else:
                disc += 1
    denom = math.sqrt((conc + disc + tx) * (conc + disc + ty))
    return (conc - disc) / denom if denom else float("nan")
