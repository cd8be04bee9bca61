"""Compiled scenarios: a scenario file validated once, stored as JSON, reused while nothing it depends on changes.

After a file loads without problems, :func:`Probe.store` writes what the loader produced (the normalised
data, the raw YAML data and its line map, where every object came from) to
``<cache>/v<FORMAT>/scenarios/<key>.json``. The key hashes the file's bytes together with a fingerprint of
everything validation depends on: the card library (the user's card folder included), the glossary and the
judgekit code. A repeat load of the same content then skips YAML parsing and pydantic entirely; any other
content is validated again.

Entries are JSON (they cannot run code) written atomically, read only from a folder and files of the user's
own that no one else can write (:func:`judgekit.cache.read_private`); an entry that cannot be read or does
not make sense is a miss and is rebuilt. Without a usable cache folder nothing is stored.
Files with problems are never stored, and neither is anything JSON would not
give back identically.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from judgekit import cache, paths
from judgekit.errors import FileAccessError
from judgekit.fileio import read_bytes
from judgekit.scenario.loaded import LoadedScenario

FORMAT = 1
MAX_BYTES = 4_000_000
GLOSSARY_FILE = "glossary.yaml"


def _folder() -> Path | None:
    return cache.subdir("scenarios")


def dependencies(*cards: Path) -> list[os.DirEntry[str]]:
    """The files validation reads besides the scenario: card folders, glossary, every judgekit module, the
    imported card database (a ``card:`` the library does not have is read from it)."""
    found = [e for folder in cards for e in cache._scan(str(folder), ".yaml", False)]
    found += [e for e in cache._scan(str(paths.rules_dir()), ".yaml", False) if e.name == GLOSSARY_FILE]
    found += cache._scan(str(paths.package_dir()), ".py", True)
    db = paths.cards_db()
    found += [e for e in cache._scan(str(db.parent), db.suffix, False) if e.name == db.name]
    return found


def fingerprint(*cards: Path) -> str:
    """The content hash of :func:`dependencies`, remembered under their quick (size and time) key."""
    entries = dependencies(*cards)
    folder = _folder()
    memo = folder / f"deps-{cache._stat_key(entries)}.txt" if folder is not None else None
    data = cache.read_private(memo) if memo is not None else None
    if data is not None:
        known = data.decode("ascii", "replace").strip()
        if len(known) == 24:
            return known
    key = cache._content_key([Path(e.path) for e in entries])
    if memo is not None:
        cache.write_private(memo, key)
    return key


def _paths_of(node: Any, at: tuple[str | int, ...], out: dict[int, list[str | int]]) -> None:
    """Where every mapping of ``node`` sits (by identity), so shared objects can be found again."""
    if isinstance(node, dict):
        out.setdefault(id(node), list(at))
        for key, value in node.items():
            _paths_of(value, (*at, key), out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _paths_of(value, (*at, i), out)


def _resolve(node: Any, path: list[Any]) -> Any:
    for part in path:
        node = node[part]
    return node


class Probe:
    """One scenario file looked up in the cache: :attr:`loaded` on a hit, else :meth:`store` after loading."""

    def __init__(self, path: Path, cards_dir: Path | None) -> None:
        self.path = path
        self.loaded: LoadedScenario | None = None
        self.key: str | None = None
        self.raw: bytes | None = None
        try:
            raw = read_bytes(path, MAX_BYTES)
        except FileAccessError:
            return
        if len(raw) > MAX_BYTES:
            return
        from judgekit.scenario.cards import folders

        # The folder asked for, or the shipped library with the user's card folder (a user card changes the key).
        cards = [cards_dir] if cards_dir is not None else folders()
        where = "\0".join(str(folder.resolve()) for folder in cards)
        digest = hashlib.sha256(f"{FORMAT}\0{fingerprint(*cards)}\0{where}\0".encode())
        digest.update(raw)
        self.key = digest.hexdigest()[:32]
        self.raw = raw
        self.loaded = self._read()

    @property
    def file(self) -> Path | None:
        folder = _folder()
        return folder / f"{self.key}.json" if folder is not None else None

    def _read(self) -> LoadedScenario | None:
        from judgekit.yamlio import YamlDoc

        file = self.file
        data = cache.read_private(file) if file is not None else None
        if data is None:
            return None
        try:
            entry = json.loads(data.decode("utf-8"))
            if entry["format"] != FORMAT or entry["key"] != self.key:
                return None
            data = entry["data"]
            lines = {tuple(loc): int(line) for loc, line in entry["lines"]}
            doc = YamlDoc(entry["yaml"], paths.display_path(self.path), lines)
            objects = {oid: _resolve(data, where) for oid, where in entry["objects"].items()}
            locs = {oid: tuple(loc) for oid, loc in entry["locs"].items()}
            if not all(isinstance(o, dict) for o in objects.values()) or set(locs) != set(objects):
                return None
            return LoadedScenario(id=data["id"] or self.path.stem, title=data["title"], source=data["source"],
                                  doc=doc, data=data, path=self.path, objects=objects, locs=locs)
        except Exception:  # a missing, damaged or foreign entry is a miss: the file is validated again
            return None

    def store(self, loaded: LoadedScenario) -> bool:
        """Remember a scenario that loaded without problems (``False`` when it cannot be stored faithfully)."""
        if self.key is None:
            return False
        try:
            if _read_or_none(self.path) != self.raw:  # changed while it was being loaded
                return False
        except OSError:
            return False
        where: dict[int, list[str | int]] = {}
        _paths_of(loaded.data, (), where)
        if any(id(obj) not in where for obj in loaded.objects.values()):
            return False
        entry = {
            "format": FORMAT,
            "key": self.key,
            "data": loaded.data,
            "yaml": loaded.doc.data,
            "lines": [[list(loc), line] for loc, line in loaded.doc.lines.items()],
            "objects": {oid: where[id(obj)] for oid, obj in loaded.objects.items()},
            "locs": {oid: list(loc) for oid, loc in loaded.locs.items()},
        }
        try:
            text = json.dumps(entry, ensure_ascii=False, allow_nan=False)
            back = json.loads(text)
            # Only what JSON gives back identically (no tuples, dates, non-text keys...).
            if not (_same(back["data"], loaded.data) and _same(back["yaml"], loaded.doc.data)):
                return False
        except (TypeError, ValueError):
            return False
        file = self.file
        if file is None:
            return False
        cache.write_private(file, text)
        return True


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (``1 == 1.0 == True`` is not enough)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _read_or_none(path: Path) -> bytes | None:
    try:
        return read_bytes(path, MAX_BYTES)
    except FileAccessError:
        return None
