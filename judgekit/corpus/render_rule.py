"""Show rules to people (Italian, plain terminal text) and to programs (JSON).

Uses :mod:`judgekit.textstyle` rather than rich: the rule lookup has a start-up budget.
"""

from __future__ import annotations

from typing import Any

from judgekit.corpus import ids
from judgekit.textstyle import style, wrap

_MONTHS = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
           "ottobre", "novembre", "dicembre")

IMPORT_HINT = ("Testo inglese non disponibile: importa le Comprehensive Rules ufficiali (il file di testo "
               "pubblicato da Wizards of the Coast) con «judgekit import-cr FILE».")

SINTESI_LABEL = "Sintesi judgekit, non è il testo ufficiale"
SUPERSEDED_LABEL = "SUPERATA: non più in vigore"
ENGLISH_LABEL = "Testo ufficiale inglese importato: nessun testo italiano nei seed"


def italian_date(iso: str | None) -> str:
    """``2024-11-23`` -> ``23 novembre 2024``; None -> ``data non indicata``."""
    if not iso:
        return "data non indicata"
    try:
        year, month, day = (int(x) for x in iso.split("-"))
        return f"{day} {_MONTHS[month - 1]} {year}"
    except (ValueError, IndexError):
        return iso


def source_line(source: dict[str, Any] | None) -> str:
    if not source:
        return "fonte non indicata"
    # The document's name and date: a seed file name (``001_….txt``) says nothing to a player at the table.
    return f"{source.get('label') or source.get('document')}, {italian_date(source.get('date'))}"


# --------------------------------------------------------------------------- JSON

def rule_json(rule: dict[str, Any]) -> dict[str, Any]:
    """The JSON form of one rule (stable keys for scripts)."""
    source = rule.get("source") or {}
    return {
        "id": rule["id"],
        "title": rule["title"],
        "text": rule["text"],
        "examples": list(rule["examples"]),
        "subrules": list(rule["children"]),
        "refs": list(rule["refs"]),
        "kind": rule["kind"],
        "status": rule["status"],
        "language": rule["language"],
        "section": rule["section"],
        "section_title": rule["section_title"],
        "source": {"document": source.get("document"), "label": source.get("label"), "date": source.get("date")},
        "note": rule.get("note"),
        "fixes": list(rule.get("fixes") or []),
        "unlinkable": list(rule.get("unlinkable") or []),
        "history": [dict(h) for h in rule["history"]],
        "text_en": rule.get("text_en"),
        "examples_en": list(rule.get("examples_en") or []),
    }


def to_json(part: dict[str, Any], selected: list[str]) -> dict[str, Any]:
    return {"rules": [rule_json(part["rules"][rid]) for rid in selected]}


# --------------------------------------------------------------------------- text

def _ref_text(ref: str, part: dict[str, Any], quoted: str | None = None) -> str:
    rule = part["rules"].get(ref)
    title = part["sections"].get(ref)
    if quoted and rule is None:
        if title and title.casefold() != quoted.casefold():
            return f"{ref} «{quoted}» (titolo citato nel testo; nell'indice del wiki la {ref} è «{title}»)"
        if not title:
            return f"{ref} «{quoted}» (titolo citato nel testo; testo non presente nel corpus)"
    if rule is not None:
        label = " (superata)" if rule["status"] == "superseded" else ""
        if rule["language"] == "en":
            label += " (solo in inglese)"
        return f"{ref} «{rule['title']}»{label}"
    if title:
        return f"{ref} «{title}» (sezione)"
    section_title = part["sections"].get(ids.section_of(ref))
    where = f", sezione «{section_title}»" if section_title else ""
    return f"{ref} (testo non presente nel corpus{where})"


def _labels(rule: dict[str, Any]) -> list[str]:
    labels = []
    if rule["kind"] == "sintesi":
        labels.append(style(f"[{SINTESI_LABEL}]", "yellow", "bold"))
    if rule["status"] == "superseded":
        labels.append(style(f"[{SUPERSEDED_LABEL}]", "red", "bold"))
    if rule["language"] == "en":
        labels.append(style(f"[{ENGLISH_LABEL}]", "cyan"))
    return labels


def _history_lines(rule: dict[str, Any]) -> list[str]:
    lines = [style("  Storia delle versioni:", "bold")]
    current = "Superata, non più in vigore" if rule["status"] == "superseded" else "In vigore"
    lines.append(f"  • {current} (questo testo): {source_line(rule['source'])}")
    if not rule["history"]:
        lines.append("    Nessuna versione precedente o alternativa nei seed.")
        return lines
    for version in rule["history"]:
        status = "versione alternativa" if version["status"] == "alternate" else "versione precedente, superata"
        numbered = f", numerata {version['id']}" if version.get("id") and version["id"] != rule["id"] else ""
        lines.append(f"  • {status.capitalize()}{numbered}: {source_line(version.get('source'))}")
        lines.append(wrap(version["text"], indent="      "))
        for example in version.get("examples") or []:
            lines.append(wrap(f"Esempio: {example}", indent="        ", first="      "))
        if version.get("change"):
            lines.append(wrap(f"Cosa cambia: {version['change']}", indent="      "))
    return lines


def render_rule(rule: dict[str, Any], part: dict[str, Any], *, history: bool = False, english: bool = False,
                show_source: bool = True) -> str:
    """One rule as Italian text: number, labels, text, examples, notes, cross-references, source."""
    head = style(rule["id"], "bold")
    if rule.get("own_title"):
        head = f"{head} {style(rule['title'], 'bold')}"
    labels = _labels(rule)
    lines = [" ".join([head, *labels])]
    lines.append(wrap(rule["text"], indent="  "))
    for example in rule["examples"]:
        lines.append(style(wrap(f"Esempio: {example}", indent="      ", first="    "), "dim"))
    if english and rule["language"] != "en":
        if rule.get("text_en"):
            lines.append(style(wrap(f"EN: {rule['text_en']}", indent="      ", first="  "), "cyan"))
            for example in rule.get("examples_en") or []:
                lines.append(style(wrap(f"Example: {example}", indent="        ", first="      "), "cyan"))
        elif part.get("import"):
            lines.append("  EN: (regola non presente nel regolamento inglese importato)")
    if rule.get("note"):
        lines.append(wrap(f"Nota: {rule['note']}", indent="  "))
    for fix in rule.get("fixes") or []:
        lines.append(wrap(f"Correzione: {fix}", indent="  "))
    if rule["refs"]:
        quoted = rule.get("ref_titles") or {}
        refs = "; ".join(_ref_text(ref, part, quoted.get(ref)) for ref in rule["refs"])
        lines.append(wrap(f"Rimandi: {refs}", indent="    ", first="  "))
    if history:
        lines.extend(_history_lines(rule))
    elif show_source:
        lines.append(style(f"  Fonte: {source_line(rule['source'])}", "dim"))
    return "\n".join(lines)


def _section_header(section: str, part: dict[str, Any]) -> str:
    title = part["sections"].get(section, "")
    lines = [style(f"Sezione {section} — {title}" if title else f"Sezione {section}", "bold", "underline")]
    note = (part.get("section_notes") or {}).get(section)
    if note:
        lines.append(wrap(f"Nota: {note}", indent="  "))
    return "\n".join(lines)


def render_text(part: dict[str, Any], groups: list[tuple[Any, list[str]]], *, history: bool = False,
                english: bool = False) -> str:
    """Everything asked for, grouped by section, each rule once; sources shown when they change."""
    blocks: list[str] = []
    shown: set[str] = set()
    for query, selected in groups:
        if not selected:
            blocks.append(_section_header(query.start, part) + "\n  Nessuna regola di questa sezione nei seed.")
            continue
        last_section = None
        last_source = None
        for rid in selected:
            if rid in shown:
                continue
            shown.add(rid)
            rule = part["rules"][rid]
            if len(selected) > 1 and rule["section"] != last_section:
                blocks.append(_section_header(rule["section"], part))
                last_section = rule["section"]
            elif len(selected) == 1:
                title = rule["section_title"]
                blocks.append(style(f"Sezione {rule['section']}{f' — {title}' if title else ''}", "dim"))
            source_key = repr(rule["source"])
            show_source = source_key != last_source or rule["status"] == "superseded"
            last_source = source_key
            blocks.append(render_rule(rule, part, history=history, english=english, show_source=show_source))
    return "\n\n".join(blocks) + "\n"
