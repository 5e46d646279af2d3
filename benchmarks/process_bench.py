"""One `herna serve` against two on one PostgreSQL database, under Locust (issue 23).

    python benchmarks/process_bench.py --processes 1 2 --users 200 --seconds 90
    python benchmarks/process_bench.py --processes 2 --users 1000 --spawn-rate 10
    make load   # installs the `load` extra (Locust) and runs the default comparison

For each count of processes: a fresh database on a throw-away PostgreSQL cluster started
here (or `--db-url`, a server where this user may create databases), that many `herna serve`
processes on their own loopback ports (`--limit-create 0 --limit-actions 0
--max-sockets-per-client 0`: every player comes from this one address), and Locust
(`benchmarks/locustfile.py`) with `--users` seats spread over them, one table each (a quarter
with hard bots). Once every user is in, the window starts; at its end:

- actions/s: moves stored in the log in the window (people's and bots') per second;
- `move -> push` p50/p99: from a seat's POST to the newer version on its own socket;
- CPU ms per action: each server process's own CPU (not its bot workers') in the window,
  divided by every action stored, and the sum of the processes; the bot workers apart;
- the load client's CPU share (Locust, on the same 2 cores) and the load average.

Figures from a shared machine: the load average at the start and end says how shared.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from procs import cpu_seconds, descendants, total_cpu

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "tests" / "server"))  # the throw-away cluster of the tests


def herna() -> str:
    return str(Path(sys.executable).parent / "herna")


@contextlib.contextmanager
def servers(db: str, n: int, log: Path) -> Iterator[list[tuple[str, int]]]:
    from conftest import free_port

    procs: list[tuple[str, subprocess.Popen[bytes]]] = []
    try:
        for _ in range(n):
            port = free_port()
            out = log.open("ab")
            procs.append((f"http://127.0.0.1:{port}", subprocess.Popen(
                [herna(), "serve", "--port", str(port), "--db", db, "--lang", "en",
                 "--limit-create", "0", "--limit-actions", "0", "--max-sockets-per-client",
                 "0"], stdout=out, stderr=subprocess.STDOUT, start_new_session=True)))
            out.close()
            end = time.monotonic() + 90
            while True:
                try:
                    if httpx.get(procs[-1][0] + "/api/games", timeout=5).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if procs[-1][1].poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"herna serve did not start; see {log}")
                time.sleep(0.2)
        yield [(url, p.pid) for url, p in procs]
    finally:
        for _, p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGINT)
        for _, p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


def stored(engine: sa.Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT count(*) FROM actions")).scalar_one())


def run(db: str, n: int, args: argparse.Namespace, work: Path) -> dict[str, Any]:
    log = work / f"serve-{n}.log"
    engine = sa.create_engine(db.replace("postgresql://", "postgresql+psycopg://", 1))
    with servers(db, n, log) as procs:
        csv_prefix = work / f"locust-{n}"
        env = {**os.environ, "HERNA_HOSTS": " ".join(u for u, _ in procs),
               "HERNA_HARD": str(args.hard), "HERNA_THINK": " ".join(map(str, args.think))}
        ramp = args.users / args.spawn_rate
        total = ramp + args.settle + args.seconds
        locust = subprocess.Popen(
            [args.locust, "-f", str(HERE / "locustfile.py"), "--headless", "--only-summary",
             "-u", str(args.users), "-r", str(args.spawn_rate), "-t", f"{total:.0f}s",
             "--host", procs[0][0], "--reset-stats", "--csv", str(csv_prefix),
             "--stop-timeout", "5"],
            stdout=(work / f"locust-{n}.log").open("w"), stderr=subprocess.STDOUT, env=env)
        try:
            time.sleep(ramp + args.settle)
            load0 = os.getloadavg()[0]
            t0 = time.perf_counter()
            cpu0 = [cpu_seconds(pid) for _, pid in procs]
            bots0 = [total_cpu(descendants(pid)) for _, pid in procs]
            client0 = cpu_seconds(locust.pid)
            acts0 = stored(engine)
            time.sleep(args.seconds)
            wall = time.perf_counter() - t0
            acts = stored(engine) - acts0
            cpu = [cpu_seconds(pid) - c for (_, pid), c in zip(procs, cpu0, strict=True)]
            bots = [total_cpu(descendants(pid)) - c
                    for (_, pid), c in zip(procs, bots0, strict=True)]
            client = cpu_seconds(locust.pid) - client0
            load1 = os.getloadavg()[0]
            try:
                locust.wait(timeout=args.seconds + 60)
            except subprocess.TimeoutExpired:  # users stuck in a socket's wait: stop them
                locust.send_signal(signal.SIGINT)  # (Locust still writes its CSV)
                locust.wait(timeout=60)
        finally:
            if locust.poll() is None:
                locust.kill()
                locust.wait()
    engine.dispose()
    with open(f"{csv_prefix}_stats.csv", newline="") as f:
        rows = {r["Name"]: r for r in csv.DictReader(f)}
    push = rows.get("move -> push", {})
    post = rows.get("POST /actions", {})
    fails = sum(int(r["Failure Count"]) for name, r in rows.items() if name != "Aggregated")
    return {
        "processes": n, "users": args.users, "hard": args.hard, "wall_s": wall,
        "actions": acts, "actions_per_s": acts / wall,
        "push_count": int(push.get("Request Count", 0)),
        "p50_ms": float(push.get("50%", "nan") or "nan"),
        "p99_ms": float(push.get("99%", "nan") or "nan"),
        "post_p99_ms": float(post.get("99%", "nan") or "nan"),
        "failures": fails,
        "cpu_share": [c / wall for c in cpu], "bots_share": [b / wall for b in bots],
        "cpu_ms_per_action": [1000 * c / max(1, acts) for c in cpu],
        "cpu_ms_per_action_total": 1000 * sum(cpu) / max(1, acts),
        "client_share": client / wall, "loadavg": (load0, load1),
    }


def line(r: dict[str, Any]) -> str:
    per = " + ".join(f"{x:.2f}" for x in r["cpu_ms_per_action"])
    shares = " + ".join(f"{100 * x:.0f}%" for x in r["cpu_share"])
    bots = " + ".join(f"{100 * x:.0f}%" for x in r["bots_share"])
    return (f"| {r['processes']} | {r['users']} | {r['actions_per_s']:.1f} | "
            f"{r['p50_ms']:.0f} / {r['p99_ms']:.0f} | {r['post_p99_ms']:.0f} | "
            f"{per} = {r['cpu_ms_per_action_total']:.2f} | {shares} | {bots} | "
            f"{100 * r['client_share']:.0f}% | {r['loadavg'][0]:.1f} -> {r['loadavg'][1]:.1f} | "
            f"{r['failures']} |")


HEADER = ("| processes | tables | actions/s | move -> push p50 / p99 ms | POST p99 ms | "
          "server CPU ms per action (each = sum) | server CPU share | bot workers' CPU | "
          "Locust CPU | load average | failures |\n"
          "|---:|---:|---:|---:|---:|---|---|---|---:|---|---:|")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    p.add_argument("--users", type=int, nargs="+", default=[200],
                   help="live tables (one Locust user each); several: one run per count")
    p.add_argument("--seconds", type=float, default=90, help="the measured window (90)")
    p.add_argument("--settle", type=float, default=10, help="after the ramp (10)")
    p.add_argument("--spawn-rate", type=float, default=20)
    p.add_argument("--hard", type=float, default=0.25)
    p.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0))
    p.add_argument("--locust", default=str(Path(sys.executable).parent / "locust"))
    p.add_argument("--db-url", default=None,
                   help="a PostgreSQL server URL (postgresql://USER@HOST) where databases "
                        "may be created; default: a throw-away cluster started here")
    args = p.parse_args()
    cluster = None
    if args.db_url is None:
        from conftest import PgCluster, pg_bindir

        bindir = pg_bindir()
        if bindir is None:
            raise SystemExit("no PostgreSQL server binaries (apt-get install postgresql)")
        cluster = PgCluster(bindir)
        cluster.start()
    print(f"{time.strftime('%Y-%m-%d %H:%M')}; {os.cpu_count()} cores; load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    print(HEADER, flush=True)
    try:
        with tempfile.TemporaryDirectory(prefix="herna-procs-") as tmp:
            for users in list(args.users):
                for n in args.processes:
                    name = "herna_load_" + uuid.uuid4().hex[:8]
                    if cluster is not None:
                        cluster.sql(f"CREATE DATABASE {name}")
                        db = cluster.url(name)
                    else:
                        import psycopg

                        with psycopg.connect(args.db_url + "/postgres",
                                             autocommit=True) as conn:
                            conn.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
                        db = f"{args.db_url}/{name}"
                    args.users = users
                    try:
                        r = run(db, n, args, Path(tmp))
                    except Exception as e:  # one run failing must not lose the others
                        print(f"| {n} | {users} | failed: {e} |", flush=True)
                        continue
                    print(line(r), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
