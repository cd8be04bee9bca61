"""The compiled corpus cache: rules_it/ validated once, stored as pickled plain data.

A lookup never parses YAML nor imports pydantic: it unpickles the one part it needs. The cache is keyed
by a fingerprint of the data (every file of ``rules_it/``, the user's imported documents and the
compiler code). A quick key made of file sizes and modification times is tried first; when it misses,
the content hash decides whether the data really changed, and only then is the corpus compiled again.

Each part is produced by a compiler listed in :data:`PARTS` (``module:function``), called in order with
a :class:`CompileContext`; later compilers (the search index) see the parts compiled before them.
"""

from __future__ import annotations

import os
import pickle
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from judgekit import __version__, paths
from judgekit.compilecontext import CompileContext

FORMAT = 1

PARTS: list[tuple[str, str]] = [
    ("rules", "judgekit.corpus.compile:compile_rules"),
    ("glossary", "judgekit.corpus.glossary:compile_glossary"),
    ("manual", "judgekit.corpus.manual:compile_manual"),
    ("policy", "judgekit.policy.compile:compile_policy"),
    ("search", "judgekit.search.index:compile_index"),
]

# Code whose changes must invalidate the cache (the compilers and what they read with).
_CODE_DIRS = ("corpus", "policy", "search")
_CODE_FILES = ("cache.py", "yamlio.py", "validation.py", "italian.py")


def _scan(folder: str, suffix: str, recursive: bool) -> Iterator[os.DirEntry[str]]:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_dir():
            if recursive:
                yield from _scan(entry.path, suffix, recursive)
        elif entry.name.endswith(suffix) and not entry.name.startswith("."):
            yield entry


def _inputs(rules_dir: Path, user_dir: Path) -> list[os.DirEntry[str]]:
    pkg = str(paths.package_dir())
    found = list(_scan(str(rules_dir), ".yaml", True))
    found += _scan(str(user_dir), ".yaml", False)
    found += [e for e in _scan(pkg, ".py", False) if e.name in _CODE_FILES]
    for sub in _CODE_DIRS:
        found += _scan(os.path.join(pkg, sub), ".py", False)
    return found


def _stat_key(entries: list[os.DirEntry[str]]) -> str:
    """A quick fingerprint from paths, sizes and modification times (no file is read)."""
    parts = [f"{FORMAT}:{__version__}"]
    for entry in entries:
        try:
            st = entry.stat()
        except OSError:
            continue
        parts.append(f"{entry.path}\0{st.st_size}\0{st.st_mtime_ns}")
    blob = "\n".join(parts).encode()
    return f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}{len(entries):04x}"


def _content_key(files: list[Path]) -> str:
    """The content hash of every input: decides whether the corpus must be compiled again."""
    import hashlib

    digest = hashlib.sha256(f"{FORMAT}:{__version__}".encode())
    for path in files:
        try:
            data = path.read_bytes()
        except OSError:
            continue
        digest.update(str(path).encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:24]


def compile_all(rules_dir: Path | None = None, user_dir: Path | None = None) -> dict[str, Any]:
    """Validate and compile every part of the corpus (raises InvalidFileError on bad data)."""
    import importlib

    ctx = CompileContext(rules_dir or paths.rules_dir(), user_dir or paths.user_data_dir())
    for name, target in PARTS:
        module_name, func_name = target.split(":")
        func: Callable[[CompileContext], Any] = getattr(importlib.import_module(module_name), func_name)
        ctx.parts[name] = func(ctx)
    return ctx.parts


class Corpus:
    """Lazy access to the compiled parts; each part is unpickled on first use."""

    def __init__(self, folder: Path | None, parts: dict[str, Any] | None = None) -> None:
        self._folder = folder
        self._parts: dict[str, Any] = dict(parts or {})

    def part(self, name: str) -> Any:
        if name not in self._parts:
            if self._folder is None:
                raise KeyError(name)
            with open(self._folder / f"{name}.pickle", "rb") as handle:
                self._parts[name] = pickle.load(handle)
        return self._parts[name]

    def __getitem__(self, name: str) -> Any:
        return self.part(name)


_loaded: Corpus | None = None


def _write_parts(target: Path, parts: dict[str, Any]) -> bool:
    """Write the compiled parts into ``target`` atomically (a folder renamed into place)."""
    import shutil
    import tempfile

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
        for name, value in parts.items():
            with open(tmp / f"{name}.pickle", "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            os.replace(tmp, target)
        except OSError:
            shutil.rmtree(tmp, ignore_errors=True)
            return target.is_dir()
        return True
    except OSError:
        return False


def _prune(base: Path, keep: set[str]) -> None:
    import shutil

    try:
        entries = sorted(base.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    old = [p for p in entries if p.is_dir() and p.name not in keep and not p.name.startswith(".")]
    for path in old[6:]:
        shutil.rmtree(path, ignore_errors=True)


def corpus(*, refresh: bool = False) -> Corpus:
    """The compiled corpus, from the cache when it is current, compiled (and cached) otherwise."""
    global _loaded
    if _loaded is not None and not refresh:
        return _loaded
    rules_dir, user_dir = paths.rules_dir(), paths.user_data_dir()
    entries = _inputs(rules_dir, user_dir)
    base = paths.cache_dir() / f"v{FORMAT}"
    quick = base / f"s-{_stat_key(entries)}"
    if not refresh and (quick / "search.pickle").is_file():
        _loaded = Corpus(quick)
        return _loaded
    import shutil

    content = base / f"c-{_content_key([Path(e.path) for e in entries])}"
    if not refresh and (content / "search.pickle").is_file():
        try:
            shutil.copytree(content, quick, dirs_exist_ok=True)
        except OSError:
            pass
        _loaded = Corpus(content)
        return _loaded
    parts = compile_all(rules_dir, user_dir)
    if _write_parts(content, parts):
        try:
            shutil.copytree(content, quick, dirs_exist_ok=True)
        except OSError:
            pass
        _prune(base, {content.name, quick.name})
    _loaded = Corpus(None, parts)
    return _loaded


# The glossary alone (the scenario loader's Italian aliases): its file and the code that compiles it.
_GLOSSARY_FILE = "glossary.yaml"
_GLOSSARY_CODE = ("corpus/glossary.py", "corpus/models.py", *_CODE_FILES)

_glossary: list[dict[str, Any]] | None = None


def _read_json(path: Path) -> Any:
    """A cached JSON value, or ``None`` when it is missing or damaged (then it is compiled again)."""
    import json

    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def _write_json(path: Path, value: Any) -> None:
    import json

    from judgekit.errors import FileAccessError
    from judgekit.fileio import write_atomic

    try:
        write_atomic(path, json.dumps(value, ensure_ascii=False))
    except (FileAccessError, TypeError, ValueError):  # a cache that cannot be written is only slower
        pass


def glossary() -> list[dict[str, Any]]:
    """The compiled glossary entries, without compiling the rest of the corpus.

    Kept as a part of its own (``v<FORMAT>/glossary/*.json``) keyed like the corpus by the glossary file
    and its compiler's code: a first ruling needs the Italian aliases, not the rules nor the search index.
    Raises InvalidFileError when the glossary is not valid.
    """
    global _glossary
    if _loaded is not None:
        found: list[dict[str, Any]] = _loaded["glossary"]
        return found
    if _glossary is not None:
        return _glossary
    rules_dir, user_dir = paths.rules_dir(), paths.user_data_dir()
    pkg = paths.package_dir()
    entries = [e for e in _scan(str(rules_dir), ".yaml", False) if e.name == _GLOSSARY_FILE]
    for name in _GLOSSARY_CODE:
        code = pkg / name
        entries += [e for e in _scan(str(code.parent), ".py", False) if e.name == code.name]
    base = paths.cache_dir() / f"v{FORMAT}" / "glossary"
    quick = base / f"s-{_stat_key(entries)}.json"
    value = _read_json(quick)
    if not isinstance(value, list):
        content = base / f"c-{_content_key([Path(e.path) for e in entries])}.json"
        value = _read_json(content)
        if not isinstance(value, list):
            from judgekit.corpus.glossary import compile_glossary

            value = compile_glossary(CompileContext(rules_dir, user_dir))
            _write_json(content, value)
        _write_json(quick, value)
    _glossary = value
    return value


def reset() -> None:
    """Forget the corpus loaded in this process (tests and ``import-cr`` use it)."""
    global _loaded, _glossary
    _loaded = None
    _glossary = None
