"""Generates assembly that LLVM's parser cannot survive or finish unless
loop-uarch-report refuses it first. Usage: big-asm.py kind out.s"""
import sys

kind, out = sys.argv[1], sys.argv[2]
loop = ".L:\n%s\naddq %%rax, %%rbx\njnz .L\n"
if kind == "sum":        # 50,000 terms: stack overflow in MCExpr evaluation
    body = "movq $" + "+".join(["1"] * 50000) + ", %rax"
elif kind == "sum-limit":  # 1,000 operators: accepted
    body = "movq $" + "+".join(["1"] * 1001) + ", %rax"
elif kind == "parens":   # 20,000 nested parentheses: stack overflow in the parser
    body = "movq $" + "(" * 20000 + "1" + ")" * 20000 + ", %rax"
elif kind == "chain":    # each symbol defined by the next: recursion as deep
    n = 50000
    body = "".join(".set x%d, x%d+1\n" % (i, i + 1) for i in range(n))
    body += ".set x%d, 1\nmovq $x0, %%rax" % n
elif kind == "doubling": # 40 symbols each using the next twice: 2^40 steps
    n = 40
    body = "".join(".set x%d, x%d+x%d\n" % (i, i + 1, i + 1) for i in range(n))
    body += ".set x%d, 1\nmovq $x0, %%rax" % n
elif kind == "macros":   # 10 calls per level, 7 levels: 10^7 statements
    body = ".macro m0\nnop\n.endm\n"
    for level in range(1, 7):
        body += ".macro m%d\n%s.endm\n" % (level, ("m%d\n" % (level - 1)) * 10)
    body += "m6\nm6"
else:
    sys.exit("unknown kind " + kind)
open(out, "w").write(loop % body)
