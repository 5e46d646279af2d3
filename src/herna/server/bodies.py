"""What the server accepts as a request body, and the identifiers in its paths.

A public server reads only what it needs: a body over `MAX_BODY` bytes is refused (413) before
it is read whole, JSON is strict (no NaN or Infinity, no number that overflows to infinity,
no lone surrogate: `orjson` refuses them all) and nested at most `MAX_DEPTH` deep (a deeper
body used to reach Python's recursion limit further on). Every refusal is a `Refused` with a
reason, never a 500. The limits are documented in docs/API.md ("Limits").
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from starlette.requests import Request

from .tables import Refused

MAX_BODY = 65_536  # bytes: the largest real body (my-tables with 500 tokens) is ~16 KB
MAX_DEPTH = 32  # levels of arrays and objects: real bodies have 3

# table ids are `secrets.token_urlsafe(8)`: URL-safe ASCII
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def depth(value: Any) -> int:
    """How deeply arrays and objects nest in a parsed JSON value (iterative: a crafted body
    must not spend the interpreter's stack)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        level += 1
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((x, level) for x in item if isinstance(x, (list, dict)))
    return deepest


def parse(raw: bytes) -> Any:
    """A body's JSON value; Refused 422 for anything that is not strict JSON within depth."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise Refused(422, f"the body is not valid JSON ({e.msg})") from None
    except RecursionError:
        raise Refused(422, f"the body nests deeper than {MAX_DEPTH} levels") from None
    if depth(value) > MAX_DEPTH:
        raise Refused(422, f"the body nests deeper than {MAX_DEPTH} levels")
    return value


async def read(request: Request, most: int = MAX_BODY) -> bytes:
    """The raw body, at most `most` bytes (413 as soon as it is known to be longer)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() \
            and (len(declared) > 18 or int(declared) > most):
        raise Refused(413, f"the body is over {most} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > most:
            raise Refused(413, f"the body is over {most} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def body(request: Request, optional: bool = False,
               most: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object. `optional`: an empty body reads as `{}` (a request whose
    token came in a header needs no body); `most`: its size limit in bytes (a game record
    may be longer than any other body)."""
    raw = await read(request, most)
    if optional and not raw.strip():
        return {}
    value = parse(raw)
    if not isinstance(value, dict):
        raise Refused(422, "the body must be a JSON object")
    return value


def whole(text: str | None, digits: int = 9) -> int | None:
    """A path's or query's whole number: ASCII digits only, at most `digits` of them; None
    for anything else. `str.isdigit()` alone also takes digits `int()` does not read (a
    superscript ², which made a 500) and numbers past `int()`'s 4,300-digit limit."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > digits:
        return None
    return int(text)


def check_table_id(table_id: str) -> str:
    """A table id as the server makes them; anything else names no table (404), and never
    reaches the database (PostgreSQL refuses a NUL in text with an error of its own)."""
    if not TABLE_ID.fullmatch(table_id):
        raise Refused(404, f"there is no table {table_id[:40]!r}")
    return table_id

