"""The two card files judgekit imports, read into one shape, and how two sources of one card are merged.

One card, whatever its source, is a plain dict (stored as JSON in the database):

``name`` (English, faces joined by `` // ``), ``name_it``, ``layout``, ``mana_cost``, ``mana_value``, ``colors``
(``W U B R G`` letters), ``type_line``, ``type_line_it``, ``text`` (Oracle), ``text_it`` (the Italian printed
text), ``power``, ``toughness``, ``loyalty``, ``defense`` (strings, as printed: ``*``, ``1+*``), ``keywords``,
``faces`` (only for cards with more than one face: each with ``name``, ``name_it``, ``mana_cost``, ``type_line``,
``type_line_it``, ``text``, ``text_it``, ``power``, ``toughness``, ``loyalty``, ``defense``, ``colors``),
``rulings`` (``date``, ``text``), ``legalities`` (the formats of :data:`FORMATS`: ``legal``, ``not_legal``,
``banned`` or ``restricted``), ``sources`` (``mtgjson``, ``scryfall``).

- **MTGJSON** ``AtomicCards.json`` (version 5): ``data`` maps a card's name to the list of its faces; a face has
  ``faceName`` and ``side`` when the card has more than one; ``foreignData`` holds the printed names, type lines
  and texts in other languages (the Italian one is kept), ``rulings`` the rulings with their dates,
  ``legalities`` the formats (a format left out is one where the card is not legal).
- **Scryfall** "Oracle Cards": an array of card objects; ``card_faces`` for cards with more than one face; no
  Italian and no rulings. Tokens, emblems and art cards (``layout`` of :data:`SKIPPED_LAYOUTS`) are skipped.

:func:`merge` joins the two versions of a card: MTGJSON's fields win, Scryfall's fill what MTGJSON leaves empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from judgekit.carddb.names import fold_name
from judgekit.errors import InvalidFileError, Issue

FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander")
SOURCES = ("mtgjson", "scryfall")
SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
COLOR_ORDER = "WUBRG"
FACE_SEPARATOR = " // "
TEXT_SEPARATOR = "\n//\n"

_STATUS = {"legal": "legal", "not legal": "not_legal", "not_legal": "not_legal", "banned": "banned",
           "restricted": "restricted"}


class Where:
    """Where a value sits in the file, for the messages of :class:`InvalidFileError`.

    ``line`` is the line of the card, or a function that finds it (asked only when there is an error).
    """

    def __init__(self, file: str, line: int | None | Callable[[], int | None], path: str) -> None:
        self.file = file
        self.line = line
        self.path = path

    def at(self, key: str | int) -> Where:
        step = f"[{key}]" if isinstance(key, int) else (f".{key}" if self.path else key)
        return Where(self.file, self.line, self.path + step)

    def bad(self, message: str) -> InvalidFileError:
        line = self.line() if callable(self.line) else self.line
        return InvalidFileError([Issue(self.file, line, self.path, message)])


# -- checked reading of one value ------------------------------------------------------------------------------

def _text(obj: dict[str, Any], key: str, where: Where, *, numbers: bool = False) -> str | None:
    """A string field (``None`` when missing, null or empty); numbers become text when ``numbers``."""
    value = obj.get(key)
    if value is None:
        return None
    if numbers and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(int(value)) if float(value).is_integer() else str(value)
    if not isinstance(value, str):
        raise where.at(key).bad("atteso un testo")
    return value or None


def _number(obj: dict[str, Any], key: str, where: Where) -> int | float | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise where.at(key).bad("atteso un numero")
    return int(value) if float(value).is_integer() else float(value)


def _texts(obj: dict[str, Any], key: str, where: Where) -> list[str]:
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise where.at(key).bad("attesa una lista di testi")
    return list(value)


def _mapping(obj: dict[str, Any], key: str, where: Where) -> dict[str, Any]:
    value = obj.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise where.at(key).bad("atteso un oggetto (chiave: valore)")
    return value


def _objects(obj: dict[str, Any], key: str, where: Where) -> list[dict[str, Any]]:
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise where.at(key).bad("attesa una lista")
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise where.at(key).at(i).bad("atteso un oggetto (chiave: valore)")
    return value


def _name(obj: dict[str, Any], key: str, where: Where) -> str:
    value = obj.get(key)
    if value is None or value == "":
        raise where.at(key).bad("manca il nome della carta: il file non è completo")
    if not isinstance(value, str):
        raise where.at(key).bad("il nome della carta deve essere un testo")
    return value


def _colors(values: list[str]) -> list[str]:
    found = {v.upper() for v in values}
    return [c for c in COLOR_ORDER if c in found] + sorted(found - set(COLOR_ORDER))


def _legalities(table: dict[str, Any], where: Where) -> dict[str, str]:
    out: dict[str, str] = {}
    for fmt in FORMATS:
        value = table.get(fmt)
        if value is None:
            continue
        if not isinstance(value, str):
            raise where.at("legalities").at(fmt).bad("atteso un testo (Legal, Banned...)")
        out[fmt] = _STATUS.get(value.strip().lower(), re.sub(r"\s+", "_", value.strip().lower()))
    return out


def _union(lists: list[list[str]]) -> list[str]:
    return list(dict.fromkeys(v for values in lists for v in values))


def _joined(values: list[str | None], separator: str) -> str | None:
    """The faces' values joined, or ``None`` when one of them is missing."""
    if not values or any(not v for v in values):
        return None
    return separator.join(v for v in values if v)


def _costs(values: list[str | None]) -> str | None:
    present = [v for v in values if v]
    return FACE_SEPARATOR.join(present) if present else None


def _card(name: str, layout: str, faces: list[dict[str, Any]], *, mana_value: int | float | None,
          keywords: list[str], rulings: list[dict[str, str]], legalities: dict[str, str], source: str,
          name_it: str | None = None, colors: list[str] | None = None, type_line: str | None = None
          ) -> dict[str, Any]:
    """One card from its faces (one face: a card with a single face, kept without a ``faces`` list)."""
    front = faces[0]
    many = len(faces) > 1
    card: dict[str, Any] = {
        "name": name,
        "name_it": (name_it or _joined([f["name_it"] for f in faces], FACE_SEPARATOR)) if many else front["name_it"],
        "layout": layout,
        "mana_cost": _costs([f["mana_cost"] for f in faces]) if many else front["mana_cost"],
        "mana_value": mana_value,
        "colors": colors if colors is not None else _colors(_union([f["colors"] for f in faces])),
        "type_line": (type_line or _joined([f["type_line"] for f in faces], FACE_SEPARATOR)) if many
        else front["type_line"],
        "type_line_it": _joined([f["type_line_it"] for f in faces], FACE_SEPARATOR) if many else front["type_line_it"],
        "text": TEXT_SEPARATOR.join(f["text"] or "" for f in faces) if many else front["text"],
        "text_it": _joined([f["text_it"] for f in faces], TEXT_SEPARATOR) if many else front["text_it"],
        "power": front["power"],
        "toughness": front["toughness"],
        "loyalty": front["loyalty"],
        "defense": front["defense"],
        "keywords": keywords,
        "faces": faces if many else [],
        "rulings": rulings,
        "legalities": legalities,
        "sources": [source],
    }
    return card


# -- MTGJSON ---------------------------------------------------------------------------------------------------

def _italian(face: dict[str, Any], where: Where) -> dict[str, Any] | None:
    for i, entry in enumerate(_objects(face, "foreignData", where)):
        if entry.get("language") == "Italian":
            at = where.at("foreignData").at(i)
            return {"name": _text(entry, "name", at), "faceName": _text(entry, "faceName", at),
                    "type": _text(entry, "type", at), "text": _text(entry, "text", at)}
    return None


def _split(full: str | None, count: int) -> list[str] | None:
    """``"Fuoco // Ghiaccio"`` -> ``["Fuoco", "Ghiaccio"]`` when it has ``count`` parts."""
    if not full or "//" not in full:
        return None
    parts = [p.strip() for p in full.split("//")]
    return parts if len(parts) == count and all(parts) else None


def from_mtgjson(key: str, value: Any, where: Where) -> dict[str, Any]:
    """One entry of ``data`` (a name and the list of its faces) as a card."""
    if not isinstance(value, list) or not value:
        raise where.bad("attesa la lista delle facce della carta")
    raw_faces: list[dict[str, Any]] = []
    sides: set[str] = set()
    for i, face in enumerate(value):
        if not isinstance(face, dict):
            raise where.at(i).bad("attesa una faccia (un oggetto JSON)")
        side = face.get("side")
        if isinstance(side, str):
            if side in sides:
                continue  # the same face again (a variant): the first one is kept
            sides.add(side)
        raw_faces.append(face)
    raw_faces.sort(key=lambda f: str(f.get("side") or ""))
    count = len(raw_faces)
    many = count > 1
    full = _name(raw_faces[0], "name", where.at(0))
    face_names = [(_text(f, "faceName", where.at(i)) if many else None) for i, f in enumerate(raw_faces)]
    if many and "//" not in full:
        full = key if "//" in key else FACE_SEPARATOR.join(n or full for n in face_names)
    split_names = _split(full, count) or []
    italian = [_italian(f, where.at(i)) for i, f in enumerate(raw_faces)]
    it_full = italian[0]["name"] if italian[0] else None
    faces: list[dict[str, Any]] = []
    rulings: list[dict[str, str]] = []
    seen_rulings: set[tuple[str, str]] = set()
    for i, face in enumerate(raw_faces):
        at = where.at(i)
        _name(face, "name", at)
        it = italian[i]
        it_name = it["name"] if it else None
        if many and it and it["faceName"]:
            it_name = it["faceName"]
        elif many and it_name and "//" in it_name:
            parts = _split(it_name, count)
            it_name = parts[i] if parts else None
        faces.append({
            "name": face_names[i] or (split_names[i] if split_names else full),
            "name_it": it_name,
            "mana_cost": _text(face, "manaCost", at),
            "type_line": _text(face, "type", at),
            "type_line_it": it["type"] if it else None,
            "text": _text(face, "text", at),
            "text_it": it["text"] if it else None,
            "power": _text(face, "power", at, numbers=True),
            "toughness": _text(face, "toughness", at, numbers=True),
            "loyalty": _text(face, "loyalty", at, numbers=True),
            "defense": _text(face, "defense", at, numbers=True),
            "colors": _colors(_texts(face, "colors", at)),
        })
        for j, ruling in enumerate(_objects(face, "rulings", at)):
            text = _text(ruling, "text", at.at("rulings").at(j))
            date = _text(ruling, "date", at.at("rulings").at(j)) or ""
            if text and (date, text) not in seen_rulings:
                seen_rulings.add((date, text))
                rulings.append({"date": date, "text": text})
    front = raw_faces[0]
    mana_value = _number(front, "manaValue", where.at(0))
    if mana_value is None:
        mana_value = _number(front, "convertedManaCost", where.at(0))
    return _card(full, _text(front, "layout", where.at(0)) or "normal", faces, mana_value=mana_value,
                 keywords=_union([_texts(f, "keywords", where.at(i)) for i, f in enumerate(raw_faces)]),
                 rulings=rulings, legalities=_legalities(_mapping(front, "legalities", where.at(0)), where.at(0)),
                 source="mtgjson", name_it=it_full if many and it_full and "//" in it_full else None)


# -- Scryfall --------------------------------------------------------------------------------------------------

def scryfall_like(value: Any) -> bool:
    """Whether the first item of an array looks like a Scryfall card (the format's check)."""
    return isinstance(value, dict) and (value.get("object") == "card" or any(
        k in value for k in ("oracle_id", "type_line", "card_faces", "oracle_text")))


def from_scryfall(value: Any, where: Where) -> dict[str, Any] | None:
    """One card object of a Scryfall bulk file; ``None`` for tokens, emblems and art cards."""
    if not isinstance(value, dict):
        raise where.bad("attesa una carta (un oggetto JSON)")
    name = _name(value, "name", where)
    layout = _text(value, "layout", where) or "normal"
    if layout in SKIPPED_LAYOUTS:
        return None
    raw_faces = _objects(value, "card_faces", where) or [value]
    many = len(raw_faces) > 1
    faces: list[dict[str, Any]] = []
    for i, face in enumerate(raw_faces):
        at = where.at("card_faces").at(i) if many else where
        faces.append({
            "name": _name(face, "name", at) if many else name,
            "name_it": None,
            "mana_cost": _text(face, "mana_cost", at),
            "type_line": _text(face, "type_line", at),
            "type_line_it": None,
            "text": _text(face, "oracle_text", at),
            "text_it": None,
            "power": _text(face, "power", at, numbers=True),
            "toughness": _text(face, "toughness", at, numbers=True),
            "loyalty": _text(face, "loyalty", at, numbers=True),
            "defense": _text(face, "defense", at, numbers=True),
            "colors": _colors(_texts(face, "colors", at) or (_texts(value, "colors", where) if not many else [])),
        })
    colors = _colors(_texts(value, "colors", where)) if "colors" in value else None
    if many and not colors:
        colors = None
    legal = _legalities(_mapping(value, "legalities", where), where)
    card = _card(name, layout, faces, mana_value=_number(value, "cmc", where),
                 keywords=_texts(value, "keywords", where), rulings=[], legalities=legal, source="scryfall",
                 colors=colors, type_line=_text(value, "type_line", where) if many else None)
    if not many and card["text"] is None:
        card["text"] = _text(value, "oracle_text", where)
    return card


# -- merging ---------------------------------------------------------------------------------------------------

def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _merge_fields(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    out = dict(first)
    for key, value in second.items():
        if key not in out or _empty(out[key]):
            out[key] = value
    return out


def merge(mtgjson: dict[str, Any] | None, scryfall: dict[str, Any] | None) -> dict[str, Any]:
    """The card from both sources: MTGJSON's fields win, Scryfall's fill what MTGJSON leaves empty."""
    if mtgjson is None or scryfall is None:
        card = dict(mtgjson or scryfall or {})
    else:
        card = _merge_fields(mtgjson, scryfall)
        faces = [dict(f) for f in mtgjson.get("faces") or []]
        others = {fold_name(f.get("name") or ""): f for f in scryfall.get("faces") or []}
        if faces:
            card["faces"] = [_merge_fields(f, others.get(fold_name(f.get("name") or ""), {})) for f in faces]
        card["legalities"] = {**(scryfall.get("legalities") or {}), **(mtgjson.get("legalities") or {})}
        card["sources"] = [s for s in SOURCES if s in {*mtgjson.get("sources", []), *scryfall.get("sources", [])}]
    if card.get("legalities"):
        card["legalities"] = {fmt: card["legalities"].get(fmt, "not_legal") for fmt in FORMATS}
    return card
