"""The progress store of ``judgekit studia``: Leitner boxes and due times, restarts, crashes in the middle of a
write, damaged files set aside, folders that can't be written."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from judgekit.errors import EXIT_IO, FileAccessError
from judgekit.study.progress import INTERVALS, Progress, TopicProgress

ROOT = Path(__file__).resolve().parent.parent
START = 1_700_000_000.0
MINUTE = 60.0
DAY = 86400.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, t: float = START) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "dati" / "studio.sqlite3"


@pytest.fixture
def progress(db: Path, clock: Clock) -> Iterator[Progress]:
    p = Progress(db, now=clock)
    yield p
    p.close()


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


# -- boxes and due times ---------------------------------------------------------------------------------------


def test_a_question_never_answered_has_no_box_and_is_not_due(progress: Progress) -> None:
    assert progress.box("pila-1") is None
    assert progress.due() == []
    assert progress.topics() == []


def test_a_first_right_answer_moves_up_to_box_2_due_after_a_day(progress: Progress, clock: Clock) -> None:
    progress.record("pila-1", "pila", True)
    assert progress.box("pila-1") == 2
    clock.advance(DAY - 1)
    assert progress.due() == []
    clock.advance(1)
    assert progress.due() == ["pila-1"]


def test_a_wrong_answer_sends_to_box_1_due_after_ten_minutes(progress: Progress, clock: Clock) -> None:
    progress.record("pila-1", "pila", False)
    assert progress.box("pila-1") == 1
    clock.advance(10 * MINUTE - 1)
    assert progress.due() == []
    clock.advance(1)
    assert progress.due() == ["pila-1"]


def test_right_answers_climb_to_box_5_and_stay_there(progress: Progress, clock: Clock) -> None:
    boxes = []
    for _ in range(6):
        progress.record("layer-1", "layer", True)
        boxes.append(progress.box("layer-1"))
    assert boxes == [2, 3, 4, 5, 5, 5]
    clock.advance(21 * DAY - 1)
    assert progress.due() == []
    clock.advance(1)
    assert progress.due() == ["layer-1"]


@pytest.mark.parametrize(("rights", "box", "interval"), [
    (0, 2, 1 * DAY), (1, 3, 3 * DAY), (2, 4, 7 * DAY), (3, 5, 21 * DAY),
])
def test_each_box_has_its_interval(progress: Progress, clock: Clock, rights: int, box: int,
                                   interval: float) -> None:
    for _ in range(rights):
        progress.record("q", "sba", True)
    clock.advance(1000)
    progress.record("q", "sba", True)
    assert progress.box("q") == box
    assert INTERVALS[box] == interval
    clock.advance(interval - 1)
    assert "q" not in progress.due()
    clock.advance(1)
    assert progress.due() == ["q"]


def test_a_wrong_answer_sends_a_question_from_box_5_back_to_box_1(progress: Progress, clock: Clock) -> None:
    for _ in range(4):
        progress.record("q", "turno", True)
    assert progress.box("q") == 5
    progress.record("q", "turno", False)
    assert progress.box("q") == 1
    clock.advance(10 * MINUTE)
    assert progress.due() == ["q"]


def test_questions_answered_wrong_come_back_sooner_than_right_ones(progress: Progress, clock: Clock) -> None:
    progress.record("giusta", "pila", True)
    progress.record("sbagliata", "pila", False)
    clock.advance(11 * MINUTE)
    assert progress.due() == ["sbagliata"]
    clock.advance(DAY)
    assert progress.due() == ["sbagliata", "giusta"]


def test_due_lists_the_most_overdue_first(progress: Progress, clock: Clock) -> None:
    progress.record("a", "pila", True)       # due at START + 1 day
    clock.advance(MINUTE)
    progress.record("b", "pila", False)      # due at START + 11 minutes
    clock.advance(MINUTE)
    progress.record("c", "sba", False)       # due at START + 12 minutes
    clock.advance(3 * DAY)
    assert progress.due() == ["b", "c", "a"]


# -- topics ----------------------------------------------------------------------------------------------------


def test_topics_count_every_answer_and_the_right_ones_in_topics_order(progress: Progress, clock: Clock) -> None:
    progress.record("mtr-1", "mtr", True)
    progress.record("pila-1", "pila", False)
    progress.record("pila-1", "pila", True)
    progress.record("pila-2", "pila", True)
    progress.record("turno-1", "turno", False)
    assert progress.topics() == [
        TopicProgress("turno", 1, 0, 0),
        TopicProgress("pila", 3, 2, 0),
        TopicProgress("mtr", 1, 1, 0),
    ]
    clock.advance(11 * MINUTE)
    assert [t.due for t in progress.topics()] == [1, 0, 0]
    clock.advance(DAY)
    assert [t.due for t in progress.topics()] == [1, 2, 1]


def test_topics_leave_out_the_topics_never_answered(progress: Progress) -> None:
    progress.record("ipg-1", "ipg", True)
    assert [t.id for t in progress.topics()] == ["ipg"]


# -- where the file lives, restarts ----------------------------------------------------------------------------


def test_the_file_is_studio_sqlite3_in_the_data_dir_created_if_missing(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "non" / "ancora" / "qui"
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(data))
    with Progress(now=Clock()) as p:
        p.record("pila-1", "pila", True)
        assert p.warning is None
    assert (data / "studio.sqlite3").is_file()
    assert rows(data / "studio.sqlite3", "PRAGMA user_version") == [(1,)]


def test_progress_survives_a_restart(db: Path, clock: Clock) -> None:
    first = Progress(db, now=clock)
    first.record("pila-1", "pila", True)
    first.record("sba-1", "sba", False)
    first.close()
    second = Progress(db, now=clock)
    assert second.warning is None
    assert second.box("pila-1") == 2
    assert second.box("sba-1") == 1
    assert second.topics() == [TopicProgress("pila", 1, 1, 0), TopicProgress("sba", 1, 0, 0)]
    second.record("pila-1", "pila", True)
    assert second.box("pila-1") == 3
    second.close()


def test_every_answer_is_kept_with_its_time(progress: Progress, db: Path, clock: Clock) -> None:
    progress.record("pila-1", "pila", False)
    clock.advance(5)
    progress.record("pila-1", "pila", True)
    assert rows(db, "SELECT answered_at, question_id, topic, correct FROM answers ORDER BY id") == [
        (START, "pila-1", "pila", 0), (START + 5, "pila-1", "pila", 1)]
    assert rows(db, "SELECT question_id, topic, box, due_at FROM cards") == [
        ("pila-1", "pila", 2, START + 5 + DAY)]


# -- a crash in the middle of a write --------------------------------------------------------------------------


class Crash(Exception):
    pass


def test_a_failure_between_the_statements_of_a_write_loses_only_that_answer(
        progress: Progress, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    progress.record("pila-1", "pila", True)
    progress.record("sba-1", "sba", False)

    def crash(*args: object) -> None:
        raise Crash

    with monkeypatch.context() as m:
        m.setattr(Progress, "_move_card", crash)
        with pytest.raises(Crash):
            progress.record("pila-1", "pila", False)   # its answer was inserted, then the write broke
    assert len(rows(db, "SELECT * FROM answers")) == 2
    assert progress.box("pila-1") == 2
    assert progress.topics() == [TopicProgress("pila", 1, 1, 0), TopicProgress("sba", 1, 0, 0)]
    progress.record("pila-1", "pila", False)             # and the store goes on working
    assert progress.box("pila-1") == 1


def test_a_session_killed_in_the_middle_of_a_write_loses_only_that_answer(db: Path, clock: Clock) -> None:
    # A real kill: the child process dies (no cleanup, no rollback) after inserting the answer and before
    # moving its card; the next session finds the earlier answers and nothing of the last one.
    script = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        from judgekit.study.progress import Progress
        p = Progress(Path({str(db)!r}), now=lambda: {START!r})
        p.record("pila-1", "pila", True)
        p.record("sba-1", "sba", False)
        def die(*args):
            sys.stdout.write("journal=%s" % Path({str(db)!r} + "-journal").exists())
            sys.stdout.flush()
            os._exit(9)
        Progress._move_card = die
        p.record("pila-1", "pila", False)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    assert done.stdout == "journal=True"        # the write was really half done
    with Progress(db, now=clock) as p:
        assert p.warning is None
        assert p.topics() == [TopicProgress("pila", 1, 1, 0), TopicProgress("sba", 1, 0, 0)]
        assert p.box("pila-1") == 2
        p.record("pila-1", "pila", False)                 # the next write goes through
        assert p.box("pila-1") == 1
    assert len(rows(db, "SELECT * FROM answers")) == 3
    assert not Path(str(db) + "-journal").exists()


# -- damaged files ---------------------------------------------------------------------------------------------


def _not_a_database(path: Path) -> None:
    path.write_bytes(b"questo non e' un database, solo testo\n" * 50)


def _truncated(path: Path) -> None:
    with Progress(path, now=Clock()) as p:
        for i in range(300):
            p.record(f"domanda-con-un-id-piuttosto-lungo-{i}", "pila", i % 2 == 0)
    data = path.read_bytes()
    assert len(data) > 8192
    path.write_bytes(data[: len(data) // 2])


def _truncated_header(path: Path) -> None:
    with Progress(path, now=Clock()) as p:
        p.record("pila-1", "pila", True)
    path.write_bytes(path.read_bytes()[:50])


def _foreign_schema(path: Path) -> None:
    conn = sqlite3.connect(str(path))
    conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Anna', '123')")
    conn.commit()
    conn.close()


def _foreign_version(path: Path) -> None:
    with Progress(path, now=Clock()) as p:
        p.record("pila-1", "pila", True)
    conn = sqlite3.connect(str(path))
    conn.execute("PRAGMA user_version = 42")
    conn.close()


def _foreign_columns(path: Path) -> None:
    conn = sqlite3.connect(str(path))
    conn.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("CREATE TABLE cards (question_id TEXT PRIMARY KEY)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("damage", [_not_a_database, _truncated, _truncated_header, _foreign_schema,
                                    _foreign_version, _foreign_columns])
def test_a_damaged_file_is_set_aside_with_a_warning_and_a_fresh_file(db: Path, clock: Clock,
                                                                     damage: Callable[[Path], None]) -> None:
    db.parent.mkdir(parents=True)
    damage(db)
    old = db.read_bytes()
    with Progress(db, now=clock) as p:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(START))
        aside = db.with_name(f"studio.sqlite3.danneggiato-{stamp}")
        assert re.fullmatch(r"studio\.sqlite3\.danneggiato-\d{8}-\d{6}", aside.name)
        assert aside.read_bytes() == old
        assert p.warning is not None
        assert str(db) in p.warning and str(aside) in p.warning
        assert "danneggiato" in p.warning and "nuovo" in p.warning
        assert p.topics() == []
        p.record("pila-1", "pila", True)
        assert p.box("pila-1") == 2
    with Progress(db, now=clock) as again:
        assert again.warning is None
        assert again.box("pila-1") == 2
    assert sorted(f.name for f in db.parent.iterdir()) == sorted([db.name, aside.name])


def test_two_damaged_files_in_the_same_second_are_both_kept(db: Path, clock: Clock) -> None:
    db.parent.mkdir(parents=True)
    _not_a_database(db)
    Progress(db, now=clock).close()
    db.write_bytes(b"di nuovo rovinato" * 100)
    with Progress(db, now=clock) as p:
        assert p.warning is not None
    names = sorted(f.name for f in db.parent.iterdir() if "danneggiato" in f.name)
    assert len(names) == 2
    assert {db.parent.joinpath(n).read_bytes()[:5] for n in names} == {b"quest", b"di nu"}


def test_a_journal_left_beside_a_damaged_file_never_reaches_the_fresh_one(db: Path, clock: Clock) -> None:
    db.parent.mkdir(parents=True)
    _not_a_database(db)
    journal = Path(str(db) + "-journal")
    journal.write_bytes(b"un giornale rimasto" * 100)
    with Progress(db, now=clock) as p:
        assert p.warning is not None
        p.record("pila-1", "pila", True)
    assert not journal.exists()
    with Progress(db, now=clock) as again:
        assert again.warning is None
        assert again.topics() == [TopicProgress("pila", 1, 1, 0)]


def test_an_empty_file_is_a_new_database_not_a_damaged_one(db: Path, clock: Clock) -> None:
    db.parent.mkdir(parents=True)
    db.write_bytes(b"")
    with Progress(db, now=clock) as p:
        assert p.warning is None
        p.record("pila-1", "pila", True)
    assert [f.name for f in db.parent.iterdir()] == [db.name]


# -- folders and files that can't be used ----------------------------------------------------------------------


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions and a non-root user")
def test_a_folder_that_cannot_be_written_raises_file_access_error(tmp_path: Path, clock: Clock) -> None:
    folder = tmp_path / "sola-lettura"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(FileAccessError) as info:
            Progress(folder / "studio.sqlite3", now=clock)
        assert "permesso negato" in info.value.message and str(folder) in info.value.message
        assert info.value.exit_code == EXIT_IO
        with pytest.raises(FileAccessError):
            Progress(folder / "sotto" / "studio.sqlite3", now=clock)
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions and a non-root user")
def test_a_file_that_cannot_be_written_raises_file_access_error(db: Path, clock: Clock) -> None:
    Progress(db, now=clock).close()
    db.chmod(0o400)
    try:
        with pytest.raises(FileAccessError, match="permesso negato"):
            Progress(db, now=clock)
    finally:
        db.chmod(0o600)


def test_a_data_dir_that_is_a_file_raises_file_access_error(tmp_path: Path, clock: Clock) -> None:
    blocker = tmp_path / "un-file"
    blocker.write_text("x")
    with pytest.raises(FileAccessError, match="impossibile creare la cartella") as info:
        Progress(blocker / "studio.sqlite3", now=clock)
    assert info.value.exit_code == EXIT_IO


def test_a_progress_path_that_is_a_folder_raises_file_access_error(db: Path, clock: Clock) -> None:
    db.mkdir(parents=True)
    with pytest.raises(FileAccessError, match="non è un file normale"):
        Progress(db, now=clock)
    assert db.is_dir()


def test_a_file_locked_by_another_session_raises_file_access_error_in_italian(
        db: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("judgekit.study.progress.LOCK_TIMEOUT", 0.1)
    Progress(db, now=clock).close()
    other = sqlite3.connect(str(db), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(FileAccessError, match="in uso da un'altra sessione"):
            Progress(db, now=lambda: START)  # waits for the lock, then gives up
    finally:
        other.execute("ROLLBACK")
        other.close()
