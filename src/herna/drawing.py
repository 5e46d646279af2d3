"""What the games' drawings (render.py) share: a cache for the parts of a drawing that stay
the same from one move to the next.

The server draws a table once per watcher after every move, and a move changes one seat's
panel or sheet at most: the other panels are the same strings as before. Keying a part by the
JSON of exactly the data it reads (views are plain JSON data) makes it drawn once per change
instead of once per push, and can never show a stale part: different data, different key.
"""

from __future__ import annotations

import hashlib
import html
import re
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

import orjson

from herna.core.memo import forgettable

R = TypeVar("R")
_MISSING: Any = object()
_clock = time.monotonic  # when an entry was last used (a test may turn it)


class _Recent:
    """An LRU memo whose entries remember when they were last used, so that `trim` can let
    go of those no drawing has used for a while (the parts of tables that have left)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.entries: OrderedDict[Hashable, list[Any]] = OrderedDict()  # key -> [value, used]
        self.lock = threading.Lock()
        _ALL.add(self)

    def get(self, key: Hashable) -> Any:
        with self.lock:
            hit = self.entries.get(key)
            if hit is None:
                return _MISSING
            self.entries.move_to_end(key)
            hit[1] = _clock()
            return hit[0]

    def put(self, key: Hashable, value: Any) -> None:
        with self.lock:
            self.entries[key] = [value, _clock()]
            if len(self.entries) > self.maxsize:
                self.entries.popitem(last=False)

    def trim(self, before: float) -> int:
        """Drop the entries last used before the monotonic time `before` (they lead the
        LRU order); the number dropped."""
        n = 0
        with self.lock:
            entries = self.entries
            while entries:
                used = entries[next(iter(entries))][1]
                if used >= before:
                    break
                entries.popitem(last=False)
                n += 1
        return n

    def __len__(self) -> int:
        return len(self.entries)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


_ALL: weakref.WeakSet[_Recent] = weakref.WeakSet()


def trim(idle: float) -> int:
    """Let every part and word no drawing has used for `idle` seconds go; the number let go.

    The caches are bounded by count, not by age: without this, the parts of tables that
    have left a server stay until newer parts push them out, which a quiet server never
    does (full, they hold ~100 MB of strings). The server calls it when it sweeps idle
    tables (`herna.server.tables.Tables.sweep`); a part in use is simply drawn again."""
    before = _clock() - idle
    return sum(c.trim(before) for c in list(_ALL))


def _forget_all() -> None:
    for cache in list(_ALL):
        cache.clear()


forgettable(_forget_all)


def by_data(maxsize: int = 1024) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoise a pure drawing function by the JSON of its (JSON-like) arguments.

    The function always gets its arguments back from that JSON, so tuples arrive as lists and
    it cannot read anything it was not given; what it returns is shared, so it must not be
    changed by the caller (strings, or frozen objects). Entries are keyed by a 128-bit digest
    of the JSON: a part's data is often larger than the part (a seat's whole view), and the
    server keeps a few parts per watcher of every live table (about 12 KB each). Entries not
    used for a while go with `trim`."""
    def decorate(fn: Callable[..., R]) -> Callable[..., R]:
        cache = _Recent(maxsize)

        @wraps(fn)
        def drawn(*args: Any) -> R:
            data = orjson.dumps(args)
            key = hashlib.blake2b(data, digest_size=16).digest()
            hit = cache.get(key)
            if hit is not _MISSING:
                return hit  # type: ignore[no-any-return]
            value = fn(*orjson.loads(data))
            cache.put(key, value)
            return value

        drawn.cache_clear = cache.clear  # type: ignore[attr-defined]
        drawn.cache_len = cache.__len__  # type: ignore[attr-defined]
        return drawn
    return decorate


# ----- seats' names -----------------------------------------------------------------------------
# A drawing calls the seats by the names the server passes in (`svg(view, names=[...])`: the
# players' own names, "Player 1", "Bot · hard"), and by "Seat N" when none are given (the CLI,
# `herna render`). The names travel beside the view, never in it: the engine's views,
# determinize and the research adapters do not know them. A name is a user's text: every
# drawing sets it as escaped XML text only.
NAMES_KEY = "seat_names"


def with_names(view: dict[str, Any], names: Any) -> dict[str, Any]:
    """The view to draw, with the seats' names beside it (a shallow copy; `view` unchanged)."""
    if not names:
        return view
    return {**view, NAMES_KEY: [str(n) for n in names]}


def seat_name(view: Any, seat: int) -> str | None:
    """The name given for `seat`, or None (then the drawing says "Seat N" in its words)."""
    names = view.get(NAMES_KEY) if hasattr(view, "get") else None
    if not names or not 0 <= seat < len(names):
        return None
    return str(names[seat])


def recent(maxsize: int = 4096) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoise a pure function of hashable arguments, as `functools.lru_cache(maxsize)`
    does, with entries `trim` lets go once unused for a while (the words of moves)."""
    def decorate(fn: Callable[..., R]) -> Callable[..., R]:
        cache = _Recent(maxsize)

        @wraps(fn)
        def memo(*args: Hashable) -> R:
            hit = cache.get(args)
            if hit is not _MISSING:
                return hit  # type: ignore[no-any-return]
            value = fn(*args)
            cache.put(args, value)
            return value

        memo.cache_clear = cache.clear  # type: ignore[attr-defined]
        memo.cache_len = cache.__len__  # type: ignore[attr-defined]
        return memo
    return decorate


# ----- dice ---------------------------------------------------------------------------------------
# Dice are drawn as dice: a rounded square with the face's pips (issue 20: "dice drawn as dice
# with pips"), so a die reads as one at a glance and its value (or, for Envyra's player dice,
# its owner's number) does not depend on telling colours apart.
_PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
         4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
         5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
         6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def pip_ink(fill: str) -> str:
    """Pips that stand out on `fill` (#rrggbb): white on a dark die, near-black on a light one."""
    r, g, b = (int(fill[k:k + 2], 16) for k in (1, 3, 5))
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 150 else "#222222"


def die_svg(x: float, y: float, size: float, fill: str, pips: int, stroke: str = "#222222",
            dashed: bool = False) -> str:
    """A die of `size` units at (x, y) showing `pips` (1-6; 0 draws a blank face)."""
    dash = ' stroke-dasharray="3 2"' if dashed else ""
    out = [f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" '
           f'rx="{size * 0.2:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="1.2"{dash}/>']
    ink = pip_ink(fill) if fill.startswith("#") and len(fill) == 7 else "#222222"
    cx, cy, off, r = x + size / 2, y + size / 2, size * 0.26, max(1.2, size * 0.09)
    for dx, dy in _PIPS.get(pips, ()):
        out.append(f'<circle cx="{cx + dx * off:.1f}" cy="{cy + dy * off:.1f}" r="{r:.1f}" '
                   f'fill="{ink}"/>')
    return "".join(out)


# ----- seats' colours -------------------------------------------------------------------------
# A seat is shown by its name and its colour everywhere (issue 20): on the table, in the page's
# players list, log, cover screen and final scores. The page takes each seat's colour from the
# game's `render.seat_colours(view)` (the payload's `seats[].colour`), so it is the one drawn.
# Games whose pieces have no colour of their own (Alhambra, Roll & Write) take this palette:
# Okabe and Ito's, told apart by most colour-blind eyes; the token says the seat's number too.
SEAT_PALETTE = ("#e69f00", "#56b4e9", "#009e73", "#cc79a7", "#0072b2", "#d55e00")


def seat_token(cx: float, cy: float, r: float, fill: str, seat: int, number: int) -> str:
    """A seat's token: a disc of its colour (`class="seat-token"`, `data-seat`) with its
    number in an ink that stands out on it, so it reads without telling colours apart."""
    return (f'<g class="seat-token" data-seat="{seat}"><circle cx="{cx:g}" cy="{cy:g}" '
            f'r="{r:g}" fill="{fill}" stroke="#222222" stroke-width="1"/>'
            f'<text x="{cx:g}" y="{cy + r * 0.42:.1f}" font-size="{max(12.0, r * 1.2):g}" '
            f'font-weight="bold" text-anchor="middle" fill="{pip_ink(fill)}">{number}</text>'
            "</g>")


def text_width(text: str, size: float) -> float:
    """About how wide `text` is at font `size` in a sans-serif face (DejaVu Sans, the widest
    common default: 0.6 em a letter), for wrapping words in a drawing of fixed width."""
    return len(text) * size * 0.6


def clip(text: str, size: float, width: float) -> str:
    """`text` cut to fit `width` at font `size`, with an ellipsis where it was cut (a
    player's name in a heading)."""
    if text_width(text, size) <= width:
        return text
    keep = max(1, int(width / (size * 0.6)) - 1)
    return text[:keep].rstrip() + "…"


def wrap(text: str, size: float, width: float) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` at font `size` (a word
    longer than a line keeps a line of its own)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        attempt = f"{line} {word}" if line else word
        if line and text_width(attempt, size) > width:
            lines.append(line)
            line = word
        else:
            line = attempt
    if line or not lines:
        lines.append(line)
    return lines


def area(ident: str, kind: str, title: str, width: float, height: float, body: str,
         seat: int | None = None, summary: str | None = None, wide: bool = False,
         min_width: float | None = None, background: str = "#fbfaf6",
         font: str | None = None) -> dict[str, Any]:
    """One area of a table (the areas contract: a standalone SVG the page places in its
    grid), its root <svg> with a viewBox of `width` x `height` and no width/height; `font`,
    the font family its words inherit (a standalone SVG otherwise falls back to a serif)."""
    minw = f' data-min-width="{min_width:g}"' if min_width else ""
    family = f' font-family="{font}"' if font else ""
    doc = (f'<svg xmlns="http://www.w3.org/2000/svg" id="area-{ident}" '
           f'viewBox="0 0 {width:g} {height:g}"{minw}{family}>'
           f'<rect width="{width:g}" height="{height:g}" fill="{background}"/>{body}</svg>')
    out: dict[str, Any] = {"id": ident, "kind": kind, "title": title, "svg": doc}
    if kind == "seat":
        out["seat"] = seat
        out["summary"] = summary or ""
    if wide:
        out["wide"] = True
    return out


_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')


def join_areas(areas: list[dict[str, Any]], columns: int = 2, gap: float = 12,
               background: str = "#fbfaf6", foot: str | None = None) -> str:
    """The whole table as one SVG document from its areas (for the CLI and API clients): the
    areas in order in `columns` columns, each to the shortest one (a wide area, or one
    wider than a column, across all of them); `foot`, a note under them all."""
    sizes = []
    for a in areas:
        found = _VIEWBOX.search(a["svg"])
        sizes.append((float(found.group(1)), float(found.group(2))) if found else (360.0, 0.0))
    cols = max(1, min(columns, len(areas)))
    colw = min((w for w, _ in sizes), default=360.0)
    width = max([cols * colw + (cols - 1) * gap, *(w for w, _ in sizes)]) + 2 * gap
    heights = [gap] * cols
    placed = []
    for a, (w, h) in zip(areas, sizes, strict=True):
        if a.get("wide") or w > colw:
            x, y = gap, max(heights)
            heights = [y + h + gap] * cols
        else:
            col = heights.index(min(heights))
            x, y = gap + col * (colw + gap), heights[col]
            heights[col] += h + gap
        placed.append(a["svg"].replace("<svg ", f'<svg x="{x:g}" y="{y:g}" width="{w:g}" '
                                                f'height="{h:g}" ', 1))
    height = max(heights)
    if foot:
        for line in wrap(foot, 12, width - 2 * gap):
            placed.append(f'<text x="{gap:g}" y="{height + 12:g}" font-family="sans-serif" '
                          f'font-size="12" fill="#666">{html.escape(line, quote=False)}</text>')
            height += 16
        height += gap
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}"><rect width="100%" height="100%" '
            f'fill="{background}"/>{"".join(placed)}</svg>')
