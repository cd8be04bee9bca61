"""The card library (``scenarios/cards/<kebab-english-name>.yaml``): one card per file.

A card file is a single mapping with the object fields that describe a card (name, types, supertypes,
subtypes, mana_cost, colors, power, toughness, loyalty, defense, keywords, abilities, effect, target) plus
``name_it`` and ``text_it``. Game-state fields are not allowed. A scenario object's ``card:`` matches the
English or Italian name, ignoring case and accents; near misses get "forse cercavi", ambiguous names are
refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgekit import paths
from judgekit.errors import FileAccessError, InvalidFileError, Issue
from judgekit.fileio import read_bytes
from judgekit.scenario.terms import fold
from judgekit.yamlio import MAX_BYTES

GAME_STATE_FIELDS = ("id", "card", "controller", "owner", "counters", "damage", "attached_to", "timestamp", "token",
                     "summoning_sick", "deathtouch_damage", "tapped")


def kebab(name: str) -> str:
    """``"Kiki-Jiki, Mirror Breaker"`` -> ``kiki-jiki-mirror-breaker``; ``"Ajani's Pridemate"`` ->
    ``ajanis-pridemate``."""
    text = fold(name.replace("'", "").replace("’", ""))
    text = re.sub(r"[^a-z0-9]+", "-", text)
    return text.strip("-")


@dataclass
class CardEntry:
    name: str
    name_it: str | None
    path: Path
    data: dict[str, Any] | None = None


@dataclass
class CardLibrary:
    folder: Path
    entries: list[CardEntry] = field(default_factory=list)
    index: dict[str, list[CardEntry]] = field(default_factory=dict)

    def names(self) -> list[str]:
        out = []
        for e in self.entries:
            out.append(e.name)
            if e.name_it:
                out.append(e.name_it)
        return out


_LIBRARIES: dict[str, tuple[tuple[Any, ...], CardLibrary]] = {}


def _stamp(folder: Path) -> tuple[Any, ...]:
    try:
        files = sorted(folder.glob("*.yaml"))
        return tuple((f.name, f.stat().st_mtime_ns, f.stat().st_size) for f in files)
    except OSError:
        return ()


def library(folder: Path | None = None) -> CardLibrary:
    """The card library of ``folder`` (default: the shipped one), indexed by folded English/Italian name."""
    from judgekit.yamlio import load_data_or_none

    folder = folder or paths.cards_dir()
    stamp = _stamp(folder)
    hit = _LIBRARIES.get(str(folder))
    if hit is not None and hit[0] == stamp:
        return hit[1]
    lib = CardLibrary(folder)
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            raw = load_data_or_none(read_bytes(path, MAX_BYTES).decode("utf-8-sig"))
        except (FileAccessError, UnicodeDecodeError):
            raw = None
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            entry = CardEntry(path.stem, None, path)
        else:
            name_it = raw.get("name_it") if isinstance(raw.get("name_it"), str) else None
            entry = CardEntry(raw["name"], name_it, path)
        lib.entries.append(entry)
        for key in {fold(entry.name), fold(entry.name_it or entry.name)}:
            lib.index.setdefault(key, []).append(entry)
    _LIBRARIES[str(folder)] = (stamp, lib)
    return lib


def load_card(path: Path) -> dict[str, Any]:
    """Validate one card file and return its data (canonical values, plain dicts)."""
    from judgekit.scenario.models import CardFile, clean_issues
    from judgekit.validation import validate_doc
    from judgekit.yamlio import load_yaml

    doc = load_yaml(path, name=paths.display_path(path))
    issues = _pre_issues(doc.data, doc)
    if issues:
        raise InvalidFileError(issues)
    try:
        card = validate_doc(CardFile, doc)
    except InvalidFileError as exc:
        raise InvalidFileError(clean_issues(exc.issues)) from None
    return card.model_dump(by_alias=True, exclude_none=True)


def _pre_issues(data: Any, doc: Any) -> list[Issue]:
    if not isinstance(data, dict):
        return [doc.issue((), "una carta deve essere una mappa (chiave: valore)")]
    return [doc.issue((key,), f"«{key}» descrive lo stato di gioco e non è ammesso in una carta: indicalo "
                              "nell'oggetto dello scenario")
            for key in data if key in GAME_STATE_FIELDS]


def find(name: str, folder: Path | None = None) -> CardEntry:
    """The card named ``name`` (English or Italian). Raises ``LookupError`` with an Italian message."""
    lib = library(folder)
    hits = lib.index.get(fold(name), [])
    unique = {id(h): h for h in hits}
    if len(unique) > 1:
        names = ", ".join(sorted(f"{h.name} ({h.path.name})" for h in unique.values()))
        raise LookupError(f"nome di carta ambiguo «{name}»: corrisponde a {names}")
    if not unique:
        from rapidfuzz import process

        choices = {fold(n): n for n in lib.names()}
        near = process.extract(fold(name), list(choices), limit=3, score_cutoff=70)
        hint = f" (forse cercavi: {', '.join(choices[n] for n, _s, _i in near)})" if near else ""
        raise LookupError(f"carta sconosciuta «{name}» nella libreria delle carte{hint}")
    entry = next(iter(unique.values()))
    if entry.data is None:
        entry.data = load_card(entry.path)
    return entry


def validate_file(path: Path) -> list[Issue]:
    """``judgekit check`` for a card file: schema, game-state fields, file name."""
    from judgekit.yamlio import load_yaml

    try:
        data = load_card(path)
    except InvalidFileError as exc:
        return exc.issues
    issues: list[Issue] = []
    expected = kebab(str(data.get("name", "")))
    if expected and path.stem != expected:
        doc = load_yaml(path, name=paths.display_path(path))
        issues.append(doc.issue(("name",), f"il file di questa carta dovrebbe chiamarsi «{expected}.yaml»"))
    lib = library(path.parent)
    for key in {fold(str(data.get("name", ""))), fold(str(data.get("name_it") or data.get("name", "")))}:
        others = [e for e in lib.index.get(key, []) if e.path.resolve() != path.resolve()]
        if others:
            doc = load_yaml(path, name=paths.display_path(path))
            issues.append(doc.issue(("name",), f"nome già usato da {others[0].path.name}: i nomi devono essere unici"))
    return issues
