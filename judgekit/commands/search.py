"""CLI commands: search (registered on import by :mod:`judgekit.cli`)."""

from __future__ import annotations
