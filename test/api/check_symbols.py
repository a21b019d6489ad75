#!/usr/bin/env python3
"""check_symbols.py: the exported-symbol contract of libgraphblas_gpu.so (issue 2, "Done when").

Every spec 2.1 function must be an exported function; every predefined object (spec list, the
SuiteSparse 7.4 extras GrB_ALL and legacy GrB_MINV_*, and GrB_GLOBAL) must be an exported
pointer-sized data object, because clients built against SuiteSparse's header take copy
relocations of exactly 8 bytes; the four GxB constructors SuiteSparse 7.4's header routes the GrB
constructors to must be exported; and nothing else (no internal GG_ helper) may leak.

usage: check_symbols.py LIBRARY FUNCTIONS_LIST OBJECTS_LIST EXTRA_OBJECTS_LIST
"""
import subprocess
import sys

DROPIN_FUNCTIONS = ["GxB_Type_new", "GxB_UnaryOp_new", "GxB_BinaryOp_new", "GxB_IndexUnaryOp_new"]
PUBLIC_PREFIXES = ("GrB_", "GxB_", "GxG_")
FUNCTION_TYPES = {"T"}
DATA_TYPES = {"D", "B", "R"}
POINTER_SIZE = 8


def read_list(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def exported_symbols(library):
    """name -> (nm type letter, size or None) for every defined dynamic symbol."""
    out = subprocess.run(["nm", "-D", "--defined-only", "-S", library], check=True,
                         capture_output=True, text=True).stdout
    symbols = {}
    for line in out.splitlines():
        fields = line.split()
        # "addr size type name", or "addr type name" for symbols without a size
        if len(fields) == 4:
            symbols[fields[3]] = (fields[2], int(fields[1], 16))
        elif len(fields) == 3:
            symbols[fields[2]] = (fields[1], None)
    return symbols


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    library, functions_list, objects_list, extras_list = argv[1:]
    symbols = exported_symbols(library)
    functions = read_list(functions_list) + DROPIN_FUNCTIONS
    objects = read_list(objects_list) + read_list(extras_list) + ["GrB_GLOBAL"]
    problems = []

    for name in functions:
        kind = symbols.get(name, (None, None))[0]
        if kind is None:
            problems.append(f"function {name}: not exported")
        elif kind not in FUNCTION_TYPES:
            problems.append(f"function {name}: nm type {kind}, expected T")

    for name in objects:
        kind, size = symbols.get(name, (None, None))
        if kind is None:
            problems.append(f"object {name}: not exported")
        elif kind not in DATA_TYPES:
            problems.append(f"object {name}: nm type {kind}, expected one of D/B/R")
        elif size != POINTER_SIZE:
            problems.append(f"object {name}: size {size}, expected {POINTER_SIZE}")

    for name, (kind, _) in sorted(symbols.items()):
        internal = name.startswith("GG_") or name.startswith("gg_")
        # names starting with '_' are the toolchain's (_init, _edata, __bss_start, ...)
        foreign = not name.startswith(PUBLIC_PREFIXES) and not name.startswith("_")
        if internal or foreign:
            problems.append(f"leaked symbol {name} (nm type {kind}): not part of the public API")

    expected_functions = 512 + len(DROPIN_FUNCTIONS)
    expected_objects = 535 + 10 + 1
    if len(functions) != expected_functions or len(objects) != expected_objects:
        problems.append(f"spec lists hold {len(functions)} functions and {len(objects)} objects, "
                        f"expected {expected_functions} and {expected_objects}")

    for p in problems:
        print(p)
    print(f"checked {len(functions)} functions and {len(objects)} data objects in {library}: "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
