"""The scenarios shipped with judgekit (``scenarios/<folder>/*.yaml``, :data:`FOLDERS`), found by id or by tag.

Tags are the words a judge finds a scenario by: the folder's Italian name (``layer``, ``pila``,
``combattimento``), the Italian names of the keywords whose rules (CR 702) the ``source`` cites, taken from the
glossary's ``rules``, and the file's own ``tags:`` (judgekit's extension of the format).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from judgekit import paths
from judgekit.errors import FileAccessError
from judgekit.fileio import read_bytes
from judgekit.yamlio import MAX_BYTES

FOLDERS = ("layers", "stack", "combat", "replacement", "turns", "library", "keywords", "costs", "events", "effects",
           "restrictions", "multiplayer")
FOLDER_TAGS = {"layers": "layer", "stack": "pila", "combat": "combattimento", "replacement": "sostituzione",
               "turns": "turni", "library": "grimorio", "keywords": "parole-chiave", "costs": "costi",
               "events": "eventi", "effects": "effetti", "restrictions": "restrizioni", "multiplayer": "multiplayer"}
INDEX_FORMAT = 3
_RULE = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


@dataclass(frozen=True)
class ShippedScenario:
    id: str
    title: str
    folder: str
    path: Path
    source: str = ""
    written_tags: tuple[str, ...] = ()

    def rules(self) -> list[str]:
        """The Comprehensive Rules numbers that ``source`` cites (``CR 702.19b, 510.1c`` -> both)."""
        return list(dict.fromkeys(_RULE.findall(self.source)))

    def tags(self) -> list[str]:
        """The folder's name, the keywords of the rules cited, the file's own ``tags:``."""
        found = [FOLDER_TAGS.get(self.folder, self.folder)]
        cited = self.rules()
        for rule, name in _keyword_rules():
            if any(c == rule or (c.startswith(rule) and c[len(rule):].isalpha()) for c in cited):
                found.append(name)
        found += list(self.written_tags)
        return list(dict.fromkeys(t for t in found if t))


def _keyword_rules() -> list[tuple[str, str]]:
    """(CR 702 rule, Italian keyword name) from the glossary; none when it cannot be read."""
    global _KEYWORD_RULES
    if _KEYWORD_RULES is None:
        try:
            from judgekit.cache import glossary

            entries = glossary()
        except Exception:  # tags are a convenience: without a glossary only the other tags are given
            entries = []
        _KEYWORD_RULES = [(str(rule), str(e["it"]).lower()) for e in entries if e.get("category") == "keyword"
                          for rule in e.get("rules") or [] if str(rule).startswith("702.")]
    return _KEYWORD_RULES


_KEYWORD_RULES: list[tuple[str, str]] | None = None


def fold(text: str) -> str:
    """Lower case without accents (``Abilità`` -> ``abilita``), for matching words."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def matches(scenario: ShippedScenario, query: str) -> bool:
    """Whether every word of ``query`` is part of the scenario's id, title, source or tags."""
    hay = fold(" ".join([scenario.id, scenario.title, scenario.source, *scenario.tags()]))
    return all(word in hay for word in fold(query).split())


def shipped(base: Path | None = None) -> list[ShippedScenario]:
    """Every shipped scenario (id from the file's ``id`` or its name), folder by folder, sorted by id.

    The index (id, title, source and written tags of every file) is kept in the cache under the hash of the
    files' content, so that finding a scenario by id does not parse every scenario.
    """
    import hashlib

    root = base or paths.scenarios_dir()
    files: list[tuple[str, Path, bytes | None]] = []
    digest = hashlib.sha256(f"{INDEX_FORMAT}\0{root.resolve()}".encode())
    for folder in FOLDERS:
        for path in sorted((root / folder).glob("*.yaml")):
            try:
                raw: bytes | None = read_bytes(path, MAX_BYTES)
            except FileAccessError:
                raw = None
            files.append((folder, path, raw))
            digest.update(f"\0{folder}/{path.name}\0".encode())
            digest.update(hashlib.sha256(raw).digest() if raw is not None else b"-")
    cached = _cache_file(digest.hexdigest()[:32])
    index = _read_index(cached, len(files))
    if index is None:
        index = [_describe(path, raw) for _folder, path, raw in files]
        _write_index(cached, index)
    return [ShippedScenario(sid, title, folder, path, source, tuple(tags))
            for (folder, path, _raw), (sid, title, source, tags) in zip(files, index, strict=True)]


Described = tuple[str, str, str, list[str]]


def _describe(path: Path, raw: bytes | None) -> Described:
    from judgekit.yamlio import load_data_or_none

    try:
        data = load_data_or_none(raw.decode("utf-8-sig")) if raw is not None else None
    except UnicodeDecodeError:
        data = None
    data = data if isinstance(data, dict) else {}
    sid = str(data["id"]) if isinstance(data.get("id"), str) else path.stem
    title = str(data["title"]) if isinstance(data.get("title"), str) else ""
    source = str(data["source"]) if isinstance(data.get("source"), str) else ""
    tags = data.get("tags")
    tags = [tags] if isinstance(tags, str) else tags if isinstance(tags, list) else []
    return sid, title, source, [t for t in tags if isinstance(t, str)]


def _cache_file(key: str) -> Path:
    from judgekit import cache

    return paths.cache_dir() / f"v{cache.FORMAT}" / "shipped" / f"{key}.json"


def _read_index(path: Path, count: int) -> list[Described] | None:
    """The cached (id, title, source, tags) list, or ``None`` when it is missing or damaged."""
    import json

    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(value, list) or len(value) != count:
        return None
    if not all(isinstance(v, list) and len(v) == 4 and all(isinstance(x, str) for x in v[:3])
               and isinstance(v[3], list) and all(isinstance(x, str) for x in v[3]) for v in value):
        return None
    return [(v[0], v[1], v[2], v[3]) for v in value]


def _write_index(path: Path, index: list[Described]) -> None:
    import json

    from judgekit.errors import FileAccessError
    from judgekit.fileio import write_atomic

    try:
        write_atomic(path, json.dumps([list(v) for v in index], ensure_ascii=False))
    except FileAccessError:  # a cache that cannot be written is only slower
        pass


def find_shipped(ident: str, base: Path | None = None) -> ShippedScenario | None:
    for s in shipped(base):
        if s.id == ident or s.path.stem == ident:
            return s
    return None


def suggest(ident: str, base: Path | None = None) -> list[str]:
    from rapidfuzz import process

    ids = [s.id for s in shipped(base)]
    return [n for n, _s, _i in process.extract(ident, ids, limit=3, score_cutoff=60)]
