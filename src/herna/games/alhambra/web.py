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

from collections.abc import Sequence
from typing import Any

from herna.core import Action

from .data import LETTER_CURRENCY
from .i18n import join_names, lang_of, t


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
