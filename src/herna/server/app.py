"""The HTTP and WebSocket API (docs/API.md) and the pages, as one FastAPI application.

Tokens arrive as `?token=` or `Authorization: Bearer`; a seat's link carries its token in the
URL fragment, which browsers never send, so no request line holds it. The access log is
uvicorn's, which prints the path without the query string (see `serve`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

import herna
from herna.i18n import LANGUAGES
from herna.web import STATIC, catalog, page_words

from . import bodies, guide, hints, history, names, pads, practice, replays, reviews, rules, words
from .abuse import Limits
from .accounts import COOKIE, SESSION_DAYS, Accounts, Player
from .store import Store, token_hash
from .tables import TOKEN, Refused, Table, Tables, Watcher, parse_lang

log = logging.getLogger("herna.server")

DEFAULT_DB = "herna.db"


def _token(request: Request | WebSocket, body: dict[str, Any] | None = None) -> str | None:
    if body is not None and isinstance(body.get("token"), str):
        return str(body["token"])
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.query_params.get("token")


def _json(text: str) -> Response:
    """A payload already serialised for the table's sockets, sent as it is."""
    return Response(content=text, media_type="application/json")


def _client(request: Request | WebSocket) -> str:
    """The client's address, as uvicorn reports it (the proxy's, unless uvicorn is told to
    trust its forwarding headers)."""
    return request.client.host if request.client else "unknown"


def _close_reason(reason: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8, cut at a character."""
    data = reason.encode()[:123]
    return data.decode(errors="ignore")


def games_list() -> list[dict[str, Any]]:
    out = []
    for gid in herna.game_ids():
        spec = herna.spec(gid)
        out.append({
            "id": gid, "name": spec.name, "players": list(spec.player_counts),
            "description": spec.description, "simultaneous": spec.simultaneous,
            "hidden_information": spec.hidden_information,
            "options": [{"name": k, "default": v, "type": type(v).__name__,
                         "help": spec.option_help.get(k, ""),
                         "choices": list(spec.option_choices.get(k, ()))}
                        for k, v in spec.options.items() if k not in spec.file_options],
        })
    return out


# A finished table nobody has watched or asked for in this many seconds leaves memory (it
# comes back from the log when asked for); the sweep looks every SWEEP_EVERY seconds.
FINISHED_IDLE = 120.0
SWEEP_EVERY = 30.0
# how often the clocks are checked: a seat whose time ran out is handed to its stand-in bot
# within this many seconds of its grace period's end
CLOCK_EVERY = 1.0


def create_app(db: str | None = None, bot_pool: Executor | None = None,
               bot_pace: bool = True, bot_processes: int = 0,
               finished_idle: float = FINISHED_IDLE, limits: Limits | None = None,
               shared: bool | None = None, now: Callable[[], float] = time.time,
               clock_every: float = CLOCK_EVERY, accounts: bool = False,
               session_days: float = SESSION_DAYS) -> FastAPI:
    """The application on database `db` (a path for SQLite, or a URL; default HERNA_DB,
    else herna.db). `bot_pace=False` lets racing bots answer at once (tests);
    `bot_processes=N` runs the bots in N worker processes instead of threads;
    `finished_idle`: seconds a finished, unwatched table stays in memory; `limits`: the
    abuse limits per client address (none by default; `herna serve` sets its own);
    `shared`: other processes may serve the same database (default: on PostgreSQL), so this
    one hears their changes and runs only the bots it holds the lease of (`shared.py`);
    `now`: the server's wall clock, which the tables' clocks count by (tests give their own,
    or replace `app.state.tables.now`); `clock_every`: seconds between the checks of the
    clocks (0: none, a test calls `app.state.tables.check_clocks()` itself); `accounts`:
    people may sign up and sign in (a shared server), sessions lasting `session_days`
    (accounts.py); without it the account endpoints answer 404 and names stay in the browser."""
    limits = limits or Limits.off()
    store = Store(db or os.environ.get("HERNA_DB") or DEFAULT_DB)
    if shared is None:
        shared = store.engine.dialect.name == "postgresql"
    elif shared and store.engine.dialect.name != "postgresql":
        raise ValueError("several processes need a PostgreSQL database, not "
                         f"{store.engine.dialect.name}")
    tables = Tables(store, bot_pool=bot_pool, bot_pace=bot_pace, bot_processes=bot_processes,
                    shared=shared, now=now)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        tables.open()
        # results of tables that finished before they were kept (history.py), once each, in
        # the background: an old database's thousands of games never hold up the start
        filler = asyncio.create_task(asyncio.to_thread(tables.fill_history))
        app.state.history_filled = filler
        claimer = None
        if tables.shared is not None:
            # other processes may hold tables too: listen first (no change is missed), then
            # take the bots nobody runs; tables without bots are read when asked for
            await tables.start_shared()
            resumed = await tables.claim_orphans()
            claimer = asyncio.create_task(tables.claim_every())
        else:
            resumed = await asyncio.to_thread(tables.resume_all)
        for table in list(tables.live.values()):
            tables.wake_bots(table)
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        gc.freeze()  # what start-up built lives as long as the server: never scan it again
        sweeper = asyncio.create_task(tables.sweep_every(
            min(SWEEP_EVERY, max(1.0, finished_idle / 2)), finished_idle))
        ticker = asyncio.create_task(tables.clock_every(clock_every)) if clock_every > 0 \
            else None
        yield
        sweeper.cancel()
        if ticker is not None:
            ticker.cancel()
        if claimer is not None:
            claimer.cancel()
        await tables.close()  # the sweep stops after the table it is writing
        with contextlib.suppress(Exception):
            await filler
        await tables.stop_shared()
        store.close()

    app = FastAPI(title="Herna", version=herna.__version__, lifespan=lifespan,
                  docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.tables = tables
    kept = replays.Replays(store)  # the replays stepped through lately (replays.py)
    app.state.replays = kept
    hinter = hints.Hints(tables)
    reviewer = reviews.Reviews(tables)
    # people's accounts (accounts.py): a shared server's; a private one has none
    acc = Accounts(store, lambda: tables.now(), session_days) if accounts else None
    app.state.accounts = acc

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        """Routing's own refusals (no such path, a method a path does not take) say why in
        the contract's shape, `{"reason"}`, like every other refusal."""
        words = {404: "there is no such page or API path",
                 405: "this path does not take that method"}
        return JSONResponse({"reason": words.get(e.status_code, str(e.detail))},
                            status_code=e.status_code, headers=e.headers)

    @app.exception_handler(DBAPIError)
    async def _unavailable(_request: Request, e: DBAPIError) -> JSONResponse:
        """The database failed a request outside a move (creating, loading a table): a
        clear refusal, never a 500; what the request would have written was rolled back."""
        log.error("database error: %s", str(e.orig or e).splitlines()[0][:200])
        return JSONResponse({"reason": catalog().t("refuse.unsaved", "en")}, status_code=503,
                            headers={"Retry-After": "5"})

    @app.exception_handler(Refused)
    async def _refused(_request: Request, e: Refused) -> JSONResponse:
        body: dict[str, Any] = {"reason": e.reason}
        if isinstance(e, pads.BadEntry):
            body["field"] = e.field  # where in the body the pad's entry is wrong
        if e.payload is not None:
            body["table"] = e.payload
        return JSONResponse(body, status_code=e.status, headers=e.headers)

    _body = bodies.body

    def _table(table_id: str) -> Table:
        return tables.load(bodies.check_table_id(table_id))

    # ----- accounts (accounts.py): who a request is, and which seat it may act at ----------
    def _player(request: Request | WebSocket) -> Player | None:
        """The signed-in account of the request's session cookie (None: none, or expired)."""
        if acc is None:
            return None
        return acc.who(request.cookies.get(COOKIE))

    def _same_site(request: Request | WebSocket, lang: str, body: bool = True) -> None:
        """A request that a session cookie authorises comes from this site's own page: its
        body is JSON (a form on another site cannot send that without asking first) and its
        Origin, when the browser sends one, is this host. SameSite=Lax keeps the cookie off
        other sites' POSTs too; this holds where a browser does not keep SameSite."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        origin = request.headers.get("origin")
        host = request.headers.get("host", "")
        if (body and kind != "application/json") or (
                origin is not None and origin.split("://", 1)[-1] != host):
            raise Refused(403, catalog().t("account.refuse_cross_site", lang))

    def _holder(request: Request | WebSocket, table: Table,
                body: dict[str, Any] | None = None, write: bool = False) -> int | None:
        """The seat a request acts at: the one its token opens (refused to another account
        than the one the seat belongs to), or on a server with accounts, `seat` (in the
        body or the query) of a seat that belongs to the signed-in account; else None."""
        token = _token(request, body)
        if acc is None:
            return tables.seat(table, token)
        query = request.query_params
        lang = parse_lang((body or {}).get("lang", query.get("lang")), table.row.lang)
        if token:
            seat = tables.seat(table, token)
            owner = None if seat is None else table.row.seats[seat].player
            if owner is not None and COOKIE in request.cookies:
                me = _player(request)
                if me is not None and me.id != owner:
                    raise Refused(403, catalog().t("account.refuse_seat", lang))
            return seat
        asked = (body or {}).get("seat", query.get("seat"))
        if asked is None or asked == "":
            return None
        if isinstance(asked, str) and asked.isascii() and asked.isdigit() and len(asked) < 4:
            asked = int(asked)
        if not isinstance(asked, int) or isinstance(asked, bool) \
                or not 0 <= asked < table.row.players:
            raise Refused(422, catalog().t("account.refuse_seat_number", lang,
                                           most=table.row.players - 1))
        me = _player(request)
        if me is None:
            raise Refused(401, catalog().t("account.refuse_signed_out", lang))
        if table.row.seats[asked].player != me.id:
            raise Refused(403, catalog().t("account.refuse_not_yours", lang))
        _same_site(request, lang, body=write)
        return asked

    async def _at_table(table_id: str, request: Request
                        ) -> tuple[dict[str, Any], Table, int | None, str]:
        """What a seat's POST starts with: the abuse limit, its body, the table, the seat it
        acts at (None: a spectator) and the language its answer is in."""
        limits.hit("actions", _client(request))
        body = await _body(request)
        table = _table(table_id)
        seat = _holder(request, table, body, write=True)
        return body, table, seat, parse_lang(body.get("lang"), table.row.lang)

    def _need_accounts(lang: str) -> Accounts:
        if acc is None:
            raise Refused(404, catalog().t("account.refuse_off", lang))
        return acc

    def _signed_in(response: Response, request: Request, session_id: str) -> None:
        """The session's cookie: HttpOnly (no script reads it), SameSite=Lax (no other
        site's POST carries it), Secure when the page came over https."""
        assert acc is not None
        response.set_cookie(COOKIE, session_id, max_age=int(acc.session_seconds), path="/",
                            httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")

    def _signed_out(response: Response, request: Request) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                               secure=request.url.scheme == "https")

    async def _account_body(request: Request, kind: str) -> tuple[Accounts, dict[str, Any],
                                                                   str]:
        """An account request's body and language, after its checks: accounts on, the
        abuse limit of `kind`, from this site's page."""
        lang = parse_lang(request.query_params.get("lang"), "en")
        accounts_ = _need_accounts(lang)
        limits.hit(kind, _client(request))
        _same_site(request, lang, body=request.headers.get("content-length", "0") != "0")
        body = await _body(request, optional=True)
        return accounts_, body, parse_lang(body.get("lang"), lang)

    def _account_json(player: Player | None, status: int = 200) -> JSONResponse:
        shown = None if player is None else {"id": player.id, "name": player.name}
        return JSONResponse({"player": shown}, status_code=status)

    @app.get("/api/account")
    def api_account(request: Request, lang: str | None = None) -> Response:
        """Who am I: the signed-in account, or `{"player": null}`."""
        _need_accounts(parse_lang(lang, "en"))
        return _account_json(_player(request))

    @app.post("/api/account/signup", status_code=201)
    async def api_signup(request: Request) -> Response:
        accounts_, body, lang = await _account_body(request, "create")
        player, session_id = await asyncio.to_thread(
            accounts_.sign_up, body.get("name"), body.get("password"), lang)
        response = _account_json(player, 201)
        _signed_in(response, request, session_id)
        return response

    @app.post("/api/account/signin")
    async def api_signin(request: Request) -> Response:
        accounts_, body, lang = await _account_body(request, "create")
        player, session_id = await asyncio.to_thread(
            accounts_.sign_in, body.get("name"), body.get("password"), lang)
        response = _account_json(player)
        _signed_in(response, request, session_id)
        return response

    @app.post("/api/account/logout")
    async def api_logout(request: Request) -> Response:
        """Sign this browser out (its session ends; the account's others go on)."""
        accounts_, _body_in, _lang = await _account_body(request, "actions")
        await asyncio.to_thread(accounts_.log_out, request.cookies.get(COOKIE))
        response = _account_json(None)
        _signed_out(response, request)
        return response

    @app.post("/api/account/logout-everywhere")
    async def api_logout_everywhere(request: Request) -> Response:
        """End every session of the signed-in account, on every device."""
        accounts_, _body_in, lang = await _account_body(request, "actions")
        me = _player(request)
        if me is None:
            raise Refused(401, catalog().t("account.refuse_signed_out", lang))
        ended = await asyncio.to_thread(accounts_.log_out_everywhere, me.id)
        response = JSONResponse({"player": None, "ended": ended})
        _signed_out(response, request)
        return response

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, request: Request) -> Any:
        """The seat my token opens becomes my account's (a friend's link opened while signed
        in): My tables lists it on every device, and no other account may take it."""
        limits.hit("actions", _client(request))
        body = await _body(request)
        table = _table(table_id)
        lang = parse_lang(body.get("lang"), table.row.lang)
        accounts_ = _need_accounts(lang)
        _same_site(request, lang)
        me = _player(request)
        if me is None:
            raise Refused(401, catalog().t("account.refuse_signed_out", lang))
        token = _token(request, body)
        seat = _holder(request, table, body) if token else None
        if seat is None:
            raise Refused(403, catalog().t("account.refuse_join", lang))
        if table.row.seats[seat].player is None:
            held = await asyncio.to_thread(accounts_.bind, table.id, seat, me.id)
            table.row.seats[seat].player = held
            if held != me.id:
                raise Refused(403, catalog().t("account.refuse_seat", lang))
        return _json(tables.payload_text(table, seat, lang))

    # ----- the API ------------------------------------------------------------------------
    @app.get("/api/games")
    def api_games() -> list[dict[str, Any]]:
        return games_list()

    @app.get("/api/messages")
    def api_messages(lang: str = "en") -> dict[str, Any]:
        """The page's words in one language (the client draws no text of its own)."""
        code = parse_lang(lang, "en")
        return {"lang": code, "languages": list(LANGUAGES), "messages": page_words(code)}

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        limits.hit("create", _client(request))
        body = await _body(request)
        owner = _owner(request, body)
        table, tokens = await asyncio.to_thread(tables.create, body)
        if owner is not None:  # the seats I take for my account (`"account": true`)
            assert acc is not None
            for i, s in enumerate(body["seats"]):
                if isinstance(s, dict) and s.get("account") is True:
                    table.row.seats[i].player = await asyncio.to_thread(
                        acc.bind, table.id, i, owner.id)
        tables.wake_bots(table)
        return _created(table, tokens)

    def _owner(request: Request, body: dict[str, Any]) -> Player | None:
        """The account a new table's `"account": true` seats are taken for (None: no such
        seat); refused without accounts or a session."""
        seats = body.get("seats")
        if not isinstance(seats, list) or not any(
                isinstance(s, dict) and s.get("account") is True for s in seats):
            return None
        lang = parse_lang(body.get("lang"), "en")
        _need_accounts(lang)
        me = _player(request)
        if me is None:
            raise Refused(401, catalog().t("account.refuse_signed_out", lang))
        _same_site(request, lang)
        return me

    def _created(table: Table, tokens: list[str | None]) -> dict[str, Any]:
        return {"id": table.id,
                "seats": [{"seat": i, "token": tok, "url": f"/t/{table.id}#token={tok}"
                           if tok else None} for i, tok in enumerate(tokens)],
                "watch_url": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str, request: Request, lang: str | None = None) -> Any:
        table = _table(table_id)
        seat = _holder(request, table)
        return _json(tables.payload_text(table, seat, parse_lang(lang, table.row.lang)))

    @app.get("/api/tables/{table_id}/scenes/{seq}")
    async def api_scenes(table_id: str, seq: str, request: Request,
                         lang: str | None = None) -> dict[str, Any]:
        """A step's scenes (a scoring round shown step by step), drawn when asked: public,
        the same for every seat (a token is checked, never needed)."""
        table = _table(table_id)
        _holder(request, table)
        code = parse_lang(lang, table.row.lang)
        if not seq.isascii() or not seq.isdigit() or len(seq) > 9:
            raise Refused(422, catalog().t("refuse.scene_seq", code))
        step = int(seq)
        if tables.shared is not None and step >= table.version:
            await tables.catch_up(table, force=True)  # made in another process just now
        made = words.step_scenes(table, step, code)
        if made is None:
            raise Refused(404, catalog().t("refuse.no_scenes", code, move=step + 1))
        return {"table": table.id, "seq": step, "lang": code, "scenes": made}

    @app.post("/api/tables/{table_id}/actions")
    async def api_act(table_id: str, request: Request) -> Any:
        body, table, seat, lang = await _at_table(table_id, request)
        if "action" not in body:
            raise Refused(422, "the body needs an action (its text or integer code)")
        await tables.act(table, seat, body["action"], body.get("version"), lang)
        return _json(tables.payload_text(table, seat, lang))

    @app.post("/api/tables/{table_id}/undo")
    async def api_undo(table_id: str, request: Request) -> Any:
        """Take back my last step within my turn, when it revealed nothing (undo.py)."""
        body, table, seat, lang = await _at_table(table_id, request)
        await tables.take_back(table, seat, body.get("version"), lang)
        return _json(tables.payload_text(table, seat, lang))

    @app.post("/api/tables/{table_id}/hint")
    async def api_hint(table_id: str, request: Request) -> dict[str, Any]:
        """What the hard bot would play in my place, and its estimate of my chances
        (hints.py): worked out in the bot workers, from my view alone."""
        body, table, seat, lang = await _at_table(table_id, request)
        return await hinter.ask(table, seat, body.get("version"), lang)

    @app.post("/api/tables/{table_id}/seats/{seat}/back")
    async def api_seat_back(table_id: str, seat: str, request: Request) -> Any:
        """Take my seat back from the bot that stands in for me (clocks.py)."""
        limits.hit("actions", _client(request))
        body = await _body(request, optional=True)
        table = _table(table_id)
        lang = parse_lang(body.get("lang"), table.row.lang)
        number = bodies.whole(seat)
        if number is None or number >= table.row.players:
            raise Refused(404, catalog().t("clocks.refuse_seat", lang, seat=seat[:12]))
        holder = _holder(request, table, body, write=True)
        await tables.seat_back(table, number, holder, lang)
        return _json(tables.payload_text(table, number, lang))

    @app.post("/api/tables/{table_id}/again", status_code=201)
    async def api_again(table_id: str, request: Request) -> dict[str, Any]:
        """Play again with the same seats: the next table, and your seat's token there."""
        limits.hit("actions", _client(request))
        body = await _body(request, optional=True)
        table = _table(table_id)
        token = _token(request, body)
        seat = _holder(request, table, body, write=True)
        if seat is None:
            raise Refused(403, catalog().t("refuse.again_seat", table.row.lang))
        if tables.shared is not None and not table.state.is_over():
            await tables.catch_up(table, force=True)  # it may have ended in another process
        linked = table.row.next_id
        nxt, mine = await asyncio.to_thread(tables.again, table, seat, token)
        owner = table.row.seats[seat].player
        if acc is not None and owner is not None and nxt.row.seats[seat].player is None:
            me = _player(request)  # the account's person takes the next seat: it is theirs
            if me is not None and me.id == owner:
                nxt.row.seats[seat].player = await asyncio.to_thread(acc.bind, nxt.id, seat,
                                                                     me.id)
        if linked is None:  # the next table is new: the others' pages learn of it
            tables.broadcast(table)
        tables.wake_bots(nxt)
        # an account's seat asked for by its session: the next seat is the account's too
        return {"id": nxt.id, "token": mine, "url": f"/t/{nxt.id}#token={mine}" if mine
                else f"/t/{nxt.id}#seat={seat}", "watch_url": f"/t/{nxt.id}"}

    @app.post("/api/tables/{table_id}/name")
    async def api_name(table_id: str, request: Request) -> Any:
        """The seat's holder names it (or renames it): every open page is told."""
        body, table, seat, lang = await _at_table(table_id, request)
        await names.rename(tables, table, seat, body.get("name"), lang)
        return _json(tables.payload_text(table, seat, lang))

    @app.post("/api/tables/{table_id}/explain")
    async def api_explain(table_id: str, request: Request) -> dict[str, Any]:
        """Why the parts a person clicked make no move now: the engine's reason (guide.py)."""
        body, table, seat, lang = await _at_table(table_id, request)
        if seat is None:
            raise Refused(403, catalog().t("refuse.spectator", lang))
        parts = guide.check_parts(body.get("parts"), lang)
        reason = guide.explain(table, seat, parts, lang, names.seat_names(table, lang))
        return {"reason": reason, "version": table.version}

    @app.get("/api/games/{game}/guide")
    def api_guide(game: str, lang: str = "en") -> dict[str, Any]:
        """A game's "how to play", "how scoring works" and notation help, in `lang`."""
        return guide.guide(game, parse_lang(lang, "en"))

    @app.get("/api/score")
    def api_pads(lang: str = "en") -> list[dict[str, Any]]:
        """The games with a score pad for a game played with the real box."""
        return pads.chooser(parse_lang(lang, "en"))

    @app.get("/api/score/{game}")
    def api_pad_form(game: str, lang: str = "en") -> dict[str, Any]:
        """What a game's score pad asks (the page draws its form from it), in `lang`."""
        return pads.form(game, parse_lang(lang, "en"))

    @app.post("/api/score/{game}")
    async def api_pad_score(game: str, request: Request, lang: str | None = None
                            ) -> dict[str, Any]:
        """The points of what is on a real table, explained: the CLI pad's own scoring."""
        limits.hit("actions", _client(request))
        body = await _body(request)
        code = parse_lang(body.get("lang", lang), "en")
        return pads.score(game, body, code)

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> Any:
        table = _table(table_id)
        if tables.shared is not None and not table.state.is_over():
            await tables.catch_up(table, force=True)  # it may have ended in another process
        if not table.state.is_over():
            raise Refused(403, "the record is published when the game is over")
        return table.state.record()

    # ----- replays (replays.py): finished tables and uploaded records, step by step -----
    async def _finished(table: Table, lang: str) -> replays.Replay:
        """A finished table's replay; a table still in play is refused (409)."""
        if tables.shared is not None and not table.state.is_over():
            await tables.catch_up(table, force=True)  # it may have ended in another process
        if not table.state.is_over():
            raise Refused(409, catalog().t("replay.not_over", lang))
        return await asyncio.to_thread(kept.of_table, table)

    async def _step(replay: replays.Replay, step: str | None, seat: str | None,
                    lang: str) -> Response:
        n = replays.parse_step(step, replay.steps, lang)
        who = replays.parse_seat(seat, replay.table.row.players, lang)
        return _json(await asyncio.to_thread(replay.payload_text, n, who, lang))

    @app.get("/api/tables/{table_id}/replay")
    async def api_table_replay(table_id: str, step: str | None = None, seat: str | None = None,
                               lang: str | None = None) -> Response:
        """Step `step` of a finished table as `seat` (or `spectator`) saw it."""
        table = _table(table_id)
        code = parse_lang(lang, table.row.lang)
        return await _step(await _finished(table, code), step, seat, code)

    async def _replay(replay_id: str, lang: str | None) -> tuple[replays.Replay, str]:
        """An uploaded record's replay, or a finished table's (one id space), and the
        language to answer in."""
        code = parse_lang(lang, "en")
        bodies.check_table_id(replay_id)
        held = kept.get(replay_id)
        replay = held if held is not None and held.kind == "record" else None
        if held is None:
            replay = await asyncio.to_thread(kept.uploaded, replay_id)
        if replay is None:  # a table's: its seats' names are read afresh
            try:
                table = _table(replay_id)
            except Refused as e:
                if e.status != 404:
                    raise
                raise Refused(404, catalog().t("replay.none", code,
                                               id=replay_id[:40])) from None
            code = parse_lang(lang, table.row.lang)
            replay = await _finished(table, code)
        return replay, code

    @app.get("/api/replays/{replay_id}")
    async def api_replay(replay_id: str, step: str | None = None, seat: str | None = None,
                         lang: str | None = None) -> Response:
        """A step of an uploaded record's replay, or of a finished table's (one id space)."""
        replay, code = await _replay(replay_id, lang)
        return await _step(replay, step, seat, code)

    @app.get("/api/replays/{replay_id}/scenes/{seq}")
    async def api_replay_scenes(replay_id: str, seq: str,
                                lang: str | None = None) -> dict[str, Any]:
        """A replay's step shown step by step (its log line's `scenes`), as the table's
        `…/scenes/{seq}` is: `seq` is the replay log's (its standing steps'), so a table's
        steps taken back never shift it."""
        replay, code = await _replay(replay_id, lang)
        if not seq.isascii() or not seq.isdigit() or len(seq) > 9:
            raise Refused(422, catalog().t("refuse.scene_seq", code))
        step = int(seq)
        made = await asyncio.to_thread(replay.scenes, step, code)
        if made is None:
            raise Refused(404, catalog().t("refuse.no_scenes", code, move=step + 1))
        return {"replay": replay.id, "seq": step, "lang": code, "scenes": made}

    # ----- reviews (reviews.py): a finished table's decisions rated by the hard bot -------
    def _review_seat(table: Table, seat: str | None, lang: str) -> int | None:
        """`?seat=N` of a review: a seat number (a missing one is refused by the review)."""
        if seat is None or seat == "":
            return None
        if not seat.isascii() or not seat.isdigit() or len(seat) > 3 \
                or not 0 <= int(seat) < table.row.players:
            raise Refused(422, catalog().t("review.bad_seat", lang,
                                           last=table.row.players - 1, value=seat[:20]))
        return int(seat)

    @app.post("/api/tables/{table_id}/review")
    async def api_review_start(table_id: str, request: Request, seat: str | None = None,
                               lang: str | None = None) -> dict[str, Any]:
        """Start the review of a seat of a finished table (in the bot workers), or return it
        (done, or how far it is): anyone may ask once the game is over, as for the replay."""
        limits.hit("actions", _client(request))
        table = _table(table_id)
        code = parse_lang(lang, table.row.lang)
        return await reviewer.start(table, _review_seat(table, seat, code), code)

    @app.get("/api/tables/{table_id}/review")
    async def api_review(table_id: str, seat: str | None = None,
                         lang: str | None = None) -> dict[str, Any]:
        """A seat's review: done, how far it is, or 404 if nobody has started it."""
        table = _table(table_id)
        code = parse_lang(lang, table.row.lang)
        return await reviewer.get(table, _review_seat(table, seat, code), code)

    @app.post("/api/replays", status_code=201)
    async def api_upload(request: Request) -> dict[str, Any]:
        """A game record from a file (herna play --save, herna simulate --records, a
        table's record): checked by replaying it, stored, and opened at /r/{id}."""
        limits.hit("create", _client(request))
        record = await _body(request, most=replays.MAX_RECORD)
        replay = await asyncio.to_thread(replays.upload, store, record)
        kept.keep(replay)
        return {"id": replay.id, "url": f"/r/{replay.id}", "game": replay.table.game,
                "players": replay.table.row.players, "steps": replay.steps,
                "finished": replay.over}

    @app.post("/api/my-tables")
    async def api_mine(request: Request) -> list[dict[str, Any]]:
        """The tables these tokens hold seats at (the lobby keeps its tokens in the browser),
        and the seats of the signed-in account (a seat with no token here: `"token": null`,
        opened with `seat` and the session). `name`: the seat's player's name, or None until
        they give one."""
        body = await _body(request)
        tokens = body.get("tokens", [])
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise Refused(422, "tokens must be a list of strings")
        by_hash = {token_hash(t): t for t in tokens[:500] if TOKEN.fullmatch(t)}
        me = _player(request)  # signed in: the account's seats too, on any device
        rows = await asyncio.to_thread(store.tables_of, list(by_hash),
                                       None if me is None else me.id)
        out = [{"id": r["id"], "game": r["game"], "players": r["players"], "seat": r["seat"],
                "name": r["name"], "token": by_hash.get(r["token_hash"]),
                "account": me is not None and r["player"] == me.id,
                "over": r["over"], "moves": r["moves"],
                "created": r["created"].isoformat() if r["created"] else None,
                **await _waiting(r["id"], r["seat"], r["over"])}
               for r in rows]
        # the tables waiting for my move first, the least time left first (stable: newest
        # first otherwise)
        out.sort(key=lambda r: (not r["my_move"], r["left"] if r["left"] is not None
                                else float("inf")))
        return out

    @app.post("/api/history")
    async def api_history(request: Request) -> dict[str, Any]:
        """My finished games, statistics and ratings (history.py): the seats these tokens
        hold (the browser keeps them, as for My tables), and signed in (a server with
        accounts), every seat of the account, taken on whatever device."""
        body = await _body(request)
        lang = parse_lang(body.get("lang"), "en")
        tokens = body.get("tokens", [])
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise Refused(422, catalog().t("history.refuse_tokens", lang))
        hashes = [token_hash(t) for t in tokens[:500] if TOKEN.fullmatch(t)]
        me = _player(request)
        out = await asyncio.to_thread(history.history, store, lang, hashes,
                                      None if me is None else me.id)
        return {**out, "account": None if me is None else me.name}

    async def _waiting(table_id: str, seat: int, over: bool) -> dict[str, Any]:
        """Whether a table of mine waits for my move, and my time left (the live table)."""
        if not over:
            with contextlib.suppress(Exception):  # a broken table is listed, not waited on
                table = tables.live.get(table_id)
                if table is None:
                    table = await asyncio.to_thread(tables.load, table_id)
                return tables.waiting_for(table, seat)
        return {"my_move": False, "left": None, "stand_in": False, "clock": None}

    @app.websocket("/api/tables/{table_id}/ws")
    async def api_ws(ws: WebSocket, table_id: str) -> None:
        # accepted first, refused after: a close before the handshake reaches the client as
        # an HTTP 403 with no code or reason (uvicorn), and the page could not tell a wrong
        # link from a lost line
        await ws.accept()
        try:
            table = _table(table_id)
            seat = _holder(ws, table)
            lang = parse_lang(ws.query_params.get("lang"), table.row.lang)
            client = _client(ws)
            limits.open_socket(client, len(table.watchers))
        except Refused as e:
            await ws.close(code=4000 + e.status, reason=_close_reason(e.reason))
            return

        async def close(code: int, reason: str) -> None:
            await ws.close(code=code, reason=reason)

        watcher = Watcher(seat, lang, ws.send_text, close)
        tables.watch(table, watcher)
        try:
            while True:  # the client only listens; what it sends keeps the line alive
                await ws.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            tables.unwatch(table, watcher)
            limits.close_socket(client)

    # ----- the pages ------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def page_lobby() -> Response:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    def page_table(table_id: str) -> Response:
        return FileResponse(STATIC / "table.html")

    @app.get("/me", include_in_schema=False)
    def page_me() -> Response:
        return FileResponse(STATIC / "me.html")

    @app.get("/r", include_in_schema=False)
    def page_replays() -> Response:
        return FileResponse(STATIC / "replay.html")

    @app.get("/r/{replay_id}", include_in_schema=False)
    def page_replay(replay_id: str) -> Response:
        return FileResponse(STATIC / "replay.html")

    @app.get("/review/{table_id}", include_in_schema=False)
    def page_review(table_id: str) -> Response:
        return FileResponse(STATIC / "review.html")

    # Ubongo practice: /practice, /api/practice/*; a signed-in player's progress kept here
    practice.add_routes(app, limits, _client, _player, _same_site,
                        practice.Progress(store, lambda: tables.now())
                        if acc is not None else None)

    @app.get("/score", include_in_schema=False)
    def page_pads_bare() -> Response:
        return RedirectResponse("/score/", status_code=308)

    @app.get("/score/", include_in_schema=False)
    def page_pads() -> Response:
        return FileResponse(STATIC / "pad.html")

    @app.get("/score/sw.js", include_in_schema=False)
    def page_pads_worker() -> Response:
        """The pads' service worker, at the root of its scope (/score/): it keeps the pad
        pages, their scripts, styles and words for offline use. Never cached by the
        browser's HTTP cache, so a new version is found at the next visit."""
        return FileResponse(STATIC / "pad-sw.js", media_type="text/javascript",
                            headers={"Cache-Control": "no-cache",
                                     "Service-Worker-Allowed": "/score/"})

    @app.get("/score/{game}", include_in_schema=False)
    def page_pad(game: str) -> Response:
        if game not in pads.PADS:
            raise StarletteHTTPException(404)
        return FileResponse(STATIC / "pad.html")

    @app.get("/rules/{game}", include_in_schema=False)
    def page_rules(game: str, request: Request, lang: str | None = None) -> Response:
        """A game's rules as a page, built on the server from RULES.md (or its Czech or
        Slovak translation) and the catalogs: no script needed to read them."""
        code = rules.page_lang(lang, request.headers.get("accept-language", ""))
        return HTMLResponse(rules.page(game, code))

    # check_dir=False: the API must not depend on the page's files being present
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app
