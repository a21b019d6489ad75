#!/usr/bin/env python3
"""test-refit.py: the committed model is what its committed cases give.

Refits the trainer (gg_svm_train --cases, no device) from the cases a training run wrote and
checks that the weights and bias agree with the compiled model's source (cuda/svm_model.c) to
1e-6 of the largest weight: the CSV keeps 9 digits, so a refit reproduces the model to about 8,
and a model edited by hand, or trained on other cases, fails.
usage: test-refit.py TRAINER CASES.csv MODEL.c"""
import re
import subprocess
import sys
import tempfile


def weights(path):
    text = open(path).read()
    block = re.search(r"\.w =\s*\{(.*?)\}", text, re.S)
    bias = re.search(r"\.b = ([-+0-9a-fA-Fx.p]+)", text)
    if block is None or bias is None:
        sys.exit(f"{path}: no .w block or .b")
    ws = [float.fromhex(v) for v in re.findall(r"(-?0x[0-9a-fA-F.]+p[-+]?\d+)", block.group(1))]
    return ws, float.fromhex(bias.group(1))


def main():
    trainer, cases, model = sys.argv[1:4]
    with tempfile.NamedTemporaryFile(suffix=".c") as out:
        run = subprocess.run([trainer, "--cases", cases, "--out", out.name],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"gg_svm_train --cases failed ({run.returncode}):\n{run.stdout}{run.stderr}")
        got_w, got_b = weights(out.name)
    want_w, want_b = weights(model)
    if len(got_w) != len(want_w):
        sys.exit(f"{len(got_w)} weights refitted, {len(want_w)} in {model}")
    tol = 1e-6 * max(abs(v) for v in want_w + [want_b])
    bad = [(k, g, w) for k, (g, w) in enumerate(zip(got_w + [got_b], want_w + [want_b]))
           if abs(g - w) > tol]
    for k, g, w in bad:
        print(f"{'b' if k == len(want_w) else f'w[{k}]'}: refitted {g!r}, model {w!r}")
    if bad:
        sys.exit(f"the refit of {cases} differs from {model}")
    print(f"{len(want_w)} weights and the bias agree within {tol:.2g}")


main()
