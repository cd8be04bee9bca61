"""What a compiler of a cache part gets (:mod:`judgekit.cache`): where the data is and the parts so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class CompileContext:
    """What a part compiler gets: where the data is, the parts already compiled, a YAML reader."""

    rules_dir: Path
    user_dir: Path
    parts: dict[str, Any] = field(default_factory=dict)

    def yaml_files(self, sub: str) -> list[Path]:
        base = self.rules_dir / sub
        if base.is_file():
            return [base]
        return sorted(base.rglob("*.yaml")) if base.is_dir() else []

    def display(self, path: Path) -> str:
        try:
            return str(Path("rules_it") / path.relative_to(self.rules_dir))
        except ValueError:
            return str(path)
