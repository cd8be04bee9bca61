"""CLI command ``cards`` (alias ``carte``): list and search the card library, show one card whole."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from judgekit import completion
from judgekit.cli import command


def _pt(card: dict[str, Any]) -> str:
    if card.get("power") is not None or card.get("toughness") is not None:
        return f"{card.get('power', '?')}/{card.get('toughness', '?')}"
    if card.get("loyalty") is not None:
        return f"fedeltà {card['loyalty']}"
    if card.get("defense") is not None:
        return f"difesa {card['defense']}"
    return ""


def _names(card: dict[str, Any]) -> str:
    it = card.get("name_it")
    return f"{card['name']} · {it}" if it and it != card["name"] else str(card["name"])


def _mark(card: dict[str, Any]) -> str:
    mark = ""
    if card.get("user"):
        mark = " [tua carta: sostituisce quella fornita]" if card.get("replaces") else " [tua carta]"
    if not card.get("readable", True):
        mark += f" [file non valido: judgekit check {card['file']}]"
    return mark


def _line(card: dict[str, Any]) -> list[str]:
    from judgekit.textstyle import safe, style

    head = style(safe(_names(card)), "bold") + (f"  {safe(card['mana_cost'])}" if card.get("mana_cost") else "")
    head += style(_mark(card), "yellow")
    parts = [card.get("type_line") or "", _pt(card), ", ".join(card.get("keywords") or [])]
    detail = "   ".join(p for p in parts if p)
    return [head, "    " + safe(detail)] if detail else [head]


def _print_list(cards: list[dict[str, Any]], lead: str | None) -> None:
    from judgekit import paths
    from judgekit.textstyle import safe, style, write

    out: list[str] = []
    if lead:
        out += [style(safe(lead), "dim"), ""]
    for card in cards:
        out += _line(card)
    mine = sum(1 for c in cards if c.get("user"))
    count = f"{len(cards)} cart{'a' if len(cards) == 1 else 'e'}"
    if mine:
        count += f" ({mine} tu{'a' if mine == 1 else 'e'}, da {paths.user_cards_dir()})"
    out += ["", f"{count}. Una carta per intero: judgekit cards NOME; in uno scenario: card: NOME"]
    write("\n".join(out) + "\n")


def _fields(data: dict[str, Any]) -> str:
    """The card's fields (what ``card:`` brings into a scenario) as YAML, in the file's order."""
    import yaml

    shown = {k: v for k, v in data.items() if k not in ("name", "name_it", "text_it", "oracle")}
    if not shown:
        return ""
    return yaml.safe_dump(shown, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def _print_card(card: dict[str, Any], data: dict[str, Any]) -> None:
    from pathlib import Path

    from judgekit import paths
    from judgekit.textstyle import safe, style, wrap, write

    out = [style(safe(_names(card)), "bold") + style(_mark(card), "yellow")]
    summary = [card.get("mana_cost") or "", card.get("type_line") or "", _pt(card)]
    out.append(safe(" · ".join(s for s in summary if s)))
    if data.get("text_it"):
        out += ["", wrap(safe(str(data["text_it"])))]
    oracle = str(data.get("oracle") or "").strip()
    if oracle:
        out += ["", style("Testo Oracle (inglese)", "bold"), wrap(safe(oracle), indent="  ", first="  ")]
    elif "oracle" in data:
        out += ["", style("Testo Oracle: nessun testo", "dim")]
    fields = _fields(data)
    if fields:
        out += ["", style(f"Campi della carta (in uno scenario: card: {safe(card['name'])})", "bold")]
        out += ["  " + safe(line) for line in fields.rstrip("\n").split("\n")]
    out += ["", style(f"File: {safe(paths.display_path(Path(card['file'])))}", "dim")]
    for replaced in card.get("replaces") or []:
        out.append(style(f"Sostituisce la carta fornita {safe(replaced)}", "dim"))
    write("\n".join(out) + "\n")


@command("cards", "carte")
def cards_command(
    query: Annotated[list[str] | None, typer.Argument(
        help="Nome inglese o italiano, tipo, sottotipo o abilità chiave (anche più parole: valgono tutte). "
             "Senza: tutte le carte.", show_default=False, metavar="RICERCA",
        autocompletion=completion.card_names)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un solo documento JSON.")] = False,
) -> None:
    """Elenca e cerca le carte della libreria (quelle fornite e le tue); con il nome esatto mostra la carta intera."""
    from judgekit.errors import InvalidFileError, NotFoundError
    from judgekit.scenario import cards

    text = " ".join(query or []).strip()
    found = cards.search(text)
    views = [cards.view(e) for e in found.entries]
    whole: dict[str, Any] | None = None
    problem: InvalidFileError | None = None
    if found.exact and len(found.entries) == 1:
        entry = found.entries[0]
        whole = entry.raw  # the card as its file writes it (judgekit check validates it)
        if whole is None:  # not a readable card file: say why
            try:
                cards.load_card(entry.path)
            except InvalidFileError as exc:
                problem = exc
    error: InvalidFileError | NotFoundError | None = problem
    if not found.entries:
        error = NotFoundError(f"nessuna carta per «{text}» (tutte le carte: judgekit cards)")
    if as_json:
        doc: dict[str, Any] = {"query": text, "exact": found.exact, "nearest": found.nearest,
                               "read_as": found.read_as, "cards": views}
        if whole is not None:
            doc["card"] = whole
        if error is not None:
            doc["ok"] = False
            doc["error"] = {"code": error.exit_code, "message": error.render()}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    if error is not None:
        if as_json:
            from judgekit.textstyle import safe

            sys.stderr.write(f"errore: {safe(error.render())}\n")
            raise typer.Exit(error.exit_code)
        raise error
    if as_json:
        return
    if whole is not None:
        _print_card(views[0], whole)
        return
    lead = None
    if found.nearest:
        lead = f"Nessuna carta ha tutte le parole «{text}»: le più vicine per nome."
    elif found.read_as:
        lead = "Letto: " + ", ".join(f"«{new}» al posto di «{old}»" for old, new in found.read_as.items()) + "."
    _print_list(views, lead)
