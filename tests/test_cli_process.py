"""The installed ``judgekit`` console script as a process: closed pipes, output encodings, arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = str(Path(sys.executable).with_name("judgekit"))
SCENARIO = "aquamoeba-puzzle"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "JUDGEKIT_DEBUG")}
    env.update(extra)
    return env


def _run(*args: str | bytes, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([SCRIPT, *args], capture_output=True, env=env or _env(), timeout=120)


@pytest.mark.parametrize("args", [
    ("scenarios",), ("ruling", SCENARIO), ("--help",), ("ruling", "--help"), ("penalties",), ("rule", "510"),
    ("search", "danno"), ("manual",), ("rule", "510", "--json"),
])
def test_closed_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before judgekit writes anything (``judgekit ... | true``)
    try:
        done = subprocess.run([SCRIPT, *args], stdout=write_end, stderr=subprocess.PIPE, env=_env(), timeout=120)
    finally:
        os.close(write_end)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""


@pytest.mark.parametrize("args", [
    ("--help",), ("rule", "510.1c"), ("search", "danno"), ("ruling", SCENARIO), ("penalties",),
    ("infraction", "ha pescato una carta in più"), ("scenarios",),
])
@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}])
def test_any_output_encoding_works(args: tuple[str, ...], env: dict[str, str]) -> None:
    done = _run(*args, env=_env(**env))
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert b"Traceback" not in done.stderr
    assert done.stdout


@pytest.mark.parametrize("env", [{}, {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}, {"PYTHONIOENCODING": "ascii"}])
def test_undecodable_argument_is_reported(env: dict[str, str]) -> None:
    done = _run(b"rule", b"5\xff", env=_env(**env))
    assert done.returncode == 1, done.stderr.decode(errors="replace")
    assert done.stderr.startswith(b"errore: ")
    done = _run(b"ruling", b"d\xffanno", env=_env(**env))
    assert done.returncode == 1
    done = _run(b"search", b"d\xffanno", b"--json", env=_env(**env))
    assert done.returncode in (0, 1)
    assert b"errore interno" not in done.stderr


@pytest.mark.parametrize("columns", ["0", "5", "-3", "abc"])
def test_unusable_columns_count_as_unknown(columns: str) -> None:
    done = _run("penalties", env=_env(COLUMNS=columns))
    assert done.returncode == 0
    lines = done.stdout.decode().splitlines()
    assert len(lines) > 20
    assert max(len(line) for line in lines) <= 80


def test_rules_dir_with_any_name(tmp_path: Path) -> None:
    import shutil

    root = Path(__file__).resolve().parent.parent
    rules = tmp_path / "mie-regole"
    shutil.copytree(root / "rules_it", rules)
    env = _env(JUDGEKIT_RULES_DIR=str(rules), JUDGEKIT_CACHE_DIR=str(tmp_path / "cache"))
    done = _run("rule", "510.1c", env=env)
    assert done.returncode == 0, done.stderr.decode()
    assert b"510.1c" in done.stdout
    done = _run("check", env=env)
    assert done.returncode == 0, done.stdout.decode()[-2000:]
    assert b"Nessun problema" in done.stdout
