"""Every memo of herna's modules is either forgettable (herna.core.memo) or data kept on
purpose: a memo filled during a server's busy hours and never emptied keeps a few entries in
each 1 MiB arena those hours needed, and CPython hands an arena back only once it is empty."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import herna
from herna.core import memo

# loaded once and small, or pages built from files: the same for every table, kept for good
KEPT = {
    "herna.ai.stats.t_quantile",
    "herna.games.ubongo.deck.default_deck",
    "herna.games.ubongo.pieces.orientations",
    "herna.games.ubongo.pieces.shape_orientations",
    "herna.i18n._plural_rule",
    "herna.i18n.load_tables",
    "herna.server.guide.guide",
    "herna.server.pads.fields_of",
    "herna.server.replays.shipped",
    "herna.server.rules.page",
    "herna.server.tables._libc",
    "herna.web.catalog",
}


def _lru_caches() -> dict[str, object]:
    for info in pkgutil.walk_packages(herna.__path__, "herna."):
        if ".migrations" in info.name:
            continue
        importlib.import_module(info.name)
    found = {}
    for name, module in list(sys.modules.items()):
        if name != "herna" and not name.startswith("herna."):
            continue
        for attr, value in vars(module).items():
            if (callable(getattr(value, "cache_info", None))
                    and callable(getattr(value, "cache_clear", None))
                    and getattr(value, "__module__", None) == name):
                found[f"{name}.{attr}"] = value
    return found


def test_every_lru_cache_is_forgettable_or_kept_on_purpose() -> None:
    caches = _lru_caches()
    registered = {id(getattr(clear, "__self__", clear)) for clear in memo._CLEARS}
    unregistered = {name for name, fn in caches.items() if id(fn) not in registered}
    assert unregistered - KEPT == set(), "register these with herna.core.memo.forgettable"
    assert not KEPT - set(caches), "KEPT names a cache that is gone"
    assert not (KEPT - unregistered), "a KEPT cache is forgettable after all"


def test_forget_empties_them() -> None:
    from herna.games.envyra import render as envyra_render
    from herna.games.ubongo import render as ubongo_render

    envyra_render._glyph("cloud", 10.0, 10.0, 15)
    ubongo_render.gem("green", 1.0, 1.0)
    assert envyra_render._glyph.cache_info().currsize and ubongo_render.gem.cache_info().currsize
    memo.forget()
    assert envyra_render._glyph.cache_info().currsize == 0
    assert ubongo_render.gem.cache_info().currsize == 0
