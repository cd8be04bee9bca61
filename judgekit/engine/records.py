"""What the rules core reports: records, never sentences.

A :class:`Record` is one step of a replay as data: its ``kind`` (``cast``, ``resolve``, ``sba``, ``damage``...),
a ``code`` naming what happened (``damage.dealt``, ``sba.lethal_damage``...), the CR rules it applies, the
scenario ids of the objects it is about and its parameters (names, numbers, canonical English terms, lists).
The layer above the core (:mod:`judgekit.render.narration`) turns each code into Italian. Game logic never
reads the records back: they are written for the ruling only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Record:
    """One reported step: ``kind``, ``code``, the CR ``rules`` it cites, ``objects`` (ids), ``params``."""

    kind: str
    code: str
    rules: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)
