"""No log line holds a token: `herna serve`'s filter on uvicorn's loggers cuts the query
string from every path it logs (HTTP requests and WebSocket handshakes), and the server's
links carry a token only in the URL fragment, which browsers never send."""

from __future__ import annotations

import io
import json
import logging
from urllib.parse import urlsplit

from fastapi.testclient import TestClient
from serverkit import create, get

from herna.cli import _NoQuery

TOKEN = "s3cr3t-T0ken_value"


def logged(logger_name: str, msg: str, *args: object) -> str:
    """What `logger_name` writes for one record, with the filter `herna serve` installs."""
    logger = logging.getLogger(logger_name)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    filt = _NoQuery()
    logger.addHandler(handler)
    logger.addFilter(filt)
    old = logger.level
    logger.setLevel(logging.INFO)  # setLevel, not `.level =`: it clears the logger's cache
    try:
        logger.info(msg, *args)
    finally:
        logger.removeHandler(handler)
        logger.removeFilter(filt)
        logger.setLevel(old)
    return out.getvalue()


def test_access_log_drops_the_query_string() -> None:
    # uvicorn.access: client, method, path with query, HTTP version, status
    line = logged("uvicorn.access", '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET",
                  f"/api/tables/abc?token={TOKEN}&lang=cs", "1.1", 200)
    assert TOKEN not in line and '"GET /api/tables/abc HTTP/1.1" 200' in line


def test_websocket_handshake_line_drops_the_query_string() -> None:
    # uvicorn logs each WebSocket handshake on uvicorn.error with the path and its query
    for status in ("[accepted]", "403"):
        line = logged("uvicorn.error", '%s - "WebSocket %s" ' + status, "127.0.0.1:5000",
                      f"/api/tables/abc/ws?token={TOKEN}")
        assert TOKEN not in line and '"WebSocket /api/tables/abc/ws"' in line


def test_other_lines_are_left_alone() -> None:
    assert "a ? b" in logged("uvicorn.error", "%s", "a ? b")
    assert "Started server process [5]" in logged("uvicorn.error", "Started server process [%d]",
                                                  5)


def test_links_carry_tokens_only_in_the_fragment(sqlite_client: TestClient) -> None:
    c = sqlite_client
    made = create(c, "alhambra-rw", ("human", "human"))
    tid = made["id"]
    for s in made["seats"]:
        parts = urlsplit(s["url"])
        assert parts.path == f"/t/{tid}" and not parts.query
        assert parts.fragment == f"token={s['token']}"
    assert made["watch_url"] == f"/t/{tid}"
    for s in made["seats"]:
        p = get(c, tid, s["token"])
        text = json.dumps(p)
        assert all(o["token"] not in text for o in made["seats"])  # not even its own
