"""Atomic file writes: a file is either written whole or not at all."""

from __future__ import annotations

import os
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


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError as exc:
        raise FileAccessError(f"file non trovato: {path}") from exc
    except IsADirectoryError as exc:
        raise FileAccessError(f"{path} è una cartella, non un file") from exc
    except OSError as exc:
        raise FileAccessError(f"impossibile leggere {path}: {exc.strerror or exc}") from exc
