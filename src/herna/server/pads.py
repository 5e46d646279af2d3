"""The score pads in the browser (issue 22): the four `herna score` pads as an API.

`form(game, lang)` (GET /api/score/{game}) says what a pad asks: the fields of a player's card
with their bounds and words, the table's settings and the virtual players a player count
brings, so the page draws its form from it and holds no rules. `score(game, body, lang)` (POST)
reads the entries strictly, builds the CLI pad's own entries and scores them with the pad's own
functions (`games/<game>/scorepad.py` and the scoring modules it uses): the page, the terminal
and the tests get the same points and the same explanations, word for word.

A bad entry is refused (422) with words naming the player and the thing, in the language
asked, and `field`, its path in the body (`players[1].tower`), so a page can point at it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import typer

import herna
from herna.i18n import speaking
from herna.web import catalog

from .names import MAX_NAME
from .tables import Refused

GAMES = ("alhambra", "alhambra-rw", "envyra", "ubongo")
BODY_KEYS = ("lang", "settings", "players", "virtual")

# Colours of the swatches beside a field (the boxes' colours, as the drawings use them).
SWATCH = {"blue": "#2f6fb5", "red": "#c0392b", "brown": "#8b5a2b", "white": "#e8e4da",
          "green": "#2e8b57", "purple": "#7b4aa0", "violet": "#7b4aa0", "yellow": "#e0b000",
          "orange": "#e07b20"}


class BadEntry(Refused):
    """An entry the pad cannot score: 422 with the reason and the field's path."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(422, reason)
        self.field = field


class Words:
    """Reading a body in one language: each refusal says why in `lang` and names the field."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, /, **fields: object) -> str:
        return catalog().t(key, self.lang, **fields)

    def bad(self, field: str, key: str, /, **fields: object) -> BadEntry:
        return BadEntry(field, self.t(key, field=field, **fields))

    def object(self, value: Any, field: str, known: Iterable[str]) -> dict[str, Any]:
        """A JSON object holding only `known` keys."""
        allowed = list(known)
        if not isinstance(value, dict):
            raise self.bad(field, "pads.err.object", known=", ".join(allowed))
        for key in value:
            if key not in allowed:
                raise self.bad(_path(field, key), "pads.err.unknown", known=", ".join(allowed))
        return value

    def count(self, value: Any, field: str, most: int, least: int = 0) -> int:
        """A whole number from `least` to `most` (true/false and 2.0 are not numbers here)."""
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise self.bad(field, "pads.err.count", least=least, most=most)
        return value

    def flag(self, value: Any, field: str) -> bool:
        if not isinstance(value, bool):
            raise self.bad(field, "pads.err.flag")
        return value

    def name(self, value: Any, field: str) -> str:
        """A player's name as the tables take it: 1-24 characters, no control characters."""
        if not isinstance(value, str) or not 1 <= len(value.strip()) <= MAX_NAME or any(
                not ch.isprintable() and ch != " " for ch in value.strip()):
            raise self.bad(field, "pads.err.name", most=MAX_NAME)
        return value.strip()

    def rows(self, value: Any, field: str, least: int, most: int) -> list[Any]:
        if not isinstance(value, list) or not least <= len(value) <= most:
            raise self.bad(field, "pads.err.rows", least=least, most=most)
        return value


def _path(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


# ----- what a pad's card holds -------------------------------------------------------------
def _count(key: str, label: str, most: int, swatch: str | None = None,
           group: str | None = None) -> dict[str, Any]:
    return {"key": key, "kind": "count", "label": label, "max": most, "swatch": swatch,
            "group": group}


class Pad:
    """One game's pad: its form and how a body becomes the CLI pad's entries and points."""

    game: str
    min_players: int
    max_players: int
    default_players: int = 3

    def fields(self, lang: str, virtual: bool = False) -> list[dict[str, Any]]:
        raise NotImplementedError

    def settings(self, lang: str) -> list[dict[str, Any]]:
        return []

    def virtual(self, lang: str) -> dict[str, Any] | None:
        return None

    def words(self, lang: str) -> dict[str, Any]:
        """The pad's own lines on the page: how to count, and the data notice if any."""
        return {"hint": catalog().t(f"pads.{self.game}.hint", lang), "notice": None}

    def form(self, lang: str) -> dict[str, Any]:
        return {
            "game": self.game, "lang": lang,
            "players": {"min": self.min_players, "max": self.max_players,
                        "default": self.default_players},
            "fields": self.fields(lang),
            "settings": self.settings(lang),
            "virtual": self._virtual_form(lang),
            **self.words(lang),
        }

    def _virtual_form(self, lang: str) -> dict[str, Any] | None:
        """The virtual players as the page needs them: the fields of their cards too."""
        made = self.virtual(lang)
        if made is None:
            return None
        return {**made, "fields": [f["key"] for f in self.fields(lang, virtual=True)]}

    def score(self, body: Any, w: Words) -> dict[str, Any]:
        raise NotImplementedError

    # shared reading ---------------------------------------------------------------------
    def read(self, body: Any, w: Words) -> tuple[dict[str, Any], list[dict[str, Any]],
                                                  list[dict[str, Any]]]:
        """The body's settings, players and virtual players, each field checked against the
        form (a missing count is 0); names unique."""
        top = w.object(body, "", BODY_KEYS)
        if "players" not in top:
            raise w.bad("players", "pads.err.missing")
        settings = self.read_settings(top.get("settings", {}), w)
        players = [self.read_entry(p, f"players[{i}]", fields_of(self.game, w.lang), w, i)
                   for i, p in enumerate(w.rows(top["players"], "players", self.min_players,
                                                self.max_players))]
        form = self.virtual(w.lang)
        virtual_rows = top.get("virtual", [])
        if form is None:
            if virtual_rows:
                raise w.bad("virtual", "pads.err.no_virtual")
            virtual: list[dict[str, Any]] = []
        else:
            allowed = form["counts"].get(str(len(players)), [0])
            rows = w.rows(virtual_rows, "virtual", 0, max(form["counts_max"], 0))
            if len(rows) not in allowed:
                raise w.bad("virtual", "pads.err.virtual_count", n=len(rows),
                            players=len(players),
                            allowed=", ".join(str(a) for a in allowed))
            virtual = [self.read_entry(v, f"virtual[{i}]",
                                       fields_of(self.game, w.lang, virtual=True), w, i,
                                       name=form["names"][i])
                       for i, v in enumerate(rows)]
        seen: dict[str, str] = {}
        reserved = {v["name"].casefold() for v in virtual}  # the virtual players at play
        for i, p in enumerate(players):
            key = p["name"].casefold()
            if key in seen or key in reserved:
                raise w.bad(f"players[{i}].name", "pads.err.same_name", name=p["name"])
            seen[key] = p["name"]
        return settings, players, virtual

    def read_settings(self, value: Any, w: Words) -> dict[str, Any]:
        specs = {s["key"]: s for s in self.settings(w.lang)}
        given = w.object(value, "settings", specs)
        out: dict[str, Any] = {}
        for key, spec in specs.items():
            field = f"settings.{key}"
            raw = given.get(key, spec["default"])
            if spec["kind"] == "check":
                out[key] = w.flag(raw, field)
            else:
                values = [c["value"] for c in spec["choices"]]
                if isinstance(raw, bool) or raw not in values:
                    raise w.bad(field, "pads.err.choice",
                                choices=", ".join(str(v) for v in values))
                out[key] = raw
        return out

    def read_entry(self, value: Any, field: str, fields: Sequence[dict[str, Any]], w: Words,
                   i: int, name: str | None = None) -> dict[str, Any]:
        keys = [f["key"] for f in fields]
        entry = w.object(value, field, ["name", *keys])
        out: dict[str, Any] = {}
        if name is not None:  # a virtual player is named by the game, whatever was sent
            if "name" in entry:
                w.name(entry["name"], _path(field, "name"))
            out["name"] = name
        else:
            out["name"] = (w.name(entry["name"], _path(field, "name")) if "name" in entry
                           else w.t("names.player", n=i + 1))
        for spec in fields:
            key = spec["key"]
            raw = entry.get(key)
            where = _path(field, key)
            if spec["kind"] == "count":
                out[key] = 0 if raw is None else w.count(raw, where, spec["max"])
            elif spec["kind"] == "check":
                out[key] = False if raw is None else w.flag(raw, where)
            elif spec["kind"] == "choice":
                values = [c["value"] for c in spec["choices"]]
                raw = values[0] if raw is None else raw
                if isinstance(raw, bool) or raw not in values:
                    raise w.bad(where, "pads.err.choice",
                                choices=", ".join(str(v) for v in values))
                out[key] = raw
            elif spec["kind"] == "cards":
                out[key] = self.read_cards(raw, where, spec, w)
        return out

    def read_cards(self, raw: Any, field: str, spec: dict[str, Any], w: Words) -> list[str]:
        values = [c["value"] for c in spec["choices"]]
        items = w.rows([] if raw is None else raw, field, 0, len(values))
        for k, item in enumerate(items):
            if item not in values:
                raise w.bad(_path(field, k), "pads.err.choice", choices=", ".join(values))
            if item in items[:k]:
                raise w.bad(_path(field, k), "pads.err.twice", value=item)
        return list(items)


def _result(game: str, lang: str, title: str, columns: list[dict[str, Any]],
            rows: list[dict[str, Any]], explain: list[dict[str, Any]], result: str,
            notes: Sequence[str | None] = ()) -> dict[str, Any]:
    return {"game": game, "lang": lang, "title": title, "columns": columns, "rows": rows,
            "explain": explain, "result": result, "notes": [n for n in notes if n]}


def _refused_by_cli(e: typer.BadParameter, field: str) -> BadEntry:
    """The CLI pad's own refusal (already in the language spoken), for the body's `field`."""
    return BadEntry(field, str(e.message))


def _best(names: Sequence[str], totals: Sequence[int], lang: str) -> tuple[str, int]:
    """Who has the highest total (all of them, joined in words), and that total."""
    best = max(totals)
    who = [n for n, total in zip(names, totals, strict=True) if total == best]
    return catalog().join_names(who, lang), best


# ----- Alhambra: one scoring round ---------------------------------------------------------
class AlhambraPad(Pad):
    game = "alhambra"
    min_players, max_players = 2, 6

    def fields(self, lang: str, virtual: bool = False) -> list[dict[str, Any]]:
        from herna.games.alhambra import scorepad
        from herna.games.alhambra.data import BUILDING_TYPES
        from herna.games.alhambra.i18n import type_name

        out = [_count(kind, type_name(kind, lang), scorepad.TILES_PER_TYPE[kind],
                      SWATCH.get(scorepad.COLOURS[kind]))
               for kind in BUILDING_TYPES]
        if not virtual:
            out.append(_count("walls", catalog().t("pads.alhambra.walls", lang), WALL_MOST))
        return out

    def settings(self, lang: str) -> list[dict[str, Any]]:
        c = catalog()
        return [{"key": "round", "kind": "choice", "label": c.t("pads.alhambra.round", lang),
                 "default": 3,
                 "choices": [{"value": r, "label": c.t(f"pads.alhambra.round{r}", lang)}
                             for r in (1, 2, 3)]}]

    def virtual(self, lang: str) -> dict[str, Any] | None:
        from herna.games.alhambra import scorepad

        return {"names": [scorepad.DIRK], "counts": {"2": [1, 0]}, "counts_max": 1,
                "label": catalog().t("pads.alhambra.dirk", lang),
                "note": catalog().t("pads.alhambra.dirk_note", lang)}

    def score(self, body: Any, w: Words) -> dict[str, Any]:
        from herna.games.alhambra import scorepad
        from herna.games.alhambra.data import BUILDING_TYPES as types
        from herna.games.alhambra.i18n import t as game_t
        from herna.games.alhambra.i18n import type_name
        from herna.games.alhambra.scoring import explain_building_points, score_round

        settings, players, virtual = self.read(body, w)
        lang = w.lang
        entries = [scorepad.Entry(p["name"], {k: p[k] for k in types}, p["walls"])
                   for p in players]
        entries += [scorepad.Entry(v["name"], {k: v[k] for k in types}, None) for v in virtual]
        try:
            scorepad._check_table(entries, "players")
        except typer.BadParameter as e:
            raise _refused_by_cli(e, "players") from None
        counts = [e.counts for e in entries]
        walls = [e.walls for e in entries]
        rnd = settings["round"]
        points = score_round(counts, walls, rnd)
        names = [e.name for e in entries]
        rows = [{"key": k, "label": type_name(k, lang), "cells": [p[k] for p in points],
                 "counts": [c.get(k, 0) for c in counts]} for k in types]
        rows.append({"key": "walls", "label": game_t("walls", lang),
                     "cells": [None if e.walls is None else p["walls"]
                               for e, p in zip(entries, points, strict=True)],
                     "counts": [e.walls for e in entries]})
        rows.append({"key": "total", "label": game_t("total", lang),
                     "cells": [p["total"] for p in points]})
        lines = explain_building_points(counts, rnd, names, lang=lang)
        explain = [{"key": k, "label": type_name(k, lang), "text": line}
                   for k, line in zip(types, lines, strict=True)]
        wall_list = ", ".join(f"{p['name']} {p['walls']}" for p in players)
        explain.append({"key": "walls", "label": game_t("walls", lang),
                        "text": w.t("pads.alhambra.walls_explain", list=wall_list)
                        + (" " + w.t("pads.alhambra.dirk_walls") if virtual else "")})
        who, best = _best([p["name"] for p in players],
                          [p["total"] for p in points[:len(players)]], lang)
        result = w.t("pads.alhambra.result", round=rnd, who=who, total=best)
        return _result(self.game, lang, game_t("pad.title", lang, round=rnd),
                       [{"name": e.name, "virtual": e.walls is None} for e in entries],
                       rows, explain, result, [game_t("pad.note", lang)])


WALL_MOST = 80  # the CLI pad's bound: longer than any wall 54 tiles can build


# ----- Alhambra Roll & Write: the final scoring ------------------------------------------
class RollWritePad(Pad):
    game = "alhambra-rw"
    min_players, max_players = 1, 5
    default_players = 3

    def fields(self, lang: str, virtual: bool = False) -> list[dict[str, Any]]:
        from herna.games.alhambra_rw import data
        from herna.games.alhambra_rw.i18n import ordinal, type_name

        c = catalog()
        out: list[dict[str, Any]] = []
        for kind, boxes in zip(data.BUILDING_TYPES, data.BOXES, strict=True):
            out.append(_count(kind, type_name(kind, lang), boxes, SWATCH.get(data.COLOURS[kind])))
            out.append({"key": f"paid_{kind}", "kind": "choice",
                        "label": c.t("pads.rw.paid", lang, type=type_name(kind, lang)),
                        "shown_if": {"key": kind, "equals": boxes},
                        "choices": [{"value": 0, "label": c.t("pads.rw.not_paid", lang)}]
                        + [{"value": p, "label": c.t("pads.rw.place", lang, place=ordinal(p, lang))}
                           for p in range(1, len(data.VP[0]) + 1)]})
        if not virtual:
            out.append(_count("coins", c.t("pads.rw.coins", lang), data.TRACK))
            for size in range(4, data.SIDE + 1):
                out.append(_count(f"lines{size}", c.t("pads.rw.lines", lang, size=size),
                                  2 * data.SIDE))
        return out

    def settings(self, lang: str) -> list[dict[str, Any]]:
        return [{"key": "vs_virtual", "kind": "check", "default": False,
                 "label": catalog().t("pads.rw.vs_virtual", lang),
                 "shown_if": {"players": [1]}}]

    def virtual(self, lang: str) -> dict[str, Any] | None:
        from herna.games.alhambra_rw import data

        return {"names": list(data.VIRTUAL_NAMES), "counts": {"1": [2, 3, 4], "2": [1]},
                "counts_max": 4, "label": catalog().t("pads.rw.virtual", lang),
                "note": catalog().t("pads.rw.virtual_note", lang)}

    def words(self, lang: str) -> dict[str, Any]:
        from herna.games.alhambra_rw.i18n import t as game_t

        return {"hint": catalog().t("pads.alhambra-rw.hint", lang),
                "notice": game_t("reconstruction", lang)}

    def score(self, body: Any, w: Words) -> dict[str, Any]:
        from herna.games.alhambra_rw import data, scorepad
        from herna.games.alhambra_rw.i18n import join_names, type_gen, type_name
        from herna.games.alhambra_rw.i18n import plural as game_plural
        from herna.games.alhambra_rw.i18n import t as game_t
        from herna.games.alhambra_rw.scoring import places_used

        settings, players, virtual = self.read(body, w)
        lang = w.lang
        vs = settings["vs_virtual"]
        if vs and (len(players) != 1 or len(virtual) not in data.VIRTUAL_BONUS):
            raise w.bad("settings.vs_virtual", "pads.rw.err_vs")
        rows_in = [*players, *virtual]
        entries = []
        for p in players:
            e = scorepad.Entry(p["name"], {k: p[k] for k in data.BUILDING_TYPES},
                               coins=p["coins"])
            e.lines = [size for size in range(4, data.SIDE + 1) for _ in range(p[f"lines{size}"])]
            if len(e.lines) > 2 * data.SIDE:
                raise w.bad(f"players[{players.index(p)}].lines4", "pads.rw.err_lines",
                            who=p["name"], most=2 * data.SIDE)
            entries.append(e)
        entries += [scorepad.Entry(v["name"], {k: v[k] for k in data.BUILDING_TYPES},
                                   virtual=True) for v in virtual]
        def where(i: int, kind: str) -> str:
            row = f"players[{i}]" if i < len(players) else f"virtual[{i - len(players)}]"
            return f"{row}.paid_{kind}"

        paid: dict[str, dict[int, int]] = {}
        for kind, boxes in zip(data.BUILDING_TYPES, data.BOXES, strict=True):
            places = {i: r[f"paid_{kind}"] for i, r in enumerate(rows_in) if r[f"paid_{kind}"]}
            for i in places:
                if entries[i].counts.get(kind, 0) < boxes:
                    raise BadEntry(where(i, kind),
                                   game_plural("pad.err.not_complete", boxes, lang,
                                               who=entries[i].name,
                                               type_gen=type_gen(kind, lang)))
            if places:
                try:
                    places_used(places)
                except ValueError:
                    raise w.bad(where(max(places, key=places.__getitem__), kind),
                                "pads.rw.err_places", type=type_name(kind, lang)) from None
                paid[kind] = places
        result = scorepad.score(entries, paid, vs)
        names = [e.name for e in entries]
        cats = [*data.BUILDING_TYPES, "lines", "coins"] + (["bonus"] if vs else [])
        rows = []
        for cat in cats:
            label = game_t(f"cat.{cat}", lang) if cat in ("lines", "coins", "bonus") \
                else type_name(cat, lang)
            cells: list[int | None] = [r[cat] for r in result.rows]
            if cat in ("lines", "coins"):
                cells = [None if e.virtual else v for e, v in zip(entries, cells, strict=True)]
            row: dict[str, Any] = {"key": cat, "label": label, "cells": cells}
            if cat in data.BUILDING_TYPES:
                row["counts"] = [e.counts.get(cat, 0) for e in entries]
            rows.append(row)
        rows.append({"key": "total", "label": game_t("outcome.score", lang),
                     "cells": [r["total"] for r in result.rows]})
        explain = [{"key": k, "label": type_name(k, lang), "text": note}
                   for k, note in zip(data.BUILDING_TYPES, result.notes, strict=True)]
        for e, r in zip(entries, result.rows, strict=True):
            if e.virtual or not (e.lines or e.coins):
                continue  # nothing to explain: the table's 0 says it all
            sizes = ", ".join(str(s) for s in sorted(e.lines, reverse=True)) or "0"
            explain.append({"key": "lines", "label": game_t("cat.lines", lang),
                            "text": w.t("pads.rw.lines_explain", who=e.name, sizes=sizes,
                                        points=r["lines"])})
            explain.append({"key": "coins", "label": game_t("cat.coins", lang),
                            "text": w.t("pads.rw.coins_explain", who=e.name, coins=e.coins,
                                        points=r["coins"])})
        if vs:
            for e, r in zip(entries, result.rows, strict=True):
                if e.virtual:
                    explain.append({"key": "bonus", "label": game_t("cat.bonus", lang),
                                    "text": w.t("pads.rw.bonus_explain", who=e.name,
                                                points=r["bonus"])})
        scored = [(r["total"], e.name) for e, r in zip(entries, result.rows, strict=True)
                  if vs or not e.virtual]
        best = max(total for total, _ in scored)
        winners = [name for total, name in scored if total == best]
        verdict = game_t("pad.winner" if len(winners) == 1 else "pad.winners", lang,
                         who=join_names(winners, lang), total=best)
        return _result(self.game, lang, game_t("pad.title", lang),
                       [{"name": n, "virtual": e.virtual} for n, e in zip(names, entries,
                                                                          strict=True)],
                       rows, explain, verdict,
                       [w.t("pads.rw.virtual_note") if virtual and not vs else None,
                        game_t("reconstruction", lang)])


# ----- Envyra: stars, sets, Equilibrium, ties -------------------------------------------
class EnvyraPad(Pad):
    game = "envyra"
    min_players, max_players = 2, 4

    def fields(self, lang: str, virtual: bool = False) -> list[dict[str, Any]]:
        from herna.games.envyra import data
        from herna.games.envyra.i18n import symbol_name, theme_name

        c = catalog()
        out = [_count("stars", c.t("pads.envyra.stars", lang), STARS_MOST)]
        for t_index, theme in enumerate(data.THEMES):
            symbols = data.SYMBOL_NAMES[t_index * data.SYMBOLS_PER_THEME:
                                        (t_index + 1) * data.SYMBOLS_PER_THEME]
            out += [_count(f"{theme}_{symbol}", symbol_name(symbol, lang), TILES_MOST,
                           SWATCH.get(theme), group=theme_name(theme, lang))
                    for symbol in symbols]
        out.append({"key": "end_tile", "kind": "check",
                    "label": c.t("pads.envyra.end_tile", lang)})
        out.append({"key": "cards", "kind": "cards", "label": c.t("pads.envyra.cards", lang),
                    "choices": [{"value": card.id, "label": _card_label(card, lang)}
                                for card in data.CARDS]})
        return out

    def words(self, lang: str) -> dict[str, Any]:
        from herna.games.envyra.i18n import t as game_t

        return {"hint": catalog().t("pads.envyra.hint", lang), "notice": game_t("recon", lang)}

    def score(self, body: Any, w: Words) -> dict[str, Any]:
        from herna.games.envyra import data, scorepad
        from herna.games.envyra.i18n import category_name, symbol_name, theme_name, tile_name
        from herna.games.envyra.i18n import t as game_t
        from herna.games.envyra.scoring import best_sets, leftovers

        _, players, _ = self.read(body, w)
        lang = w.lang
        entries = []
        holders: dict[str, str] = {}
        end_owner: str | None = None
        for i, p in enumerate(players):
            tiles = [(theme, symbol) for theme in data.THEMES for symbol in data.SYMBOL_NAMES
                     if f"{theme}_{symbol}" in p for _ in range(p[f"{theme}_{symbol}"])]
            if len(tiles) > TILES_MOST:
                raise w.bad(f"players[{i}]", "pads.envyra.err_tiles", who=p["name"],
                            most=TILES_MOST)
            if p["end_tile"]:
                if end_owner is not None:
                    raise BadEntry(f"players[{i}].end_tile",
                                   game_t("pad.end_twice", lang, name=end_owner))
                end_owner = p["name"]
            for k, card in enumerate(p["cards"]):
                if card in holders:
                    raise w.bad(f"players[{i}].cards[{k}]", "pads.envyra.err_card",
                                card=card, who=holders[card])
                holders[card] = p["name"]
            entries.append(scorepad.Entry(p["name"], tiles=tiles, stars=p["stars"],
                                          end_tile=p["end_tile"], cards=list(p["cards"])))
        held = sum(len(e.tiles) for e in entries)
        if held > TILES_MOST:
            raise w.bad("players", "pads.envyra.err_all_tiles", n=held, most=TILES_MOST)
        with speaking(lang):
            parts, ranks, ties = scorepad.score_table(entries)
        cats = ("stars", "sets", "equilibrium")
        rows = [{"key": k, "label": category_name(k, lang), "cells": [p[k] for p in parts]}
                for k in cats]
        totals = [sum(p.values()) for p in parts]
        rows.append({"key": "total", "label": game_t("pad.total", lang), "cells": totals})
        rows.append({"key": "rank", "label": game_t("pad.rank", lang), "cells": ranks})
        explain = []
        for e, p in zip(entries, parts, strict=True):
            sets = best_sets(e.tiles)
            told = [w.t("pads.envyra.set", theme=theme_name(s[0][0], lang),
                        symbols=", ".join(symbol_name(x[1], lang) for x in s),
                        points=data.SET_POINTS[len(s)]) for s in sets]
            loose = leftovers(e.tiles, sets)
            if loose:
                told.append(w.t("pads.envyra.loose", loose=game_t("loose", lang),
                                tiles=", ".join(tile_name(x[0], x[1], lang) for x in loose)))
            explain.append({"key": "sets", "label": category_name("sets", lang),
                            "text": w.t("pads.envyra.sets_explain", who=e.name,
                                        sets="; ".join(told) or game_t("loose", lang),
                                        points=p["sets"])})
            if e.cards:
                cards = ", ".join(w.t("pads.envyra.card_scores" if _card_done(e, c)
                                      else "pads.envyra.card_misses", card=c,
                                      vp=_card_vp(c)) for c in e.cards)
                explain.append({"key": "equilibrium", "label": category_name("equilibrium",
                                                                             lang),
                                "text": w.t("pads.envyra.cards_explain", who=e.name,
                                            cards=cards, points=p["equilibrium"])})
        used = "; ".join(game_t(f"tie.{u}", lang) for u in ties) if ties \
            else game_t("tie.none", lang)
        explain.append({"key": "ties", "label": game_t("pad.tiebreaks", lang), "text": used})
        first = [e.name for e, r in zip(entries, ranks, strict=True) if r == 1]
        result = w.t("pads.winner" if len(first) == 1 else "pads.winners",
                     who=catalog().join_names(first, lang),
                     total=max(totals))
        return _result(self.game, lang, game_t("pad.title", lang),
                       [{"name": e.name, "virtual": False} for e in entries], rows, explain,
                       result, [game_t("recon", lang)])


STARS_MOST = 300  # stars on one player's tiles: the box's 39 tiles hold far fewer
TILES_MOST = 38  # tiles one player (or all together) can hold: the box has 38 and an end tile


def _card_label(card: Any, lang: str) -> str:
    from herna.games.envyra import data
    from herna.games.envyra.i18n import symbol_name

    symbols = " + ".join(symbol_name(data.SYMBOL_NAMES[s], lang) for s in card.symbols)
    return catalog().t("pads.envyra.card", lang, card=card.id, symbols=symbols, vp=card.vp)


def _card_done(entry: Any, card_id: str) -> bool:
    from herna.games.envyra.data import SYMBOL_INDEX
    from herna.games.envyra.scoring import card_by_id, card_done

    return card_done(card_by_id(card_id), {SYMBOL_INDEX[s] for _, s in entry.tiles})


def _card_vp(card_id: str) -> int:
    from herna.games.envyra.scoring import card_by_id

    return int(card_by_id(card_id).vp)


# ----- Ubongo: gems by colour ---------------------------------------------------------------
class UbongoPad(Pad):
    game = "ubongo"
    min_players, max_players = 2, 4

    def fields(self, lang: str, virtual: bool = False) -> list[dict[str, Any]]:
        from herna.games.ubongo.data import COLOUR_CSS, COLOURS, GEMS_PER_COLOUR
        from herna.games.ubongo.i18n import colour_name

        return [_count(colour, colour_name(colour, lang), GEMS_PER_COLOUR, COLOUR_CSS[colour])
                for colour in COLOURS]

    def score(self, body: Any, w: Words) -> dict[str, Any]:
        from herna.games.ubongo import scorepad
        from herna.games.ubongo.data import COLOURS
        from herna.games.ubongo.i18n import colour_name
        from herna.games.ubongo.i18n import t as game_t
        from herna.games.ubongo.scoring import ranks, sorted_counts

        _, players, _ = self.read(body, w)
        lang = w.lang
        entries = [(p["name"], [p[c] for c in COLOURS]) for p in players]
        with speaking(lang):
            try:
                scorepad.check_table(entries)
            except typer.BadParameter as e:
                raise _refused_by_cli(e, "players") from None
            lines = scorepad.explanation(entries)
        table = [counts for _, counts in entries]
        rows = [{"key": c, "label": colour_name(c, lang), "cells": [n[i] for n in table]}
                for i, c in enumerate(COLOURS)]
        rows.append({"key": "sorted", "label": game_t("col.sorted", lang),
                     "cells": [", ".join(str(x) for x in sorted_counts(n)) for n in table]})
        rows.append({"key": "rank", "label": game_t("pad.rank", lang), "cells": ranks(table)})
        explain = [{"key": "rule", "label": game_t("pad.title", lang),
                    "text": game_t("pad.rule", lang)}]
        explain += [{"key": "ranking", "label": game_t("pad.rank", lang), "text": line}
                    for line in lines[1:]]
        return _result(self.game, lang, game_t("pad.title", lang),
                       [{"name": name, "virtual": False} for name, _ in entries], rows, explain,
                       lines[0])


PADS: dict[str, Pad] = {p.game: p for p in (AlhambraPad(), RollWritePad(), EnvyraPad(),
                                             UbongoPad())}


@functools.lru_cache(maxsize=64)
def fields_of(game: str, lang: str, virtual: bool = False) -> tuple[dict[str, Any], ...]:
    """A pad's fields in `lang`, kept: every entry of every request is read against them
    (read only, never changed)."""
    return tuple(PADS[game].fields(lang, virtual))


def pad_of(game: str, lang: str) -> Pad:
    """The pad of one of Herna's four games, else 404 (a test's toy game has none)."""
    if game not in PADS or game not in herna.game_ids():
        raise Refused(404, catalog().t("pads.err.no_pad", lang, game=game,
                                       games=", ".join(GAMES)))
    return PADS[game]


def form(game: str, lang: str) -> dict[str, Any]:
    """What the page asks for `game`, in `lang` (GET /api/score/{game})."""
    with speaking(lang):
        return pad_of(game, lang).form(lang)


def score(game: str, body: Any, lang: str) -> dict[str, Any]:
    """The points of the entries in `body`, explained, in `lang` (POST /api/score/{game})."""
    pad = pad_of(game, lang)
    with speaking(lang):
        return pad.score(body, Words(lang))


def chooser(lang: str) -> list[dict[str, Any]]:
    """The games with a pad, for the page's chooser."""
    c = catalog()
    return [{"game": g, "name": c.t(f"game.{g}.name", lang), "what": c.t(f"pads.{g}.what", lang)}
            for g in GAMES if g in herna.game_ids()]

