"""Only regular files are read, and never more than a bounded amount; unreadable ones are reported (exit 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judgekit.errors import FileAccessError
from judgekit.fileio import read_bytes

SCRIPT = str(Path(sys.executable).with_name("judgekit"))
GOOD = Path(__file__).resolve().parent.parent / "scenarios"


def _special(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop.name)
    zero = tmp_path / "zero.yaml"
    zero.symlink_to("/dev/zero")
    return {"fifo": fifo, "loop": loop, "zero": zero}


def test_read_bytes_refuses_special_files_and_is_bounded(tmp_path: Path) -> None:
    for path in _special(tmp_path).values():
        with pytest.raises(FileAccessError):
            read_bytes(path)
    with pytest.raises(FileAccessError, match="dispositivo"):
        read_bytes(Path("/dev/zero"))
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 5000)
    assert len(read_bytes(big, 100)) == 101


@pytest.mark.parametrize("command", ["ruling", "check", "import-cr"])
@pytest.mark.parametrize("kind", ["fifo", "loop", "zero"])
def test_special_files_are_exit_5(tmp_path: Path, command: str, kind: str) -> None:
    target = _special(tmp_path)[kind]
    done = subprocess.run([SCRIPT, command, str(target)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 5, done.stderr
    assert "errore interno" not in done.stderr and "Traceback" not in done.stderr


def test_ruling_json_for_unreadable_file(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("ruling", str(_special(tmp_path)["loop"]), "--json")
    assert result.exit_code == 5
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and "circolare" in doc["error"]["message"]


def test_check_reports_unreadable_folder_and_goes_on(tmp_path: Path, invoke, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "a.yaml").write_text("x: 1\n")
    real_scandir = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr("judgekit.check.os.scandir", scandir)
    monkeypatch.setattr(os, "access", lambda *a, **k: False)  # click would say "is not readable" (exit 2)
    shipped = GOOD / "layers"
    result = invoke("check", str(locked), str(shipped))
    assert result.exit_code == 5, result.output
    assert "permesso negato" in result.stdout
    assert "Nessun problema" not in result.stdout
    assert "not readable" not in result.output
    result = invoke("check", str(locked), "--json")
    doc = json.loads(result.stdout)
    assert result.exit_code == 5 and doc["ok"] is False


def test_check_reports_unreadable_file_and_checks_the_rest(tmp_path: Path, invoke, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "scen"
    folder.mkdir()
    (folder / "a.yaml").write_text("x: 1\n")
    (folder / "b.yaml").write_text("y: 1\n")
    real_open = os.open

    def fake_open(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path).name == "a.yaml":
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("judgekit.fileio.os.open", fake_open)
    result = invoke("check", str(folder))
    assert result.exit_code == 5
    assert "permesso negato" in result.stdout
    assert "b.yaml:1" in result.stdout  # the readable file was still checked


def test_check_vanished_folder(tmp_path: Path, invoke, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "gone"
    folder.mkdir()
    (folder / "sub").mkdir()
    real_scandir = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if Path(path).name == "sub":
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real_scandir(path)

    monkeypatch.setattr("judgekit.check.os.scandir", scandir)
    result = invoke("check", str(folder))
    assert result.exit_code == 5
    assert "cartella non trovata" in result.stdout


def test_check_symlinked_folder_loop(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "back").symlink_to(folder)
    result = invoke("check", str(folder))
    assert result.exit_code == 0
    assert "Nessun problema: 0 file" in result.stdout


def test_a_fifo_in_the_card_folder_does_not_hang_the_library(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every folder read (cards, shipped scenarios, rules) reads regular files only, with a bounded read."""
    import os

    from judgekit.scenario import cards

    (tmp_path / "good.yaml").write_text("name: Good Card\ntypes: [Creature]\npower: 1\ntoughness: 1\n",
                                        encoding="utf-8")
    os.mkfifo(tmp_path / "trap.yaml")
    library = cards.library(tmp_path)
    assert "Good Card" in library.names()
