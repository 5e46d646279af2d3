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
