"""The compiled corpus cache: only the user's own files are unpickled, damage is repaired, edits are seen."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgekit import cache

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, object]]]:
    """A cache compiled once for this module, and the parts it holds."""
    folder = tmp_path_factory.mktemp("built") / "cache"
    saved = os.environ.get("JUDGEKIT_CACHE_DIR")
    os.environ["JUDGEKIT_CACHE_DIR"] = str(folder)
    cache.reset()
    try:
        corpus = cache.corpus()
        yield folder, {name: corpus[name] for name, _ in cache.PARTS}
    finally:
        cache.reset()
        if saved is not None:
            os.environ["JUDGEKIT_CACHE_DIR"] = saved


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
              built: tuple[Path, dict[str, object]]) -> Iterator[Path]:
    """A copy of the compiled cache of its own."""
    folder = tmp_path / "cache"
    shutil.copytree(built[0], folder)
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(folder))
    cache.reset()
    cache._said.clear()
    yield folder
    cache.reset()
    cache._said.clear()


class Planted:
    """A pickle that, if it were ever loaded, would create ``marker``."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def _build() -> Path:
    """The folder that holds the compiled parts of the cache in use."""
    base = Path(os.environ["JUDGEKIT_CACHE_DIR"]) / f"v{cache.FORMAT}"
    (folder,) = [p for p in base.iterdir() if p.is_dir() and p.name.startswith("c-")]
    cache.reset()
    return folder


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "judgekit", *args], capture_output=True, text=True,
                          check=False, env=dict(os.environ))


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _foreign(path: Path) -> None:
    path.write_bytes(b"\x80\x05not a judgekit part\x00" * 50)


def test_a_damaged_part_is_compiled_again_and_stored_whole(
        cache_dir: Path, built: tuple[Path, dict[str, object]]) -> None:
    folder = _build()
    shutil.copyfile(folder / "manual.pickle", folder / "policy.pickle")  # another part in its place
    _truncate(folder / "rules.pickle")
    _truncate(folder / "manual.pickle")
    _foreign(folder / "search.pickle")
    (folder / "glossary.pickle").unlink()
    names = [name for name, _ in cache.PARTS]
    for name in names:
        assert cache.corpus()[name] == built[1][name]
    cache.reset()
    for name in names:  # repaired on disk, not only in memory
        assert cache._load_part(folder, name) == built[1][name]
    assert not cache._said


def test_a_damaged_part_gives_no_internal_error(cache_dir: Path) -> None:
    folder = _build()
    _truncate(folder / "rules.pickle")
    _foreign(folder / "search.pickle")
    rule = _run("rule", "510.1c")
    assert rule.returncode == 0, rule.stderr
    found = _run("search", "danno da combattimento", "--json")
    assert found.returncode == 0, found.stderr
    assert rule.stderr == "" and found.stderr == ""  # repaired silently (no fallback, no internal error)


def test_a_world_writable_cache_is_never_unpickled(cache_dir: Path, tmp_path: Path) -> None:
    folder = _build()
    marker = tmp_path / "ran"
    (folder / "rules.pickle").write_bytes(pickle.dumps(Planted(marker)))
    cache_dir.chmod(0o777)
    done = _run("rule", "510.1c")
    assert done.returncode == 0, done.stderr
    assert not marker.exists()
    assert done.stderr.count("avviso:") == 1, done.stderr
    assert "altri possono scriverci" in done.stderr


def test_a_part_others_can_write_is_never_unpickled(cache_dir: Path, tmp_path: Path) -> None:
    folder = _build()
    marker = tmp_path / "ran"
    part = folder / "rules.pickle"
    part.write_bytes(pickle.dumps(Planted(marker)))
    part.chmod(0o666)
    done = _run("rule", "510.1c")
    assert done.returncode == 0, done.stderr
    assert not marker.exists()
    assert done.stderr.count("avviso:") == 1, done.stderr
    assert (part.stat().st_mode & 0o777) == 0o600  # compiled again, private


def test_a_cache_of_another_user_is_not_used(cache_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             built: tuple[Path, dict[str, object]]) -> None:
    folder = _build()
    expected = built[1]["rules"]
    (folder / "rules.pickle").write_bytes(b"would be loaded")
    monkeypatch.setattr(os, "getuid", lambda: 4242)
    assert cache.corpus()["rules"] == expected
    assert cache.glossary() == built[1]["glossary"]
    assert (folder / "rules.pickle").read_bytes() == b"would be loaded"  # not touched: not ours
    assert capsys.readouterr().err.count("avviso:") == 1


def test_new_cache_folders_and_files_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_dir = tmp_path / "new"
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(cache_dir))
    old = os.umask(0o002)
    try:
        cache.reset()
        cache.glossary()
        cache.corpus()
    finally:
        os.umask(old)
        cache.reset()
    for path in [cache_dir, *cache_dir.rglob("*")]:
        assert not path.stat().st_mode & 0o077, path


def test_an_unwritable_cache_is_said_once_and_judgekit_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(blocker / "cache"))
    for args in (["rule", "510.1c"], ["ruling", "regrower-all-to-hunter"]):
        done = _run(*args)
        assert done.returncode == 0, done.stderr
        assert done.stderr.count("avviso:") == 1, done.stderr
        assert "impossibile scrivere la cache" in done.stderr


def test_a_same_size_edit_with_the_same_mtime_is_seen(cache_dir: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules_it"
    shutil.copytree(ROOT / "rules_it", rules)
    monkeypatch.setenv("JUDGEKIT_RULES_DIR", str(rules))
    cache.reset()
    before = cache.corpus()["rules"]["rules"]["510.1c"]["text"]
    assert "ASSEGNA" not in before
    source = rules / "cr" / "510.yaml"
    st = source.stat()
    text = source.read_bytes()
    edited = text.replace(b"Una creatura bloccata assegna il suo", b"Una creatura bloccata ASSEGNA il suo", 1)
    assert edited != text and len(edited) == len(text)
    time.sleep(0.01)
    with open(source, "r+b") as handle:  # in place: same inode, same size
        handle.write(edited)
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert source.stat().st_mtime_ns == st.st_mtime_ns and source.stat().st_size == st.st_size
    cache.reset()
    assert "ASSEGNA" in cache.corpus()["rules"]["rules"]["510.1c"]["text"]


def test_stale_temporary_files_are_removed(cache_dir: Path) -> None:
    _build()
    base = cache_dir / f"v{cache.FORMAT}"
    old = time.time() - 2 * cache.STALE_AFTER
    stale_dir = base / ".build-killed"
    stale_dir.mkdir()
    (stale_dir / "rules.pickle").write_bytes(b"half")
    stale_file = base / "glossary" / ".s-x.json.abc.tmp"
    stale_file.parent.mkdir(exist_ok=True)
    stale_file.write_bytes(b"half")
    fresh = base / ".build-running"
    fresh.mkdir()
    for path in (stale_dir, stale_file):
        os.utime(path, (old, old))
    cache.reset()
    cache.corpus(refresh=True)
    assert not stale_dir.exists() and not stale_file.exists()
    assert fresh.exists()  # maybe another process still writing it


def test_the_quick_key_names_a_whole_folder_no_copy_is_made(cache_dir: Path) -> None:
    _build()
    cache.reset()
    cache.corpus()["rules"]
    base = cache_dir / f"v{cache.FORMAT}"
    folders = [p.name for p in base.iterdir() if p.is_dir() and p.name[:2] in ("c-", "s-")]
    assert len(folders) == 1 and folders[0].startswith("c-"), folders
    (pointer,) = base.glob("s-*.txt")
    assert pointer.read_text(encoding="ascii") == folders[0]
