"""Seats' display names: what a person calls themselves at a table.

A name is data from a user: it is checked here (trimmed, 1-24 characters, no control
characters or lone surrogates), stored with its seat, and only ever set as text: the page puts
it in text nodes, the games' drawings escape it as XML text. The engine never sees a name: the
server passes the names to the drawing (`render.svg(view, names=...)`) beside the view.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections import Counter
from typing import TYPE_CHECKING, Any

from herna.drawing import recent
from herna.web import catalog

if TYPE_CHECKING:
    from .tables import Table, Tables

MAX_NAME = 24


def check_name(value: Any, lang: str) -> str:
    """The name as kept (trimmed); Refused 422 with the reason in `lang` otherwise."""
    from .tables import Refused

    if not isinstance(value, str):
        raise Refused(422, catalog().t("names.refuse_text", lang))
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise Refused(422, catalog().t("names.refuse_length", lang, most=MAX_NAME))
    for ch in name:
        # Cc: control characters (newlines, NUL, escapes); Cs: lone surrogates; Cf would hide
        # text direction tricks (RLO) and zero-width characters
        if unicodedata.category(ch) in ("Cc", "Cs", "Cf", "Zl", "Zp"):
            raise Refused(422, catalog().t("names.refuse_chars", lang))
    return name


def seat_name_in(seat: Any, lang: str) -> str | None:
    """The optional `name` of a human seat in `POST /api/tables` (None: not given)."""
    if not isinstance(seat, dict) or seat.get("name") is None:
        return None
    return check_name(seat["name"], lang)


def label(kind: str, level: str | None, name: str | None, seat: int, lang: str) -> str:
    """A seat in words: a person's name, else "Player N" (from 1); a bot by its level."""
    c = catalog()
    if kind == "bot":
        return c.t("names.bot", lang, level=_level_word(level, lang))
    return name or c.t("names.player", lang, n=seat + 1)


def _level_word(level: str | None, lang: str) -> str:
    """A bot's level in words ("easy", "snadný"); a stored level's options are not shown."""
    return catalog().word("level", (level or "medium").split(":")[0], lang)


def seat_names(table: Table, lang: str) -> list[str]:
    """Every seat's label, in seat order: what the drawing, the log and the page call the
    seats."""
    return list(labels(tuple((s.kind, s.level, s.name) for s in table.row.seats), lang))


@recent(maxsize=4096)
def labels(seats: tuple[tuple[str, str | None, str | None], ...], lang: str
           ) -> tuple[str, ...]:
    """The labels of a table's seats (kind, level, name in seat order). Seats that would read
    alike carry their number from 1, as their tokens do: three easy bots are "Bot 2 · easy",
    "Bot 3 · easy" and "Bot 4 · easy" ("waiting for Bot · easy and Bot · easy" said
    nothing), two people called Ana "Ana (1)" and "Ana (2)"."""
    plain = [label(kind, level, name, seat, lang)
             for seat, (kind, level, name) in enumerate(seats)]
    twice = {text for text, n in Counter(plain).items() if n > 1}
    if not twice:
        return tuple(plain)
    c = catalog()
    out = []
    for seat, ((kind, level, _name), text) in enumerate(zip(seats, plain, strict=True)):
        if text in twice:
            text = c.t("names.bot_n", lang, n=seat + 1, level=_level_word(level, lang)) \
                if kind == "bot" else c.t("names.same", lang, name=text, n=seat + 1)
        out.append(text)
    return tuple(out)


async def rename(tables: Tables, table: Table, seat: int | None, value: Any,
                 lang: str) -> str:
    """The holder of `seat` names it: stored, then every open page gets the new payload."""
    from .tables import Refused

    if seat is None:
        raise Refused(403, catalog().t("names.refuse_spectator", lang))
    name = check_name(value, lang)
    async with table.lock:  # not between a move's check and its payloads
        if table.row.seats[seat].name == name:
            return name
        await asyncio.to_thread(tables.store.rename, table.id, seat, name)
        table.row.seats[seat].name = name
        table.log_words.clear()  # the log's `who` names the seat
        table.forget()
    tables.broadcast(table)  # on the event loop: the sockets' queues are its own
    return name
