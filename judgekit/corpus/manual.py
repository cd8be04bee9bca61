"""Compile ``rules_it/manual`` (the Judge Candidate Textbook, split into sections) into the ``manual`` part.

File layout: one YAML file per chapter of the textbook, named after its reading order
(``rules_it/manual/03-04-layer.yaml``), holding the chapter's sections under ``sections:``
(validated by :class:`~judgekit.corpus.models.ManualFile`). A file may also hold one section alone as a
bare mapping (validated by :class:`~judgekit.corpus.models.ManualSection`).

Each section keeps the textbook text verbatim. The textbook predates the current rules (Foundations,
November 2024); a section the current rules contradict has ``outdated``: an Italian note saying what the
rules say now, with the rule number. Slugs are unique and stable: other parts (the search index, the
rules core's citations) refer to sections by slug.

The helpers below (:func:`find_section`, :func:`suggestions`, :func:`grouped`) work on the compiled list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from judgekit.compilecontext import CompileContext
from judgekit.errors import InvalidFileError, Issue

MANUAL_DIR = "manual"


def _load_sections(path: Path, display: str) -> list[dict[str, Any]]:
    """The sections of one manual file as plain dicts (raises InvalidFileError on an invalid file).

    Each dict carries ``_where`` = (file, line, key) for the cross-file checks.
    """
    from judgekit.corpus.models import ManualFile, ManualSection
    from judgekit.validation import validate_doc
    from judgekit.yamlio import load_yaml

    doc = load_yaml(path, name=display)
    if isinstance(doc.data, dict) and "sections" in doc.data:
        found = [s.model_dump(mode="json") for s in validate_doc(ManualFile, doc).sections]
        for i, section in enumerate(found):
            section["_where"] = (display, doc.line_of(("sections", i, "slug")), f"sections[{i}].")
    else:
        found = [validate_doc(ManualSection, doc).model_dump(mode="json")]
        found[0]["_where"] = (display, doc.line_of(("slug",)), "")
    return found


def _cross_checks(sections: list[dict[str, Any]]) -> list[Issue]:
    """Slugs and orders must be unique across every manual file."""
    issues: list[Issue] = []
    slugs: dict[str, tuple[str, int | None]] = {}
    orders: dict[int, str] = {}
    for section in sections:
        file, line, key = section["_where"]
        slug = section["slug"]
        if slug in slugs:
            other_file, other_line = slugs[slug]
            issues.append(Issue(file, line, f"{key}slug",
                                f"slug «{slug}» ripetuto (già in {other_file}:{other_line})"))
        else:
            slugs[slug] = (file, line)
        order = section["order"]
        if order in orders:
            issues.append(Issue(file, line, f"{key}order",
                                f"ordine {order} già usato dalla sezione «{orders[order]}»"))
        else:
            orders[order] = slug
    return issues


def compile_manual(ctx: CompileContext) -> list[dict[str, Any]]:
    """Validate every file of ``rules_it/manual`` and return all sections as plain dicts, by ``order``."""
    sections: list[dict[str, Any]] = []
    for path in ctx.yaml_files(MANUAL_DIR):
        sections.extend(_load_sections(path, ctx.display(path)))
    issues = _cross_checks(sections)
    if issues:
        raise InvalidFileError(issues)
    for section in sections:
        del section["_where"]
    sections.sort(key=lambda s: s["order"])
    return sections


def validate_file(path: Path) -> list[Issue]:
    """Every problem of one manual file (for ``judgekit check``); cross-file checks happen at compile time."""
    from judgekit.paths import display_path

    try:
        sections = _load_sections(path, display_path(path))
    except InvalidFileError as exc:
        return list(exc.issues)
    return _cross_checks(sections)


def find_section(sections: Iterable[Mapping[str, Any]], slug: str) -> dict[str, Any] | None:
    """The section with ``slug`` (case-insensitive), or None."""
    wanted = slug.strip().lower()
    for section in sections:
        if section["slug"] == wanted:
            return dict(section)
    return None


def suggestions(sections: Iterable[Mapping[str, Any]], query: str, limit: int = 5) -> list[str]:
    """Slugs of the sections whose slug or title looks most like ``query`` (fuzzy match).

    Each candidate scores the mean of a word-set and a word-order comparison, so that both a partial
    slug (``layer-timestamp``) and a few words of a title (``danno combattimento``) find their section.
    """
    from rapidfuzz import fuzz, utils

    def words(text: str) -> str:
        return utils.default_process(text.replace("-", " "))

    wanted = words(query)
    best: dict[str, float] = {}
    for section in sections:
        for candidate in (section["slug"], section["title"]):
            text = words(candidate)
            score = (fuzz.token_set_ratio(wanted, text) + fuzz.token_sort_ratio(wanted, text)) / 2
            if score > best.get(section["slug"], 0.0):
                best[section["slug"]] = score
    ranked = sorted((slug for slug, score in best.items() if score >= 60), key=lambda slug: -best[slug])
    return ranked[:limit]


def near_miss(sections: Iterable[Mapping[str, Any]], query: str) -> str | None:
    """The one slug ``query`` misspells (a letter or two off), or None when no slug is clearly meant."""
    from rapidfuzz import fuzz

    wanted = query.strip().lower()
    scored = sorted(((fuzz.ratio(wanted, s["slug"]), s["slug"]) for s in sections), reverse=True)
    if not scored or scored[0][0] < 85:
        return None
    if len(scored) > 1 and scored[1][0] >= scored[0][0] - 3:
        return None  # two slugs are as close: let the list of suggestions choose
    return scored[0][1]


def grouped(sections: Iterable[Mapping[str, Any]]) -> list[tuple[str, list[tuple[str, list[dict[str, Any]]]]]]:
    """Sections grouped by part, then chapter, keeping reading order: ``[(part, [(chapter, [sections])])]``."""
    out: list[tuple[str, list[tuple[str, list[dict[str, Any]]]]]] = []
    for section in sorted(sections, key=lambda s: s["order"]):
        if not out or out[-1][0] != section["part"]:
            out.append((section["part"], []))
        chapters = out[-1][1]
        if not chapters or chapters[-1][0] != section["chapter"]:
            chapters.append((section["chapter"], []))
        chapters[-1][1].append(dict(section))
    return out


# --- Rendering the textbook's markdown for the terminal ---------------------------------------------------

# A footnote mark (``^[1]``, or ``[1]`` after punctuation) and the space before it, unless a word follows it.
_FOOTNOTE = re.compile(r"\s?(?:\^|(?<=[.,;:!?)] )|(?<=[.,;:!?)]))\[\d+\](?=[\s.,;:!?)]|$)|\^\[\d+\]")
_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)]*)\)")
# Sentences of the textbook that point at a picture the Italian text does not carry.
_PICTURE_REFERENCE = re.compile(r"\b(nell['’]immagine|nelle immagini|nella figura|qui potete vedere|"
                                r"come si vede (?:qui|nella|sotto))", re.I)
_EMPHASIS = re.compile(r"\*\*\*|\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|(?<=\S)\*(?=\*?[\w(])"
                       r"|(?<![\w])_(?=\S)|(?<=\S)_(?!\w)")
_LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
MISSING_PICTURE = "[figura non disponibile: {}]"


def _figures(text: str) -> str:
    text = _IMAGE.sub(lambda m: MISSING_PICTURE.format(m.group(1).strip() or m.group(2).strip()), text)
    return text


def inline(text: str, *, styled: bool = True) -> str:
    """One paragraph's inline markdown (``**bold**``, ``*italics*``, ``_italics_``) as terminal styles.

    Footnote marks (``^[1]``) are removed: the textbook's footnotes are not part of the Italian text.
    With ``styled=False`` (or no colour) the marks are only removed.
    """
    from judgekit.textstyle import style

    text = _FOOTNOTE.sub("", _figures(text))
    bold = italic = False
    out: list[str] = []
    last = 0

    def emit(piece: str) -> None:
        if not piece:
            return
        names = [n for n, on in (("bold", bold), ("italic", italic)) if on]
        out.append(style(piece, *names) if styled and names else piece)

    for match in _EMPHASIS.finditer(text):
        emit(text[last:match.start()])
        mark = match.group(0)
        before, after = text[match.start() - 1:match.start()], text[match.end():match.end() + 1]
        if before in ",;:.!?)" and before and after.isalnum():
            out.append(" ")  # the textbook sometimes glues a bold name to the comma before it
        if mark == "***":
            bold, italic = not bold, not italic
        elif mark == "**":
            bold = not bold
        else:
            italic = not italic
        last = match.end()
    emit(text[last:])
    return "".join(out)


def plain(text: str) -> str:
    """The section text without markdown marks or footnote marks (for search snippets)."""
    return "\n".join(inline(line, styled=False) for line in text.split("\n"))


def render_text(text: str) -> str:
    """A section's markdown as terminal lines: paragraphs, lists with hanging indents, headings in bold.

    Footnote marks are removed and a picture the text points at is noted as not available. The lines are
    not wrapped here: :func:`judgekit.textstyle.fit` wraps them with their hanging indents.
    """
    from judgekit.textstyle import style

    out: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            joined = " ".join(para)
            line = inline(joined)
            if _PICTURE_REFERENCE.search(joined) and not _IMAGE.search(joined):
                line += " " + style(MISSING_PICTURE.format("l'immagine del manuale originale non è inclusa"),
                                    "dim")
            out.append(line)
            para.clear()

    for raw in text.split("\n"):
        stripped = raw.strip()
        if not stripped:
            flush()
            if out and out[-1] != "":
                out.append("")
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        item = _LIST_ITEM.match(raw)
        if heading:
            flush()
            out.append(style(inline(heading.group(2), styled=False), "bold"))
        elif item and not stripped.startswith("**"):
            flush()
            depth = len(item.group(1).expandtabs(4)) // 2
            mark = "•" if item.group(2) in "-*+" else item.group(2)
            out.append("  " * (depth + 1) + f"{mark} " + inline(item.group(3)))
        else:
            para.append(stripped)
    flush()
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)
