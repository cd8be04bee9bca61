"""Minimal terminal styling for the fast paths (rule lookup), without importing rich.

Styles are ANSI escapes, used only when standard output is a terminal and ``NO_COLOR`` is unset.
"""

from __future__ import annotations

import errno
import os
import re
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
    """Columns to write in: the terminal's, or ``COLUMNS`` when piped (80 when unknown), at most 100."""
    columns = shutil.get_terminal_size((80, 24)).columns
    return max(20, min(100, columns if columns >= 20 else 80))


def wrap(text: str, indent: str = "", first: str | None = None) -> str:
    """Wrap ``text`` to the terminal width, paragraph by paragraph."""
    out = []
    for i, para in enumerate(text.split("\n")):
        lead = first if (first is not None and i == 0) else indent
        out.append(textwrap.fill(para, width=width(), initial_indent=lead, subsequent_indent=indent,
                                 break_on_hyphens=False) if para.strip() else "")
    return "\n".join(out)


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# A line's lead: its indentation, then a list mark or a number (``-``, ``•``, ``3.``, ``2.1``, ``510.1a``).
_LEAD = re.compile(r"(\s*)((?:[-•·*›]|\d+[.)]|\d+(?:\.\d+)+[a-z]?\.?)\s+)?")
_BOX = re.compile(r"[─│╭╮╰╯┌┐└┘├┤┬┴┼━┃]")


def visible_len(text: str) -> int:
    """The columns ``text`` takes on screen (ANSI styles take none)."""
    return len(_ANSI.sub("", text))


def _hard_split(word: str, room: int) -> list[str]:
    """A word longer than a whole line, cut into pieces of ``room`` visible characters (styles kept whole)."""
    pieces: list[str] = []
    current, seen = "", 0
    for token in re.split(r"(\x1b\[[0-9;]*m)", word):
        if _ANSI.fullmatch(token or "x"):
            current += token
            continue
        for ch in token:
            if seen == room:
                pieces.append(current)
                current, seen = "", 0
            current += ch
            seen += 1
    if current:
        pieces.append(current)
    return pieces


def fit_line(line: str, columns: int | None = None, hang: str | None = None) -> list[str]:
    """``line`` wrapped on word boundaries to ``columns``, continuation lines under its text (hanging indent).

    The indent of the continuation lines is the line's own indentation plus its list mark or number,
    or ``hang`` when given. A word longer than a whole line is cut.
    """
    limit = columns or width()
    if visible_len(line) <= limit:
        return [line]
    plain = _ANSI.sub("", line)
    match = _LEAD.match(plain)
    lead = len(match.group(0)) if match else 0
    indent = hang if hang is not None else " " * lead
    if len(indent) > (limit * 3 // 5 if hang is not None else limit // 2):
        indent = " " * min(len(plain) - len(plain.lstrip()), limit // 4)
    stripped = line.lstrip(" ")
    start = " " * (len(line) - len(stripped))
    words = stripped.split(" ")
    out: list[str] = []
    current, used = start, len(start)
    fresh = True
    for word in words:
        size = visible_len(word)
        gap = 0 if fresh else 1
        if used + gap + size <= limit:
            current += (" " if gap else "") + word
            used += gap + size
            fresh = False
            continue
        if not fresh:
            out.append(current)
            current, used, fresh = indent, len(indent), True
        room = limit - used
        if size <= room:
            current += word
            used += size
            fresh = False
            continue
        pieces = _hard_split(word, max(1, room))
        for piece in pieces[:-1]:
            out.append(current + piece)
            current, used = indent, len(indent)
        current += pieces[-1]
        used += visible_len(pieces[-1])
        fresh = False
    if current.strip():
        out.append(current)
    return [o.rstrip(" ") for o in out]


def fit(text: str, columns: int | None = None) -> str:
    """Every line of ``text`` made to fit ``columns`` (the terminal width by default).

    Lines of box drawing (a picture of a panel) are cut with an ellipsis rather than wrapped.
    """
    limit = columns or width()
    out: list[str] = []
    for line in text.split("\n"):
        if visible_len(line) <= limit:
            out.append(line)
        elif _BOX.search(line):
            plain = _ANSI.sub("", line)
            out.append(plain[:limit - 1] + "…")
        else:
            out.extend(fit_line(line, limit))
    return "\n".join(out)


def two_columns(left: str, right: str, left_width: int, indent: int = 2) -> str:
    """A listing row: ``left`` padded to ``left_width``, then ``right`` wrapped under itself.

    When the two columns do not fit side by side (a narrow terminal), ``right`` goes on the lines below
    ``left``, indented by four more spaces: the table becomes a list.
    """
    columns = width()
    lead = " " * indent
    pad = " " * max(0, left_width - visible_len(left))
    if indent + left_width + 2 <= columns * 3 // 5:
        return "\n".join(fit_line(f"{lead}{left}{pad}  {right}", columns, hang=" " * (indent + left_width + 2)))
    line = f"{lead}{left}  {right}"
    if visible_len(line) <= columns:
        return line
    return "\n".join([lead + left, *fit_line(f"{lead}    {right}", columns)])


def write(text: str) -> None:
    """Write ``text`` to standard output, fitted to the terminal width."""
    sys.stdout.write(fit(text))


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
