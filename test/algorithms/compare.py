#!/usr/bin/env python3
"""compare.py OURS REF DATA_DIR: runs test_algorithms built against this library (OURS) and against
SuiteSparse (REF) with --dump, then compares every result of every backend of ours with the
reference: BFS levels and parents, SSSP distances, triangle counts and component labels exactly,
betweenness centrality to a relative 1e-9 and PageRank to an absolute 1e-9 (both computed in floating
point, where summation order may differ). Exits non-zero and names the first differences otherwise."""
import os
import subprocess
import sys
import tempfile

RTOL_BC = 1e-9
ATOL_PR = 1e-9


def run(exe, data_dir, dump, failures):
    """The results exe dumped; a failing run is a failure, but what it dumped is still compared."""
    proc = subprocess.run([exe, data_dir, "--dump", dump], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stdout.write(proc.stdout + proc.stderr)
        failures.append(f"{exe} failed (exit {proc.returncode})")
    results = {}
    with open(dump) as f:
        for line in f:
            backend, graph, key, *values = line.split()
            results.setdefault(backend, {})[(graph, key)] = values
    return results


def differ(key, mine, ref):
    """The first differing position and why, or None."""
    if len(mine) != len(ref):
        return f"{len(mine)} values, reference {len(ref)}"
    for i, (a, b) in enumerate(zip(mine, ref)):
        if key == "bc":
            x, y = float(a), float(b)
            if not abs(x - y) <= RTOL_BC * max(1.0, abs(y)):
                return f"[{i}] {a} vs {b}"
        elif key == "pagerank":
            if not abs(float(a) - float(b)) <= ATOL_PR:
                return f"[{i}] {a} vs {b}"
        elif a != b:
            return f"[{i}] {a} vs {b}"
    return None


def main():
    ours, ref, data_dir = sys.argv[1:4]
    failures, compared = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        mine = run(ours, data_dir, os.path.join(tmp, "ours.txt"), failures)
        reference = run(ref, data_dir, os.path.join(tmp, "ref.txt"), failures).get("ref", {})
    for backend, results in sorted(mine.items()):
        for (graph, key), values in sorted(results.items()):
            if (graph, key) not in reference:
                failures.append(f"{backend} {graph} {key}: missing in the reference run")
                continue
            compared += 1
            why = differ(key, values, reference[(graph, key)])
            if why is not None:
                failures.append(f"{backend} {graph} {key}: {why}")
        missing = set(reference) - set(results)
        failures += [f"{backend} {g} {k}: missing in our run" for g, k in sorted(missing)]
    print(f"compared {compared} results of {len(mine)} backend(s) with SuiteSparse")
    for line in failures:
        print("FAIL:", line)
    return 1 if failures or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
