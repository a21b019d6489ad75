#!/usr/bin/env python3
"""compare.py: runs the differential program built against SuiteSparse (the reference) and against
GraphBLAS_gpu on the same seeds and compares their canonical dumps (Doc/testing.md, "Differential
testing"). Lines compare exactly, except the values of a dump marked "~" (floating-point results of
order-dependent PLUS/TIMES reductions, and what was computed from them), which compare within a
relative tolerance. Prints the first differing case with its seed, operation and both outputs, a
count of all differing cases, and exits non-zero on any difference, crash or timeout."""

import argparse
import glob
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

# Relative tolerances for values of "~" dumps: |a - b| <= tol * max(1, |a|, |b|).
TOL_FP64 = 1e-12
TOL_OTHER = 1e-5  # FP32, and integers cast from floating-point sums

TYPES = {"BOOL", "INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64",
         "FP32", "FP64"}

# Known divergences by design: (substring of the case's text, reason). Every case they excuse is
# counted and listed in the summary, never skipped silently; Doc/testing.md lists each one.
KNOWN = [
    ("err build_out_of_range ",
     "SuiteSparse 7.4 leaves a matrix invalid (GrB_INVALID_OBJECT from then on) after a build that "
     "fails on an out-of-range index; GraphBLAS_gpu leaves it unchanged (no argument is touched "
     "on an error)"),
    ("err build_repeats ",
     "SuiteSparse 7.4 leaves a matrix invalid after a build that fails on repeated indices with no "
     "dup operator; GraphBLAS_gpu leaves it unchanged"),
    ("err wait_bad_mode ",
     "SuiteSparse 7.4 ignores the mode of GrB_wait; GraphBLAS_gpu rejects a mode other than "
     "GrB_COMPLETE or GrB_MATERIALIZE with GrB_INVALID_VALUE"),
    ("err resize_beyond_max ",
     "SuiteSparse 7.4 accepts GrB_Matrix_resize beyond GrB_INDEX_MAX+1 (GrB_Matrix_new refuses "
     "such a dimension); GraphBLAS_gpu answers GrB_INVALID_VALUE"),
    ("err mask_all_false_shape ",
     "SuiteSparse 7.4 skips the mask's dimension check when every mask value is false and returns "
     "GrB_SUCCESS; GraphBLAS_gpu answers GrB_DIMENSION_MISMATCH"),
    (" mask_negzero",
     "a -0.0 in a floating-point value mask: SuiteSparse 7.4 reads it as true in some kernels (it "
     "tests the value's bytes) and as false in others (GrB_Col_assign, some masked mxm), so no "
     "single rule matches it"),
    (" minmax_fp_tie",
     "a floating MIN or MAX operator over a full matrix's values, where +0 and -0 tie: SuiteSparse "
     "7.4's kernels return x for full operands and for a sparse eWiseMult, y for a sparse eWiseAdd "
     "(observed with a throw-away program); GraphBLAS_gpu returns y everywhere (Doc/decisions.md)"),
    (" cmp_transposed",
     "eWiseAdd with a comparison operator of a non-Boolean type and a transposed input: SuiteSparse "
     "7.4 casts the transposed input to the operator's input type while transposing, so an entry "
     "present in that input only reaches the Boolean result through that type (-4.5 through "
     "UINT8 gives false); without the transpose it casts straight to Boolean (true), as "
     "GraphBLAS_gpu always does"),
    ("err udt_ignored_operand ",
     "SuiteSparse 7.4 skips the domain check of an operand that the FIRST or SECOND multiplier "
     "ignores; GraphBLAS_gpu applies the spec's check (GrB_DOMAIN_MISMATCH)"),
    ('err reduce_nonmonoid_binop ',
     "SuiteSparse 7.4 refuses (GrB_NOT_IMPLEMENTED) a reduction by a binary operator that is not a built-in monoid's; GraphBLAS_gpu reduces with it: the spec requires the operator to be associative and commutative and lists no error for it"),
    ('err row_col_assign ',
     'an out-of-range row index of GrB_Row_assign (column index of GrB_Col_assign): the spec says GrB_INVALID_INDEX, which GraphBLAS_gpu returns; SuiteSparse 7.4 returns GrB_INDEX_OUT_OF_BOUNDS'),
    ('err vector_assign_index ',
     'a scalar assigned to a single position through an index list with an out-of-range entry: SuiteSparse 7.4 takes its setElement path and returns GrB_INVALID_INDEX; GraphBLAS_gpu returns GrB_INDEX_OUT_OF_BOUNDS for every out-of-range index-list entry, as the spec says'),
    ('err matrix_assign_shape ',
     'the same single-position scalar assign for matrices (see err vector_assign_index)'),
    (':empty C=',
     'an empty bound GrB_Scalar in apply: SuiteSparse 7.4 answers GrB_SUCCESS on some paths (it returns early and clears C under replace) and GrB_EMPTY_OBJECT on others; GraphBLAS_gpu returns GrB_EMPTY_OBJECT as the spec says, except into C<!NULL>, where nothing is computed'),
    ('dup=GrB_MIN_FP',
     "MIN/MAX of +0.0 and -0.0: SuiteSparse 7.4 returns one operand in its build/dup and accumulator paths and the other in its operator; GraphBLAS_gpu's MIN/MAX follow one rule everywhere (Doc/decisions.md)"),
    ('dup=GrB_MAX_FP',
     'signed-zero ties of MAX (see dup=GrB_MIN_FP)'),
    ('accum=GrB_MIN_FP',
     'signed-zero ties of MIN as an accumulator (see dup=GrB_MIN_FP)'),
    ('accum=GrB_MAX_FP',
     'signed-zero ties of MAX as an accumulator (see dup=GrB_MIN_FP)'),
    (':inf C=',
     'a TRIL/TRIU/DIAG/OFFDIAG thunk of +inf cast to INT64_MAX: SuiteSparse 7.4 evaluates i + thunk with signed overflow (undefined behaviour in C) and wraps; GraphBLAS_gpu gives the mathematically correct answer'),
    (':-inf C=',
     'the same for a thunk of -inf (INT64_MIN)'),
]

DEFAULT_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8]
DEFAULT_CASES = 2500


def run(exe, seed, cases, env, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run([exe, str(seed), str(cases)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=env, timeout=timeout)
        out, rc, err = p.stdout, p.returncode, p.stderr
    except subprocess.TimeoutExpired as e:
        out, rc, err = e.stdout or b"", "timeout", b""
    return out.decode("utf-8", "replace").splitlines(), rc, err.decode("utf-8", "replace"), \
        time.monotonic() - start


def split_cases(lines):
    """(preamble, {case number: [lines]}, done)"""
    cases, cur, pre, done = {}, None, [], False
    for line in lines:
        if line.startswith("case "):
            cur = int(line.split()[1])
            cases[cur] = [line]
        elif line == "done":
            done = True
            cur = None
        elif cur is None:
            pre.append(line)
        else:
            cases[cur].append(line)
    return pre, cases, done


def values_close(a, b, tol):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if x == y:
        return True
    if math.isinf(x) or math.isinf(y):
        return False
    return abs(x - y) <= tol * max(1.0, abs(x), abs(y))


def compare_case(ref, ours):
    """Index of the first differing line, or None."""
    tol = None
    for k in range(max(len(ref), len(ours))):
        if k >= len(ref) or k >= len(ours):
            return k
        a, b = ref[k], ours[k]
        if not a.startswith("  "):
            tol = None
            if a.endswith(" ~"):
                typ = next((t for t in a.split() if t in TYPES), None)
                tol = TOL_FP64 if typ == "FP64" else TOL_OTHER
            if a != b:
                return k
            continue
        if a == b:
            continue
        if tol is None:
            return k
        ta, tb = a.split(), b.split()
        if len(ta) != len(tb) or ta[:-1] != tb[:-1] or not values_close(ta[-1], tb[-1], tol):
            return k
    return None


def is_dump_header(words):
    return len(words) > 2 and words[1][:1] == "o" and words[1][1:].isdigit() and \
        words[2] in ("M", "V")


def context_of(lines, k):
    """What a difference at line k belongs to: the generation of an operand when it lies in one,
    else the nearest operation, object or error-case line (with the differing call for errors)."""
    at = lines[min(k, len(lines) - 1)].split()
    for j in range(min(k, len(lines) - 1), -1, -1):
        words = lines[j].split()
        if not words or lines[j].startswith("  ") or is_dump_header(words) and words[0] != "gen":
            continue
        if words[0] == "gen":
            if j == k or all(lines[q].startswith("  ") or lines[q].split()[0] == "gen"
                             for q in range(j, k + 1)):
                return lines[j] if not is_dump_header(words) else lines[j - 1]
            continue
        if words[0] in ("op", "obj", "step", "sequence"):
            return lines[j]
        if words[0] == "err":
            return " ".join(words[:2]) + ": " + " ".join(at[:-1] if at else [])
    return lines[0]


def group_of(op):
    """A short name for the kind of operation, to count differences by."""
    words = op.split()
    if words[0] == "gen":
        return " ".join(["gen"] + words[2:3] + [w for w in words if w.startswith("dup=")])
    if words[0] == "err":
        return op
    if len(words) > 2 and words[2] in ("M", "V"):
        return " ".join(words[:3])
    return " ".join(words[:2])


def known_reason(case_lines):
    text = "\n".join(case_lines)
    for needle, reason in KNOWN:
        if needle in text:
            return reason
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ref", required=True, help="program built against SuiteSparse")
    ap.add_argument("--ours", required=True, help="program built against GraphBLAS_gpu")
    ap.add_argument("--seeds", default=",".join(map(str, DEFAULT_SEEDS)))
    ap.add_argument("--cases", type=int, default=DEFAULT_CASES, help="cases per seed")
    ap.add_argument("--build-root", default=None,
                    help="our build directory: the reference must not load a library from it")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per program run")
    ap.add_argument("--show", type=int, default=40, help="lines of each output to show")
    args = ap.parse_args()
    args.ref, args.ours = os.path.abspath(args.ref), os.path.abspath(args.ours)

    # The reference must load SuiteSparse, never our libgraphblas.so.7 alias from the build tree:
    # it keeps only the library path entries that do not hold our library (a SuiteSparse unpacked
    # beside the build, as on the GPU host, stays reachable).
    ref_env = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "LD_PRELOAD")}
    ref_paths = [p for p in os.environ.get("LD_LIBRARY_PATH", "").split(":")
                 if p and not glob.glob(os.path.join(p, "libgraphblas_gpu.so*"))]
    if ref_paths:
        ref_env["LD_LIBRARY_PATH"] = ":".join(ref_paths)
    ref_env["OMP_NUM_THREADS"] = ref_env.get("OMP_NUM_THREADS", "1")
    our_env = dict(os.environ)

    seeds = [int(s) for s in args.seeds.split(",") if s]
    total_cases, failures, known, problems, shown = 0, [], [], [], False
    t0 = time.monotonic()
    for seed in seeds:
        with ThreadPoolExecutor(2) as pool:  # both programs at once: two cores
            fr = pool.submit(run, args.ref, seed, args.cases, ref_env, args.timeout)
            fo = pool.submit(run, args.ours, seed, args.cases, our_env, args.timeout)
            (rl, rrc, rerr, rt), (ol, orc, oerr, ot) = fr.result(), fo.result()
        rpre, rcases, rdone = split_cases(rl)
        opre, ocases, odone = split_cases(ol)
        lib_ref = rpre[0] if rpre else "?"
        lib_ours = opre[0] if opre else "?"
        # our alias sits beside our library at the top of the build tree (a SuiteSparse unpacked
        # elsewhere under it, as on the GPU host, is the reference)
        ref_dir = os.path.dirname(os.path.realpath(lib_ref.replace("# library ", "")))
        if args.build_root and glob.glob(os.path.join(ref_dir, "libgraphblas_gpu.so*")):
            problems.append(f"seed {seed}: the reference loaded {lib_ref}, from our build tree")
        if lib_ref == lib_ours:
            problems.append(f"seed {seed}: both programs loaded the same library: {lib_ref}")
        if rrc != 0 or not rdone:
            problems.append(f"seed {seed}: the reference run failed (rc={rrc}) after "
                            f"{len(rcases)} cases: {rerr.strip()[-500:]}")
        if orc != 0 or not odone:
            last = max(ocases) if ocases else None
            problems.append(f"seed {seed}: our run failed (rc={orc}) in case {last}"
                            f" (rerun: {args.ours} {seed} {args.cases} {last}): {oerr.strip()[-500:]}")
        total_cases += len(rcases)
        print(f"seed {seed}: {len(rcases)} cases, reference {rt:.1f} s, ours {ot:.1f} s")
        for k in sorted(rcases):
            ref, ours = rcases[k], ocases.get(k, [])
            at = compare_case(ref, ours)
            if at is None:
                continue
            reason = known_reason(ref)
            if reason is not None:
                known.append((seed, k, reason))
                continue
            failures.append((seed, k, ref[0].split("kind=")[-1], context_of(ref, at)))
            if not shown:
                shown = True
                print(f"\nFIRST DIFFERENCE: seed {seed} case {k} ({ref[0]})")
                print(f"  operation: {context_of(ref, at)}")
                print(f"  line {at}: expected (SuiteSparse): {ref[at] if at < len(ref) else '<end>'}")
                print(f"  line {at}: got (GraphBLAS_gpu):   {ours[at] if at < len(ours) else '<end>'}")
                print(f"  rerun: {args.ref} {seed} {args.cases} {k}  /  {args.ours} {seed} "
                      f"{args.cases} {k}")
                lo = max(0, at - args.show // 2)
                print("  --- SuiteSparse, around the difference")
                for line in ref[lo:at + 6]:
                    print("  | " + line)
                print("  --- GraphBLAS_gpu, around the difference")
                for line in ours[lo:at + 6]:
                    print("  | " + line)
                print()
    elapsed = time.monotonic() - t0
    print(f"\n{total_cases} cases over seeds {seeds} in {elapsed:.1f} s: "
          f"{len(failures)} differing, {len(known)} known divergences")
    by_reason = {}
    for seed, k, reason in known:
        by_reason.setdefault(reason, []).append((seed, k))
    for reason, where in by_reason.items():
        print(f"  known divergence, {len(where)} cases (first: seed {where[0][0]} case "
              f"{where[0][1]}): {reason}")
    groups = {}
    for seed, k, kind, op in failures:
        groups.setdefault(group_of(op), []).append((seed, k))
    if groups:
        print("differences by operation (count, first case):")
    for key, where in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(where):5d}  {key}  (seed {where[0][0]} case {where[0][1]})")
    for p in problems:
        print("PROBLEM: " + p)
    return 1 if failures or problems else 0


if __name__ == "__main__":
    sys.exit(main())
