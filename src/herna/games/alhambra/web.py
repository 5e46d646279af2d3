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

from .data import CURRENCIES, CURRENCY_LETTERS, LETTER_CURRENCY, MARKET_CURRENCIES
from .i18n import category_name, currency_name, join_names, lang_of, plural, t, type_name


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
