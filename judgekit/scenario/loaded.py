"""A scenario ready to be replayed: what loading (or the compiled-scenario cache) gives."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgekit.errors import Issue
from judgekit.yamlio import Loc, YamlDoc


@dataclass
class LoadedScenario:
    """A scenario ready to be replayed: its normalised data and where every key came from."""

    id: str
    title: str
    source: str
    doc: YamlDoc
    data: dict[str, Any]
    path: Path | None = None
    objects: dict[str, dict[str, Any]] = field(default_factory=dict)
    locs: dict[str, Loc] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.doc.name

    def issue(self, loc: Loc, message: str) -> Issue:
        return self.doc.issue(loc, message)
