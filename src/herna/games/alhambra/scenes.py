"""A scoring round told step by step for the page (`web.scenes`, docs/API.md "Scenes"): one
scene per building type (each seat's count and Dirk's, the places and what the round pays
for them, ties split), then the longest outer walls, then the scores before and after.

Every number comes from the engine's own record of the round (`view["scorings"]`: the points
per seat and type, the buildings counted, Dirk's row); the places come from the engine's
`scoring.place_groups`, the very grouping it scored with. Nothing here scores anything.
Each scene is a standalone SVG 360 units wide with no text under 13 units (at least 12 px at
a phone's width), drawn from the spectator's views only: the same for every viewer. A seat's
name has its token beside it (its colour and number, as on the board and in the page's
players list); Dirk, who is no seat, has none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...drawing import SEAT_PALETTE, clip, seat_token
from .data import BUILDING_TYPES, SCORING
from .i18n import counted, lang_of, ordinal, t, type_name
from .render import (
    FONT_FAMILY,
    INK,
    MUTED_INK,
    PANEL_FILL,
    PANEL_STROKE,
    TILE_STROKE,
    TYPE_FILL,
    TYPE_INK,
    WALL_COLOUR,
    WINNER_FILL,
    _attr,
    _el,
    _glyph,
    _num,
    _text,
)
from .scoring import explain_building_points, place_groups

WIDTH = 360
PAD = 8
ROW = 30  # a row of the table: a name, a count, points
TEXT = 13  # the smallest text drawn (12 px at least once shown at 350 px)
BIG = 16
NAME_W = 150  # the names' column, a seat's token and its name
TOKEN_R = 11  # a seat's token: its number 13 units tall
TOKEN_W = 26  # the token and the gap after it


def _who_cell(x: float, y: float, entry: int, is_dirk: bool, name: str, width: float,
              **style: Any) -> str:
    """A row's name at `x` (its baseline at `y`): a seat's after its token, Dirk's alone
    (aligned with the names)."""
    out = "" if is_dirk else seat_token(x + TOKEN_R, y - 5, TOKEN_R,
                                        SEAT_PALETTE[entry % len(SEAT_PALETTE)], entry,
                                        entry + 1)
    return out + _text(x + TOKEN_W, y, clip(name, TEXT, width - TOKEN_W), size=TEXT,
                       class_="scene-who", **style)


def scenes(before: dict[str, Any], after: dict[str, Any], seat: int, text: str,
           lang: str | None = None, names: Sequence[str] | None = None
           ) -> list[dict[str, str]]:
    """The scenes of the scoring rounds this step set off (none for any other step): per
    round, one per building type, the walls, then the totals. `names`: the seats' labels."""
    lang = lang_of(lang)
    done = len(before.get("scorings") or [])
    rounds = list(after.get("scorings") or [])
    out: list[dict[str, str]] = []
    for k in range(done, len(rounds)):
        out += _round_scenes(rounds, k, after, lang, names)
    return out


def _who(after: Mapping[str, Any], names: Sequence[str] | None, lang: str) -> list[str]:
    seats = len(after.get("seats") or [])
    return [str(names[i]) if names and i < len(names) else t("seat", lang, seat=i)
            for i in range(seats)]


def _round_scenes(rounds: list[dict[str, Any]], k: int, after: Mapping[str, Any], lang: str,
                  names: Sequence[str] | None) -> list[dict[str, str]]:
    sc = rounds[k]
    rnd = int(sc["round"])
    rows: list[dict[str, int]] = list(sc["points"])
    counts: list[dict[str, int]] = list(sc["counts"])
    who = _who(after, names, lang)[:len(rows)]
    dirk = sc.get("dirk") is not None
    if dirk:  # Dirk takes part in the majorities: one more entry, last
        rows.append(sc["dirk"])
        counts.append(sc["dirk_counts"])
        who.append(t("area.dirk", lang))
    heading = (t("log.final", lang) if rnd == 3 else t("log.scoring", lang, round=rnd))
    heading = heading[:1].upper() + heading[1:]
    said = explain_building_points(counts, rnd, who, lang=lang)
    out = []
    for kind, words in zip(BUILDING_TYPES, said, strict=True):
        title = t("scene.title", lang, scoring=heading, what=_capital(type_name(kind, lang)))
        out.append({"title": title, "words": f"{heading}. {_capital(words)}",
                    "svg": _type_svg(kind, rnd, rows, counts, who, dirk, lang)})
    walls = t("scene.walls", lang)
    out.append({"title": t("scene.title", lang, scoring=heading, what=walls),
                "words": f"{heading}: {walls}. " + _walls_words(rows, who, dirk, lang),
                "svg": _walls_svg(rows, who, dirk, lang)})
    before = [sum(int(r["points"][i]["total"]) for r in rounds[:k])
              for i in range(len(sc["points"]))]
    if dirk:
        before.append(sum(int(r["dirk"]["total"]) for r in rounds[:k] if r.get("dirk")))
    gained = [int(r["total"]) for r in rows]
    totals = t("scene.totals", lang)
    out.append({"title": t("scene.title", lang, scoring=heading, what=totals),
                "words": f"{heading}: {totals}. " + _totals_words(before, gained, who, lang),
                "svg": _totals_svg(before, gained, who, dirk, lang)})
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----- drawing --------------------------------------------------------------------------------
def _doc(kind: str, height: float, body: list[str]) -> str:
    h = _num(height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {h}" '
            f'font-family="{_attr(FONT_FAMILY)}" class="alh-scene" data-scene="{_attr(kind)}">'
            + _el("rect", x=1, y=1, width=WIDTH - 2, height=height - 2, rx=6, fill=PANEL_FILL,
                  stroke=PANEL_STROKE, stroke_width=1)
            + "".join(body) + "</svg>")


def _swatch(kind: str, x: float, y: float, size: float) -> str:
    return (_el("rect", class_="swatch", data_type=kind, x=x, y=y, width=size, height=size,
                rx=4, fill=TYPE_FILL[kind], stroke=TILE_STROKE, stroke_width=1)
            + _glyph(kind, x + size / 2, y + size / 2, size * 0.32, TYPE_INK[kind]))


def _row_band(y: float, lit: bool) -> str:
    """A row's ground: lit (gold) for a row that scores."""
    if not lit:
        return ""
    return _el("rect", class_="scores", x=4, y=y, width=WIDTH - 8, height=ROW - 2, rx=4,
               fill=WINNER_FILL)


def _header(y: float, cells: list[tuple[float, str, str]]) -> str:
    """A table's column heads: (x, words, anchor)."""
    return "".join(_text(x, y, words, size=TEXT, fill=MUTED_INK, anchor=anchor)
                   for x, words, anchor in cells)


def _type_svg(kind: str, rnd: int, rows: list[dict[str, int]], counts: list[dict[str, int]],
              who: list[str], dirk: bool, lang: str) -> str:
    """One building type: its swatch and name, what the round pays per place, then one row
    per seat (and Dirk) in the order of the places, ties noted under their rows."""
    values = SCORING[kind][rnd - 1]
    body = [_swatch(kind, PAD, PAD, 40),
            _text(PAD + 50, PAD + 26, clip(_capital(type_name(kind, lang)), BIG, 280),
                  size=BIG, weight="bold", class_="scene-type")]
    y = PAD + 40 + 22
    body.append(_text(PAD, y, t("scene.per_place", lang), size=TEXT, fill=MUTED_INK))
    y += 8
    box = (WIDTH - 2 * PAD - 2 * 8) / 3
    for i, value in enumerate(values):
        x = PAD + i * (box + 8)
        body.append(f'<g class="pays" data-place="{i + 1}">'
                    + _el("rect", x=x, y=y, width=box, height=40, rx=4, fill="#f4efe3",
                          stroke=PANEL_STROKE, stroke_width=1)
                    + _text(x + box / 2, y + 16, t("scene.place", lang, place=ordinal(i + 1, lang)),
                            size=TEXT, fill=MUTED_INK, anchor="middle")
                    + _text(x + box / 2, y + 34, counted("svg.points", value, lang), size=TEXT,
                            weight="bold", anchor="middle")
                    + "</g>")
    y += 40 + 24
    body.append(_header(y, [(PAD, t("scene.col.place", lang), "start"),
                            (PAD + 48, t("scene.col.player", lang), "start"),
                            (PAD + 210, t("scene.col.count", lang), "start"),
                            (WIDTH - PAD, t("scene.col.points", lang), "end")]))
    y += 8
    numbers = [int(c.get(kind, 0)) for c in counts]
    groups = place_groups(numbers, values)
    order: list[tuple[int | None, int, str | None]] = []  # (place, entry, note after it)
    for group in groups:
        for j, entry in enumerate(group.players):
            note = None
            if len(group.players) > 1 and j == len(group.players) - 1 and group.paid:
                split = " + ".join(map(str, group.paid))
                if len(group.paid) > 1:
                    split += f" = {sum(group.paid)}"
                note = t("scene.tie", lang, split=split,
                         share=counted("svg.points", group.share, lang))
            order.append((group.place, entry, note))
    order += [(None, entry, None) for entry, n in enumerate(numbers) if n == 0]
    for place, entry, note in order:
        points = int(rows[entry].get(kind, 0))
        is_dirk = dirk and entry == len(rows) - 1
        body.append(f'<g class="row" data-entry="{"dirk" if is_dirk else entry}" '
                    f'data-count="{numbers[entry]}" data-points="{points}"'
                    + (f' data-place="{place}"' if place else "") + ">")
        body.append(_row_band(y, points > 0))
        base = y + 19
        ink = INK if numbers[entry] else MUTED_INK
        body.append(_text(PAD + 4, base, ordinal(place, lang) if place else "–", size=TEXT,
                          weight="bold" if points else None, fill=ink))
        body.append(_who_cell(PAD + 48, base, entry, is_dirk, who[entry], NAME_W,
                              weight="bold" if points else None, fill=ink))
        body.append(_swatch(kind, PAD + 210, y + 3, 22))
        body.append(_text(PAD + 238, base, f"× {numbers[entry]}", size=TEXT, weight="bold",
                          fill=ink))
        body.append(_text(WIDTH - PAD - 4, base, f"+{points}" if points else "0", size=TEXT,
                          weight="bold" if points else None, anchor="end",
                          fill=INK if points else MUTED_INK, class_="scene-points"))
        body.append("</g>")
        y += ROW
        if note:
            y += 4
            body.append(_text(PAD + 4, y + 8, clip(note, TEXT, WIDTH - 2 * PAD - 4), size=TEXT,
                              fill=MUTED_INK, class_="scene-tie"))
            y += 18
    if not groups:
        y += 22
        body.append(_text(PAD, y, t("scene.nobody", lang), size=TEXT, fill=MUTED_INK))
        y += 6
    return _doc(f"type:{kind}", y + PAD + 4, body)


def _walls_svg(rows: list[dict[str, int]], who: list[str], dirk: bool, lang: str) -> str:
    """The longest outer wall of each seat, one point per wall side, as a bar and a number
    (the scene's title, above it on the page, names it)."""
    seats = len(rows) - (1 if dirk else 0)
    body = [_text(PAD, PAD + 20, clip(t("scene.per_side", lang), TEXT, WIDTH - 2 * PAD),
                  size=TEXT, fill=MUTED_INK)]
    y = PAD + 20 + 26
    body.append(_header(y, [(PAD, t("scene.col.player", lang), "start"),
                            (PAD + 160, t("scene.col.wall", lang), "start"),
                            (WIDTH - PAD, t("scene.col.points", lang), "end")]))
    y += 8
    longest = max((int(rows[i].get("walls", 0)) for i in range(seats)), default=0)
    order = sorted(range(seats), key=lambda i: (-int(rows[i].get("walls", 0)), i))
    bar_w = 120
    for i in order:
        wall = int(rows[i].get("walls", 0))
        body.append(f'<g class="row" data-entry="{i}" data-wall="{wall}" data-points="{wall}">')
        body.append(_row_band(y, wall > 0))
        base = y + 19
        body.append(_who_cell(PAD + 4, base, i, False, who[i], NAME_W,
                              weight="bold" if wall else None))
        width = bar_w * wall / longest if longest else 0
        if width:
            body.append(_el("rect", class_="wall-bar", x=PAD + 160, y=y + 10, width=width,
                            height=8, rx=2, fill=WALL_COLOUR))
        body.append(_text(PAD + 160 + width + 6, base, str(wall), size=TEXT, weight="bold"))
        body.append(_text(WIDTH - PAD - 4, base, f"+{wall}" if wall else "0", size=TEXT,
                          weight="bold" if wall else None, anchor="end",
                          fill=INK if wall else MUTED_INK, class_="scene-points"))
        body.append("</g>")
        y += ROW
    if dirk:
        y += 20
        body.append(_text(PAD, y, clip(t("scene.dirk_walls", lang), TEXT, WIDTH - 2 * PAD),
                          size=TEXT, fill=MUTED_INK, class_="scene-dirk"))
    return _doc("walls", y + PAD + 8, body)


def _walls_words(rows: list[dict[str, int]], who: list[str], dirk: bool, lang: str) -> str:
    seats = len(rows) - (1 if dirk else 0)
    said = "; ".join(t("scene.wall_words", lang, who=who[i], wall=int(rows[i].get("walls", 0)),
                       points=counted("svg.points", int(rows[i].get("walls", 0)), lang))
                     for i in range(seats))
    return said + (f". {t('scene.dirk_walls', lang)}" if dirk else "")


def _totals_svg(before: list[int], gained: list[int], who: list[str], dirk: bool,
                lang: str) -> str:
    """Each seat's score before the round, what the round gave, and the score now (Dirk's
    too, muted: his points decide majorities only), the highest first."""
    body: list[str] = []
    y = PAD + 20.0
    cols = (WIDTH - PAD - 130, WIDTH - PAD - 64, WIDTH - PAD - 4)
    body.append(_header(y, [(PAD, t("scene.col.player", lang), "start"),
                            (cols[0], t("scene.col.before", lang), "end"),
                            (cols[1], t("scene.col.gained", lang), "end"),
                            (cols[2], t("scene.col.total", lang), "end")]))
    y += 8
    now = [b + g for b, g in zip(before, gained, strict=True)]
    seats = len(now) - (1 if dirk else 0)
    best = max(now[:seats], default=0)
    order = sorted(range(seats), key=lambda i: (-now[i], i)) + ([seats] if dirk else [])
    for i in order:
        is_dirk = dirk and i == seats
        ink = MUTED_INK if is_dirk else INK
        lead = not is_dirk and now[i] == best and best > 0
        body.append(f'<g class="row" data-entry="{"dirk" if is_dirk else i}" '
                    f'data-before="{before[i]}" data-gained="{gained[i]}" data-total="{now[i]}">')
        body.append(_row_band(y, lead))
        base = y + 19
        body.append(_who_cell(PAD + 4, base, i, is_dirk, who[i], cols[0] - PAD - 60,
                              weight="bold" if lead else None, fill=ink))
        body.append(_text(cols[0], base, str(before[i]), size=TEXT, fill=ink, anchor="end"))
        body.append(_text(cols[1], base, f"+{gained[i]}", size=TEXT, fill=ink, anchor="end"))
        body.append(_text(cols[2], base, str(now[i]), size=TEXT, weight="bold", fill=ink,
                          anchor="end", class_="scene-total"))
        body.append("</g>")
        y += ROW
    return _doc("totals", y + PAD + 4, body)


def _totals_words(before: list[int], gained: list[int], who: list[str], lang: str) -> str:
    return "; ".join(t("scene.total_words", lang, who=who[i], before=before[i],
                       after=before[i] + gained[i], gained=gained[i])
                     for i in range(len(before)))

