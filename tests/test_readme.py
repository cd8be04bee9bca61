"""The README stays a short door to the project, and its links and set-up commands keep working.

The reference parts live in ``docs/``; these tests keep the README short, every relative link in the README
and in ``docs/`` pointing at a file (and heading) that exists, and the two set-up commands exactly as CI and
people copy them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"

INSTALL_AND_TRY = (
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/judgekit rule 510.1c"
    " && .venv/bin/judgekit ruling humility-opalescence-humility-first"
)
RUN_THE_TESTS = "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest tests -q"

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def _pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def _slug(heading: str) -> str:
    """The anchor a Markdown heading gets on the usual hosts: lower case, punctuation dropped, spaces to dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    anchors = set()
    for line in text.splitlines():
        found = re.match(r"#{1,6} (.+)", line)
        if found:
            slug = _slug(found.group(1))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _relative_links(page: Path) -> list[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return [target for target in _LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def test_the_readme_is_under_300_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) < 300


def test_the_readme_keeps_the_two_set_up_commands_verbatim() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text(encoding="utf-8"), re.S)
    assert INSTALL_AND_TRY in blocks
    assert RUN_THE_TESTS in blocks


def test_the_readme_links_every_docs_page() -> None:
    linked = {Path(target.split("#")[0]).name for target in _relative_links(README) if target.startswith("docs/")}
    assert {page.name for page in DOCS.glob("*.md")} <= linked


@pytest.mark.parametrize("page", _pages(), ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_points_at_an_existing_file_and_heading(page: Path) -> None:
    broken = []
    for target in _relative_links(page):
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists():
            broken.append(target)
        elif anchor and destination.suffix == ".md" and anchor not in _anchors(destination):
            broken.append(target)
    assert broken == []


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda page: page.name)
def test_each_docs_page_opens_with_a_title_a_description_and_a_link_back(page: Path) -> None:
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")
    assert lines[1] == ""
    assert lines[2] and not lines[2].startswith("#")
    assert "](../README.md)" in lines[2]
