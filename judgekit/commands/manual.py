"""CLI command ``judgekit manual`` (alias ``manuale``): the Judge Candidate Textbook, section by section."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from judgekit import completion
from judgekit.cli import command

OUTDATED_LEAD = "Attenzione: questa sezione precede le regole attuali: "


def _sections() -> list[dict[str, Any]]:
    from judgekit.cache import corpus

    sections: list[dict[str, Any]] = corpus()["manual"]
    return sections


def _print_list(sections: list[dict[str, Any]], *, every: bool = False) -> None:
    """The chapters, each with the slug that opens it (``every``: every section of every chapter)."""
    from judgekit.corpus.manual import grouped
    from judgekit.textstyle import style, width, write

    columns = width()
    out: list[str] = []
    for part, chapters in grouped(sections):
        out.append(style(part, "bold"))
        if every:
            for chapter, items in chapters:
                out.append("  " + style(chapter, "bold", "cyan"))
                for section in items:
                    out.extend(_entry(section["slug"], section["title"], _outdated_mark(section), 4, columns))
        else:
            for chapter, items in chapters:
                count = f" ({len(items)} sezion{'e' if len(items) == 1 else 'i'})" if len(items) > 1 else ""
                outdated = sum(1 for section in items if section.get("outdated"))
                mark = style(f" [{outdated} in parte superat{'a' if outdated == 1 else 'e'}]", "yellow") \
                    if outdated else ""
                out.extend(_entry(items[0]["slug"], chapter, style(count, "dim") + mark, 2, columns))
        out.append("")
    outdated = sum(1 for section in sections if section.get("outdated"))
    chapters_count = sum(len(chapters) for _part, chapters in grouped(sections))
    out.append(f"{chapters_count} capitoli, {len(sections)} sezioni, {outdated} in parte superate dalle regole "
               "attuali (la nota compare con la sezione). Leggi con: judgekit manual SLUG"
               + ("" if every else "; tutte le sezioni: judgekit manual --tutto"))
    write("\n".join(out) + "\n")


def _outdated_mark(section: dict[str, Any]) -> str:
    from judgekit.textstyle import style

    return style(" [in parte superata]", "yellow") if section.get("outdated") else ""


def _entry(slug: str, title: str, mark: str, indent: int, columns: int) -> list[str]:
    """One listed slug and its title: side by side when they fit, else the title on the line below."""
    from judgekit.textstyle import fit_line, style, visible_len

    lead = " " * indent
    line = f"{lead}{style(slug, 'green')}  {title}{mark}"
    if visible_len(line) <= columns:
        return [line]
    return [lead + style(slug, "green"), *fit_line(f"{lead}    {title}{mark}", columns)]


def _print_section(section: dict[str, Any]) -> None:
    from judgekit.corpus.manual import render_text
    from judgekit.textstyle import style, write

    out: list[str] = []
    if section.get("outdated"):
        out.append(style(OUTDATED_LEAD + section["outdated"], "bold", "yellow"))
        out.append("")
    out.append(style(section["title"], "bold"))
    out.append(style(f"{section['part']} › {section['chapter']}", "dim"))
    out.append("")
    out.append(render_text(section["text"]))
    if section.get("rules"):
        out.append("")
        out.append(style("Regole collegate: ", "bold") + ", ".join(section["rules"]))
    source = section.get("source") or {}
    if source.get("label"):
        date = f", {source['date']}" if source.get("date") else ""
        out.append(style(f"Fonte: {source['label']}{date}", "dim"))
    write("\n".join(out) + "\n")


@command("manual", "manuale")
def manual(
    slug: Annotated[str | None, typer.Argument(help="Sezione da mostrare (slug); senza: elenca i capitoli.",
                                               show_default=False,
                                               autocompletion=completion.manual_slugs)] = None,
    every: Annotated[bool, typer.Option("--tutto", "--all",
                                        help="Senza sezione: elenca tutte le sezioni, non solo i capitoli.")
                     ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un documento JSON.")] = False,
) -> None:
    """Il Judge Candidate Textbook in italiano, diviso in sezioni."""
    from judgekit.errors import NotFoundError

    sections = _sections()
    if slug is None:
        if as_json:
            listing = [{k: v for k, v in s.items() if k != "text"} for s in sections]
            sys.stdout.write(json.dumps({"sections": listing}, ensure_ascii=False) + "\n")
        else:
            _print_list(sections, every=every)
        return
    from judgekit.corpus.manual import find_section, near_miss, suggestions

    section = find_section(sections, slug)
    if section is None:
        found = suggestions(sections, slug)
        near = near_miss(sections, slug)
        if near is not None:  # a typo in a slug: the one section meant, and how to open it
            found = [f"{near} (judgekit manual {near})"]
        hint = "" if found else " (elenco delle sezioni: judgekit manual)"
        raise NotFoundError(f"sezione del manuale non trovata: «{slug}»{hint}", found)
    if as_json:
        sys.stdout.write(json.dumps({"section": section}, ensure_ascii=False) + "\n")
    else:
        _print_section(section)
