"""CLI commands: tournament policy (registered on import by :mod:`judgekit.cli`).

``judgekit infraction`` (``infrazione``) finds the infraction a query means and prints the card for the
event's REL; ``judgekit penalties`` (``penalita``) prints the quick-reference table.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from judgekit import completion
from judgekit.cli import command
from judgekit.errors import EXIT_USAGE, JudgekitError


class PolicyUsageError(JudgekitError):
    """A wrong combination of arguments (exit code 2, as typer's usage errors)."""

    exit_code = EXIT_USAGE


def _policy() -> dict[str, Any]:
    from judgekit import cache

    part = cache.corpus().part("policy")
    return part if isinstance(part, dict) else {}


def _rel(value: str) -> str:
    from judgekit.policy.upgrade import REL_ALIASES

    found = REL_ALIASES.get(value.strip().lower())
    if found is None:
        raise PolicyUsageError(f"REL sconosciuto «{value}»: usa regular (amatoriale), competitive (competitivo) "
                               "o professional (professionale)")
    return found


def _emit_json(document: Any) -> None:
    sys.stdout.write(json.dumps(document, ensure_ascii=False))
    sys.stdout.write("\n")


@command("infraction", "infrazione")
def infraction(
    query: Annotated[list[str] | None, typer.Argument(
        help="Numero IPG (2.5), alias (grv, usc-minor), nome o descrizione di cosa è successo.",
        metavar="DESCRIZIONE", show_default=False, autocompletion=completion.infraction_names)] = None,
    rel: Annotated[str, typer.Option("--rel", "-r",
                                     help="REL dell'evento: regular (FNM), competitive o professional.",
                                     autocompletion=completion.rel_names)] = "regular",
    previous: Annotated[int, typer.Option("--previous", "-p",
                                          help="Penalità precedenti per la stessa infrazione oggi.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Un documento JSON su stdout.")] = False,
    list_all: Annotated[bool, typer.Option("--list", "-l", help="Elenca infrazioni e casi del JAR.")] = False,
) -> None:
    """Infrazione, penalità per il REL e rimedio passo passo, con le sezioni da citare."""
    from judgekit.policy import render
    from judgekit.policy.match import find

    level = _rel(rel)
    if previous < 0:
        raise PolicyUsageError(f"--previous deve essere 0 o più, non {previous}")
    text = " ".join(query or []).strip()
    policy = _policy()
    if list_all:
        if as_json:
            _emit_json({"infractions": render.list_rows(policy)})
        else:
            from judgekit.textstyle import write

            write(render.list_text(policy))
        return
    if not text:
        raise PolicyUsageError("indica cosa cercare (per esempio: judgekit infraction \"ha pescato una carta in più\") "
                               "oppure usa --list")
    matches = find(policy, text)
    data = render.answer(policy, text, matches, level, previous)
    if not data["matches"]:
        from judgekit.errors import NotFoundError

        raise NotFoundError(f"nessun caso trovato per «{text}» a REL {level}")
    if as_json:
        _emit_json(data)
    else:
        from judgekit.textstyle import write

        write(render.answer_text(data))


@command("penalties", "penalita")
def penalties(
    as_json: Annotated[bool, typer.Option("--json", help="Un documento JSON su stdout.")] = False,
) -> None:
    """Tabella rapida: infrazioni e penalità per REL."""
    from judgekit.policy import render
    from judgekit.policy.upgrade import italian_date, short_label

    policy = _policy()
    rows = render.penalty_rows(policy)
    if as_json:
        _emit_json({"documents": policy.get("documents", {}), "rows": rows})
        return
    from judgekit.textstyle import width

    docs = policy.get("documents", {})
    ipg_date = italian_date(docs.get("ipg", {}).get("date", ""))
    jar_date = italian_date(docs.get("jar", {}).get("date", ""))
    title = f"Penalità per REL — IPG del {ipg_date}, JAR del {jar_date}"
    if width() < TABLE_MIN_WIDTH:
        _penalties_list(title, rows)
        return
    from rich.console import Console
    from rich.table import Table

    from judgekit.textstyle import patch_rich_broken_pipe

    patch_rich_broken_pipe()

    table = Table(title=title, show_lines=False)
    table.add_column("IPG", no_wrap=True)
    table.add_column("Infrazione")
    table.add_column("Amatoriale (JAR)")
    table.add_column("Competitivo")
    table.add_column("Professionale")
    category = None
    for row in rows:
        if row["category"] != category:
            category = row["category"]
            table.add_row("", f"[bold]{category}[/bold]", "", "", "")
        table.add_row(row["id"], f"{row['name']}\n[dim]{row['name_en']}[/dim]", row["regular"],
                      short_label(row["competitive"]), short_label(row["professional"]))
    Console().print(table)


TABLE_MIN_WIDTH = 90  # narrower than this, the penalty table is a list (five columns no longer read well)


def _penalties_list(title: str, rows: list[dict[str, Any]]) -> None:
    """The penalty table as a list, for a narrow terminal: one infraction, then its penalty at each REL."""
    from judgekit.policy.upgrade import short_label
    from judgekit.textstyle import style, write

    out = [style(title, "bold")]
    category = None
    for row in rows:
        if row["category"] != category:
            category = row["category"]
            out += ["", style(category, "bold")]
        out.append(f"  {row['id']}  {row['name']} ({row['name_en']})")
        lead = " " * (len(row["id"]) + 4)
        competitive, professional = short_label(row["competitive"]), short_label(row["professional"])
        out.append(f"{lead}Amatoriale: {row['regular']}")
        if competitive == professional:
            out.append(f"{lead}Competitivo e Professionale: {competitive}")
        else:
            out.append(f"{lead}Competitivo: {competitive}; Professionale: {professional}")
    write("\n".join(out) + "\n")
