"""Shared fixtures: an isolated cache and data directory for every test session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def _isolated_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ("JUDGEKIT_CACHE_DIR", "JUDGEKIT_DATA_DIR")}
    os.environ["JUDGEKIT_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["JUDGEKIT_DATA_DIR"] = str(tmp_path_factory.mktemp("userdata"))
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def invoke(runner: CliRunner):  # type: ignore[no-untyped-def]
    """Run ``judgekit ARGS`` in-process and return the click Result (stdout and stderr apart)."""
    from judgekit.cli import app

    def _invoke(*args: str):  # type: ignore[no-untyped-def]
        return runner.invoke(app, list(args))

    return _invoke
