"""Alhambra in the browser: which drawn parts a person clicks to make each legal action, an
applied action in words for the move log, and the caption of a button that makes it (the
contract: `herna.testing.web`).

The parts are drawn by `render.svg` for the seat whose view it is:

    take g2 y3        display:g2 display:y3       money display cards, named by the card
    buy 2 g4 g3       market:2 hand:g4 hand:g3    a market space (1-4), cards in my hand
    place 23 1,-2     tile:23 cell:1,-2           a tile (to place, reserve), a free place
    reserve 23        tile:23 reserve             a tile (to place, or in my Alhambra)
    swap 12 33        tile:12 tile:33             a reserve tile and an Alhambra tile
    dirk 23           tile:23 dirk                Dirk's panel (2 players)
    end, pass         (a plain button)

Cards are named by currency letter and value, not by place, because copies are alike: either
of two g2 cards in the display makes `take g2`, both make `take g2 g2`. Every name is what
the notation writes, so the parts follow from the action's text alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from herna.core import Action

from .data import (
    BUILDING_TYPES,
    CURRENCIES,
    CURRENCY_LETTERS,
    LETTER_CURRENCY,
    MARKET_CURRENCIES,
    SCORING,
)
from .i18n import category_name, currency_name, join_names, lang_of, plural, t, type_name, word
from .scenes import scenes as scenes  # a scoring round step by step, for the page


def action_parts(text: str) -> list[str]:
    """The parts of one action, from its canonical text."""
    verb, *args = text.split()
    if verb == "take":
        return [f"display:{card}" for card in args]
    if verb == "buy":
        return [f"market:{args[0]}", *(f"hand:{card}" for card in args[1:])]
    if verb == "place":
        return [f"tile:{args[0]}", f"cell:{args[1]}"]
    if verb in ("reserve", "dirk"):
        return [f"tile:{args[0]}", verb]
    if verb == "swap":
        return [f"tile:{args[0]}", f"tile:{args[1]}"]
    return []  # end, pass


def parts(view: dict[str, Any], legal: Sequence[Action]) -> list[list[str]]:
    """For each legal action, the parts to click (a multiset; [] for a plain button)."""
    return [action_parts(str(action)) for action in legal]


def _card_words(card: str, lang: str, key: str = "web.card") -> str:
    """g4 as words: "green 4 (dirham)" (`web.card`), or "green 4" in a payment (`web.coin`)."""
    return t(f"{key}.{LETTER_CURRENCY[card[0]]}", lang, value=card[1:])


def describe(seat: int, text: str, lang: str | None = None) -> str:
    """An applied action in words, without the seat (the server names who played it):
    "took blue 7 (denar)", "bought from market space 2 with green 4 + green 3"."""
    return _words("web", text, lang, taken="web.card")


def label(seat: int, text: str, lang: str | None = None) -> str:
    """The caption of a button that makes the move, an instruction rather than the log's past
    tense (English imperative, Czech and Slovak infinitive): "Take blue 7", "End the turn"."""
    return _words("label", text, lang, taken="web.coin")


def _words(kind: str, text: str, lang: str | None, taken: str) -> str:
    """The log's words (`web.*`) or a button's (`label.*`) for one action's text; `taken`
    names the cards of a `take` (with their currency in the log, short on a button)."""
    lang = lang_of(lang)
    verb, *args = text.split()
    if verb == "take":
        return t(f"{kind}.take", lang,
                 cards=join_names((_card_words(c, lang, taken) for c in args), lang))
    if verb == "buy":
        return t(f"{kind}.buy", lang, space=args[0],
                 cards=" + ".join(_card_words(c, lang, "web.coin") for c in args[1:]))
    if verb == "place":
        x, y = args[1].split(",")
        return t(f"{kind}.place", lang, tile=args[0], x=x, y=y)
    if verb in ("reserve", "dirk"):
        return t(f"{kind}.{verb}", lang, tile=args[0])
    if verb == "swap":
        return t(f"{kind}.swap", lang, tile=args[0], other=args[1])
    if verb in ("end", "pass"):
        return t(f"{kind}.{verb}", lang)
    return text


# ----- what to do now, and why not ----------------------------------------------------------
def _tile_list(tiles: Sequence[Any], lang: str) -> str:
    return join_names((str(t["id"]) for t in tiles), lang)


def prompt(view: dict[str, Any], legal: Sequence[Action], lang: str | None = None
           ) -> dict[str, Any]:
    """What the seat to act does now, in the rulebook's words, and what a first chosen part
    leads to (`after`, by part name or by its kind before the colon): the page shows these
    and holds no rules. An exact payment's extra action is said as such."""
    lang = lang_of(lang)
    texts = [str(a) for a in legal]
    verbs = {text.split()[0] for text in texts}
    seat = view["seats"][view["seat"]]
    after: dict[str, str] = {}
    if view["phase"] == "placement":
        dirk = "dirk" in verbs
        text = t("prompt.place_dirk" if dirk else "prompt.place", lang,
                 tiles=_tile_list(seat["pending"], lang))
        for tile in seat["pending"]:
            after[f"tile:{tile['id']}"] = t("prompt.after_pending_dirk" if dirk
                                            else "prompt.after_pending", lang, tile=tile["id"])
        return {"text": text, "after": after}
    if verbs == {"pass"}:
        return {"text": t("prompt.pass", lang), "after": after}
    if view["actions_this_turn"]:
        text = t("prompt.extra", lang, tiles=_tile_list(seat["pending"], lang))
    else:
        text = t("prompt.action", lang)
    if "take" in verbs:
        after["display"] = t("prompt.after_display", lang)
    bought = {a.split()[1] for a in texts if a.startswith("buy ")}
    for space in view["market"]:
        if str(space["space"]) in bought and space["tile"]:
            after[f"market:{space['space']}"] = t(
                "prompt.after_market", lang, space=space["space"], tile=space["tile"]["id"],
                price=space["tile"]["price"], currency=word("currency", space["currency"], lang))
    if bought:
        after["hand"] = t("prompt.after_hand", lang)
    for action in texts:
        verb, *args = action.split()
        if verb in ("place", "swap"):
            after.setdefault(f"tile:{args[0]}", t("prompt.after_reserved", lang, tile=args[0]))
        if verb == "reserve":
            after.setdefault(f"tile:{args[0]}", t("prompt.after_built", lang, tile=args[0]))
        if verb == "swap":
            after.setdefault(f"tile:{args[1]}", t("prompt.after_built", lang, tile=args[1]))
    return {"text": text, "after": after}


def _card(card: dict[str, Any]) -> str:
    return f"{CURRENCY_LETTERS[card['currency']]}{card['value']}"


def meant(view: dict[str, Any], parts: Sequence[str]) -> list[str]:
    """The actions a person most likely meant by clicking `parts` (the chosen ones, then the
    one clicked last), in the notation: the server asks the engine why each is not legal.
    A market space or a card alone means paying with every card of that currency held; a
    free place alone, the tile waiting to be placed (or the first reserve tile)."""
    seat = view["seats"][view["seat"]]
    by_kind: dict[str, list[str]] = {}
    for part in parts:
        kind, _, name = part.partition(":")
        by_kind.setdefault(kind, []).append(name)
    kinds = set(by_kind)
    if view["phase"] == "placement" and kinds & {"display", "market", "hand"}:
        return ["end"]  # the engine: first place the tiles you bought
    if kinds == {"display"}:
        return ["take " + " ".join(by_kind["display"])]
    if kinds <= {"market", "hand"}:
        cards = by_kind.get("hand", [])
        if "market" in by_kind:
            space = int(by_kind["market"][0])
        else:
            letter = cards[0][0]
            space = next(s["space"] for s in view["market"]
                         if CURRENCY_LETTERS[s["currency"]] == letter)
        if not cards:
            currency = view["market"][space - 1]["currency"]
            cards = [_card(c) for c in seat["hand"] or () if c["currency"] == currency]
        return [f"buy {space} " + " ".join(cards)] if cards else []
    tiles = by_kind.get("tile", [])
    pending = [str(x["id"]) for x in seat["pending"]]
    reserve = [str(x["id"]) for x in seat["reserve"]]
    if "tile" not in kinds:
        tiles = (pending if view["phase"] == "placement" else reserve)[:1]
    if kinds == {"dirk"}:  # Dirk takes only a tile just bought, whichever it would be
        return [f"dirk {(tiles or ['1'])[0]}"]
    if not tiles or kinds == {"reserve"}:
        return []
    tile = tiles[0]
    if "cell" in kinds:
        return [f"place {tile} {by_kind['cell'][0]}"]
    if "reserve" in kinds:
        return [f"reserve {tile}"]
    if "dirk" in kinds:
        return [f"dirk {tile}"]
    if len(tiles) == 2:
        return [f"swap {tiles[0]} {tiles[1]}"]
    if tile in reserve and view["phase"] != "placement":
        return []  # a reserve tile alone fits no free place and swaps with no tile
    return [f"reserve {tile}"]


def why_not(view: dict[str, Any], parts: Sequence[str], lang: str | None = None) -> str | None:
    """Why `parts` make no action where `meant` finds none to ask the engine about: a free
    place or the reserve clicked with no tile, a market space paid with no cards."""
    lang = lang_of(lang)
    seat = view["seats"][view["seat"]]
    kinds = {p.partition(":")[0] for p in parts}
    last = parts[-1].partition(":")
    if kinds == {"market"}:
        space = view["market"][int(last[2]) - 1]
        if not space["tile"]:
            return t("why.space_empty", lang, space=space["space"])
        return t("why.no_cards", lang, space=space["space"],
                 currency=word("currency", space["currency"], lang))
    if kinds == {"cell"} and not seat["reserve"]:
        return t("why.reserve_empty", lang)
    if kinds == {"reserve"}:
        return t("why.reserve_first", lang)
    if kinds == {"tile"}:
        return t("why.fits_nowhere", lang, tile=last[2])
    return None


def guide(lang: str | None = None) -> dict[str, Any]:
    """How to play and how scoring works, with the majority table of each scoring from the
    game data (first place, second, third: "16/8/1")."""
    lang = lang_of(lang)
    rounds = len(next(iter(SCORING.values())))
    return {
        "play": t("guide.play", lang).split("\n"),
        "scoring": t("guide.scoring", lang).split("\n"),
        "table": {
            "caption": t("guide.table.caption", lang),
            "head": [t("guide.table.type", lang)]
            + [t("guide.table.round", lang, n=r + 1) for r in range(rounds)],
            "rows": [[type_name(kind, lang)] + ["/".join(str(p) for p in points)
                                                for points in SCORING[kind]]
                     for kind in BUILDING_TYPES],
        },
        "notice": None,
    }
# ---- what followed a move: the log's event lines (herna.server.words.step_events) ----------
def _money(cards: list[dict[str, Any]]) -> Counter[str]:
    return Counter(f"{CURRENCY_LETTERS[c['currency']]}{c['value']}" for c in cards)


def events(before: dict[str, Any], after: dict[str, Any], seat: int,
           text: str) -> list[dict[str, Any]]:
    """What the rules did after the action, from the spectator's views (public facts only):
    an exact payment's extra action, the market refilled from the bag, the discard pile
    reshuffled, the money display refilled, a scoring card drawn and its scoring round, Dirk's
    tiles, the leftover tiles at the end and the final scoring."""
    verb, *args = text.split()
    out: list[dict[str, Any]] = []
    if verb == "buy" and not after["outcome"] and after["phase"] == "action" \
            and after["current"] == seat:
        out.append({"event": "exact", "by": "game", "seat": seat})
    for old, new in zip(before["market"], after["market"], strict=True):
        tile = new["tile"]
        if tile is not None and (old["tile"] is None or old["tile"]["id"] != tile["id"]):
            out.append({"event": "market", "by": "game", "space": new["space"],
                        "tile": tile["id"], "type": tile["type"], "price": tile["price"]})
    if len(after["discard"]) < len(before["discard"]):
        out.append({"event": "reshuffle", "by": "game"})
    shown = _money(before["money_display"])
    if verb == "take":
        shown -= Counter(args)
    drawn = _money(after["money_display"]) - shown
    if drawn:
        out.append({"event": "money", "by": "game", "cards": sorted(drawn.elements())})
    for card in after["scoring_cards_drawn"][len(before["scoring_cards_drawn"]):]:
        out.append({"event": "scoring_card", "by": "game", "card": card})
    rounds = after["scorings"][len(before["scorings"]):]
    final = [sc for sc in rounds if sc["round"] == 3]
    for sc in rounds:
        if sc["round"] != 3:
            out += _scoring(sc)
    if before["dirk"] is not None and after["dirk"] is not None:
        gained = len(after["dirk"]["tiles"]) - len(before["dirk"]["tiles"]) - (verb == "dirk")
        if gained > 0:
            out.append({"event": "dirk_tiles", "by": "game", "dirk": True, "n": gained})
    for gift in after["leftovers"][len(before["leftovers"]):]:
        out.append({"event": "leftover", "by": "game", "seat": gift["seat"],
                    "space": gift["space"], "tile": gift["tile"], "amount": gift["amount"]})
    for sc in final:
        out += _scoring(sc)
    return out


def _scoring(sc: dict[str, Any]) -> list[dict[str, Any]]:
    """A scoring round: its line, then each seat's points by category (and Dirk's)."""
    rnd = sc["round"]
    out: list[dict[str, Any]] = [{"event": "scoring", "by": "game", "round": rnd}]
    rows = [(i, row) for i, row in enumerate(sc["points"])]
    for i, row in rows:
        out.append({"event": "scored", "by": "game", "seat": i, "round": rnd,
                    "points": row["total"],
                    "parts": {k: v for k, v in row.items() if k != "total" and v}})
    if sc.get("dirk"):
        row = sc["dirk"]
        out.append({"event": "scored", "by": "game", "dirk": True, "round": rnd,
                    "points": row["total"],
                    "parts": {k: v for k, v in row.items() if k != "total" and v}})
    return out


def event_who(event: dict[str, Any], lang: str) -> str | None:
    """Dirk, the neutral player of a two-player game, by his name; others as the server
    names them."""
    return t("log.dirk", lang) if event.get("dirk") else None


def event_words(event: dict[str, Any], lang: str, names: list[str]) -> str:
    """One event in words, after the name of the seat it concerns (or "Game", or Dirk)."""
    kind = event["event"]
    lang = lang_of(lang)
    if kind == "market":
        return t("log.market", lang, space=event["space"], tile=event["tile"],
                 type=type_name(event["type"], lang), price=event["price"])
    if kind == "money":
        return t("log.money", lang, cards=join_names(
            (_card_words(c, lang) for c in event["cards"]), lang))
    if kind == "scoring_card":
        return t("log.scoring_card", lang, card=event["card"])
    if kind == "scoring":
        return t("log.final" if event["round"] == 3 else "log.scoring", lang,
                 round=event["round"])
    if kind == "scored":
        parts = ", ".join(f"{category_name(k, lang)} {v}" for k, v in event["parts"].items())
        key = "log.scored" if parts else "log.scored_none"
        return t(key, lang, points=plural("points", event["points"], lang), parts=parts,
                 round=event["round"])
    if kind == "dirk_tiles":
        return plural("log.dirk_tiles", event["n"], lang)
    if kind == "leftover":
        space = event["space"]
        return t("log.leftover", lang, tile=event["tile"], space=space, amount=event["amount"],
                 currency=currency_name(CURRENCIES[MARKET_CURRENCIES[space - 1]], lang))
    return t(f"log.{kind}", lang)  # exact, reshuffle


def undo_mark(state: Any) -> tuple[int, int, bool]:
    """What a step that revealed something changes beyond the rng (herna.server.undo): the
    bag of tiles and the money deck were shuffled at setup, so a refill deals from them
    without a draw; and the endgame's leftover tiles tell who holds most of a currency."""
    return len(state.bag), len(state.deck), bool(state.endgame)
