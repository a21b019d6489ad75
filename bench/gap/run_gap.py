#!/usr/bin/env python3
"""run_gap.py: the GAP-style benchmark of issue 6 (Doc/algorithms.md, "GAP benchmark driver").

For every graph and algorithm it runs, in the same invocation of this script, our library on the
GPU (grbgpu --backend cuda), our CPU backend (grbgpu --backend cpu) and SuiteSparse:GraphBLAS
(grbgpu-ss, the same tool built against the reference), each with --repeat for a median, checks
that the GPU and CPU results agree with SuiteSparse's (grbgpu compare --files), and writes to
OUTDIR: results.md (tables of times, MTEPS and speed-ups against SuiteSparse), results.json,
speedup.png (speed-up per algorithm and graph; needs matplotlib) and raw/ (the log of every run).

usage: bench/gap/run_gap.py OUTDIR [BUILD_DIR]      (BUILD_DIR default: build; it must hold
       tools/grbgpu, and tools/grbgpu-ss for the SuiteSparse column)

Environment (all optional):
  GAP_GRAPHS   graph specs of grbgpu --gen, space-separated
               (default: rmat:20 rmat:21 rmat:22 rmat:23 grid:3000 grid:4000 urand:4194304:67108864)
  GAP_ALGS     algorithms (default: bfs sssp bc pr tc cc)
  GAP_CONFIGS  which columns run: gpu cpu ss (default all three; gpu is skipped without a GPU)
  GAP_REPEAT   timed runs per algorithm, the median is reported (default 3)
  GAP_SOURCES  bc sources (default 4)
  GAP_CAP      seconds one algorithm may take, all repeats together (default 60): a run that
               exceeds it is stopped and recorded as a timeout, and the same algorithm and column
               is skipped on the larger graphs of that family, as is any whose time, scaled from
               the previous graph of the family by its size, would exceed the cap
  GAP_LOAD_CAP seconds allowed for generating and building one graph (default 120)
  GAP_BUDGET   seconds for the runs (default 0: no limit); a run it cuts short is recorded as
               stopped and later ones as skipped, so a reduced set fits a time-limited device call
  GAP_RESULTS_DIR  keep the result files (one per run and algorithm) there; by default they go to
               a temporary directory that is removed (on the largest graphs they take gigabytes)
Exit status: 0 when every result that ran agrees with SuiteSparse, 1 otherwise, 2 on bad usage.
"""
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

ALL_ALGS = ["bfs", "sssp", "bc", "pr", "tc", "cc"]
DEFAULT_GRAPHS = "rmat:20 rmat:21 rmat:22 rmat:23 grid:3000 grid:4000 urand:4194304:67108864"
CONFIG_LABEL = {"gpu": "our GPU", "cpu": "our CPU", "ss": "SuiteSparse"}


def env_int(name, default):
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        sys.exit(f"run_gap: {name}={os.environ[name]!r} is not a whole number")


def graph_size(spec):
    """(family, estimated stored edges): the size the skip rule scales times by."""
    parts = spec.split(":")
    kind = parts[0]
    try:
        nums = [int(p) for p in parts[1:]]
    except ValueError:
        return kind, 0.0
    if kind == "rmat" and nums:
        return kind, float(2 ** nums[0]) * (nums[1] if len(nums) > 1 else 16)
    if kind == "grid" and nums:
        return kind, 4.0 * nums[0] * nums[0]
    if kind == "urand" and len(nums) > 1:
        return kind, 2.0 * nums[1]
    return kind, 0.0


def split_records(path, prefix):
    """Splits a grbgpu run --emit file into one file per finished record, PREFIX.ALG.res (what
    grbgpu compare --files reads), streaming: result vectors of big graphs hold millions of lines.
    Returns {alg: {"file": path, times and sizes...}}; a torn last record is dropped."""
    out = {}
    try:
        f = open(path)
    except OSError:
        return out
    with f:
        dst, head, left = None, {}, None
        for line in f:
            if dst is None:
                if not line.startswith("record "):
                    continue
                head = {}
                name = f"{prefix}.{line.split()[1]}.res"
                dst = open(name, "w")
            dst.write(line)
            if left is None:
                key, _, val = line.rstrip("\n").partition(" ")
                head[key] = val
                if key == "values":
                    left = int(val)
            elif left > 0:
                left -= 1
            elif line == "end\n":
                dst.close()
                out[head["record"]] = record_fields(head, name)
                dst, left = None, None
        if dst is not None:
            dst.close()
            os.unlink(dst.name)
    return out


def record_fields(head, name):
    alg = head["record"]
    n, nnz = (int(x) for x in head["size"].split())
    ns = int(head["sources"].split()[0])
    t_run, repeat = head["run"].split()
    t_run = float(t_run)
    edges = (2.0 * nnz * ns) if alg == "bc" else float(nnz)
    return {"file": name, "n": n, "nnz": nnz, "sources": ns,
            "load": float(head["load"].split()[1]), "build": float(head["build"]),
            "run": t_run, "repeat": int(repeat), "mteps": edges / t_run / 1e6 if t_run > 0 else 0.0,
            "scalar": int(head["scalar"])}


class Driver:
    def __init__(self, outdir, build):
        self.outdir = outdir
        # logs go to OUTDIR/raw; result vectors (hundreds of MB on the largest graphs) to a scratch
        # directory, GAP_RESULTS_DIR or a temporary one removed at the end
        self.raw = os.path.join(outdir, "raw")
        os.makedirs(self.raw, exist_ok=True)
        self.keep = os.environ.get("GAP_RESULTS_DIR")
        self.scratch = self.keep or tempfile.mkdtemp(prefix="run_gap.")
        os.makedirs(self.scratch, exist_ok=True)
        self.grbgpu = os.path.join(build, "tools", "grbgpu")
        self.grbgpu_ss = os.path.join(build, "tools", "grbgpu-ss")
        if not os.access(self.grbgpu, os.X_OK):
            sys.exit(f"run_gap: no {self.grbgpu}: build first (meson setup {build}; ninja -C {build})")
        # grbgpu-ss must load SuiteSparse: device-check.sh unpacks the carried one under ref-root, and a
        # directory holding our libgraphblas.so.7 alias (a build directory) must not come first
        ref_lib = os.path.join(build, "ref-root", "usr", "lib", "x86_64-linux-gnu")
        paths = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":")
                 if d and not os.path.exists(os.path.join(d, "libgraphblas_gpu.so"))]
        if os.path.isdir(ref_lib):
            paths.insert(0, ref_lib)
        self.env = dict(os.environ, LD_LIBRARY_PATH=":".join(paths))
        self.graphs = os.environ.get("GAP_GRAPHS", DEFAULT_GRAPHS).split()
        self.algs = os.environ.get("GAP_ALGS", " ".join(ALL_ALGS)).split()
        bad = [a for a in self.algs if a not in ALL_ALGS]
        if bad:
            sys.exit(f"run_gap: GAP_ALGS: unknown algorithm {bad[0]!r}")
        # sssp last: it needs the weighted graph, a second load in the same invocation
        self.algs.sort(key=lambda a: a == "sssp")
        self.configs = os.environ.get("GAP_CONFIGS", "gpu cpu ss").split()
        if any(c not in CONFIG_LABEL for c in self.configs):
            sys.exit("run_gap: GAP_CONFIGS takes gpu, cpu and ss")
        self.repeat = env_int("GAP_REPEAT", 3)
        self.sources = env_int("GAP_SOURCES", 4)
        self.cap = env_int("GAP_CAP", 60)
        self.load_cap = env_int("GAP_LOAD_CAP", 120)
        self.budget = env_int("GAP_BUDGET", 0)
        self.start = time.monotonic()
        self.notes = []
        self.info = self.tool_output([self.grbgpu, "info"])
        if "gpu" in self.configs and not re.search(r"^backends  cpu cuda$", self.info, re.M):
            self.configs.remove("gpu")
            self.notes.append("no CUDA device or CUDA build: the GPU column did not run")
        if "ss" in self.configs and not os.access(self.grbgpu_ss, os.X_OK):
            self.configs.remove("ss")
            self.notes.append(f"no {self.grbgpu_ss} (SuiteSparse not found at build time): "
                              "no SuiteSparse column, no agreement check")
        self.results = {}   # (graph, config, alg) -> record dict or {"status": text}
        self.previous = {}  # (family, config, alg) -> (size, seconds or None when it timed out)

    def tool_output(self, cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, env=self.env, timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            return ""

    def left(self):
        return None if self.budget <= 0 else self.budget - (time.monotonic() - self.start)

    def skip_reason(self, graph, config, alg):
        family, size = graph_size(graph)
        prev = self.previous.get((family, config, alg))
        if prev is None:
            return None
        psize, secs = prev
        if secs is None:
            return f"skipped (timed out on a smaller {family})"
        growth = size / psize if psize > 0 else 1.0
        estimate = secs * (growth ** 1.5 if family == "grid" else growth)
        if estimate > self.cap:
            return f"skipped (estimated {estimate:.1f} s > cap {self.cap} s)"
        return None

    def command(self, config, graph, algs, emit):
        exe = self.grbgpu_ss if config == "ss" else self.grbgpu
        cmd = [exe, "run", ",".join(algs), "--gen", graph, "--repeat", str(self.repeat),
               "--sources", str(self.sources), "--emit", emit]
        if config != "ss":
            cmd += ["--backend", "cuda" if config == "gpu" else "cpu"]
        return cmd

    def run_config(self, graph, config):
        todo = []
        for alg in self.algs:
            why = self.skip_reason(graph, config, alg)
            if why:
                self.results[(graph, config, alg)] = {"status": why}
            else:
                todo.append(alg)
        tag = f"{graph.replace(':', '_')}.{config}"
        attempt = 0
        while todo:
            left = self.left()
            if left is not None and left <= 0:
                for alg in todo:
                    self.results[(graph, config, alg)] = {"status": "skipped (GAP_BUDGET spent)"}
                return
            attempt += 1
            emit = os.path.join(self.scratch, f"{tag}.{attempt}.emit")
            log = os.path.join(self.raw, f"{tag}.{attempt}.log")
            cmd = self.command(config, graph, todo, emit)
            print(f"run_gap: {' '.join(cmd)}", file=sys.stderr, flush=True)
            t0 = time.monotonic()
            rc, by_budget = self.watch(cmd, log, emit, todo, left)
            wall = time.monotonic() - t0
            got = split_records(emit, os.path.join(self.scratch, tag))
            if os.path.exists(emit):
                os.unlink(emit)
            family, size = graph_size(graph)
            for alg in todo:
                if alg in got:
                    rec = got[alg]
                    self.results[(graph, config, alg)] = rec
                    self.previous[(family, config, alg)] = (size, rec["run"] * rec["repeat"])
            rest = [a for a in todo if a not in got]
            if not rest:
                return
            first = rest[0]
            if rc is None and by_budget:
                # the budget, not the cap, stopped it: nothing is learned about the algorithm
                self.results[(graph, config, first)] = {"status": "stopped (GAP_BUDGET spent)"}
                for alg in rest[1:]:
                    self.results[(graph, config, alg)] = {"status": "skipped (GAP_BUDGET spent)"}
                return
            if rc is None:
                status = f"timeout (over {self.cap} s)"
                self.previous[(family, config, first)] = (size, None)
            else:
                tail = ""
                with open(log) as lf:
                    lines = [ln.strip() for ln in lf if ln.strip()]
                    tail = lines[-1] if len(lines) > 1 else ""
                status = f"failed (exit {rc}): {tail}"
            self.results[(graph, config, first)] = {"status": status}
            print(f"run_gap: {graph} {config} {first}: {status} after {wall:.0f} s", file=sys.stderr)
            todo = rest[1:]

    def watch(self, cmd, log, emit, todo, left):
        """Runs cmd and stops it when the algorithm running has taken more than GAP_CAP seconds
        (plus GAP_LOAD_CAP for the first, and for sssp's weighted graph after others) or the budget
        (left seconds, None: none) is spent. An algorithm has finished when its record's "end" line
        reaches the emit file. Returns (exit status, or None when stopped; stopped by the budget)."""
        def allowance(k):
            load = k == 0 or (k < len(todo) and todo[k] == "sssp")
            return self.cap + (self.load_cap if load else 0)
        start = time.monotonic()
        budget_end = None if left is None else start + left
        deadline, done, offset, carry = start + allowance(0), 0, 0, b""
        with open(log, "w") as lf:
            lf.write(" ".join(cmd) + "\n")
            lf.flush()
            proc = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT, env=self.env)
            while proc.poll() is None:
                time.sleep(0.2)
                try:
                    with open(emit, "rb") as f:
                        f.seek(offset)
                        chunk = f.read()
                except OSError:
                    chunk = b""
                if chunk:
                    offset += len(chunk)
                    text = carry + chunk
                    finished = text.count(b"\nend\n")
                    carry = text[-4:]
                    if finished:
                        done += finished
                        deadline = time.monotonic() + allowance(done)
                now = time.monotonic()
                if now > deadline or (budget_end is not None and now > budget_end):
                    proc.kill()
                    proc.wait()
                    return None, now <= deadline
            return proc.returncode, False

    def agreement(self, graph, config, alg):
        mine = self.results.get((graph, config, alg), {})
        ref = self.results.get((graph, "ss", alg), {})
        if "file" not in mine or "file" not in ref:
            return "-"
        try:
            p = subprocess.run([self.grbgpu, "compare", "--files", mine["file"], ref["file"]],
                               capture_output=True, text=True, env=self.env, timeout=600)
        except subprocess.TimeoutExpired:
            return "not compared (timeout)"
        m = re.search(r"^agree     (.*)$", p.stdout, re.M)
        verdict = m.group(1) if m else (p.stderr.strip() or f"compare exited {p.returncode}")
        return ("yes" if p.returncode == 0 else "NO: " + verdict) if m else "error: " + verdict

    def run(self):
        for graph in sorted(self.graphs, key=lambda g: graph_size(g)[1]):
            for config in self.configs:
                self.run_config(graph, config)
        self.agree = {}
        for graph in self.graphs:
            for alg in self.algs:
                for config in ("gpu", "cpu"):
                    if config in self.configs and "ss" in self.configs:
                        self.agree[(graph, config, alg)] = self.agreement(graph, config, alg)
        self.write()
        if not self.keep:
            shutil.rmtree(self.scratch, ignore_errors=True)
        return 0 if all(v in ("yes", "-") for v in self.agree.values()) else 1

    # ---- output ----

    def cell(self, graph, config, alg, key, fmt):
        r = self.results.get((graph, config, alg))
        if r is None:
            return "-"
        if key not in r:
            return r["status"] if key == "run" else "-"
        return fmt.format(r[key])

    def speedup(self, graph, config, alg):
        mine = self.results.get((graph, config, alg), {})
        ref = self.results.get((graph, "ss", alg), {})
        if "run" in mine and "run" in ref and mine["run"] > 0:
            return ref["run"] / mine["run"]
        return None

    def machine(self):
        gpu = self.tool_output(["nvidia-smi", "--query-gpu=name,memory.total", "--format=csv,noheader"])
        cpu = ""
        try:
            with open("/proc/cpuinfo") as f:
                m = re.search(r"^model name\s*:\s*(.*)$", f.read(), re.M)
                cpu = m.group(1) if m else ""
        except OSError:
            pass
        return [f"date: {time.strftime('%Y-%m-%d %H:%M %Z')}",
                f"GPU: {gpu.strip() or 'none'}",
                f"CPU: {cpu or platform.processor()}, {os.cpu_count()} cores visible, "
                f"OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}",
                "grbgpu info: " + "; ".join(ln.strip() for ln in self.info.splitlines())]

    def write(self):
        cols = [c for c in ("gpu", "cpu", "ss") if c in self.configs]
        self.plot(cols)
        md = ["# GAP-style benchmark (bench/gap/run_gap.py)", ""]
        md += [f"- {line}" for line in self.machine()]
        md += [f"- graphs: {' '.join(self.graphs)}; algorithms: {' '.join(self.algs)}; "
               f"median of {self.repeat} runs; bc with {self.sources} sources; cap {self.cap} s per "
               f"algorithm, {self.load_cap} s per graph load",
               "- time: the algorithm alone (graph generated and built before, not timed); MTEPS = "
               "stored entries / time (bc: 2 x entries x sources / time); speed-up = SuiteSparse "
               "time / our time; agree: our result against SuiteSparse's (grbgpu compare: bfs "
               "levels and tc exactly, sssp exactly for integer weights, bc and pr within 1e-4 "
               "relative, cc as partitions)",
               "- our GPU column forces CUDA (grbgpu --backend cuda: the device takes even calls "
               "too small to pay for it); grbgpu compare, without --backend, runs the default "
               "AUTO, which leaves such calls on the host"]
        md += [f"- note: {n}" for n in self.notes]
        md.append("")
        head = ["graph", "n", "entries", "alg"]
        head += [f"{CONFIG_LABEL[c]} s" for c in cols] + [f"{CONFIG_LABEL[c]} MTEPS" for c in cols]
        if "ss" in cols:
            head += [f"{CONFIG_LABEL[c]} speed-up" for c in cols if c != "ss"]
            head += [f"{CONFIG_LABEL[c]} agrees" for c in cols if c != "ss"]
        md.append("| " + " | ".join(head) + " |")
        md.append("|" + "---|" * len(head))
        summary = []
        for graph in self.graphs:
            for alg in self.algs:
                size = next((r for c in cols for r in [self.results.get((graph, c, alg), {})] if "n" in r), {})
                row = [graph, str(size.get("n", "-")), str(size.get("nnz", "-")), alg]
                row += [self.cell(graph, c, alg, "run", "{:.4g}") for c in cols]
                row += [self.cell(graph, c, alg, "mteps", "{:.1f}") for c in cols]
                if "ss" in cols:
                    for c in cols:
                        if c != "ss":
                            s = self.speedup(graph, c, alg)
                            row.append(f"{s:.2f}x" if s is not None else "-")
                    row += [self.agree.get((graph, c, alg), "-") for c in cols if c != "ss"]
                md.append("| " + " | ".join(row) + " |")
                summary.append(row)
        with open(os.path.join(self.outdir, "results.md"), "w") as f:
            f.write("\n".join(md) + "\n")
        with open(os.path.join(self.outdir, "results.json"), "w") as f:
            json.dump({"machine": self.machine(), "notes": self.notes, "results": [
                {"graph": g, "config": c, "alg": a, **{k: v for k, v in r.items() if k != "file"}}
                for (g, c, a), r in self.results.items()],
                "agree": [{"graph": g, "config": c, "alg": a, "verdict": v}
                          for (g, c, a), v in self.agree.items()]}, f, indent=1)
        print("\n".join(md[md.index("") + 1:]))

    def plot(self, cols):
        mine = [c for c in cols if c != "ss"]
        if "ss" not in cols or not mine:
            return
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            self.notes.append("matplotlib not found: no speedup.png")
            print("run_gap: matplotlib not found: no speedup.png", file=sys.stderr)
            return
        fig, axes = plt.subplots(1, len(self.algs), figsize=(3.2 * len(self.algs), 4), squeeze=False)
        width = 0.8 / len(mine)
        for ax, alg in zip(axes[0], self.algs):
            for k, c in enumerate(mine):
                xs, ys = [], []
                for g_i, graph in enumerate(self.graphs):
                    s = self.speedup(graph, c, alg)
                    if s is not None:
                        xs.append(g_i + (k - (len(mine) - 1) / 2) * width)
                        ys.append(s)
                ax.bar(xs, ys, width, label=CONFIG_LABEL[c])
            ax.axhline(1.0, color="black", linewidth=0.8)
            ax.set_yscale("log")
            ax.set_title(alg)
            ax.set_xticks(range(len(self.graphs)))
            ax.set_xticklabels(self.graphs, rotation=60, ha="right", fontsize=7)
        axes[0][0].set_ylabel("speed-up against SuiteSparse (log)")
        axes[0][0].legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(os.path.join(self.outdir, "speedup.png"), dpi=120)


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) == 2 else 2
    outdir = sys.argv[1]
    build = sys.argv[2] if len(sys.argv) == 3 else "build"
    os.makedirs(outdir, exist_ok=True)
    return Driver(outdir, build).run()


if __name__ == "__main__":
    sys.exit(main())
