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


def _print_list(sections: list[dict[str, Any]]) -> None:
    from judgekit.corpus.manual import grouped
    from judgekit.textstyle import style

    out: list[str] = []
    for part, chapters in grouped(sections):
        out.append(style(part, "bold"))
        for chapter, items in chapters:
            out.append("  " + style(chapter, "bold", "cyan"))
            for section in items:
                mark = style(" [in parte superata]", "yellow") if section.get("outdated") else ""
                out.append(f"    {style(section['slug'], 'green')}  {section['title']}{mark}")
        out.append("")
    outdated = sum(1 for section in sections if section.get("outdated"))
    out.append(f"{len(sections)} sezioni, {outdated} in parte superate dalle regole attuali "
               "(la nota compare con la sezione). Leggi una sezione con: judgekit manual SLUG")
    sys.stdout.write("\n".join(out) + "\n")


def _print_section(section: dict[str, Any]) -> None:
    from judgekit.textstyle import style, wrap

    out: list[str] = []
    if section.get("outdated"):
        out.append(style(wrap(OUTDATED_LEAD + section["outdated"]), "bold", "yellow"))
        out.append("")
    out.append(style(section["title"], "bold"))
    out.append(style(f"{section['part']} › {section['chapter']}", "dim"))
    out.append("")
    out.append(wrap(section["text"]))
    if section.get("rules"):
        out.append("")
        out.append(style("Regole collegate: ", "bold") + ", ".join(section["rules"]))
    source = section.get("source") or {}
    if source.get("label"):
        date = f", {source['date']}" if source.get("date") else ""
        out.append(style(f"Fonte: {source['label']}{date}", "dim"))
    sys.stdout.write("\n".join(out) + "\n")


@command("manual", "manuale")
def manual(
    slug: Annotated[str | None, typer.Argument(help="Sezione da mostrare (slug); senza: elenca le sezioni.",
                                               show_default=False,
                                               autocompletion=completion.manual_slugs)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un documento JSON.")] = False,
) -> None:
    """Il Judge Candidate Textbook in italiano, diviso in sezioni."""
    from judgekit.errors import NotFoundError

    sections = _sections()
    if slug is None:
        if as_json:
            listing = [{k: v for k, v in s.items() if k != "text"} for s in sections]
            sys.stdout.write(json.dumps({"sections": listing}, ensure_ascii=False))
        else:
            _print_list(sections)
        return
    from judgekit.corpus.manual import find_section, suggestions

    section = find_section(sections, slug)
    if section is None:
        found = suggestions(sections, slug)
        hint = "" if found else " (elenco delle sezioni: judgekit manual)"
        raise NotFoundError(f"sezione del manuale non trovata: «{slug}»{hint}", found)
    if as_json:
        sys.stdout.write(json.dumps({"section": section}, ensure_ascii=False))
    else:
        _print_section(section)
