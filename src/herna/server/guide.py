"""The page explains (issue 20, item 5): why a clicked part makes no move now, and each game's
"how to play" and "how scoring works" with its notation help.

The page holds no rules, so it asks: `explain` turns the parts a person chose and the one
clicked into the actions they most likely meant (the game's `web.meant(view, parts)`) and
returns the engine's own reason (`state.explain_illegal`) for the first that is not legal;
`guide` is a game's texts from its catalogs (`web.guide(lang)`), the same for every table.
A reason is said in words (`herna.i18n.in_words`): the move as the game's `web.label` says it,
cards and dice by name, never the notation a person on the page does not type.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

import herna
from herna.ai.registry import game_module
from herna.core import IllegalAction
from herna.i18n import in_words, speaking
from herna.web import catalog

from .tables import Refused
from .words import said_move

if TYPE_CHECKING:
    from .tables import Table

MAX_PARTS = 16
PART = re.compile(r"[A-Za-z]+(:[A-Za-z0-9,+\-]{1,24})?")


def check_parts(parts: Any, lang: str) -> list[str]:
    """The parts of a request: 1-16 part names as the drawings write them, else 422."""
    if (not isinstance(parts, list) or not 1 <= len(parts) <= MAX_PARTS
            or not all(isinstance(p, str) and PART.fullmatch(p) for p in parts)):
        raise Refused(422, catalog().t("why.parts", lang, most=MAX_PARTS))
    return parts


def _because(reason: str, lang: str) -> str:
    """An engine's reason (lower case, as the terminal prints it) as the page's sentence."""
    return catalog().t("why.because", lang, reason=reason.rstrip("."))


def explain(table: Table, seat: int, parts: list[str], lang: str,
            labels: list[str]) -> str:
    """Why the last of `parts` (after the chosen ones before it) makes no move for `seat`
    now, in the engine's words and `lang`. `labels` name the seats (for "wait for Ana")."""
    state = table.state
    if state.is_over():
        return catalog().t("why.over", lang)
    acting = list(state.to_act())
    if seat not in acting:
        who = catalog().join_names((labels[s] for s in acting), lang)
        return catalog().t("why.wait", lang, who=who)
    web = game_module(table.game, "web")
    meant = getattr(web, "meant", None)
    why_not = getattr(web, "why_not", None)
    view = state.view(seat)
    legal = {str(a) for a in state.legal_actions(seat)}
    try:
        texts = list(meant(view, parts)) if callable(meant) else []
        with speaking(lang), in_words(said_move(table.game, seat, lang)):
            for text in texts:
                try:
                    action = state.parse_text(seat, text)
                except IllegalAction as e:
                    return _because(str(e), lang)
                if str(action) not in legal:
                    return _because(state.explain_illegal(seat, action), lang)
            why = why_not(view, parts, lang) if callable(why_not) else None
    except (KeyError, IndexError, ValueError, StopIteration):  # parts no drawing has
        why = None
    if why:
        return _because(str(why), lang)
    return catalog().t("why.none" if len(parts) == 1 else "why.together", lang)


@functools.lru_cache(maxsize=64)
def guide(game: str, lang: str) -> dict[str, Any]:
    """A game's "how to play" and "how scoring works" (the game's `web.guide`), the notice
    about data Herna reconstructed, and the notation's help, in `lang`."""
    if game not in herna.game_ids():
        raise Refused(404, catalog().t("why.no_game", lang, game=game))
    fn = getattr(game_module(game, "web"), "guide", None)
    made: dict[str, Any] = dict(fn(lang)) if callable(fn) else {}
    notation = game_module(game, "notation")
    help_text = getattr(notation, "help_text", None)
    return {
        "game": game,
        "lang": lang,
        "play": list(made.get("play", [])),
        "scoring": list(made.get("scoring", [])),
        "table": made.get("table"),
        "notice": made.get("notice"),
        "notation": str(help_text(lang)) if callable(help_text) else "",
    }
