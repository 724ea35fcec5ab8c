"""Checks invariants of loop-uarch-report's JSON (docs/json-schema.md)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "loop-uarch-report" and doc["version"] == 1, doc
k = doc["kernels"][0]
pred = k["prediction"]
assert pred["method"] == "simulation"
assert abs(pred["cycles_per_iteration"] - 8.0) < 1e-9, pred
sim = k["simulation"]
for view in ("cycle_accounting", "allocation_accounting"):
    total = sum(sim[view].values())
    assert abs(total - sim["cycles_per_iteration"]) < 1e-3, (view, total)
per_instr = [sum(r.values()) for r in sim["per_instruction_accounting"]]
assert abs(sum(per_instr) - sim["cycles_per_iteration"]) < 1e-3, per_instr
assert len(k["instructions"]) == 4
assert k["instructions"][0]["variant"] == "VFMADD231PD (YMM, YMM, YMM)"
assert k["instructions"][3]["flags"] == "F"
assert k["recurrences"][0]["cycles_per_iteration"] == 8.0
assert k["sensitivity"]["resources"][0]["role"] == "bottleneck"
if len(sys.argv) > 2 and sys.argv[2] == "trace":
    # Two traced iterations, 4 uops each (2 FMAs, the store-less fused
    # dec/jne counts as one uop): issue <= dispatch < complete <= retire,
    # FMAs on p0/p1, the chain through ymm0 4 cycles apart.
    tr = sim["trace"]
    assert len(tr) == 2 * 3, len(tr)
    for e in tr:
        assert 0 <= e["issued"] <= e["dispatched"] < e["completed"] <= e["retired"], e
    fma = [e for e in tr if e["instruction"] in (0, 1)]
    assert all(e["port"] in ("0", "1") for e in fma), fma
    done = sorted(e["completed"] for e in fma)
    assert all(b - a == 4 for a, b in zip(done, done[1:])), done
else:
    assert "trace" not in sim
print("ok")
