"""Rendering a :class:`~judgekit.ruling.model.Ruling` for the terminal (rich), in Italian.

The output fits the width it is given: the terminal's, or ``COLUMNS`` when standard output is not a terminal
(80 when unknown, see :func:`output_width`). Steps wrap with a hanging indent under their number; the layer
tables become lists below 100 columns; the final state is a board (each player's permanents, then the other
zones briefly), which fits 80 columns.

**The short ruling** (``--breve``, :func:`render` with ``brief``) prints the verdict, the assumptions in one
line each and the decisive steps, within :data:`BRIEF_LINES` lines. A step is decisive, in this order of
importance:

1. an illegal action (``error``) or the end of the game (``end``);
2. a step citing the verdict's decisive rule (or a subrule of it);
3. a replacement effect applied, and the choice of the order of several (CR 616.1), which says what the other
   orders would have given; a state-based action about an object (what died, what the legend rule put away);
4. a damage, effect or combat step about a permanent that changed between the start and the end (zone,
   characteristics, counters, tapped, damage), or naming a player whose life or poison changed;
5. any other step about a permanent that changed (a trigger, a resolution); an instant or sorcery going
   through the stack is the normal course of a spell and does not count;

casting, activating, choices, costs and the steps of the turn count only by rules 1 and 2. When they do not
all fit, the more important ones are kept (the earlier first among equals) and a last line says how many
were left out; the kept steps keep their numbers of the full ruling.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

from judgekit.render.narration.common import PLAIN, Names, ability_label, stack_label
from judgekit.ruling.model import Ruling, RulingStep

_KIND_IT = {
    "start": "inizio", "cast": "lancio", "activate": "attivazione", "resolve": "risoluzione", "trigger": "innesco",
    "sba": "azioni di stato", "damage": "danno", "combat": "combattimento", "step": "sottofase",
    "effect": "effetto", "cost": "costo", "choice": "scelta", "cleanup": "cancellazione", "error": "errore",
    "layers": "layer", "layer": "layer", "characteristics": "risultato", "end": "fine della partita",
    "replacement": "sostituzione", "players": "giocatori",
}

# The short ruling stays within this many lines (at 80 columns, for every shipped scenario).
BRIEF_LINES = 20
# Below this width the layer tables are printed as lists.
_TABLE_MIN = 100
_NOT_DECISIVE = {"start", "cast", "activate", "choice", "cost", "step", "characteristics", "layers", "layer"}


def output_width() -> int | None:
    """The width to draw at: ``None`` (the terminal's own, or ``COLUMNS``) on a terminal; otherwise ``COLUMNS``
    when it is a number of at least 20, else 80."""
    if sys.stdout.isatty():
        return None
    value = os.environ.get("COLUMNS", "")
    return int(value) if value.isdigit() and int(value) >= 20 else 80


def _rules(rules: list[str]) -> str:
    return f" [dim](CR {', '.join(rules)})[/dim]" if rules else ""


class _Out:
    """A rich console and the helpers every part of the ruling uses."""

    def __init__(self, console: Any) -> None:
        from rich.markup import escape

        from judgekit.textstyle import safe

        self.con = console
        self._escape = escape
        self._safe = safe

    def esc(self, text: str) -> str:
        return str(self._escape(self._safe(str(text))))

    @property
    def width(self) -> int:
        return int(self.con.width)

    def hanging(self, head: str, body: str, indent: int = 0, width: int | None = None) -> Any:
        """``head`` (markup) then ``body`` (markup) wrapped beside it, after ``indent`` spaces: continuation
        lines start under the body (a hanging indent). No line is wider than the console nor ends in spaces."""
        from rich.text import Text

        lead = Text(" " * indent) + (Text.from_markup(head) + Text(" ") if head else Text())
        room = max((width or self.width) - lead.cell_len, 10)
        pad = Text(" " * lead.cell_len)
        lines = Text.from_markup(body).wrap(self.con, room, overflow="fold")
        out = Text()
        for i, line in enumerate(lines):
            line.rstrip()
            if i:
                out.append("\n")
            out.append_text((lead if i == 0 else pad) + line)
        return out

    def lines(self, renderable: Any) -> int:
        plain = getattr(renderable, "plain", None)
        if plain is not None:
            return int(plain.count("\n")) + 1
        return len(self.con.render_lines(renderable, self.con.options, pad=False))


def _step_row(out: _Out, n: int, step: RulingStep) -> Any:
    kind = _KIND_IT.get(step.kind, step.kind)
    style = "red" if step.kind == "error" else "cyan"
    body = f"[{style}]{out.esc(kind)}[/{style}] {out.esc(step.text)}{_rules(step.rules)}"
    return out.hanging(f"{n:>3}.", body)


def _numbered(ruling: Ruling) -> list[tuple[int, RulingStep]]:
    shown = [s for s in ruling.steps if s.kind != "characteristics"]
    return list(enumerate(shown, start=1))


def _header(out: _Out, ruling: Ruling, brief: bool) -> None:
    shown_id = f"  [dim]({out.esc(ruling.scenario)})[/dim]" if ruling.scenario != ruling.title else ""
    out.con.print(out.hanging("", f"[bold]{out.esc(ruling.title)}[/bold]{shown_id}"))
    if ruling.source and not brief:
        out.con.print(out.hanging("[dim]Fonte:[/dim]", f"[dim]{out.esc(ruling.source)}[/dim]"))
    if not brief:
        out.con.print()
    if ruling.verdict:
        out.con.print(out.hanging("[bold]Verdetto:[/bold]", out.esc(ruling.verdict)))
        if not brief:
            out.con.print()


def _assumptions_box(out: _Out, ruling: Ruling) -> None:
    """The defaults the replay took where the scenario gave no choice (SCENARIO-FORMAT.md 2.10), each with the
    ``choices`` line that would change it, in a box before the steps."""
    from rich.console import Group
    from rich.panel import Panel

    items = []
    inside = out.width - 4  # the panel's borders and padding
    for a in ruling.assumptions:
        items.append(out.hanging("•", f"{out.esc(a.text)}{_rules(a.rules)}", width=inside))
        items.append(out.hanging("", f"[dim]per cambiarla:[/dim] [green]{out.esc(a.choices)}[/green]", indent=2,
                                 width=inside))
    out.con.print(Panel(Group(*items), title="[bold]Ipotesi del replay[/bold]", title_align="left",
                        subtitle="[dim]scelte non indicate nello scenario[/dim]", subtitle_align="left",
                        border_style="yellow", expand=False))
    out.con.print()


def _brief_assumptions(out: _Out, ruling: Ruling) -> list[Any]:
    return [out.hanging("[yellow]Ipotesi:[/yellow]", f"{out.esc(a.text)} [dim]→[/dim] [green]{out.esc(a.choices)}"
                        "[/green]") for a in ruling.assumptions]


def _layer_list(out: _Out, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        rules = f" [dim](CR {out.esc(', '.join(row['rules']))})[/dim]" if row["rules"] else ""
        body = (f"{out.esc(row['effect'])} [dim]· fonte[/dim] {out.esc(row['source'])} [dim]· timestamp[/dim] "
                f"{out.esc(str(row['timestamp']))} [dim]→[/dim] {out.esc(row['result'])}{rules}")
        out.con.print(out.hanging(f"  layer {out.esc(str(row['layer']))}:", body))


def _layers(out: _Out, ruling: Ruling) -> None:
    from rich.table import Table

    out.con.print()
    out.con.print("[bold]Layer per oggetto[/bold]")
    for obj in ruling.layers:
        title = out.esc(f"{obj.name} ({obj.id})")
        if out.width < _TABLE_MIN:
            out.con.print(f"[bold]{title}[/bold]")
            _layer_list(out, obj.rows)
        else:
            table = Table(title=title, title_justify="left", show_lines=False, expand=False)
            table.add_column("Layer", no_wrap=True)
            table.add_column("Effetto")
            table.add_column("Fonte")
            table.add_column("Timestamp", justify="right")
            table.add_column("Risultato")
            table.add_column("Regole", style="dim")
            for row in obj.rows:
                table.add_row(out.esc(str(row["layer"])), out.esc(row["effect"]), out.esc(row["source"]),
                              str(row["timestamp"]), out.esc(row["result"]), out.esc(", ".join(row["rules"])))
            out.con.print(table)
        out.con.print(out.hanging("  [bold]Risultato:[/bold]", out.esc(obj.summary)))


# -- the board -----------------------------------------------------------------------------------------------
_SEEN = ("zone", "controller", "power", "toughness", "damage", "counters", "tapped", "attached_to", "types",
         "subtypes", "keywords", "abilities", "colors")


def changed_objects(ruling: Ruling) -> dict[str, str]:
    """The objects of the final state that changed since the start: id -> mark (``†`` went to the graveyard,
    ``»`` went to another zone or ceased to exist, ``+`` was not there at the start, ``*`` changed in place)."""
    if ruling.final is None:
        return {}
    before = (ruling.start or {}).get("objects", {})
    marks: dict[str, str] = {}
    for oid, o in ruling.final["objects"].items():
        b = before.get(oid)
        if b is None:
            if o["zone"] == "battlefield":
                marks[oid] = "+"
        elif b["zone"] != o["zone"]:
            marks[oid] = "†" if o["zone"] == "graveyard" else "»"
        elif any(b.get(k) != o.get(k) for k in _SEEN):
            marks[oid] = "*"
    return marks


def _permanent(o: dict[str, Any], objects: dict[str, Any], names: Names) -> str:
    from judgekit.render.terms import it, type_line_it

    parts = [names.card(o["name"])]
    if o["power"] is not None:
        parts[0] += f" {o['power']}/{o['toughness']}"
    if len(o["subtypes"]) < 12:
        types = type_line_it(o["supertypes"], o["types"], o["subtypes"])
    else:
        types = type_line_it(o["supertypes"], o["types"]) + " e tutti i tipi di creatura"
    extra = [types]
    if o["tapped"]:
        extra.append("TAPpata" if "Creature" in o["types"] else "TAPpato")
    if o["damage"]:
        extra.append(f"danno {o['damage']}")
    extra += [f"{n} segnalin{'o' if n == 1 else 'i'} {k}" for k, n in o["counters"].items()]
    extra += [it(k) for k in o["keywords"]]
    extra += [ability_label(a) for a in o["abilities"]]
    if o["mana"]:
        extra.append("mana " + "".join("{" + m + "}" for m in o["mana"]))
    if o["attached_to"]:
        target = names.card(objects.get(o["attached_to"], {}).get("name", o["attached_to"]))
        extra.append(f"assegnato a {target}")
    if o["token"]:
        extra.append("pedina")
    return f"{parts[0]} ({'; '.join(extra)})"


def _board(out: _Out, ruling: Ruling) -> None:
    final = ruling.final
    assert final is not None
    objects: dict[str, Any] = final["objects"]
    marks = changed_objects(ruling)
    names: Names = ruling.names or PLAIN
    start_players = (ruling.start or {}).get("players", {})
    out.con.print()
    out.con.print("[bold]Stato finale[/bold]")
    for name, p in final["players"].items():
        was = start_players.get(name, {})
        life = f"{p['life']} punti vita" + (" (ha perso)" if p.get("lost") else "")
        if was and was.get("life") != p["life"]:
            life += f", erano {was['life']}"
        if p["poison"]:
            life += f"; {p['poison']} segnalini veleno"
        out.con.print(out.hanging("", f"[bold]{out.esc(name)}[/bold]: {out.esc(life)}", indent=2))
        mine = [(oid, o) for oid, o in objects.items() if o["zone"] == "battlefield" and o["controller"] == name]
        for group, label in (("Creature", "creature"), ("Planeswalker", "planeswalker"), ("Battle", "battaglie"),
                             ("Land", "terre"), (None, "altri permanenti")):
            chosen = [(oid, o) for oid, o in mine if (group in o["types"] if group else
                      not {"Creature", "Planeswalker", "Battle", "Land"} & set(o["types"]))]
            if group == "Land":
                chosen = [(oid, o) for oid, o in chosen if "Creature" not in o["types"]]
            if group in ("Planeswalker", "Battle"):
                chosen = [(oid, o) for oid, o in chosen if "Creature" not in o["types"]]
            if not chosen:
                continue
            items = "; ".join(out.esc(_permanent(o, objects, names)) + _mark(marks.get(oid)) for oid, o in chosen)
            out.con.print(out.hanging(f"{label}:", items, indent=4))
        for zone, label in (("graveyard", "cimitero"), ("hand", "mano"), ("exile", "esilio")):
            there = [(oid, o) for oid, o in objects.items() if o["zone"] == zone and o["owner"] == name]
            if there:
                items = ", ".join(out.esc(names.card(o["name"] or oid)) + _mark(marks.get(oid)) for oid, o in there)
                out.con.print(out.hanging(f"{label}:", items, indent=4))
    gone = [(oid, o) for oid, o in objects.items() if o["zone"] == "gone"]
    if gone:
        items = ", ".join(out.esc(names.card(o["name"] or oid)) + _mark(marks.get(oid)) for oid, o in gone)
        out.con.print(out.hanging("  [dim]cessati di esistere:[/dim]", items))
    if final["stack"]:
        items = ", ".join(out.esc(stack_label(s, names)) for s in reversed(final["stack"]))
        out.con.print(out.hanging("  In pila, dalla cima:", items))
    used = sorted(set(marks.values()), key="†»+*".index)
    if used:
        legend = {"†": "† è andato al cimitero", "»": "» ha cambiato zona", "+": "+ è nuovo",
                  "*": "* è cambiato"}
        out.con.print(out.hanging("  [dim]Legenda:[/dim]", f"[dim]{'; '.join(legend[m] for m in used)}[/dim]"))


def _mark(mark: str | None) -> str:
    return f" [bold yellow]{mark}[/bold yellow]" if mark else ""


# -- error and expectations ------------------------------------------------------------------------------------
def _tail(out: _Out, ruling: Ruling) -> None:
    if ruling.error is not None:
        out.con.print()
        rule = f" (CR {ruling.error['rule']})" if ruling.error.get("rule") else ""
        out.con.print(out.hanging("[bold red]Azione non consentita:[/bold red]",
                                  f"{out.esc(ruling.error['message'])}{rule}"))
        if ruling.error.get("key"):
            line = f":{ruling.error['line']}" if ruling.error.get("line") else ""
            where = f"scritta in {ruling.error.get('file')}{line}  {ruling.error['key']}"
            out.con.print(out.hanging("", f"[dim]{out.esc(where)}[/dim]", indent=2))
    if ruling.expect is not None:
        out.con.print()
        if ruling.expect["passed"]:
            out.con.print("[bold green]Aspettative dello scenario: tutte verificate.[/bold green]")
        else:
            out.con.print("[bold red]Aspettative dello scenario non verificate:[/bold red]")
            for failure in ruling.expect["failures"]:
                out.con.print(out.hanging("  -", out.esc(failure)))


# -- the short ruling ----------------------------------------------------------------------------------------
def _cites(step: RulingStep, rule: str | None) -> bool:
    if not rule:
        return False
    return any(r == rule or (r.startswith(rule) and not r[len(rule):len(rule) + 1].isdigit()) for r in step.rules)


def importance(ruling: Ruling, step: RulingStep) -> int | None:
    """How decisive a step is for the short ruling (0 most; ``None``: not decisive), see the module's docstring."""
    if step.kind in ("error", "end"):
        return 0
    if _cites(step, ruling.decisive):
        return 1
    if step.kind == "replacement" or (step.kind == "choice" and "616.1e" in step.rules):
        return 2
    if step.kind in _NOT_DECISIVE:
        return None
    if step.kind == "sba" and step.objects:
        return 2
    final = ruling.final or {"objects": {}, "players": {}}
    spells = {"Instant", "Sorcery"}
    changed = {oid for oid in changed_objects(ruling) if not spells & set(final["objects"][oid]["types"])}
    about_change = any(oid in changed for oid in step.objects)
    before = (ruling.start or {}).get("players", {})
    lives = [name for name, p in final["players"].items()
             if name in before and (before[name]["life"], before[name]["poison"]) != (p["life"], p["poison"])]
    about_life = any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", step.text) for name in lives)
    if step.kind in ("damage", "effect", "combat") and (about_change or about_life):
        return 3
    return 4 if about_change else None


def _brief_steps(out: _Out, ruling: Ruling, budget: int) -> None:
    numbered = _numbered(ruling)
    ranked = sorted(((rank, n) for n, s in numbered if (rank := importance(ruling, s)) is not None))
    rows = {n: _step_row(out, n, s) for n, s in numbered}
    kept: list[int] = []
    used = 1  # the line saying how many steps were left out
    for _rank, n in ranked:
        cost = out.lines(rows[n])
        if used + cost <= budget:
            kept.append(n)
            used += cost
    for n in sorted(kept):
        out.con.print(rows[n])
    if len(kept) < len(numbered):
        left = len(numbered) - len(kept)
        out.con.print(out.hanging("", f"[dim]… {'un altro passo' if left == 1 else f'altri {left} passi'}: tutti "
                                      "senza --breve[/dim]"))


def _render_brief(out: _Out, ruling: Ruling) -> None:
    shown_id = f"  [dim]({out.esc(ruling.scenario)})[/dim]" if ruling.scenario != ruling.title else ""
    head: list[Any] = [out.hanging("", f"[bold]{out.esc(ruling.title)}[/bold]{shown_id}")]
    if ruling.verdict:
        head.append(out.hanging("[bold]Verdetto:[/bold]", out.esc(ruling.verdict)))
    head += _brief_assumptions(out, ruling)
    used = 0
    for item in head:
        out.con.print(item)
        used += out.lines(item)
    _brief_steps(out, ruling, BRIEF_LINES - used)


def render_svg(ruling: Ruling, path: Any, *, brief: bool = False, width: int = 100) -> None:
    """Save the ruling, drawn as :func:`render` draws it at ``width`` columns, as an SVG picture (written
    atomically: a failed write leaves no half file)."""
    import io

    from rich.console import Console

    from judgekit.fileio import write_atomic

    con = Console(record=True, file=io.StringIO(), highlight=False, soft_wrap=False, width=width,
                  force_terminal=True, color_system="truecolor")
    render(ruling, con, brief=brief)
    write_atomic(path, con.export_svg(title=f"judgekit — {ruling.title}"))
    import os

    mask = os.umask(0)
    os.umask(mask)
    try:
        os.chmod(path, 0o666 & ~mask)  # a picture to share: the usual permissions, not the temporary file's
    except OSError:
        pass


def render(ruling: Ruling, console: Any = None, *, brief: bool = False) -> None:
    """Print the ruling: title, verdict, assumptions, steps with the rules they apply, layer tables per object,
    the final board, error and checks; ``brief``: only the verdict, the assumptions and the decisive steps."""
    from rich.console import Console

    from judgekit.textstyle import patch_rich_broken_pipe

    patch_rich_broken_pipe()
    con = console or Console(highlight=False, soft_wrap=False, width=output_width())
    out = _Out(con)
    if brief:
        _render_brief(out, ruling)
        return
    _header(out, ruling, brief=False)
    if ruling.assumptions:
        _assumptions_box(out, ruling)
    con.print("[bold]Passo per passo[/bold]")
    for n, step in _numbered(ruling):
        con.print(_step_row(out, n, step))
    if ruling.layers:
        _layers(out, ruling)
    if ruling.final is not None:
        _board(out, ruling)
    _tail(out, ruling)
