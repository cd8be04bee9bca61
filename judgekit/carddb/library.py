"""The card library (``scenarios/cards`` and the user's cards) as card documents, without reading YAML each time.

The library's card files are read by :func:`judgekit.scenario.cards.library` (YAML, slow for a lookup); what a card
lookup needs of them (names, cost, types, Oracle text, Italian text, power and toughness) is kept as one JSON file
in the cache (``v<FORMAT>/carddb/lib-<key>.json``), keyed by the files' quick fingerprint (paths, sizes, times,
inodes) and this package's code, as the glossary's part is.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from judgekit import paths
from judgekit.carddb.names import fold_name

_SYMBOL = re.compile(r"\{([^}]*)\}")
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def mana_value(cost: str | None) -> int:
    """The mana value of a cost (CR 202.3): numbers count as written, X as 0, a hybrid symbol as its largest part,
    every other symbol as 1."""
    total = 0
    for symbol in _SYMBOL.findall(cost or ""):
        parts = symbol.upper().split("/")
        values = [int(p) if p.isdigit() else (0 if p in ("X", "Y", "Z") else 1) for p in parts if p != "P"]
        total += max(values) if values else 1
    return total


def _colors(raw: dict[str, Any]) -> list[str]:
    written = raw.get("colors")
    found: set[str] = set()
    if isinstance(written, list):
        found = {_COLOR_WORDS.get(str(c).lower(), str(c).upper()) for c in written}
    else:
        for symbol in _SYMBOL.findall(str(raw.get("mana_cost") or "")):
            found |= {c for c in symbol.upper() if c in "WUBRG"}
    return [c for c in "WUBRG" if c in found]


def _str(value: Any) -> str | None:
    if value is None or isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return str(value)


def _words(raw: dict[str, Any], key: str) -> list[str]:
    value = raw.get(key)
    return [str(v) for v in value if isinstance(v, (str, int))] if isinstance(value, list) else []


def _keyword(value: str) -> str:
    text = value.replace("_", " ")
    return text[:1].upper() + text[1:]


def document(raw: dict[str, Any], path: Path, user: bool) -> dict[str, Any]:
    """A library card file (as read, not validated) as a card document."""
    main = " ".join([*_words(raw, "supertypes"), *_words(raw, "types")])
    subs = " ".join(_words(raw, "subtypes"))
    cost = _str(raw.get("mana_cost"))
    oracle = raw.get("oracle")
    return {
        "name": str(raw["name"]),
        "name_it": _str(raw.get("name_it")),
        "layout": "normal",
        "mana_cost": cost,
        "mana_value": mana_value(cost),
        "colors": _colors(raw),
        "type_line": f"{main} — {subs}" if subs else main,
        "type_line_it": None,
        "text": oracle.strip() if isinstance(oracle, str) else None,
        "text_it": _str(raw.get("text_it")),
        "power": _str(raw.get("power")),
        "toughness": _str(raw.get("toughness")),
        "loyalty": _str(raw.get("loyalty")),
        "defense": _str(raw.get("defense")),
        "keywords": [_keyword(k) for k in _words(raw, "keywords")],
        "faces": [],
        "rulings": [],
        "legalities": {},
        "file": str(path),
        "user": user,
    }


def _build() -> list[dict[str, Any]]:
    from judgekit.scenario.cards import library

    return [document(entry.raw, entry.path, entry.user) for entry in library().entries if entry.raw is not None]


def _inputs() -> list[os.DirEntry[str]]:
    from judgekit import cache

    found = [*cache._scan(str(paths.cards_dir()), ".yaml", False), *cache._scan(str(paths.user_cards_dir()), ".yaml",
                                                                                  False)]
    found += cache._scan(str(Path(__file__).resolve().parent), ".py", False)
    return found


# What this process read, for the folders it was read from.
_loaded: tuple[tuple[str, str], list[dict[str, Any]]] | None = None
_index: tuple[tuple[str, str], dict[str, list[int]]] | None = None


def _folders() -> tuple[str, str]:
    return str(paths.cards_dir()), str(paths.user_cards_dir())


def cards() -> list[dict[str, Any]]:
    """Every card of the library (shipped and the user's), from the cache when the files have not changed."""
    global _loaded
    where = _folders()
    if _loaded is not None and _loaded[0] == where:
        return _loaded[1]
    from judgekit import cache

    folder = cache.subdir("carddb")
    file = folder / f"lib-{cache._stat_key(_inputs())}.json" if folder is not None else None
    value = cache._read_json(file) if file is not None else None
    if not isinstance(value, list):
        value = _build()
        if file is not None and folder is not None:
            for old in folder.glob("lib-*.json"):
                try:
                    old.unlink()
                except OSError:
                    pass
            cache._write_json(file, value)
    _loaded = (where, value)
    return value


def index() -> dict[str, list[int]]:
    """Folded English and Italian name -> positions in :func:`cards`."""
    global _index
    where = _folders()
    if _index is None or _index[0] != where:
        table: dict[str, list[int]] = {}
        for i, card in enumerate(cards()):
            for name in (card.get("name"), card.get("name_it")):
                if name:
                    key = fold_name(str(name))
                    if i not in table.setdefault(key, []):
                        table[key].append(i)
        _index = (where, table)
    return _index[1]


def find(key: str) -> dict[str, Any] | None:
    """The library card with this folded name (English or Italian), if any."""
    hits = index().get(key)
    return cards()[hits[0]] if hits else None


def reset() -> None:
    """Forget what this process read (tests)."""
    global _loaded, _index
    _loaded = None
    _index = None
