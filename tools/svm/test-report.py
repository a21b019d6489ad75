#!/usr/bin/env python3
"""test-report.py: the trainer's Table VII rows per run and per kind of run, from a cases file.

Writes a cases file of made-up cases (gg_svm.h's format: a sweep, BFS and SSSP runs on five
matrices) and refits from it (gg_svm_train --cases, no device), then checks that
- the file the trainer writes back (--csv) is the one it read, byte for byte;
- each run has its two rows (SVM out of fold, n/32 rule) under its kind and matrix, and each kind
  with several runs its rows for all of them, the rule's fraction correct and time lost as
  computed here;
- a file of the first runs (no run lines, header "group,bfs,...") reads as BFS runs "run K";
- a file written before the flat pull (GG_SVM_FLAT, the last feature but one), its lines ending
  at the work fraction, reads with the flat pull 0, and is written back with it; one written
  before the push work fraction (GG_SVM_WORK, the last feature) too, its lines two features
  short, reads with both 0.
usage: test-report.py TRAINER"""
import os
import random
import re
import subprocess
import sys
import tempfile

NFEAT = 24
DENSITY = 17  # GG_SVM_DENSITY: log2 of the input's density
FLAT = 22  # GG_SVM_FLAT: 1 where the non-sparse mode is the flat pull
WORK = 23  # GG_SVM_WORK: log2 of the push's work fraction, the last feature


def g9(v):
    return "%.9g" % v


def make_cases(rng):
    """(runs, cases): runs[k] = (kind, name) for k = 1..; a case = [group, run, weight, t_push,
    t_pull, features...], its times made so that the pull wins at high density, mostly."""
    runs, cases = {}, []
    for g in range(5):
        name = f"gen:{g}"
        plan = [(0, None)] + [("bfs", name)] + ([("sssp", name)] if g != 2 else [])
        for kind, rname in plan:
            if kind:
                runs[len(runs) + 1] = (kind, rname)
            run = len(runs) if kind else 0
            count = 12 if run == 0 else 7
            for _ in range(count):
                x = [round(rng.uniform(0, 20), 3) for _ in range(NFEAT)]
                x[DENSITY] = round(rng.uniform(-14, 0), 3)
                base = rng.uniform(1e-5, 1e-3)
                pull_wins = (x[DENSITY] > -6) != (rng.random() < 0.15)
                slow = base * rng.uniform(1.1, 4)
                t_push, t_pull = (slow, base) if pull_wins else (base, slow)
                w = 1 if run == 0 else 12 / count
                cases.append([g, run, float(g9(w)), float(g9(t_push)), float(g9(t_pull))] +
                             [float(g9(v)) for v in x])
    return runs, cases


def write(path, runs, cases, old=False, feats=range(NFEAT)):
    """A cases file of the features feats (their columns named f0, f1, ... as the trainer does)."""
    with open(path, "w") as f:
        f.write("# gpu: made up by test-report.py\n")
        for k, (kind, name) in runs.items():
            if not old:
                f.write(f"# {kind} {k}: {name}\n")
        f.write("group," + ("bfs" if old else "run") + ",weight,t_push,t_pull" +
                "".join(f",f{k}" for k in range(len(feats))) + "\n")
        for c in cases:
            f.write("%d,%d," % (c[0], c[1]) + ",".join(g9(v) for v in c[2:5]) +
                    "".join("," + g9(c[5 + k]) for k in feats) + "\n")


def without(cases, feats):
    """The cases with the features feats 0, as a file that lacks them reads."""
    return [[0.0 if k - 5 in feats else v for k, v in enumerate(c)] for c in cases]


def rule_row(cases):
    """The n/32 rule's fraction correct and time lost (%), as the trainer's table7 computes them."""
    right, chosen, best = 0, 0.0, 0.0
    for c in cases:
        t_push, t_pull = c[3], c[4]
        t = t_pull if c[5 + DENSITY] >= -5 else t_push
        b = min(t_push, t_pull)
        right += t == b
        chosen += t
        best += b
    return right / len(cases), 100 * (chosen / best - 1)


def refit(trainer, cases_path, tmp, csv=None):
    args = [trainer, "--cases", cases_path, "--out", os.path.join(tmp, "model.c")]
    if csv:
        args += ["--csv", csv]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"gg_svm_train --cases failed ({run.returncode}):\n{run.stdout}{run.stderr}")
    return run.stdout


def rows(report, who):
    """{'SVM (out of fold)': (frac, loss, n), 'n/32 rule': ...} of the rows of `who`."""
    got = {}
    for m in re.finditer(re.escape(who) + r", (SVM \(out of fold\)|n/32 rule):\s+frac ([0-9.]+)"
                         r"\s+loss\s+(-?[0-9.]+) %\s+\((\d+) decisions", report):
        got[m.group(1)] = (float(m.group(2)), float(m.group(3)), int(m.group(4)))
    return got


def check_rows(report, who, sub, failures):
    got = rows(report, who)
    if set(got) != {"SVM (out of fold)", "n/32 rule"}:
        failures.append(f"{who}: rows {sorted(got)}")
        return
    frac, loss = rule_row(sub)
    f, l, n = got["n/32 rule"]
    if n != len(sub) or abs(f - frac) > 5e-4 or abs(l - loss) > 5e-3:
        failures.append(f"{who}, n/32 rule: frac {f} loss {l} ({n}); expected {frac:.3f} "
                        f"{loss:.2f} ({len(sub)})")
    if got["SVM (out of fold)"][2] != len(sub):
        failures.append(f"{who}, SVM: {got['SVM (out of fold)'][2]} decisions, not {len(sub)}")


def main():
    trainer = sys.argv[1]
    runs, cases = make_cases(random.Random(12))
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        path, back = os.path.join(tmp, "cases.csv"), os.path.join(tmp, "back.csv")
        write(path, runs, cases)
        report = refit(trainer, path, tmp, back)
        if open(back).read() != open(path).read():
            failures.append("the cases written back differ from those read")
        check_rows(report, "sweep", [c for c in cases if c[1] == 0], failures)
        label = {"bfs": "BFS", "sssp": "SSSP"}
        for k, (kind, name) in runs.items():
            check_rows(report, f"{label[kind]} {name}", [c for c in cases if c[1] == k], failures)
        for kind in label:
            ks = [k for k, (kd, _) in runs.items() if kd == kind]
            check_rows(report, f"all {len(ks)} {label[kind]} runs",
                       [c for c in cases if c[1] in ks], failures)
        summary = re.search(r"(\d+) sweep cases, (\d+) BFS levels of (\d+) runs, (\d+) SSSP "
                            r"products of (\d+) runs", report)
        want = (60, 35, 5, 28, 4)
        if summary is None or tuple(int(v) for v in summary.groups()) != want:
            failures.append(f"summary {summary.groups() if summary else None}, expected {want}")
        # the files before the flat pull (their last column the work fraction) and before the
        # work fraction too: the features they lack read as 0, and are written back
        for lacks, what in (([FLAT], "the flat pull"), ([FLAT, WORK], "the work fraction")):
            write(path, runs, cases, feats=[k for k in range(NFEAT) if k not in lacks])
            refit(trainer, path, tmp, back)
            write(path, runs, without(cases, lacks))
            if open(back).read() != open(path).read():
                failures.append(f"a file without {what} is not read with {lacks} 0")
        # the first files: no run lines, header "group,bfs": every run a BFS named "run K"
        write(path, runs, cases, old=True)
        report = refit(trainer, path, tmp)
        for k in runs:
            check_rows(report, f"BFS run {k}", [c for c in cases if c[1] == k], failures)
        check_rows(report, f"all {len(runs)} BFS runs", [c for c in cases if c[1] > 0], failures)
    for f in failures:
        print(f)
    if failures:
        sys.exit(f"{len(failures)} failures")
    print(f"{len(runs)} runs: their rows, the kinds' and the round trip agree")


main()
