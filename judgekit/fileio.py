"""Atomic file writes: a file is either written whole or not at all."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from judgekit.errors import FileAccessError


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise FileAccessError(f"impossibile scrivere {path}: {exc.strerror or exc}") from exc


# Without a limit of its own, a read stops here (no judgekit input comes close).
DEFAULT_LIMIT = 64_000_000
_CHUNK = 1 << 20


def access_error(path: Path, exc: OSError) -> FileAccessError:
    """The Italian message for an :class:`OSError` met while reading ``path``."""
    if isinstance(exc, FileNotFoundError):
        return FileAccessError(f"file non trovato: {path}")
    if isinstance(exc, IsADirectoryError):
        return FileAccessError(f"{path} è una cartella, non un file")
    if isinstance(exc, PermissionError):
        return FileAccessError(f"permesso negato: impossibile leggere {path}")
    if exc.errno == errno.ELOOP:
        return FileAccessError(f"collegamento simbolico circolare: {path}")
    if exc.errno == errno.ENOTDIR:
        return FileAccessError(f"file non trovato: {path} (una parte del percorso non è una cartella)")
    return FileAccessError(f"impossibile leggere {path}: {exc.strerror or exc}")


def _not_regular(path: Path, mode: int) -> FileAccessError:
    if stat.S_ISDIR(mode):
        return FileAccessError(f"{path} è una cartella, non un file")
    kind = ("una FIFO" if stat.S_ISFIFO(mode) else "un dispositivo" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "un socket" if stat.S_ISSOCK(mode) else "un file speciale")
    return FileAccessError(f"{path} è {kind}, non un file normale: judgekit legge solo file normali")


def check_regular(path: Path) -> None:
    """Raise :class:`FileAccessError` unless ``path`` is a regular file (after following symlinks)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise access_error(path, exc) from None
    except ValueError:  # a NUL byte in the path
        raise FileAccessError(f"file non trovato: {path}") from None
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)


def read_bytes(path: Path, limit: int | None = None) -> bytes:
    """Read a regular file, never more than ``limit + 1`` bytes (a caller sees that it is too large).

    Devices, FIFOs and sockets are refused without blocking (``/dev/zero`` would fill memory, a FIFO
    would wait for a writer); without ``limit`` a file over :data:`DEFAULT_LIMIT` is refused.
    """
    cap = DEFAULT_LIMIT if limit is None else max(0, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise access_error(path, exc) from None
    except ValueError:  # a NUL byte in the path
        raise FileAccessError(f"file non trovato: {path}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode)
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise access_error(path, exc) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if limit is None and len(data) > cap:
        raise FileAccessError(f"{path} è troppo grande (più di {cap} byte)")
    return data
