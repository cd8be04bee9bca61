"""Every card judgekit knows: the cards imported from MTGJSON or Scryfall, and the card library.

The small API other parts of judgekit use:

- :func:`lookup` (``name`` -> the card as ``judgekit card --json`` gives it, or ``None``);
- :func:`all_names` (every English and Italian name, of every face);
- :func:`suggest` (the names nearest to a misspelt one).

A name is looked up folded (:func:`judgekit.carddb.names.fold_name`) in the imported database
(:mod:`judgekit.carddb.store`, opened read-only, through its index of names) and in the library
(:mod:`judgekit.carddb.library`); a card found in both is merged: the imported Oracle data, with the library's
Italian name and text where the import has none, and ``modelled`` true. rapidfuzz is loaded only when the exact
name is not found.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from judgekit.carddb import library
from judgekit.carddb.names import fold_name

__all__ = ["Found", "all_names", "fold_name", "imported_by_keys", "lookup", "resolve", "suggest", "to_json"]

CARD_FIELDS = ("name", "name_it", "layout", "mana_cost", "mana_value", "colors", "type_line", "type_line_it", "text",
               "text_it", "power", "toughness", "loyalty", "defense", "keywords", "faces", "rulings", "legalities",
               "source", "modelled", "unmodelled")
FACE_FIELDS = ("name", "name_it", "mana_cost", "type_line", "text", "text_it", "power", "toughness")
LIBRARY_SOURCE = "libreria"

@dataclass
class Found:
    """A card found by name: the merged card (every field), and how the name was read."""

    card: dict[str, Any]
    asked: str
    read_as: str | None = None          # the name a misspelt one was read as
    library_card: dict[str, Any] | None = None
    sources: dict[str, Any] = field(default_factory=dict)  # the imported files (store.read_sources)


def _imported(conn: sqlite3.Connection | None, key: str) -> dict[str, Any] | None:
    if conn is None or not key:
        return None
    try:
        row = conn.execute("SELECT c.doc FROM names n JOIN cards c ON c.id = n.card WHERE n.key = ? "
                           "ORDER BY n.kind, c.id LIMIT 1", (key,)).fetchone()
    except sqlite3.Error:
        return None
    if row is None:
        return None
    found = json.loads(row[0])
    return found if isinstance(found, dict) else None


def _library_for(card: dict[str, Any]) -> dict[str, Any] | None:
    """The library card of an imported card: by its name, else by the name of a face."""
    for name in [card.get("name"), *(f.get("name") for f in card.get("faces") or [])]:
        if name:
            found = library.find(fold_name(str(name)))
            if found is not None:
                return found
    return None


def _combine(imported: dict[str, Any] | None, shipped: dict[str, Any] | None) -> dict[str, Any]:
    """The card of the lookup: imported data first, the library's where the import has nothing."""
    base = dict(imported or shipped or {})
    if imported is not None and shipped is not None:
        for key in ("name_it", "text_it", "mana_cost", "type_line", "text", "power", "toughness", "loyalty",
                    "defense"):
            if not base.get(key) and shipped.get(key):
                base[key] = shipped[key]
    sources = list(imported.get("sources") or []) if imported is not None else []
    if shipped is not None:
        sources.append(LIBRARY_SOURCE)
    base["source"] = "+".join(sources)
    base["modelled"] = shipped is not None
    base["unmodelled"] = list(base.get("unmodelled") or []) if shipped is not None else _unmodelled(base)
    if shipped is not None:
        base["file"] = shipped.get("file")
    return base


def _unmodelled(card: dict[str, Any]) -> list[str]:
    """The Oracle lines of a card outside the library that the compiler (:mod:`judgekit.oracle`) cannot turn
    into abilities: what a scenario naming it would leave out. Each face is read on its own; a line of a
    face other than the first is prefixed by the face's name.

    The answer is kept in the cache (``<cache>/oracle/``), keyed by the card's texts and type lines and by the
    compiler's own files: the compiler (and the models it checks with) is loaded only the first time a card
    is looked up, so a repeated lookup stays as fast as a rule's."""
    import hashlib

    from judgekit import cache, paths

    faces = [f for f in card.get("faces") or [] if isinstance(f, dict)] or [card]
    source = json.dumps([[f.get("name"), f.get("type_line") or card.get("type_line"), f.get("text")] for f in faces],
                        ensure_ascii=False)
    folder = cache.subdir("oracle")
    code = list(cache._scan(str(paths.package_dir() / "oracle"), ".py", False))
    key = hashlib.sha256(f"{cache._stat_key(code)}\0{source}".encode()).hexdigest()[:32]
    path = folder / f"{key}.json" if folder is not None else None
    kept = cache.read_private(path) if path is not None else None
    if kept is not None:
        try:
            lines = json.loads(kept)
        except ValueError:
            lines = None
        if isinstance(lines, list) and all(isinstance(line, str) for line in lines):
            return lines
    out = _compile_unmodelled(card, faces)
    if path is not None:
        cache.write_private(path, json.dumps(out, ensure_ascii=False))
    return out


def _compile_unmodelled(card: dict[str, Any], faces: list[dict[str, Any]]) -> list[str]:
    from judgekit.carddb.typeline import split_type_line
    from judgekit.oracle import compile_card

    out: list[str] = []
    for n, face in enumerate(faces):
        text = str(face.get("text") or "")
        if not text.strip():
            continue
        name = str(face.get("name") or card.get("name") or "")
        supertypes, types, subtypes = split_type_line(str(face.get("type_line") or card.get("type_line") or ""))
        lines = compile_card(text, name=name, types=types, subtypes=subtypes, supertypes=supertypes).unmodelled
        out += [f"{name}: {line}" if n else line for line in lines]
    return out


def _find_key(key: str, conn: sqlite3.Connection | None) -> dict[str, Any] | None:
    imported = _imported(conn, key)
    shipped = library.find(key)
    if imported is None and shipped is not None:
        imported = _imported(conn, fold_name(shipped["name"]))
    elif imported is not None and shipped is None:
        shipped = _library_for(imported)
    if imported is None and shipped is None:
        return None
    return _combine(imported, shipped)


def _connect() -> sqlite3.Connection | None:
    from judgekit.carddb.store import connect

    return connect()


def find(name: str) -> Found | None:
    """The card named ``name`` exactly (folded), English or Italian, any face; ``None`` when there is none."""
    conn = _connect()
    try:
        card = _find_key(fold_name(name), conn)
    finally:
        if conn is not None:
            conn.close()
    return Found(card, name) if card is not None else None


def lookup(name: str) -> dict[str, Any] | None:
    """The card named ``name`` (English or Italian, any face) as ``judgekit card --json`` gives it, or ``None``."""
    found = find(name)
    return to_json(found.card) if found is not None else None


def to_json(card: dict[str, Any]) -> dict[str, Any]:
    """The card with exactly the keys of ``judgekit card --json``."""
    out = {key: card.get(key) for key in CARD_FIELDS}
    out["colors"] = list(card.get("colors") or [])
    out["keywords"] = list(card.get("keywords") or [])
    out["faces"] = [{key: face.get(key) for key in FACE_FIELDS} for face in card.get("faces") or []]
    out["rulings"] = [{"date": r.get("date"), "text": r.get("text")} for r in card.get("rulings") or []]
    out["legalities"] = dict(card.get("legalities") or {})
    out["modelled"] = bool(card.get("modelled"))
    out["unmodelled"] = list(card.get("unmodelled") or [])
    return out


# -- every name, and the nearest ones ---------------------------------------------------------------------------

def _names(conn: sqlite3.Connection | None) -> dict[str, str]:
    """Folded name -> the name as written, for every card of the database and the library."""
    table: dict[str, str] = {}
    if conn is not None:
        try:
            for key, label in conn.execute("SELECT key, label FROM names ORDER BY kind"):
                table.setdefault(key, label)
        except sqlite3.Error:
            pass
    for card in library.cards():
        for name in (card.get("name"), card.get("name_it")):
            if name:
                table.setdefault(fold_name(str(name)), str(name))
    return table


def all_names() -> list[str]:
    """Every English and Italian name (of the cards and of their faces), imported and in the library, sorted."""
    conn = _connect()
    try:
        return sorted(set(_names(conn).values()), key=lambda n: (fold_name(n), n))
    finally:
        if conn is not None:
            conn.close()


def _nearest(key: str, table: dict[str, str], limit: int) -> list[tuple[str, float]]:
    from rapidfuzz import fuzz, process

    hits = process.extract(key, list(table), scorer=fuzz.WRatio, limit=limit * 3, score_cutoff=70)
    return [(k, float(score)) for k, score, _i in hits]


def suggest(name: str, limit: int = 5) -> list[str]:
    """The names nearest to ``name`` (typos, missing words), as written: each one can be looked up."""
    conn = _connect()
    try:
        return _suggest(fold_name(name), _names(conn), limit)
    finally:
        if conn is not None:
            conn.close()


def _suggest(key: str, table: dict[str, str], limit: int) -> list[str]:
    if not key:
        return []
    out: list[str] = []
    for found, _score in _nearest(key, table, limit):
        label = table[found]
        if label not in out:
            out.append(label)
    return out[:limit]


def resolve(name: str) -> Found:
    """The card named ``name``; a misspelt name is read as the nearest one when it is close and alone.

    Raises :class:`~judgekit.errors.NotFoundError` with the nearest names ("forse cercavi").
    """
    from judgekit.errors import NotFoundError

    conn = _connect()
    try:
        key = fold_name(name)
        card = _find_key(key, conn) if key else None
        if card is not None:
            return Found(card, name)
        table = _names(conn) if key else {}
        corrected = _auto_correct(key, table)
        if corrected is not None:
            card = _find_key(corrected, conn)
            if card is not None:
                return Found(card, name, read_as=table[corrected])
        suggestions = _suggest(key, table, 5)
    finally:
        if conn is not None:
            conn.close()
    what = "nessuna carta" + ("" if conn is not None else " nella libreria (nessun file di carte importato: "
                                                          "judgekit import-cards FILE)")
    raise NotFoundError(f"{what} con il nome «{name}»", suggestions)


def _auto_correct(key: str, table: dict[str, str]) -> str | None:
    """The one name within a small edit distance of ``key`` (1 up to 7 letters, 2 from 8), if there is exactly one
    that near."""
    if len(key) < 5 or not table:
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    allowed = 1 if len(key) < 8 else 2
    hits = process.extract(key, list(table), scorer=Levenshtein.distance, limit=2, score_cutoff=allowed)
    if len(hits) == 1 or (len(hits) == 2 and hits[0][1] < hits[1][1]):
        return str(hits[0][0])
    return None


def imported_by_keys(keys: list[str]) -> dict[str, dict[str, Any]]:
    """See :func:`judgekit.carddb.store.imported_by_keys`."""
    from judgekit.carddb.store import imported_by_keys as find_keys

    return find_keys(keys)
