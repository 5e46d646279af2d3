"""The authority for play in the browser and over HTTP (docs/API.md).

A table is its parameters + seed + the actions applied, one row each in an append-only log;
memory holds a cache of the live states, rebuilt by replay after a restart. `create_app`
builds the FastAPI application; `herna serve` runs it under uvicorn.
"""
