"""The authority for play in the browser and over HTTP (docs/API.md).

A table is its parameters + seed + the actions applied, one row each in an append-only log;
memory holds a cache of the live states, rebuilt by replay after a restart. `create_app`
builds the FastAPI application; `herna serve` runs it under uvicorn.
"""

# The cyclic garbage collector's thresholds `herna serve` sets. Short pauses: a server holds
# many long-lived game states, and a full collection over them (75-100 ms at 200 tables) is a
# pause every player feels. Each change leaves ~80 new containers alive for a while (the
# table's new state, its views and steps), and a middle collection scans all those made since
# the last one: at (1,000, 20, 100) it paused 25-35 ms; at (500, 5, 1,000) 8 ms (young ones
# 0.8 ms), the same collector's work in all, and full collections as rare as before (every
# ~2.5 million allocations). At 10,000 young the young collections grew to 8-37 ms (every old
# object freed lowers the young count). Measured in BENCHMARKS.md, "Server"
# (`benchmarks/server_bench.py --only path --gc 500,5,1000`).
GC_THRESHOLDS = (500, 5, 1_000)

# The allocator `herna serve` runs under. CPython's own (pymalloc) hands a 1 MiB arena back to
# the system only once every object in it is gone, and a server's busy hour leaves a few
# long-lived objects in each arena it needed (uvicorn's date header, timers, the database
# driver's caches): after 150 tables its arenas kept 28 MB of free pools for good (RSS 1.28x
# the start). jemalloc hands back free pages one by one, as fast as pymalloc on a move's path:
# 1.10x. glibc's malloc came back too (1.06x) but cost 20-40% more CPU a move and doubled
# the collector's pauses, so without jemalloc the server keeps pymalloc. BENCHMARKS.md,
# "Memory"; docs/OPERATING.md. An operator's own PYTHONMALLOC or LD_PRELOAD is left alone.
JEMALLOC = ("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
            "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2", "/usr/lib64/libjemalloc.so.2",
            "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2")
# pages freed go back after a second, from jemalloc's own thread (an idle server allocates
# nothing that would purge them)
JEMALLOC_CONF = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0"
_REEXEC = "HERNA_REEXEC"
_UNDER_JEMALLOC = False


def jemalloc_path() -> str | None:
    """The system's jemalloc (Debian: `apt-get install libjemalloc2`), or None."""
    import os

    return next((p for p in JEMALLOC if os.path.exists(p)), None)


_NAMES = ("PYTHONMALLOC", "LD_PRELOAD", "MALLOC_CONF")


def _set_jemalloc(lib: str) -> dict[str, str | None]:
    """Put jemalloc into the environment the next process starts with; what was there (also
    kept in `_REEXEC` for that process to give back to its own children)."""
    import json
    import os

    before = {n: os.environ.get(n) for n in _NAMES}
    os.environ[_REEXEC] = json.dumps(before)
    os.environ["PYTHONMALLOC"] = "malloc"
    os.environ["LD_PRELOAD"] = lib
    os.environ.setdefault("MALLOC_CONF", JEMALLOC_CONF)
    return before


def _restore(before: dict[str, str | None]) -> None:
    import os

    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def use_jemalloc(reexec: bool = True) -> bool:
    """Run this process again under jemalloc if the system has it and the operator chose no
    allocator (Linux only: the allocator is fixed when the process starts); whether this
    process runs under it. Call first thing in `herna serve`. The processes it starts (bot
    workers) get back the environment the operator gave: they keep no memory between busy
    hours, and pymalloc is their faster allocator."""
    import json
    import os
    import sys

    global _UNDER_JEMALLOC
    saved = os.environ.pop(_REEXEC, None)
    if saved is not None:
        _restore(json.loads(saved))  # the operator's own values
        _UNDER_JEMALLOC = True
        return True
    lib = jemalloc_path()
    if (not reexec or lib is None or not sys.platform.startswith("linux")
            or os.environ.get("PYTHONMALLOC") or os.environ.get("LD_PRELOAD")):
        return False
    before = _set_jemalloc(lib)
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execv(sys.executable, sys.orig_argv)
    except OSError:  # not run again: go on as started, with the environment as it was
        os.environ.pop(_REEXEC, None)
        _restore(before)
    return False


def hand_down_jemalloc() -> None:
    """Before starting server processes (`--workers`): they start under jemalloc too, and
    `use_jemalloc(reexec=False)` in each gives its bot workers the operator's environment."""
    import os

    lib = jemalloc_path()
    if _UNDER_JEMALLOC and _REEXEC not in os.environ and lib is not None:
        _set_jemalloc(lib)
