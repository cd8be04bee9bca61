"""The scenarios shipped with judgekit (``scenarios/{layers,stack,combat}/*.yaml``), found by id."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgekit import paths

FOLDERS = ("layers", "stack", "combat")


@dataclass(frozen=True)
class ShippedScenario:
    id: str
    title: str
    folder: str
    path: Path


def shipped(base: Path | None = None) -> list[ShippedScenario]:
    """Every shipped scenario (id from the file's ``id`` or its name), folder by folder, sorted by id."""
    import yaml

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    root = base or paths.scenarios_dir()
    out: list[ShippedScenario] = []
    for folder in FOLDERS:
        for path in sorted((root / folder).glob("*.yaml")):
            try:
                data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - safe loader
            except (OSError, yaml.YAMLError, UnicodeDecodeError):
                data = None
            data = data if isinstance(data, dict) else {}
            sid = str(data["id"]) if isinstance(data.get("id"), str) else path.stem
            title = str(data["title"]) if isinstance(data.get("title"), str) else ""
            out.append(ShippedScenario(sid, title, folder, path))
    return out


def find_shipped(ident: str, base: Path | None = None) -> ShippedScenario | None:
    for s in shipped(base):
        if s.id == ident or s.path.stem == ident:
            return s
    return None


def suggest(ident: str, base: Path | None = None) -> list[str]:
    from rapidfuzz import process

    ids = [s.id for s in shipped(base)]
    return [n for n, _s, _i in process.extract(ident, ids, limit=3, score_cutoff=60)]
