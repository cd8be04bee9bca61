"""The progress of ``judgekit studia``: every answer given, and when each question comes back (issue 17).

Progress is kept in ``studio.sqlite3`` in the user data directory (:func:`judgekit.paths.user_data_dir`, which
``JUDGEKIT_DATA_DIR`` overrides), with the standard library's :mod:`sqlite3` and its default rollback journal.

Two tables (schema version :data:`SCHEMA_VERSION`, kept in ``PRAGMA user_version``):

- ``answers``: every answer, never changed: when, the question id, its topic, right or wrong;
- ``cards``: one row per question answered at least once: its topic, its Leitner box and when it is due.

Spaced repetition with Leitner boxes. A question never answered counts as being in box 1; a right answer moves
it up one box (at most box 5), a wrong one sends it back to box 1. It is due for review again after the
interval of the box it lands in:

=====  ==========
box    due after
=====  ==========
1      10 minutes
2      1 day
3      3 days
4      7 days
5      21 days
=====  ==========

So a question answered wrong comes back within minutes, one answered right the next day, then less and less
often while it keeps being answered right.

Robustness. Every write is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): a session killed while it
records an answer loses that answer and nothing else; the next session rolls the unfinished transaction back.
A file that is not a database, a truncated or otherwise damaged one, or a database with tables that are not
these is set aside, renamed ``studio.sqlite3.danneggiato-YYYYMMDD-HHMMSS`` beside it (its bytes kept), and a
fresh file takes its place; :attr:`Progress.warning` says so in Italian. A folder that can't be created or
written raises :class:`~judgekit.errors.FileAccessError` (exit code 5).
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from judgekit.errors import FileAccessError
from judgekit.paths import user_data_dir
from judgekit.study.model import TOPICS

FILE_NAME = "studio.sqlite3"
SCHEMA_VERSION = 1

# Leitner box -> seconds until a question in it is due again.
INTERVALS: dict[int, float] = {
    1: 10 * 60,
    2: 1 * 86400,
    3: 3 * 86400,
    4: 7 * 86400,
    5: 21 * 86400,
}
FIRST_BOX = 1
LAST_BOX = 5

# Suffix of a damaged file set aside (followed by a timestamp).
ASIDE_MARK = ".danneggiato-"
# Seconds a session waits for another one that is writing before it gives up.
LOCK_TIMEOUT = 5.0

_SCHEMA = (
    """CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        answered_at REAL NOT NULL,
        question_id TEXT NOT NULL,
        topic TEXT NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1))
    )""",
    "CREATE INDEX answers_topic ON answers (topic)",
    """CREATE TABLE cards (
        question_id TEXT PRIMARY KEY,
        topic TEXT NOT NULL,
        box INTEGER NOT NULL CHECK (box BETWEEN 1 AND 5),
        due_at REAL NOT NULL
    )""",
    "CREATE INDEX cards_due ON cards (due_at)",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)
# The columns each table must have, in order: anything else is a foreign schema.
_COLUMNS = {
    "answers": ["id", "answered_at", "question_id", "topic", "correct"],
    "cards": ["question_id", "topic", "box", "due_at"],
}

# SQLite's primary result codes that mean the file itself is damaged (SQLITE_CORRUPT, SQLITE_NOTADB).
_CORRUPT = 11
_NOTADB = 26
# Why SQLite could not do its work, by primary result code (any other: SQLite's own message).
_WHY = {
    5: "è in uso da un'altra sessione di judgekit, riprova fra poco",  # SQLITE_BUSY
    6: "è in uso da un'altra sessione di judgekit, riprova fra poco",  # SQLITE_LOCKED
    8: "il file è in sola lettura",  # SQLITE_READONLY
    10: "errore di lettura o scrittura sul disco",  # SQLITE_IOERR
    13: "il disco è pieno",  # SQLITE_FULL
    14: "non è stato possibile aprire il file",  # SQLITE_CANTOPEN
}
# Files SQLite keeps beside a database; they follow it when it is set aside (a leftover journal must never be
# replayed into the fresh file).
_SIDECARS = ("-journal", "-wal", "-shm")


@dataclass(frozen=True)
class TopicProgress:
    """How a topic is going: answers given (every answer counts), how many were right, questions due now."""

    id: str
    answered: int
    correct: int
    due: int


class _Damaged(Exception):
    """The file is not a usable progress database; ``reason`` says why, in Italian."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def next_box(box: int | None, correct: bool) -> int:
    """The Leitner box after an answer: up one (at most :data:`LAST_BOX`) if right, back to the first if wrong.
    A question never answered (``None``) counts as being in the first box."""
    if not correct:
        return FIRST_BOX
    return min((box or FIRST_BOX) + 1, LAST_BOX)


class Progress:
    """The progress store: open (or create, or set aside and recreate) the file, record answers, read them back.

    ``path`` defaults to ``studio.sqlite3`` in the user data directory; ``now`` is the clock (seconds since the
    epoch), injected by tests."""

    def __init__(self, path: Path | None = None, *, now: Callable[[], float] = time.time) -> None:
        self.path = path if path is not None else user_data_dir() / FILE_NAME
        self._now = now
        self.warning: str | None = None
        self._conn: sqlite3.Connection | None = None
        self._prepare_folder()
        try:
            self._conn = self._open()
        except _Damaged as damaged:
            aside = self._set_aside()
            self.warning = (f"Il file dei progressi {self.path} era danneggiato ({damaged.reason}): è stato "
                            f"rinominato in {aside}, che ne conserva il contenuto, e al suo posto è stato creato "
                            f"un file nuovo, vuoto.")
            try:
                self._conn = self._open()
            except _Damaged as again:  # a brand new file can't be damaged; if it is, don't loop
                raise FileAccessError(f"impossibile creare il file dei progressi {self.path}: "
                                      f"{again.reason}") from None

    # -- opening -----------------------------------------------------------------------------------------------

    def _prepare_folder(self) -> None:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileAccessError(f"impossibile creare la cartella dei progressi {folder}: "
                                  f"{exc.strerror or exc}") from None
        if not folder.is_dir():
            raise FileAccessError(f"{folder} non è una cartella: impossibile salvarvi i progressi")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise FileAccessError(f"permesso negato: impossibile scrivere nella cartella {folder}, dove si "
                                  f"salvano i progressi (cambia i permessi o scegli un'altra cartella con "
                                  f"JUDGEKIT_DATA_DIR)")
        if self.path.exists():
            if not self.path.is_file():
                raise FileAccessError(f"{self.path} non è un file normale: impossibile salvarvi i progressi")
            if not os.access(self.path, os.R_OK | os.W_OK):
                raise FileAccessError(f"permesso negato: impossibile leggere e scrivere il file dei progressi "
                                      f"{self.path}")

    def _open(self) -> sqlite3.Connection:
        """Connect, check the file and create the tables if it is new; :class:`_Damaged` if it is not ours."""
        try:
            conn = sqlite3.connect(str(self.path), timeout=LOCK_TIMEOUT, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._access_error(exc) from None
        try:
            self._check(conn)
        except BaseException as exc:
            conn.close()
            if isinstance(exc, sqlite3.Error):
                code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
                if code == _NOTADB:
                    raise _Damaged("non è un database SQLite") from None
                if code == _CORRUPT:
                    raise _Damaged("il database è rovinato, forse troncato") from None
                raise self._access_error(exc) from None
            raise
        return conn

    @staticmethod
    def _check(conn: sqlite3.Connection) -> None:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if rows != [("ok",)]:
            raise _Damaged("il database è rovinato, forse troncato")
        conn.execute("BEGIN IMMEDIATE")  # under the write lock: two sessions never both create the tables
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {name for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
            if version == 0 and not tables:
                for statement in _SCHEMA:
                    conn.execute(statement)
                version, tables = SCHEMA_VERSION, set(_COLUMNS)
            if version != SCHEMA_VERSION:
                raise _Damaged(f"non contiene i progressi di judgekit: versione dello schema {version}, "
                               f"attesa {SCHEMA_VERSION}")
            for table, columns in _COLUMNS.items():
                found = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
                if found != columns:
                    raise _Damaged(f"non contiene i progressi di judgekit: la tabella {table} manca o ha "
                                   f"altre colonne")
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise

    def _set_aside(self) -> Path:
        """Rename the damaged file (and any journal beside it) with a timestamp; return the new name."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self._now()))
        base = f"{self.path.name}{ASIDE_MARK}{stamp}"
        aside = self.path.with_name(base)
        n = 2
        while any(aside.with_name(aside.name + s).exists() for s in ("", *_SIDECARS)):
            aside = self.path.with_name(f"{base}-{n}")
            n += 1
        try:
            os.rename(self.path, aside)
            for suffix in _SIDECARS:
                sidecar = self.path.with_name(self.path.name + suffix)
                if sidecar.exists():
                    os.rename(sidecar, aside.with_name(aside.name + suffix))
        except OSError as exc:
            raise FileAccessError(f"il file dei progressi {self.path} è danneggiato e non è stato possibile "
                                  f"metterlo da parte: {exc.strerror or exc}") from None
        return aside

    def _access_error(self, exc: sqlite3.Error) -> FileAccessError:
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        why = _WHY.get(code, str(exc))
        return FileAccessError(f"impossibile usare il file dei progressi {self.path}: {why}")

    # -- writing and reading -----------------------------------------------------------------------------------

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("Progress is closed")
        return self._conn

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole, or rolled back whole (an error, a crash, a kill). A write takes the
        write lock at once (``IMMEDIATE``), so two sessions never interleave."""
        conn = self._db
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
        except sqlite3.Error as exc:
            raise self._access_error(exc) from None
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            _rollback(conn)
            if isinstance(exc, sqlite3.Error):
                raise self._access_error(exc) from None
            raise

    def record(self, question_id: str, topic: str, correct: bool) -> None:
        """Keep an answer and move its question to its next Leitner box, in one transaction."""
        at = self._now()
        with self._transaction() as conn:
            conn.execute("INSERT INTO answers (answered_at, question_id, topic, correct) VALUES (?, ?, ?, ?)",
                         (at, question_id, topic, int(correct)))
            self._move_card(conn, question_id, topic, correct, at)

    def _move_card(self, conn: sqlite3.Connection, question_id: str, topic: str, correct: bool,
                   at: float) -> None:
        row = conn.execute("SELECT box FROM cards WHERE question_id = ?", (question_id,)).fetchone()
        box = next_box(row[0] if row else None, correct)
        conn.execute("INSERT INTO cards (question_id, topic, box, due_at) VALUES (?, ?, ?, ?) "
                     "ON CONFLICT (question_id) DO UPDATE SET topic = excluded.topic, box = excluded.box, "
                     "due_at = excluded.due_at",
                     (question_id, topic, box, at + INTERVALS[box]))

    def topics(self) -> list[TopicProgress]:
        """Every topic with at least one answer, in the order of :data:`TOPICS` (topics no longer there, from
        answers of an older bank, come after, by id)."""
        now = self._now()
        with self._transaction(write=False) as conn:  # one snapshot for both counts
            answered = conn.execute(
                "SELECT topic, COUNT(*), SUM(correct) FROM answers GROUP BY topic").fetchall()
            due = dict(conn.execute(
                "SELECT topic, COUNT(*) FROM cards WHERE due_at <= ? GROUP BY topic", (now,)).fetchall())
        order = {topic: i for i, topic in enumerate(TOPICS)}
        answered.sort(key=lambda row: (order.get(row[0], len(order)), row[0]))
        return [TopicProgress(topic, count, right or 0, due.get(topic, 0)) for topic, count, right in answered]

    def due(self) -> list[str]:
        """The ids of the questions due for review now, the most overdue first."""
        try:
            rows = self._db.execute("SELECT question_id FROM cards WHERE due_at <= ? ORDER BY due_at, question_id",
                                    (self._now(),)).fetchall()
        except sqlite3.Error as exc:
            raise self._access_error(exc) from None
        return [question_id for (question_id,) in rows]

    def box(self, question_id: str) -> int | None:
        """The Leitner box of a question, ``None`` if it was never answered."""
        try:
            row = self._db.execute("SELECT box FROM cards WHERE question_id = ?", (question_id,)).fetchone()
        except sqlite3.Error as exc:
            raise self._access_error(exc) from None
        return None if row is None else int(row[0])

    def close(self) -> None:
        """Close the file (every answer is already committed); closing twice does nothing."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


def _rollback(conn: sqlite3.Connection) -> None:
    """Undo the open transaction, if any (after a failure; a failure to undo it changes nothing)."""
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass
