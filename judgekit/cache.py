"""The compiled corpus cache: rules_it/ validated once, stored as pickled plain data.

A lookup never parses YAML nor imports pydantic: it unpickles the one part it needs. The cache is keyed
by a fingerprint of the data (every file of ``rules_it/``, the user's imported documents and the
compiler code). A quick key made of file sizes, modification and change times and inode numbers is tried
first (``s-<key>.txt`` names the content folder); when it misses, the content hash decides whether the
data really changed, and only then is the corpus compiled again into ``c-<hash>/``, a folder built aside
and renamed into place.

Each part is produced by a compiler listed in :data:`PARTS` (``module:function``), called in order with
a :class:`CompileContext`; later compilers (the search index) see the parts compiled before them.

Trust. A pickle runs code when it is loaded, so the cache is only read from folders and files that belong
to the user and that nobody else can write: the cache folder and ``v<FORMAT>`` (created ``0700``), each
part folder and each file, checked with ``stat``/``fstat`` (owner is the user, no group or other write
bit). This was chosen over a code-free format (the search index is large: a JSON or custom reader would
cost much more at every lookup) and over an HMAC signature (a key file to keep, and hashing every part
before loading it): it costs a few ``stat`` calls per lookup. A cache that is not safe is not used (said
once on stderr); a part that cannot be read or is not what it should be is deleted and compiled again; a
cache that cannot be written is said once and the program works from memory.
"""

from __future__ import annotations

import os
import pickle
import stat
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from judgekit import __version__, paths
from judgekit.compilecontext import CompileContext
from judgekit.errors import JudgekitError

FORMAT = 1

PARTS: list[tuple[str, str]] = [
    ("rules", "judgekit.corpus.compile:compile_rules"),
    ("glossary", "judgekit.corpus.glossary:compile_glossary"),
    ("manual", "judgekit.corpus.manual:compile_manual"),
    ("policy", "judgekit.policy.compile:compile_policy"),
    ("questions", "judgekit.corpus.questions:compile_questions"),
    ("search", "judgekit.search.index:compile_index"),
]

# Code whose changes must invalidate the cache (the compilers and what they read with).
_CODE_DIRS = ("corpus", "policy", "search")
_CODE_FILES = ("cache.py", "yamlio.py", "validation.py", "italian.py")

# Every part is pickled inside this envelope, so a truncated, foreign or misplaced file is recognised.
_MAGIC = "judgekit-part"
# Temporary files and folders older than this (seconds) are left over by a killed process: removed.
STALE_AFTER = 3600
_KEEP_FOLDERS = 6
_KEEP_POINTERS = 24

_said: set[str] = set()


def _say(kind: str, text: str) -> None:
    """One warning on stderr, at most once per process for each kind."""
    if kind in _said:
        return
    _said.add(kind)
    try:
        sys.stderr.write(f"avviso: {text}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _unwritable(where: Path | str) -> None:
    _say("write", f"impossibile scrivere la cache in {where}: judgekit funziona senza, più lentamente")


def _unsafe(where: Path | str) -> None:
    _say("unsafe", f"la cache {where} appartiene a un altro utente o altri possono scriverci: non la uso "
                   "(usa una cartella tua, oppure `chmod go-w` sulla cartella)")


def _private(st: os.stat_result) -> bool:
    """True when the file or folder belongs to the user and no one else can write it."""
    if not hasattr(os, "getuid"):  # no owners to compare (Windows)
        return True
    return st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _private_dir(path: Path, *, create: bool) -> bool:
    """``path`` is a folder of the user's that no one else can write (created ``0700`` when missing)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if not create:
            return False
        try:
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            st = os.stat(path)
        except OSError:
            _unwritable(path)
            return False
    except OSError:
        _unwritable(path)
        return False
    if not stat.S_ISDIR(st.st_mode):
        _unwritable(path)
        return False
    if not _private(st):
        _unsafe(path)
        return False
    return True


def root() -> Path | None:
    """The cache folder of this format (``<cache>/v<FORMAT>``), or ``None`` when it must not be used."""
    folder = paths.cache_dir()
    base = folder / f"v{FORMAT}"
    if _private_dir(folder, create=True) and _private_dir(base, create=True):
        return base
    return None


def subdir(name: str) -> Path | None:
    """A private folder inside :func:`root` (the glossary, compiled scenarios...), or ``None``."""
    base = root()
    if base is None:
        return None
    folder = base / name
    return folder if _private_dir(folder, create=True) else None


def read_private(path: Path) -> bytes | None:
    """The bytes of a cache file, or ``None`` when it is missing, unreadable or not the user's own."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        if not _private(st):
            _unsafe(path)
            return None
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            return handle.read()
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)


def write_private(path: Path, data: bytes | str) -> bool:
    """Write a cache file atomically (``0600``); a cache that cannot be written is said once."""
    from judgekit.errors import FileAccessError
    from judgekit.fileio import write_atomic

    try:
        write_atomic(path, data)
        return True
    except FileAccessError:
        _unwritable(path.parent)
        return False


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
    # The card names of the library are part of the search index (judgekit.search.cards).
    found += _scan(str(paths.cards_dir()), ".yaml", False)
    found += _scan(str(paths.user_cards_dir()), ".yaml", False)
    found += [e for e in _scan(pkg, ".py", False) if e.name in _CODE_FILES]
    for sub in _CODE_DIRS:
        found += _scan(os.path.join(pkg, sub), ".py", False)
    return found


def _stat_key(entries: list[os.DirEntry[str]]) -> str:
    """A quick fingerprint from paths, sizes, inodes, modification and change times (no file is read).

    The change time cannot be set back by hand (an edit that keeps the size and restores the
    modification time still changes it), and a file replaced by another has a new inode.
    """
    parts = [f"{FORMAT}:{__version__}"]
    for entry in entries:
        try:
            st = entry.stat()
        except OSError:
            continue
        parts.append(f"{entry.path}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}")
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


class Failed:
    """A part that could not be compiled: the error it gives to whoever needs it (never stored on disk)."""

    def __init__(self, error: JudgekitError) -> None:
        self.error = error


def compile_all(rules_dir: Path | None = None, user_dir: Path | None = None, *,
                tolerant: bool = False) -> dict[str, Any]:
    """Validate and compile every part of the corpus (raises InvalidFileError on bad data).

    With ``tolerant``, a part whose data is bad becomes a :class:`Failed` holding its error, and so does a
    later part that cannot be compiled without it; the other parts are compiled as usual, so one bad file
    stops only the commands that need it."""
    import importlib

    ctx = CompileContext(rules_dir or paths.rules_dir(), user_dir or paths.user_data_dir())
    first: JudgekitError | None = None
    for name, target in PARTS:
        module_name, func_name = target.split(":")
        func: Callable[[CompileContext], Any] = getattr(importlib.import_module(module_name), func_name)
        try:
            ctx.parts[name] = func(ctx)
        except JudgekitError as exc:
            if not tolerant:
                raise
            first = first or exc
            ctx.parts[name] = Failed(exc)
        except Exception:
            if first is None:
                raise
            ctx.parts[name] = Failed(first)  # it needed a part that failed
    return ctx.parts


_DAMAGED = object()


def _load_part(folder: Path, name: str) -> Any:
    """A part unpickled from ``folder``, or ``_DAMAGED`` when it is missing, unreadable or foreign."""
    data = read_private(folder / f"{name}.pickle")
    if data is None:
        return _DAMAGED
    try:
        found = pickle.loads(data)  # noqa: S301 - only the user's own files, see the module docstring
    except Exception:  # truncated or foreign bytes: any error unpickling them  # noqa: BLE001
        return _DAMAGED
    if not (isinstance(found, tuple) and len(found) == 4 and found[:3] == (_MAGIC, FORMAT, name)):
        return _DAMAGED
    return found[3]


class Corpus:
    """Lazy access to the compiled parts; each part is unpickled on first use.

    A part that cannot be loaded makes ``rebuild`` compile (and store again) the whole corpus.
    """

    def __init__(self, folder: Path | None, parts: dict[str, Any] | None = None,
                 rebuild: Callable[[], dict[str, Any]] | None = None) -> None:
        self._folder = folder
        self._parts: dict[str, Any] = dict(parts or {})
        self._rebuild = rebuild

    def part(self, name: str) -> Any:
        if name not in self._parts:
            if self._folder is None:
                raise KeyError(name)
            value = _load_part(self._folder, name)
            if value is _DAMAGED:
                if self._rebuild is None:
                    raise KeyError(name)
                self._parts = dict(self._rebuild())
                self._folder = None
                if name not in self._parts:
                    raise KeyError(name)
            else:
                self._parts[name] = value
        value = self._parts[name]
        if isinstance(value, Failed):
            raise value.error
        return value

    def __getitem__(self, name: str) -> Any:
        return self.part(name)


_loaded: Corpus | None = None


def _remove(path: Path) -> None:
    """Remove a folder (moved aside first, so no half-removed folder is ever seen under its name)."""
    import shutil
    import uuid

    aside = path.with_name(f".build-old-{uuid.uuid4().hex[:12]}")
    try:
        os.replace(path, aside)
    except OSError:
        aside = path
    shutil.rmtree(aside, ignore_errors=True)


def _write_parts(target: Path, parts: dict[str, Any], *, replace: bool = True) -> bool:
    """Write the compiled parts into ``target`` atomically (a private folder renamed into place).

    Without ``replace``, a usable folder another process finished in the meantime is kept.
    """
    import shutil
    import tempfile

    try:
        tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
    except OSError:
        return False
    try:
        for name, value in parts.items():
            blob = pickle.dumps((_MAGIC, FORMAT, name, value), protocol=pickle.HIGHEST_PROTOCOL)
            fd = os.open(tmp / f"{name}.pickle", os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                         0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
        if os.path.lexists(target):
            if not replace and _private_dir(target, create=False):
                shutil.rmtree(tmp, ignore_errors=True)
                return True
            _remove(target)
        os.replace(tmp, target)
        return True
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        return False


def _prune(base: Path, keep: set[str]) -> None:
    """Remove old part folders and quick keys, and temporary files left by a process that was killed."""
    import shutil

    now = time.time()
    folders: list[tuple[float, Path]] = []
    pointers: list[tuple[float, Path]] = []
    for sub in (base, *(base / name for name in ("glossary", "scenarios", "shipped"))):
        try:
            entries = list(os.scandir(sub))
        except OSError:
            continue
        for entry in entries:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if entry.name.startswith(".build-") or entry.name.endswith(".tmp"):
                if now - st.st_mtime > STALE_AFTER:
                    if stat.S_ISDIR(st.st_mode):
                        shutil.rmtree(entry.path, ignore_errors=True)
                    else:
                        try:
                            os.unlink(entry.path)
                        except OSError:
                            pass
            elif sub == base and entry.name not in keep and entry.name[:2] in ("c-", "s-"):
                (folders if stat.S_ISDIR(st.st_mode) else pointers).append((st.st_mtime, Path(entry.path)))
    folders.sort(reverse=True)
    pointers.sort(reverse=True)
    for _, path in folders[_KEEP_FOLDERS:]:
        shutil.rmtree(path, ignore_errors=True)
    for _, path in pointers[_KEEP_POINTERS:]:
        try:
            os.unlink(path)
        except OSError:
            pass


def _read_pointer(path: Path) -> str | None:
    """The content folder a quick key names (``c-`` and 24 hex digits), or ``None``."""
    data = read_private(path)
    if data is None:
        return None
    name = data.decode("ascii", "replace").strip()
    if len(name) == 26 and name.startswith("c-") and all(c in "0123456789abcdef" for c in name[2:]):
        return name
    return None


def corpus(*, refresh: bool = False) -> Corpus:
    """The compiled corpus, from the cache when it is current, compiled (and cached) otherwise."""
    global _loaded
    if _loaded is not None and not refresh:
        return _loaded
    rules_dir, user_dir = paths.rules_dir(), paths.user_data_dir()
    entries = _inputs(rules_dir, user_dir)
    base = root()
    if base is None:  # not safe or not writable (already said): work from memory
        _loaded = Corpus(None, compile_all(rules_dir, user_dir, tolerant=True))
        return _loaded
    pointer = base / f"s-{_stat_key(entries)}.txt"

    def build(content: Path, replace: bool = True) -> dict[str, Any]:
        parts = compile_all(rules_dir, user_dir, tolerant=True)
        if any(isinstance(p, Failed) for p in parts.values()):
            return parts  # not stored: the next run compiles again, until the bad file is mended
        if _write_parts(content, parts, replace=replace) and write_private(pointer, content.name):
            _prune(base, {content.name, pointer.name})
        else:
            _unwritable(base)
        return parts

    if not refresh:
        name = _read_pointer(pointer)
        if name is not None and _private_dir(base / name, create=False):
            folder = base / name
            _loaded = Corpus(folder, rebuild=lambda: build(folder))
            return _loaded
    content = base / f"c-{_content_key([Path(e.path) for e in entries])}"
    if not refresh and _private_dir(content, create=False):
        write_private(pointer, content.name)
        _loaded = Corpus(content, rebuild=lambda: build(content))
        return _loaded
    _loaded = Corpus(None, build(content, replace=refresh or os.path.lexists(content)))
    return _loaded


# The glossary alone (the scenario loader's Italian aliases): its file and the code that compiles it.
_GLOSSARY_FILE = "glossary.yaml"
_GLOSSARY_CODE = ("corpus/glossary.py", "corpus/models.py", *_CODE_FILES)

_glossary: list[dict[str, Any]] | None = None


def _read_json(path: Path) -> Any:
    """A cached JSON value, or ``None`` when it is missing, damaged or not the user's own."""
    import json

    data = read_private(path)
    if data is None:
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError:
        return None


def _write_json(path: Path, value: Any) -> None:
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return
    write_private(path, text)


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
    base = subdir("glossary")
    quick = base / f"s-{_stat_key(entries)}.json" if base is not None else None
    value = _read_json(quick) if quick is not None else None
    if not isinstance(value, list):
        content = base / f"c-{_content_key([Path(e.path) for e in entries])}.json" if base is not None else None
        value = _read_json(content) if content is not None else None
        if not isinstance(value, list):
            from judgekit.corpus.glossary import compile_glossary

            value = compile_glossary(CompileContext(rules_dir, user_dir))
            if content is not None:
                _write_json(content, value)
        if quick is not None:
            _write_json(quick, value)
    _glossary = value
    return value


def reset() -> None:
    """Forget the corpus loaded in this process (tests and ``import-cr`` use it)."""
    global _loaded, _glossary
    _loaded = None
    _glossary = None
