# Writes m0.c .. m3.c for ../thinlto-threads-trip-counts.test: 40 functions
# each, a loop unrolled by 4 (vectorisation off) with an n & 3 remainder.
import os
import sys

out = sys.argv[1]
for m in range(4):
    with open(os.path.join(out, "m%d.c" % m), "w") as f:
        for i in range(40):
            f.write(
                "void scale_%d_%d(double *restrict a, const double *restrict b, long n) {\n"
                "#pragma clang loop vectorize(disable) unroll_count(4)\n"
                "  for (long i = 0; i < n; ++i)\n"
                "    a[i] = %d.0 * b[i] + a[i];\n"
                "}\n" % (m, i, i + 1))
