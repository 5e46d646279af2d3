"""Herna's Ubongo solver and card generator, side by side with peer solvers, on one core.

    .venv/bin/python benchmarks/ubongo_solver_bench.py            # full run, prints a table
    .venv/bin/python benchmarks/ubongo_solver_bench.py --quick    # a smoke run
    .venv/bin/pip install -e '.[bench]'   # the peers: xcover exact-cover ortools ubongosolve

Workloads (rules/ubongo-data.md 2.2):
  (1) card analysis: 30 random hole-free outlines per k (k pieces laid edge to edge), and for
      each, the solutions of every area-matching k-subset of the 12 pieces, for k = 3 and 4;
  (2) m-kasahr's board05 (18 cells) x every 5-subset: 96 solvable, 938 solutions;
  (3) the 6x10 rectangle and the 12 pentominoes: 9356 tilings;
  (4) Herna's 36-card deck (432 graded puzzles) from seed 1.
Every solver gets the same instances and must return the same counts; placement rows for
the peers are built in Python and that time is included (as ours includes its tables). Peers
that are not installed print "not installed". xcover compiles with numba on its first call:
that warm-up is done (and reported) before timing.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import gc
import io
import itertools
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from procs import cpu_model

from herna.core.rng import Rng
from herna.games.ubongo import solver as herna_solver
from herna.games.ubongo.generator import generate_deck, random_outline
from herna.games.ubongo.pieces import LETTERS, PENTOMINOES, PIECES, shape_orientations
from herna.games.ubongo.solver import Outline, count_solutions, parse_outline, subset_counts

BOARD05 = "#####/#####/.####/###.#"
RECT_6X10 = "/".join(["#" * 10] * 6)
Shapes = dict[str, tuple[tuple[int, int], ...]]
Counter = Callable[[Outline, Shapes], int]  # exact count for one instance (one piece set)


# ----- instances ---------------------------------------------------------------------------------
def card_outlines(k: int, n: int = 30, seed: int = 2026) -> list[Outline]:
    """Random hole-free unions of k random pieces, each touching the ones before."""
    rng = Rng(seed * 10 + k)
    out: list[Outline] = []
    while len(out) < n:
        letters = list(LETTERS)
        rng.shuffle(letters)
        o = random_outline(rng, letters[:k], slack=None)
        if o is not None:
            out.append(o)
    return out


def area_subsets(outline: Outline, k: int) -> list[tuple[str, ...]]:
    return [c for c in itertools.combinations(LETTERS, k)
            if sum(PIECES[x].size for x in c) == outline.area]


@functools.lru_cache(maxsize=64)
def _all_rows(outline: Outline, shapes: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
              ) -> dict[str, list[list[tuple[int, int]]]]:
    out: dict[str, list[list[tuple[int, int]]]] = {}
    for name, base in shapes:
        lst = out[name] = []
        for shape in shape_orientations(base):
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            for dr in range(outline.rows - h + 1):
                for dc in range(outline.cols - w + 1):
                    cells = [(r + dr, c + dc) for r, c in shape]
                    if all(p in outline.cells for p in cells):
                        lst.append(cells)
    return out


ALL12 = tuple((x, PIECES[x].cells) for x in LETTERS)


def placements(outline: Outline, shapes: Shapes) -> list[tuple[int, list[tuple[int, int]]]]:
    """(piece index, cells) for every placement: the rows every exact-cover peer needs. The
    rows of the 12 Ubongo pieces are built once per outline and shared by all its subsets
    (as Herna shares its table), so the peers are not charged for rebuilding them."""
    if all(PIECES.get(n) is not None and PIECES[n].cells == c for n, c in shapes.items()):
        every = _all_rows(outline, ALL12)
    else:
        every = _all_rows(outline, tuple(shapes.items()))
    return [(i, cells) for i, name in enumerate(shapes) for cells in every[name]]


# ----- peers -------------------------------------------------------------------------------------
def xcover_count(outline: Outline, shapes: Shapes) -> int:
    from xcover import covers

    rows = placements(outline, shapes)
    options = [[f"p{i}", *(f"{r},{c}" for r, c in cells)] for i, cells in rows]
    if not options:
        return 0
    primary = [f"p{i}" for i in range(len(shapes))] + [f"{r},{c}" for r, c in outline.cells]
    if {x for o in options for x in o} != set(primary):
        return 0  # some cell or piece has no placement at all
    return sum(1 for _ in covers(options, primary=primary))


def xcover_one_search(outline: Outline, k: int) -> dict[str, int]:
    """xcover's own answer to "every k-subset": piece items secondary (0 or 1 use), one
    enumeration, tilings tallied by the set of pieces they use."""
    from xcover import covers

    every = _all_rows(outline, ALL12)
    rows = [(x, cells) for x in LETTERS for cells in every[x]]
    options = [[x, *(f"{r},{c}" for r, c in cells)] for x, cells in rows]
    primary = [f"{r},{c}" for r, c in outline.cells]
    if not rows or {y for o in options for y in o[1:]} != set(primary):
        return {}
    out: dict[str, int] = {}
    for sol in covers(options, primary=primary, secondary=list(LETTERS)):
        if len(sol) == k:
            key = "".join(sorted(rows[i][0] for i in sol))
            out[key] = out.get(key, 0) + 1
    return dict(sorted(out.items()))


def exact_cover_count(outline: Outline, shapes: Shapes) -> int:
    import numpy as np
    from exact_cover import get_solution_count

    rows = placements(outline, shapes)
    cells = sorted(outline.cells)
    col = {p: len(shapes) + j for j, p in enumerate(cells)}
    m = np.zeros((len(rows), len(shapes) + len(cells)), dtype=bool)
    for r, (i, cs) in enumerate(rows):
        m[r, i] = True
        for p in cs:
            m[r, col[p]] = True
    if not rows or not m.any(axis=0).all():
        return 0
    return int(get_solution_count(np.ascontiguousarray(m)))


def cpsat_count(outline: Outline, shapes: Shapes, limit: float = 600.0) -> int:
    from ortools.sat.python import cp_model

    rows = placements(outline, shapes)
    model = cp_model.CpModel()
    xs = [model.NewBoolVar(f"x{j}") for j in range(len(rows))]
    for i in range(len(shapes)):
        mine = [x for x, (p, _) in zip(xs, rows, strict=True) if p == i]
        if not mine:
            return 0
        model.AddExactlyOne(mine)
    for p in outline.cells:
        cover = [x for x, (_, cs) in zip(xs, rows, strict=True) if p in cs]
        if not cover:
            return 0
        model.AddExactlyOne(cover)

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = limit
    cb = Count()
    status = solver.Solve(model, cb)
    if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise TimeoutError(f"CP-SAT stopped after {limit:.0f} s")
    return cb.n


def ubongosolve_count(outline: Outline, shapes: Shapes) -> int:
    import ubongosolve as us

    pieces = [us.Piece([(c, r) for r, c in cells]) for cells in shapes.values()]
    board = us.Board([(c, r) for r, c in outline.cells])
    try:
        puzzle = us.UbongoPuzzle(pieces, board)
    except ValueError:  # a piece fits nowhere: no solution
        return 0
    puzzle.solver.parameters.num_workers = 1
    with contextlib.redirect_stdout(io.StringIO()):
        return puzzle.findall(os.devnull)


FAST_PEERS = ("xcover", "exact-cover")  # best of PEER_REPEAT runs, like Herna (others: 1 run)
PEER_REPEAT = 3
PEERS: dict[str, tuple[str, Counter]] = {
    "xcover": ("xcover", xcover_count),
    "exact-cover": ("exact_cover", exact_cover_count),
    "CP-SAT (ortools)": ("ortools", cpsat_count),
    "ubongosolve": ("ubongosolve", ubongosolve_count),
}


def installed(module: str) -> bool:
    try:
        __import__(module)
    except Exception:
        return False
    return True


# ----- workloads ---------------------------------------------------------------------------------
def letters_shapes(letters: Iterable[str]) -> Shapes:
    return {x: PIECES[x].cells for x in letters}


def peer_subsets(count: Counter, outline: Outline, k: int) -> dict[str, int]:
    out = {}
    for combo in area_subsets(outline, k):
        n = count(outline, letters_shapes(combo))
        if n:
            out["".join(combo)] = n
    return out


def herna_subsets(outline: Outline, k: int) -> dict[str, int]:
    return subset_counts(outline, k)


def fresh() -> None:
    """Forget all cached tables and rows so each timing includes building them."""
    herna_solver.clear_caches()
    _all_rows.cache_clear()


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Wall time of one call, with the garbage collector paused for every solver alike (as
    timeit does): this process also holds numba, OR-Tools and NumPy, whose heaps would
    otherwise make collections, not solvers, the thing measured."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        result = fn()
        return time.perf_counter() - start, result
    finally:
        gc.enable()


def summary(results: Sequence[dict[str, int]]) -> tuple[int, int]:
    return sum(len(r) for r in results), sum(sum(r.values()) for r in results)


def run_subsets(name: str, fn: Callable[[Outline, int], dict[str, int]],
                cases: Sequence[tuple[Outline, int]]) -> tuple[float, tuple[int, int], list]:
    fresh()
    secs, res = timed(lambda: [fn(o, k) for o, k in cases])
    return secs, summary(res), res


def fmt(secs: float | None) -> str:
    if secs is None:
        return "-"
    return f"{secs * 1000:.1f} ms" if secs < 1 else f"{secs:.2f} s"


def machine() -> str:
    return (f"{cpu_model()} ({os.cpu_count()} CPUs), Python {platform.python_version()}, "
            f"{platform.system()} {platform.machine()}")


def peak_rss_of(code: str) -> tuple[float, int]:
    """Run code in a fresh interpreter; (seconds it reports, its peak RSS in MB, VmHWM)."""
    script = (
        "import time\n" + code + "\nhwm = [l for l in open('/proc/self/status') "
        "if l.startswith('VmHWM')][0].split()[1]\nprint(T, int(hwm) // 1024)"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[-2]), int(out[-1])


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small workloads, fast peers only")
    ap.add_argument("--repeat", type=int, default=3, help="Herna timings: best of N runs")
    ap.add_argument("--peer-limit", type=float, default=120.0,
                    help="seconds a peer may spend on the 6x10 count before it is cut off")
    args = ap.parse_args(argv)
    n_outlines = 6 if args.quick else 30
    print(f"# Ubongo solver benchmark, {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}")
    print()
    available = {}
    for name, (module, fn) in PEERS.items():
        ok = installed(module)
        print(f"{name:<18} {'installed' if ok else 'not installed'}")
        if ok:
            available[name] = fn
    if "xcover" in available:
        secs, _ = timed(lambda: xcover_count(parse_outline("##"), letters_shapes("A")))
        print(f"(xcover numba warm-up: {fmt(secs)}, not counted below)")
    print()

    rows: list[tuple[str, str, str, str]] = []  # workload, solver, time, check

    def best(fn: Callable[[], Any], repeat: int | None = None) -> tuple[float, Any]:
        """Best of N cold runs (caches cleared before each): the machine is shared."""
        times = []
        result = None
        for _ in range(max(args.repeat if repeat is None else repeat, 1)):
            fresh()
            secs, result = timed(fn)
            times.append(secs)
        return min(times), result

    # (1) card analysis
    for k in (3, 4):
        outs = card_outlines(k, n_outlines)
        cases = [(o, k) for o in outs]
        secs, res = best(lambda cases=cases: [herna_subsets(o, kk) for o, kk in cases])
        want = summary(res)
        label = f"(1) card analysis k={k}, {len(outs)} outlines"
        rows.append((label, "Herna (one search per outline)", fmt(secs),
                     f"{want[0]} subsets, {want[1]} solutions"))
        if "xcover" in available:
            psecs, got = best(lambda cases=cases: [xcover_one_search(o, kk) for o, kk in cases],
                              PEER_REPEAT)
            rows.append((label, "xcover, one search (secondary pieces)", fmt(psecs),
                         "agrees" if got == res else f"DIFFERS: {summary(got)}"))
        for name, fn in available.items():
            if args.quick and name in ("CP-SAT (ortools)", "ubongosolve") and k == 4:
                continue
            psecs, got = best(lambda fn=fn, cases=cases: [peer_subsets(fn, o, kk)
                                                          for o, kk in cases],
                              PEER_REPEAT if name in FAST_PEERS else 1)
            ok = "agrees" if got == res else f"DIFFERS: {summary(got)}"
            rows.append((label, name, fmt(psecs), ok))
    # (2) board05
    b5 = parse_outline(BOARD05)
    secs, res5 = best(lambda: herna_subsets(b5, 5))
    want5 = (len(res5), sum(res5.values()))
    rows.append(("(2) board05 x all 5-subsets", "Herna", fmt(secs),
                 f"{want5[0]} solvable, {want5[1]} solutions"))
    if "xcover" in available:
        psecs, got = best(lambda: xcover_one_search(b5, 5), PEER_REPEAT)
        rows.append(("(2) board05 x all 5-subsets", "xcover, one search (secondary pieces)",
                     fmt(psecs), "agrees" if got == res5 else f"DIFFERS: {len(got)}"))
    for name, fn in available.items():
        psecs, got = best(lambda fn=fn: peer_subsets(fn, b5, 5),
                          PEER_REPEAT if name in FAST_PEERS else 1)
        rows.append(("(2) board05 x all 5-subsets", name, fmt(psecs),
                     "agrees" if got == res5 else f"DIFFERS: {len(got)}, {sum(got.values())}"))
    # (3) 6x10 pentominoes
    rect = parse_outline(RECT_6X10 if not args.quick else "/".join(["#" * 20] * 3))
    label3 = "(3) 6x10 pentominoes" if not args.quick else "(3) 3x20 pentominoes (quick)"
    secs3, n3 = best(lambda: count_solutions(rect, PENTOMINOES))
    rows.append((label3, "Herna", fmt(secs3), f"{n3} tilings"))
    if not args.quick:
        t_sub, rss = peak_rss_of(
            "from herna.games.ubongo.pieces import PENTOMINOES\n"
            "from herna.games.ubongo.solver import count_solutions\n"
            "t = time.perf_counter()\n"
            f"count_solutions({RECT_6X10!r}, PENTOMINOES)\n"
            "T = time.perf_counter() - t")
        rows.append((label3, "Herna, fresh process", fmt(t_sub), f"peak RSS {rss} MB"))
    for name, fn in available.items():
        if name == "ubongosolve":
            rows.append((label3, name, "-", "n/a (Ubongo boards only; it is CP-SAT anyway)"))
            continue
        if name == "CP-SAT (ortools)":
            limit = min(args.peer_limit, 30.0 if args.quick else args.peer_limit)
            try:
                psecs, got = timed(lambda lim=limit: cpsat_count(rect, dict(PENTOMINOES), lim))
            except TimeoutError:
                rows.append((label3, name, f"> {limit:.0f} s", "cut off (did not finish)"))
                continue
        else:
            psecs, got = timed(lambda fn=fn: fn(rect, dict(PENTOMINOES)))
        rows.append((label3, name, fmt(psecs), "agrees" if got == n3 else f"DIFFERS: {got}"))
    # (4) deck generation
    cards = 6 if args.quick else 36
    secs4, deck = best(lambda: generate_deck(1, cards=cards))
    puzzles = sum(len(s.rows) for c in deck.cards for s in (c.easy, c.hard))
    rows.append((f"(4) deck: {cards} cards, seed 1", "Herna generator", fmt(secs4),
                 f"{puzzles} graded puzzles"))
    if not args.quick:
        secs4b, deck_b = timed(lambda: generate_deck(1, cards=cards, difficulty="hard"))
        mean = sum(g.difficulty for c in deck_b.cards for s in (c.easy, c.hard)
                   for g in s.grades) / puzzles
        mean_any = sum(g.difficulty for c in deck.cards for s in (c.easy, c.hard)
                       for g in s.grades) / puzzles
        rows.append((f"(4) deck: {cards} cards, seed 1", "--difficulty hard (grades all rows)",
                     fmt(secs4b), f"mean difficulty {mean:.2f} (any: {mean_any:.2f})"))

    w = [max(len(r[i]) for r in rows) for i in range(4)]
    heads = ("workload", "solver", "time", "result")
    w = [max(a, len(b)) for a, b in zip(w, heads, strict=True)]
    print("| " + " | ".join(h.ljust(x) for h, x in zip(heads, w, strict=True)) + " |")
    print("|" + "|".join("-" * (x + 2) for x in w) + "|")
    for r in rows:
        print("| " + " | ".join(c.ljust(x) for c, x in zip(r, w, strict=True)) + " |")


if __name__ == "__main__":
    main()
