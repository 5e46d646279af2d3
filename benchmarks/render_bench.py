"""How long one seat's SVG takes to draw, late in a 3-player game of each game with a renderer.

    .venv/bin/python benchmarks/render_bench.py              # both games, 3 players
    .venv/bin/python benchmarks/render_bench.py --repeat 500 --game alhambra

A server redraws the table for every connected seat after every move, so this is the cost
of a move as the browser sees it. The position is reached by greedy bots (real-looking
Alhambras, not random heaps) on a fixed seed, at 90% of the game; the timing is the best of
five `timeit` runs (wall clock: the least disturbed by other work on a shared machine).
The first render is timed apart: it fills the renderer's caches of drawn pieces. The
server's real load is timed too: every seat's view after every move of a whole game (fresh
positions, caches warming as they would at a table), in ms of CPU per render: with the parts a
move leaves alone kept (herna.drawing.by_data), this is the figure that counts, since "late"
draws one view again and again and finds every part kept.
"""

from __future__ import annotations

import argparse
import platform
import time
import timeit
from collections.abc import Sequence

import herna
from herna.ai.registry import game_module, make_bot
from herna.core import State

GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")


def late_position(game: str, players: int = 3, seed: int = 7, at: float = 0.9) -> State:
    """A position at `at` of a game played by greedy bots (the same every run)."""
    state = herna.make(game, players=players, seed=seed)
    bots = [make_bot("greedy", game, seed * 10 + i) for i in range(players)]
    states: list[State] = []
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
        states.append(state.copy())
    return states[int(len(states) * at)]


def along_a_game(game: str, players: int = 3, seed: int = 8) -> float:
    """Ms per render when every seat's view is drawn after every move of one greedy game."""
    render = game_module(game, "render")
    assert render is not None
    state = herna.make(game, players=players, seed=seed)
    bots = [make_bot("greedy", game, seed * 10 + i) for i in range(players)]
    views = []
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state, seat))
        views += [state.view(s) for s in range(players)]
    start = time.process_time()  # CPU time: other work on a shared machine does not count
    for view in views:
        render.svg(view, lang="en")
    return (time.process_time() - start) / len(views) * 1000


def measure(game: str, repeat: int, players: int = 3) -> dict[str, float]:
    state = late_position(game, players)
    seat = state.to_act()[0]
    view = state.view(seat)
    render = game_module(game, "render")
    assert render is not None
    start = time.perf_counter()
    text = render.svg(view, lang="en")
    first = time.perf_counter() - start
    best = min(timeit.repeat(lambda: render.svg(view, lang="en"), number=repeat, repeat=5))
    return {"ms": best / repeat * 1000, "first_ms": first * 1000, "kb": len(text) / 1000,
            "game_ms": along_a_game(game, players)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--repeat", type=int, default=200, help="renders per timing run")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {time.strftime('%Y-%m-%d')}")
    for game in args.game or GAMES:
        r = measure(game, args.repeat)
        print(f"{game:12} 3 players, late: {r['ms']:.2f} ms per render "
              f"(first {r['first_ms']:.1f} ms), {r['kb']:.1f} KB; every seat after every "
              f"move of a game: {r['game_ms']:.2f} ms per render")


if __name__ == "__main__":
    main()
