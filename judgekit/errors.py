"""The exception tree of judgekit and the exit codes it maps to.

Every error a user can cause is a :class:`JudgekitError` with an Italian message; the CLI
boundary (:mod:`judgekit.cli`) prints it on standard error and exits with its code. Exit code 2
is left to typer's usage errors.
"""

from __future__ import annotations

from dataclasses import dataclass

EXIT_OK = 0
EXIT_NOT_FOUND = 1
EXIT_USAGE = 2
EXIT_INVALID_FILE = 3
EXIT_CHECK_FAILED = 4
EXIT_IO = 5
EXIT_INTERNAL = 70


@dataclass(frozen=True)
class Issue:
    """One problem in an input file: where it is and what is wrong (in Italian)."""

    file: str
    line: int | None
    key: str
    message: str

    def format(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        key = f"{self.key}: " if self.key else ""
        return f"{where}  {key}{self.message}"

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "key": self.key, "message": self.message}


class JudgekitError(Exception):
    """Base of every error judgekit reports to its users."""

    exit_code: int = EXIT_INTERNAL

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def render(self) -> str:
        return self.message


class NotFoundError(JudgekitError):
    """Something asked for does not exist (a rule id, a search with no hits, an infraction)."""

    exit_code = EXIT_NOT_FOUND

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.suggestions = list(suggestions or [])

    def render(self) -> str:
        if not self.suggestions:
            return self.message
        return f"{self.message}\nForse cercavi: {', '.join(self.suggestions)}"


class InvalidFileError(JudgekitError):
    """An input file (scenario, data, imported rules) cannot be loaded; carries every issue found."""

    exit_code = EXIT_INVALID_FILE

    def __init__(self, issues: list[Issue], message: str | None = None) -> None:
        self.issues = list(issues)
        first = self.issues[0] if self.issues else None
        super().__init__(message or (first.message if first else "file non valido"))

    @property
    def first(self) -> Issue | None:
        return self.issues[0] if self.issues else None

    def render(self) -> str:
        if not self.issues:
            return self.message
        lines = shown_issues([issue.format() for issue in self.issues])
        n = len(self.issues)
        lines.append(f"{n} problem{'a' if n == 1 else 'i'} trovat{'o' if n == 1 else 'i'}.")
        return "\n".join(lines)


# A list of problems shows at most this many; the rest are counted.
MAX_SHOWN_ISSUES = 100


def shown_issues(lines: list[str]) -> list[str]:
    """The first :data:`MAX_SHOWN_ISSUES` lines, then one saying how many more were not shown."""
    if len(lines) <= MAX_SHOWN_ISSUES:
        return list(lines)
    more = len(lines) - MAX_SHOWN_ISSUES
    return [*lines[:MAX_SHOWN_ISSUES], f"… e altri {more} problemi non mostrati."]


class CheckFailedError(JudgekitError):
    """A scenario's expectations (``expect``) do not hold."""

    exit_code = EXIT_CHECK_FAILED


class FileAccessError(JudgekitError):
    """A file cannot be read or written."""

    exit_code = EXIT_IO
