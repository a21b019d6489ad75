#!/bin/sh
# run_cpu_vs_suitesparse.sh: runs the CPU benchmark against this library and against SuiteSparse
# on the same input and threads, checks that every operation's checksum agrees, and prints the
# times and the ratio ours / SuiteSparse (below 1: we are faster).
# The two builds run alternately BENCH_REPEAT times (default 3), so that load from other programs
# on the machine falls on both; each library's time for an operation is the best of its medians
# (each a median of `runs` timed runs), and the min column the fastest single run.
# Usage: bench/run_cpu_vs_suitesparse.sh BUILD_DIR [rmat|uniform] [scale] [edge_factor] [runs] [seed]
# OMP_NUM_THREADS (default 2) sets the threads of both libraries; BENCH_OPS selects operations.
# BENCH names another benchmark built the same way (bench/<BENCH>.c, e.g. client_patterns, whose
# arguments are its own); a benchmark that prints a line "unit <u>" reports its times in <u>.
set -eu
build=${1:?usage: $0 BUILD_DIR [rmat|uniform] [scale] [edge_factor] [runs] [seed]}
shift
OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
export OMP_NUM_THREADS
repeat=${BENCH_REPEAT:-3}
bench=${BENCH:-cpu_vs_suitesparse}
gg="$build/bench/${bench}_gg"
ss="$build/bench/${bench}_ss"
[ -x "$ss" ] || { echo "no SuiteSparse build ($ss): install libgraphblas-dev and reconfigure" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
r=1
while [ "$r" -le "$repeat" ]; do
    "$ss" "$@" > "$out/ss.$r"
    "$gg" "$@" > "$out/gg.$r"
    r=$((r + 1))
done

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores visible, OMP_NUM_THREADS=$OMP_NUM_THREADS, load average $(cut -d' ' -f1-3 /proc/loadavg)"
grep '^input' "$out/gg.1"
unit=$(sed -n 's/^unit //p' "$out/gg.1")
cat "$out"/ss.* | sed 's/^op /ss /' > "$out/all"
cat "$out"/gg.* | sed 's/^op /gg /' >> "$out/all"
awk -v unit="${unit:-ms}" '
    $1 != "ss" && $1 != "gg" { next }
    {
        key = $1 SUBSEP $2
        if (!(key in med) || $3 < med[key]) med[key] = $3
        if (!(key in lo) || $4 < lo[key]) lo[key] = $4
        sum = $5 " " $6
        if (!($2 in check)) { check[$2] = sum; order[++n] = $2 }
        else if (check[$2] != sum) bad[$2] = 1
    }
    END {
        printf "%-14s %10s %10s %10s %10s %7s  %s\n", "operation", "ours " unit, "(min)", "SS " unit, "(min)", "ratio", "checksums"
        for (k = 1; k <= n; k++) {
            o = order[k]
            printf "%-14s %10.3f %10.3f %10.3f %10.3f %7.2f  %s\n", o, med["gg" SUBSEP o], lo["gg" SUBSEP o],
                med["ss" SUBSEP o], lo["ss" SUBSEP o], med["gg" SUBSEP o] / med["ss" SUBSEP o],
                (o in bad) ? "DIFFER" : "agree"
            if (o in bad) fail = 1
        }
        exit fail
    }
' "$out/all"
