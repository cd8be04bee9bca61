"""Rendering a :class:`~judgekit.ruling.model.Ruling` for the terminal (rich), in Italian."""

from __future__ import annotations

from typing import Any

from judgekit.ruling.model import Ruling

_KIND_IT = {
    "start": "inizio", "cast": "lancio", "activate": "attivazione", "resolve": "risoluzione", "trigger": "innesco",
    "sba": "azioni di stato", "damage": "danno", "combat": "combattimento", "step": "sottofase",
    "effect": "effetto", "cost": "costo", "choice": "scelta", "cleanup": "cancellazione", "error": "errore",
    "layers": "layer", "layer": "layer", "characteristics": "risultato", "end": "fine della partita",
}


def _rules(rules: list[str]) -> str:
    return f" [dim](CR {', '.join(rules)})[/dim]" if rules else ""


def _assumptions_box(con: Any, ruling: Ruling, escape: Any) -> None:
    """The defaults the replay took where the scenario gave no choice (SCENARIO-FORMAT.md 2.10), each with the
    ``choices`` line that would change it, in a box before the steps."""
    from rich.panel import Panel

    lines = []
    for a in ruling.assumptions:
        lines.append(f"• {escape(a.text)}{_rules(a.rules)}")
        lines.append(f"  [dim]per cambiarla:[/dim] [green]{escape(a.choices)}[/green]")
    con.print(Panel("\n".join(lines), title="[bold]Ipotesi del replay[/bold]", title_align="left",
                    subtitle="[dim]scelte non indicate nello scenario[/dim]", subtitle_align="left",
                    border_style="yellow", expand=False))
    con.print()


def render(ruling: Ruling, console: Any = None) -> None:
    """Print the ruling: steps with the rules they apply, layer tables per object, final state, checks."""
    import sys

    from rich.console import Console
    from rich.markup import escape as rich_escape

    from judgekit.textstyle import safe

    def escape(text: str) -> str:
        return rich_escape(safe(text))
    from rich.table import Table

    from judgekit.textstyle import patch_rich_broken_pipe

    patch_rich_broken_pipe()
    width = None if sys.stdout.isatty() else 120
    con = console or Console(highlight=False, soft_wrap=False, width=width)
    shown_id = f"  [dim]({escape(ruling.scenario)})[/dim]" if ruling.scenario != ruling.title else ""
    con.print(f"[bold]{escape(ruling.title)}[/bold]{shown_id}")
    if ruling.source:
        con.print(f"[dim]Fonte: {escape(ruling.source)}[/dim]")
    con.print()
    if ruling.verdict:
        con.print(f"[bold]Verdetto:[/bold] {escape(ruling.verdict)}")
        con.print()
    if ruling.assumptions:
        _assumptions_box(con, ruling, escape)
    con.print("[bold]Passo per passo[/bold]")
    n = 0
    for step in ruling.steps:
        if step.kind == "characteristics":
            continue
        n += 1
        kind = _KIND_IT.get(step.kind, step.kind)
        style = "red" if step.kind == "error" else "cyan"
        con.print(f"{n:>3}. [{style}]{escape(kind)}[/{style}] {escape(step.text)}{_rules(step.rules)}")
    if ruling.layers:
        con.print()
        con.print("[bold]Layer per oggetto[/bold]")
        for obj in ruling.layers:
            table = Table(title=escape(f"{obj.name} ({obj.id})"), title_justify="left", show_lines=False, expand=False)
            table.add_column("Layer", no_wrap=True)
            table.add_column("Effetto")
            table.add_column("Fonte")
            table.add_column("Timestamp", justify="right")
            table.add_column("Risultato")
            table.add_column("Regole", style="dim")
            for row in obj.rows:
                table.add_row(escape(str(row["layer"])), escape(row["effect"]), escape(row["source"]),
                              str(row["timestamp"]), escape(row["result"]), escape(", ".join(row["rules"])))
            con.print(table)
            con.print(f"  [bold]Risultato:[/bold] {escape(obj.summary)}")
    if ruling.final is not None:
        con.print()
        con.print("[bold]Stato finale[/bold]")
        players = ", ".join(f"{name}: {p['life']} punti vita" + (f", {p['poison']} veleno" if p["poison"] else "")
                            + (" (ha perso)" if p.get("lost") else "")
                            for name, p in ruling.final["players"].items())
        con.print(f"  {escape(players)}")
        table = Table(show_lines=False, expand=False)
        for col in ("id", "nome", "zona", "controllore", "tipi", "F/C", "abilità", "danno/segnalini"):
            table.add_column(col)
        from judgekit.render.terms import ZONE_NAMES_IT, ability_label_it, it, type_line_it

        for oid, o in ruling.final["objects"].items():
            pt = f"{o['power']}/{o['toughness']}" if o["power"] is not None else ""
            if len(o["subtypes"]) < 12:
                types = type_line_it(o["supertypes"], o["types"], o["subtypes"])
            else:
                types = type_line_it(o["supertypes"], o["types"]) + " e tutti i tipi di creatura"
            abil = ", ".join([it(k) for k in o["keywords"]] + [ability_label_it(a) for a in o["abilities"]] +
                             (["mana " + "".join("{" + m + "}" for m in o["mana"])] if o["mana"] else []))
            marks = []
            if o["damage"]:
                marks.append(f"danno {o['damage']}")
            marks += [f"{n} {k}" for k, n in o["counters"].items()]
            if o["tapped"]:
                marks.append("TAPpato")
            table.add_row(escape(oid), escape(o["name"]), escape(ZONE_NAMES_IT.get(o["zone"], o["zone"])),
                          escape(o["controller"] or ""), escape(types), pt, escape(abil), escape(", ".join(marks)))
        con.print(table)
        if ruling.final["stack"]:
            con.print("  In pila (dal basso): " + escape(", ".join(f"{s['source']} ({s['kind']})"
                                                                    for s in ruling.final["stack"])))
    if ruling.error is not None:
        con.print()
        rule = f" (CR {ruling.error['rule']})" if ruling.error.get("rule") else ""
        con.print(f"[bold red]Azione non consentita:[/bold red] {escape(ruling.error['message'])}{rule}")
        if ruling.error.get("key"):
            line = f":{ruling.error['line']}" if ruling.error.get("line") else ""
            con.print(f"[dim]  scritta in {escape(str(ruling.error.get('file')))}{line}  "
                      f"{escape(str(ruling.error['key']))}[/dim]")
    if ruling.expect is not None:
        con.print()
        if ruling.expect["passed"]:
            con.print("[bold green]Aspettative dello scenario: tutte verificate.[/bold green]")
        else:
            con.print("[bold red]Aspettative dello scenario non verificate:[/bold red]")
            for failure in ruling.expect["failures"]:
                con.print(f"  - {escape(failure)}")
