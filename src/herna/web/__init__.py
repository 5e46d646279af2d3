"""The browser client: static ES modules, CSS and the page's message catalogs (data files).

The client holds no rules: it draws the SVG the server sends, highlights the parts of legal
moves named in the payload, and composes a move from the parts a person clicks.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from herna.i18n import LANGUAGES, Catalog

STATIC = Path(__file__).parent / "static"
MESSAGES = Path(__file__).parent / "messages"


@cache
def catalog() -> Catalog:
    """The page's and the server's words, from messages/<lang>.json."""
    tables = {lang: json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in LANGUAGES}
    return Catalog(tables["en"], tables["cs"], tables["sk"])


def page_words(lang: str) -> dict[str, str]:
    """Every message the page may show, in `lang`: English's keys (a word a translation lacks
    stays English rather than a bare key) plus the language's own plural forms, which English
    does not have (cs/sk `.few` and `.many`), so the page's `plural()` finds them."""
    c = catalog()
    table = c.tables[lang]
    return {**c.en, **{k: v for k, v in table.items() if v}}
