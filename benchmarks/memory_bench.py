"""`herna serve`'s memory: does it come back after games end and sockets close (issue 23)?

    .venv/bin/python benchmarks/memory_bench.py                       # tables + sockets (~15 min)
    .venv/bin/python benchmarks/memory_bench.py --quick               # a smoke run (~2 minutes)
    .venv/bin/python benchmarks/memory_bench.py --only tables --tables 300
    .venv/bin/python benchmarks/memory_bench.py --only tables --tables 150 --rounds 2  # plateau?
    .venv/bin/python benchmarks/memory_bench.py --only soak --soak --soak-minutes 30
    .venv/bin/python benchmarks/memory_bench.py --serve-env MALLOC_ARENA_MAX=2   # compare

One `herna serve` is started here on a free loopback port with a temporary SQLite file and a
short `--finished-idle` (5 s: finished tables nobody watches leave memory after 5 s, swept
every 2.5 s), and stopped at the end. Its resident memory is read from /proc/PID/status
(VmRSS), the bot worker processes it starts (its children) separately. A warm-up plays one
game of each title to the end (the games' modules, the renderers' and bots' code loaded), the
warm-up's tables are left to leave memory, and the server's RSS then is the **start**. Then,
in turn:

- **tables**: `--tables` tables (1,000) played to the end, at most `--concurrency` (80) at
  once. Most are bots only (`easy` and `medium` in turn; Alhambra, Roll & Write and Envyra),
  each watched by one spectator WebSocket held open until its game ends; a share
  `--human-share` (0.3) has human seats played by this script from each seat's own WebSocket
  payloads: the seat POSTs one of its payload's `legal` actions (Roll & Write's `adjust` only
  when nothing else is left) with the version it saw, and an Ubongo seat solves its puzzle from
  its view as a person would (solutions are not among `legal`); Ubongo tables are all-human
  (bots there wait the seconds they claim: a game of bots lasts 3-5 minutes), and a share
  `--ubongo-bots` (0.01) of bots-only Ubongo tables is started first. Every socket is closed as
  its game ends; then the script waits 2x `--finished-idle` plus a sweep. Reported: RSS at the
  start, the peak during the part, and after, and the ratio (goal: after <= 1.2 x start).
  With `--rounds N` the same tables are played N times on the same server, and the RSS after
  each round is reported: flat from the second round on means memory is reused, not grown.
- **sockets**: `--sockets` (15,000) WebSocket cycles, `--socket-concurrency` (20) at once, each
  connect, receive the first payload, close, against 4 live tables (one per game, a human's seat
  and a spectator's view in turn); RSS before and after (after the same wait).
- **soak** (`--soak`, off by default): `--soak-tables` (200) tables kept busy for
  `--soak-minutes` (30): each has one human seat the script plays (a think time of 0.5-2 s, then
  a uniformly chosen `legal` action; "play again" when a game ends, so the count stays), bots
  (`medium`) in the others, as in `server_bench.py`'s load; the RSS is sampled every 30 s
  (min / max, and the drift and spread from the first third of the run on, once the caches
  such a load uses have filled; goal +-10%).

The figures are the server's; this client shares the machine's cores with it (a shared VM:
the load average is reported), which slows the run, not the memory.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_bench as sb  # its server, machine(), plans and Seat
from procs import children, status_kb

GOAL_RATIO = 1.2
GOAL_SOAK = 0.10
# human-seat tables: the first seat(s) are the script's, the rest bots
HUMAN_SEATS = {"alhambra": ("human", "medium", "easy"), "alhambra-rw": ("human", "medium"),
               "envyra": ("human", "easy", "medium"), "ubongo": ("human", "human")}
BOT_GAMES = ("alhambra", "alhambra-rw", "envyra")
PLAYERS = {"alhambra": 3, "alhambra-rw": 2, "envyra": 3, "ubongo": 2}
_OVER = b'"over":true'


# ----- the server's memory --------------------------------------------------------------------
@dataclass
class Memory:
    """The server's RSS (and its children's), sampled in the background for the peak."""

    pid: int
    peak: float = 0.0
    samples: list[tuple[float, float]] = field(default_factory=list)

    def rss(self) -> float:
        mb = status_kb(self.pid, "VmRSS") / 1024
        self.peak = max(self.peak, mb)
        return mb

    def kids(self) -> list[float]:
        return [status_kb(c, "VmRSS") / 1024 for c in sorted(children().get(self.pid, []))]

    def reset_peak(self) -> None:
        self.peak = self.rss()

    async def sample(self, every: float = 0.5) -> None:
        t0 = time.monotonic()
        while True:
            self.samples.append((time.monotonic() - t0, self.rss()))
            await asyncio.sleep(every)


def snapshot(mem: Memory) -> dict[str, Any]:
    return {"rss_mb": mem.rss(), "children_mb": mem.kids(),
            "threads": status_kb(mem.pid, "Threads")}


# ----- playing -------------------------------------------------------------------------------
def ws_url(base: str, table: str, token: str | None = None) -> str:
    url = base.replace("http", "ws", 1) + f"/api/tables/{table}/ws"
    return url + (f"?token={token}" if token else "")


def ubongo_solve(view: dict[str, Any]) -> str | None:
    """A cover of this seat's Ubongo puzzle from its own view, as a person's client posts it
    (tests/server/serverkit.py)."""
    from herna.games.ubongo import solutions

    me = view["seats"][view["seat"]]
    if view["phase"] != "race" or me["submission"] is not None or not me["card"]:
        return None
    sol = next(iter(solutions(me["card"]["outline"]["text"], me["pieces"])), None)
    if sol is None:
        return None
    return "solve " + " ".join(f"{p.piece}{p.orientation}@{p.row},{p.col}" for p in sol) + \
        " in 1"


def choose(p: dict[str, Any], rng: random.Random) -> str | None:
    if p["game"] == "ubongo":
        solve = ubongo_solve(p["view"])
        if solve is not None:
            return solve
    legal = [m["text"] for m in p["legal"]]
    plain = [t for t in legal if not t.startswith("adjust")] or legal
    return rng.choice(plain) if plain else None


@dataclass
class Tally:
    finished: int = 0
    unfinished: int = 0
    actions: int = 0
    conflicts: int = 0
    messages: int = 0
    errors: Counter[str] = field(default_factory=Counter)


async def spectate_to_end(base: str, table: str, tally: Tally, timeout: float) -> bool:
    """One spectator socket on `table` until a payload says the game is over."""
    import websockets

    async with asyncio.timeout(timeout), \
            websockets.connect(ws_url(base, table), max_size=None, ping_interval=None,
                               open_timeout=30) as ws:
        async for raw in ws:
            tally.messages += 1
            data = raw if isinstance(raw, bytes) else raw.encode()
            if _OVER in data and orjson.loads(data)["over"]:
                return True
    return False


async def play_seat(base: str, http: Any, table: str, token: str, tally: Tally,
                    rng: random.Random) -> None:
    """A human seat: its socket's payloads, a `legal` action POSTed for each new version
    where it may act, until the game is over."""
    import websockets

    async with websockets.connect(ws_url(base, table, token), max_size=None,
                                  ping_interval=None, open_timeout=30) as ws:
        latest: dict[str, Any] = orjson.loads(await ws.recv(decode=False))
        tally.messages += 1
        tried = -1  # the version last acted on (a refusal waits for the next one)
        while not latest["over"]:
            if latest["version"] > tried:
                tried = latest["version"]
                text = choose(latest, rng)
                if text is not None:
                    status, body = await post(http, f"/api/tables/{table}/actions",
                                              {"token": token, "action": text,
                                               "version": latest["version"]})
                    if status == 200:
                        tally.actions += 1
                        got = orjson.loads(body)
                        if got["version"] > latest["version"]:
                            latest = got
                        continue
                    if status == 409:
                        tally.conflicts += 1
                    else:
                        tally.errors[f"{status} {body[:60]!r}"] += 1
            raw = await ws.recv(decode=False)
            tally.messages += 1
            got = orjson.loads(raw)
            if got["version"] >= latest["version"]:
                latest = got


def session(base: str, connections: int) -> Any:
    """server_bench's client session, but its idle connections closed before uvicorn's
    (5 s): a request on a connection the server is closing is reset, not answered."""
    import aiohttp

    return aiohttp.ClientSession(base_url=base, timeout=aiohttp.ClientTimeout(total=60),
                                 connector=aiohttp.TCPConnector(limit=connections,
                                                                keepalive_timeout=2),
                                 json_serialize=lambda x: orjson.dumps(x).decode())


async def post(http: Any, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
    """POST, once more if the connection was lost before an answer."""
    import aiohttp

    for attempt in range(2):
        try:
            async with http.post(path, json=body) as r:
                return r.status, await r.read()
        except (aiohttp.ClientOSError, aiohttp.ServerDisconnectedError):
            if attempt:
                raise
    raise AssertionError("unreachable")


async def create(http: Any, game: str, kinds: Sequence[str], seed: int) -> dict[str, Any]:
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]
    status, body = await post(http, "/api/tables", {"game": game, "players": len(kinds),
                                                    "seats": seats, "seed": seed})
    if status != 201:
        raise RuntimeError(f"create: {status} {body[:80]!r}")
    out: dict[str, Any] = orjson.loads(body)
    return out


async def play_table(base: str, http: Any, game: str, kinds: Sequence[str], seed: int,
                     tally: Tally, timeout: float) -> None:
    """One table from creation to its end (or `timeout`), its sockets closed after."""
    rng = random.Random(seed)
    try:
        made = await create(http, game, kinds, seed)
        tokens = [s["token"] for s in made["seats"] if s["token"]]
        if tokens:
            async with asyncio.timeout(timeout):
                await asyncio.gather(*(play_seat(base, http, made["id"], tok, tally, rng)
                                       for tok in tokens))
            done = True
        else:
            done = await spectate_to_end(base, made["id"], tally, timeout)
    except TimeoutError:
        done = False
    except Exception as e:  # a refused socket, a lost line: counted, the run goes on
        tally.errors[type(e).__name__] += 1
        done = False
    if done:
        tally.finished += 1
    else:
        tally.unfinished += 1


def table_plans(n: int, human_share: float, ubongo_bots: float,
                rng: random.Random) -> list[tuple[str, tuple[str, ...]]]:
    """(game, seat kinds) for `n` tables: bots-only Ubongo first (they last minutes), then
    the others shuffled."""
    n_ubongo = round(n * ubongo_bots)
    n_human = round(n * human_share)
    out: list[tuple[str, tuple[str, ...]]] = []
    for i in range(n - n_ubongo - n_human):
        game = BOT_GAMES[i % len(BOT_GAMES)]
        level = ("easy", "medium")[(i // len(BOT_GAMES)) % 2]
        out.append((game, (level,) * PLAYERS[game]))
    games = tuple(HUMAN_SEATS)
    out += [(games[i % len(games)], HUMAN_SEATS[games[i % len(games)]])
            for i in range(n_human)]
    rng.shuffle(out)
    lead = [("ubongo", (("easy", "medium")[i % 2],) * 2) for i in range(n_ubongo)]
    return lead + out


async def run_tables(base: str, http: Any, plans: list[tuple[str, tuple[str, ...]]],
                     concurrency: int, seed: int, timeout: float, tally: Tally,
                     progress: str = "") -> None:
    sem = asyncio.Semaphore(concurrency)
    t0 = time.monotonic()
    step = max(1, len(plans) // 10)

    async def one(i: int, game: str, kinds: tuple[str, ...]) -> None:
        async with sem:
            await play_table(base, http, game, kinds, seed + i, tally,
                             timeout * (6 if game == "ubongo" and "human" not in kinds else 1))
            done = tally.finished + tally.unfinished
            if progress and done % step == 0:
                print(f"... {progress}: {done}/{len(plans)} tables in "
                      f"{time.monotonic() - t0:.0f} s", flush=True)

    await asyncio.gather(*(one(i, g, k) for i, (g, k) in enumerate(plans)))


async def settle(mem: Memory, idle: float) -> float:
    """Wait until finished tables have left memory: 2x the idle time plus a sweep."""
    wait = 2 * idle + min(30.0, max(1.0, idle / 2)) + 1
    await asyncio.sleep(wait)
    return mem.rss()


# ----- the parts -------------------------------------------------------------------------------
async def warm_up(base: str, http: Any, mem: Memory, idle: float) -> dict[str, Any]:
    """One game of each title played to the end (Ubongo by two human seats: its bots wait the
    time they claim), then their tables left to leave memory."""
    tally = Tally()
    plans = [(g, (("easy",) * PLAYERS[g]) if g != "ubongo" else HUMAN_SEATS[g])
             for g in sb.GAMES]
    await run_tables(base, http, plans, len(plans), 1, 120, tally)
    await settle(mem, idle)
    out = snapshot(mem)
    out["finished"] = tally.finished
    return out


async def part_tables(base: str, http: Any, mem: Memory, args: argparse.Namespace
                      ) -> dict[str, Any]:
    plans = table_plans(args.tables, args.human_share, args.ubongo_bots,
                        random.Random(args.seed))
    before = snapshot(mem)
    mem.reset_peak()
    tally = Tally()
    t0 = time.monotonic()
    load0 = os.getloadavg()[0]
    await run_tables(base, http, plans, args.concurrency, args.seed * 100_000, args.timeout,
                     tally, "tables")
    wall = time.monotonic() - t0
    closed = snapshot(mem)
    peak = mem.peak
    await settle(mem, args.finished_idle)
    after = snapshot(mem)
    return {"tables": len(plans), "concurrency": args.concurrency,
            "kinds": dict(Counter(f"{g} {'human' if 'human' in k else 'bots'}"
                                  for g, k in plans)),
            "finished": tally.finished, "unfinished": tally.unfinished,
            "human_actions": tally.actions, "conflicts": tally.conflicts,
            "messages": tally.messages, "errors": dict(tally.errors), "wall_s": wall,
            "loadavg": (load0, os.getloadavg()[0]), "before": before, "peak_mb": peak,
            "closed": closed, "after": after}


async def part_sockets(base: str, http: Any, mem: Memory, args: argparse.Namespace
                       ) -> dict[str, Any]:
    import websockets

    targets: list[tuple[str, str | None]] = []
    for game in sb.GAMES:
        made = await create(http, game, ("human",) * PLAYERS[game], args.seed)
        targets += [(made["id"], made["seats"][0]["token"]), (made["id"], None)]
    for tid, tok in targets:  # their payloads made once before the baseline
        async with http.get(f"/api/tables/{tid}", params={"token": tok} if tok else {}) as r:
            r.raise_for_status()
    await asyncio.sleep(1)
    before = snapshot(mem)
    mem.reset_peak()
    sem = asyncio.Semaphore(args.socket_concurrency)
    errors: Counter[str] = Counter()
    got = 0
    t0 = time.monotonic()

    async def cycle(i: int) -> None:
        nonlocal got
        tid, tok = targets[i % len(targets)]
        async with sem:
            try:
                async with websockets.connect(ws_url(base, tid, tok), max_size=None,
                                              ping_interval=None, open_timeout=30) as ws:
                    await asyncio.wait_for(ws.recv(decode=False), 30)
                    got += 1
            except Exception as e:
                errors[type(e).__name__] += 1
        if (i + 1) % (args.sockets // 5 or 1) == 0:
            print(f"... sockets: {i + 1:,}/{args.sockets:,} in {time.monotonic() - t0:.0f} s; "
                  f"RSS {mem.rss():.0f} MB", flush=True)

    await asyncio.gather(*(cycle(i) for i in range(args.sockets)))
    wall = time.monotonic() - t0
    closed = snapshot(mem)
    await settle(mem, args.finished_idle)
    return {"cycles": args.sockets, "received": got, "errors": dict(errors), "wall_s": wall,
            "before": before, "peak_mb": mem.peak, "closed": closed, "after": snapshot(mem)}


async def part_soak(base: str, http: Any, mem: Memory, args: argparse.Namespace
                    ) -> dict[str, Any]:
    stats = sb.Stats()
    rng = random.Random(args.seed + 7)
    plans = sb.plans(args.soak_tables, 0.0, rng)
    sem = asyncio.Semaphore(4)

    async def make(i: int, plan: sb.Plan) -> sb.Seat:
        async with sem:
            table, token = await sb.create(http, plan, args.seed * 1000 + i)
            seat = sb.Seat(base, plan, table, token, stats)
            await seat.connect()
            return seat

    seats = await asyncio.gather(*(make(i, p) for i, p in enumerate(plans)))
    until = time.monotonic() + args.soak_minutes * 60
    samples: list[tuple[float, float, list[float]]] = []

    async def sampler() -> None:
        t0 = time.monotonic()
        while time.monotonic() < until + 1:
            samples.append((time.monotonic() - t0, mem.rss(), mem.kids()))
            print(f"... soak: {samples[-1][0] / 60:.1f} min, RSS {samples[-1][1]:.0f} MB, "
                  f"{stats.games_done} games done", flush=True)
            await asyncio.sleep(args.soak_every)

    load0 = os.getloadavg()[0]
    tasks = [asyncio.create_task(s.drive(http, until, (0.5, 2.0), random.Random(rng.random())))
             for s in seats]
    # a seat that fails stops alone (counted); the soak and its samples go on
    for r in await asyncio.gather(sampler(), *tasks, return_exceptions=True):
        if isinstance(r, BaseException):
            stats.errors[f"seat: {type(r).__name__}"] += 1
    await asyncio.gather(*(s.close() for s in seats), return_exceptions=True)
    rss = [s[1] for s in samples]
    # the first third fills the caches a load of this size uses (the drawings' parts, the
    # engine's): drift is measured from there on
    settled = [r for t, r, _ in samples if t >= args.soak_minutes * 60 / 3] or rss
    return {"settled_first_mb": settled[0], "settled_min_mb": min(settled),
            "settled_max_mb": max(settled),
            "tables": args.soak_tables, "minutes": args.soak_minutes,
            "every_s": args.soak_every, "samples": samples, "games_done": stats.games_done,
            "conflicts": stats.conflicts, "errors": dict(stats.errors),
            "changes": stats.changes, "loadavg": (load0, os.getloadavg()[0]),
            "first_mb": rss[0], "last_mb": rss[-1], "min_mb": min(rss), "max_mb": max(rss),
            "after": snapshot(mem)}


async def run(base: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    mem = Memory(pid)
    sampling = asyncio.create_task(mem.sample())
    out: dict[str, Any] = {"boot": snapshot(mem)}
    try:  # herna serve runs itself under jemalloc where the system has it (herna.server)
        maps = Path(f"/proc/{pid}/maps").read_text()
        out["allocator"] = "jemalloc" if "libjemalloc" in maps else "CPython's (pymalloc)"
    except OSError:
        out["allocator"] = "unknown"
    try:
        async with session(base, args.concurrency * 3 + 20) as http:
            out["start"] = await warm_up(base, http, mem, args.finished_idle)
            print(f"... warmed up: RSS {out['start']['rss_mb']:.0f} MB (bot workers "
                  f"{', '.join(f'{m:.0f}' for m in out['start']['children_mb'])} MB)",
                  flush=True)
            if "tables" in args.parts:
                print(f"# tables: {args.tables:,} played to the end", flush=True)
                out["tables"] = await part_tables(base, http, mem, args)
                # the same again on the same server: does memory grow with the games played,
                # or stay where the first busy stretch left it (a plateau)?
                out["rounds"] = [out["tables"]["after"]["rss_mb"]]
                for k in range(2, args.rounds + 1):
                    print(f"# tables, round {k}", flush=True)
                    again = await part_tables(base, http, mem, args)
                    out["rounds"].append(again["after"]["rss_mb"])
            if "sockets" in args.parts:
                print(f"# sockets: {args.sockets:,} connect/receive/close cycles", flush=True)
                out["sockets"] = await part_sockets(base, http, mem, args)
            if "soak" in args.parts:
                print(f"# soak: {args.soak_tables} tables for {args.soak_minutes:g} min",
                      flush=True)
                out["soak"] = await part_soak(base, http, mem, args)
    finally:
        sampling.cancel()
        out["hwm_mb"] = status_kb(pid, "VmHWM") / 1024
    return out


# ----- the report -------------------------------------------------------------------------------
def _kids(s: dict[str, Any]) -> str:
    return " + ".join(f"{m:.0f}" for m in s["children_mb"]) or "none"


def report(r: dict[str, Any], args: argparse.Namespace) -> str:
    start = r["start"]["rss_mb"]
    rows: list[tuple[str, str, str]] = [
        ("server RSS at boot / after the warm-up (start)",
         f"{r['boot']['rss_mb']:.0f} / {start:.0f} MB",
         f"bot workers {_kids(r['start'])} MB; `--finished-idle {args.finished_idle:g}`"
         + f"; allocator {r.get('allocator', 'unknown')}"
         + (f"; server env {' '.join(args.serve_env)}" if args.serve_env else ""))]
    if "tables" in r:
        t = r["tables"]
        after = t["after"]["rss_mb"]
        ratio = after / start
        rows += [
            ("tables played to the end", f"{t['finished']:,} / {t['tables']:,}",
             f"{t['concurrency']} at once, {t['wall_s']:.0f} s; {t['human_actions']:,} human "
             f"actions, {t['messages']:,} payloads received; unfinished {t['unfinished']}; "
             f"errors {t['errors'] or 'none'}; load average {t['loadavg'][0]:.1f} -> "
             f"{t['loadavg'][1]:.1f}"),
            ("  RSS start / peak / sockets closed / after the sweep",
             f"{t['before']['rss_mb']:.0f} / {t['peak_mb']:.0f} / {t['closed']['rss_mb']:.0f}"
             f" / {after:.0f} MB",
             f"bot workers after: {_kids(t['after'])} MB; threads {t['after']['threads']}"),
            ("  after / start", f"{ratio:.2f}",
             f"goal <= {GOAL_RATIO} ({sb.met(ratio <= GOAL_RATIO)})")]
        if len(r.get("rounds", [])) > 1:
            rounds = r["rounds"]
            rows.append((f"  RSS after each of {len(rounds)} rounds",
                         " / ".join(f"{m:.0f}" for m in rounds) + " MB",
                         f"last against first round {rounds[-1] / rounds[0]:.2f} (a plateau "
                         "is ~1.0: memory reused, not grown)"))
    if "sockets" in r:
        s = r["sockets"]
        rows += [
            ("socket cycles (connect, first payload, close)",
             f"{s['received']:,} / {s['cycles']:,}",
             f"{args.socket_concurrency} at once, {s['wall_s']:.0f} s; errors "
             f"{s['errors'] or 'none'}"),
            ("  RSS before / peak / closed / after", f"{s['before']['rss_mb']:.0f} / "
             f"{s['peak_mb']:.0f} / {s['closed']['rss_mb']:.0f} / {s['after']['rss_mb']:.0f} MB",
             f"after / start {s['after']['rss_mb'] / start:.2f}")]
    if "soak" in r:
        k = r["soak"]
        base = k["settled_first_mb"]
        drift = (k["last_mb"] - base) / base
        spread = (k["settled_max_mb"] - k["settled_min_mb"]) / base
        rows += [
            ("soak: live tables x minutes", f"{k['tables']} x {k['minutes']:g}",
             f"{k['games_done']:,} games finished (played again), {k['changes']:,} changes; "
             f"errors {k['errors'] or 'none'}; load average {k['loadavg'][0]:.1f} -> "
             f"{k['loadavg'][1]:.1f}"),
            ("  RSS first / min / max / last sample", f"{k['first_mb']:.0f} / {k['min_mb']:.0f}"
             f" / {k['max_mb']:.0f} / {k['last_mb']:.0f} MB",
             f"every {k['every_s']:g} s; from the first third on ({base:.0f} MB, caches filled):"
             f" drift {100 * drift:+.1f}%, spread {100 * spread:.1f}% "
             f"(goal +-{100 * GOAL_SOAK:.0f}%: "
             f"{sb.met(abs(drift) <= GOAL_SOAK and spread <= 2 * GOAL_SOAK)})")]
    rows.append(("server peak RSS (VmHWM)", f"{r['hwm_mb']:.0f} MB", ""))
    w0 = max(len(a) for a, _, _ in rows)
    w1 = max(len(b) for _, b, _ in rows)
    lines = [f"| {'measure'.ljust(w0)} | {'value'.rjust(w1)} | note |",
             f"|{'-' * (w0 + 2)}|{'-' * (w1 + 1)}:|------|"]
    lines += [f"| {a.ljust(w0)} | {b.rjust(w1)} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--only", choices=["tables", "sockets", "soak"], action="append",
                   help="run only these parts (repeatable; default tables and sockets, and "
                        "soak with --soak)")
    p.add_argument("--tables", type=int, default=1000, help="tables played to the end (1000)")
    p.add_argument("--concurrency", type=int, default=80, help="tables in play at once (80)")
    p.add_argument("--rounds", type=int, default=1,
                   help="play the tables this many times on the same server (1)")
    p.add_argument("--human-share", type=float, default=0.3,
                   help="share of the tables with human seats played by this script (0.3)")
    p.add_argument("--ubongo-bots", type=float, default=0.01,
                   help="share of bots-only Ubongo tables, started first (0.01)")
    p.add_argument("--timeout", type=float, default=300,
                   help="seconds a table may take before it is given up (300)")
    p.add_argument("--sockets", type=int, default=15_000, help="socket cycles (15000)")
    p.add_argument("--socket-concurrency", type=int, default=20,
                   help="socket cycles at once (20)")
    p.add_argument("--soak", action="store_true", help="run the soak too")
    p.add_argument("--soak-minutes", type=float, default=30, help="the soak's length (30)")
    p.add_argument("--soak-tables", type=int, default=200, help="the soak's live tables (200)")
    p.add_argument("--soak-every", type=float, default=30, help="RSS sampled every (30) s")
    p.add_argument("--finished-idle", type=float, default=5.0,
                   help="herna serve --finished-idle for the run (5 s)")
    p.add_argument("--serve-env", action="append", default=[], metavar="NAME=VALUE",
                   help="an environment variable for the server only (repeatable), e.g. "
                        "MALLOC_ARENA_MAX=2")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--quick", action="store_true",
                   help="a smoke run: 100 tables, 1,500 socket cycles, a 2-minute soak")
    p.add_argument("--json", type=Path, default=None, help="also write the results here")
    p.add_argument("--log", type=Path, default=None,
                   help="the server's output (default: a temporary file)")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    if args.quick:
        args.tables, args.sockets, args.soak_minutes = 100, 1500, 2
        args.soak_every = min(args.soak_every, 15)
    args.parts = args.only or ["tables", "sockets"] + (["soak"] if args.soak else [])
    sb.SERVE_ARGS.extend(["--finished-idle", str(args.finished_idle)])
    for kv in args.serve_env:
        name, _, value = kv.partition("=")
        os.environ[name] = value  # the server inherits it; this client ignores these
    log = args.log or Path(f"/tmp/herna-memory-bench-{os.getpid()}.log")
    started = time.strftime("%Y-%m-%d %H:%M")
    print(f"machine: {sb.machine()}; {started}; server log {log}", flush=True)
    with sb.serve(None, log) as (base, pid):
        results = asyncio.run(run(base, pid, args))
    results.update(machine=sb.machine(), date=started, argv=sys.argv[1:])
    print()
    print(f"{sb.machine()}; {started}; `{' '.join(['memory_bench.py', *sys.argv[1:]])}`")
    print()
    print(report(results, args))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str), encoding="utf-8")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
