"""Minimal terminal styling for the fast paths (rule lookup), without importing rich.

Styles are ANSI escapes, used only when standard output is a terminal and ``NO_COLOR`` is unset.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
import textwrap
from typing import Any

_CODES = {"bold": "1", "dim": "2", "italic": "3", "underline": "4", "red": "31", "green": "32",
          "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36"}


def color_enabled() -> bool:
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def style(text: str, *names: str) -> str:
    if not names or not color_enabled():
        return text
    codes = ";".join(_CODES[n] for n in names if n in _CODES)
    return f"\x1b[{codes}m{text}\x1b[0m"


def width() -> int:
    columns = shutil.get_terminal_size((80, 24)).columns
    return max(40, min(100, columns if columns >= 20 else 80))


def wrap(text: str, indent: str = "", first: str | None = None) -> str:
    """Wrap ``text`` to the terminal width, paragraph by paragraph."""
    out = []
    for i, para in enumerate(text.split("\n")):
        lead = first if (first is not None and i == 0) else indent
        out.append(textwrap.fill(para, width=width(), initial_indent=lead, subsequent_indent=indent,
                                 break_on_hyphens=False) if para.strip() else "")
    return "\n".join(out)


def patch_rich_broken_pipe() -> None:
    """Make rich report a closed pipe as :class:`BrokenPipeError`, for the CLI to end quietly.

    Left alone, rich's console exits with code 1 on its own when the reader of a pipe goes away.
    """
    from rich.console import Console

    if getattr(Console, "_judgekit_pipe", False):
        return

    def on_broken_pipe(self: Any) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    Console.on_broken_pipe = on_broken_pipe  # type: ignore[method-assign]
    Console._judgekit_pipe = True  # type: ignore[attr-defined]


_CONTROL = {c: f"\\x{c:02x}" for c in [*range(0x00, 0x20), *range(0x7f, 0xa0)] if chr(c) not in "\n\t"}


def safe(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``): names and arguments cannot drive the terminal."""
    return text.translate(_CONTROL)
