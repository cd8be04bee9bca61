"""The scenarios shipped with judgekit (``scenarios/{layers,stack,combat}/*.yaml``), found by id."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judgekit import paths
from judgekit.errors import FileAccessError
from judgekit.fileio import read_bytes
from judgekit.yamlio import MAX_BYTES

FOLDERS = ("layers", "stack", "combat")
INDEX_FORMAT = 2


@dataclass(frozen=True)
class ShippedScenario:
    id: str
    title: str
    folder: str
    path: Path


def shipped(base: Path | None = None) -> list[ShippedScenario]:
    """Every shipped scenario (id from the file's ``id`` or its name), folder by folder, sorted by id.

    The index (id and title of every file) is kept in the cache under the hash of the files' content, so
    that finding a scenario by id does not parse every scenario.
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
    return [ShippedScenario(sid, title, folder, path)
            for (folder, path, _raw), (sid, title) in zip(files, index, strict=True)]


def _describe(path: Path, raw: bytes | None) -> tuple[str, str]:
    from judgekit.yamlio import load_data_or_none

    try:
        data = load_data_or_none(raw.decode("utf-8-sig")) if raw is not None else None
    except UnicodeDecodeError:
        data = None
    data = data if isinstance(data, dict) else {}
    sid = str(data["id"]) if isinstance(data.get("id"), str) else path.stem
    title = str(data["title"]) if isinstance(data.get("title"), str) else ""
    return sid, title


def _cache_file(key: str) -> Path:
    from judgekit import cache

    return paths.cache_dir() / f"v{cache.FORMAT}" / "shipped" / f"{key}.json"


def _read_index(path: Path, count: int) -> list[tuple[str, str]] | None:
    """The cached (id, title) list, or ``None`` when it is missing or damaged."""
    import json

    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(value, list) or len(value) != count:
        return None
    if not all(isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v) for v in value):
        return None
    return [(v[0], v[1]) for v in value]


def _write_index(path: Path, index: list[tuple[str, str]]) -> None:
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
