"""The authority for play in the browser and over HTTP (docs/API.md).

A table is its parameters + seed + the actions applied, one row each in an append-only log;
memory holds a cache of the live states, rebuilt by replay after a restart. `create_app`
builds the FastAPI application; `herna serve` runs it under uvicorn.
"""

# The cyclic garbage collector's thresholds `herna serve` sets. Short, rare pauses: a server
# holds many long-lived game states, and a full collection over them (70-270 ms at 200 tables)
# is a pause every player feels. A young generation of 1,000 keeps each young collection
# under a millisecond (at 10,000 it grew to 8-37 ms: every old object freed, such as a
# table's previous state, lowers its count, so far more than 10,000 young objects piled up);
# the middle collections (~9 ms) come every few seconds and full ones every few minutes.
# Measured in BENCHMARKS.md, "Server" (`benchmarks/server_bench.py --only path`).
GC_THRESHOLDS = (1_000, 20, 100)
