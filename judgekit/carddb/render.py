"""``judgekit card`` in the terminal: a card with Italian labels (the Oracle text stays as Wizards writes it)."""

from __future__ import annotations

from typing import Any

from judgekit.textstyle import safe, style, wrap

COLORS_IT = {"W": "bianco", "U": "blu", "B": "nero", "R": "rosso", "G": "verde"}
STATUS_IT = {"legal": "legale", "not_legal": "non legale", "banned": "bandita", "restricted": "limitata (una copia)"}
LAYOUT_IT = {
    "split": "carta divisa", "aftermath": "carta divisa (aftermath)", "adventure": "carta con avventura",
    "transform": "carta bifronte che si trasforma", "modal_dfc": "carta bifronte modale",
    "flip": "carta capovolgibile (flip)", "meld": "carta che si combina (meld)", "leveler": "carta con livelli",
    "saga": "saga", "class": "classe", "case": "caso", "prototype": "prototipo", "mutate": "mutazione",
    "reversible_card": "carta reversibile", "planar": "piano", "scheme": "intrigo", "vanguard": "avatar",
}
SOURCE_IT = {"mtgjson": "MTGJSON", "scryfall": "Scryfall", "libreria": "libreria delle carte di judgekit"}


def _names(item: dict[str, Any]) -> str:
    name, italian = item.get("name") or "", item.get("name_it")
    return f"{name} · {italian}" if italian and italian != name else str(name)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "?" if value is None else str(value)


def _stats(item: dict[str, Any]) -> list[str]:
    out = []
    if item.get("power") is not None or item.get("toughness") is not None:
        out.append(f"forza/costituzione {item.get('power') or '?'}/{item.get('toughness') or '?'}")
    if item.get("loyalty") is not None:
        out.append(f"fedeltà {item['loyalty']}")
    if item.get("defense") is not None:
        out.append(f"difesa {item['defense']}")
    return out


def _texts(item: dict[str, Any], indent: str) -> list[str]:
    out: list[str] = []
    if item.get("type_line"):
        line = str(item["type_line"])
        if item.get("type_line_it") and item["type_line_it"] != line:
            line += f" · {item['type_line_it']}"
        out.append(wrap(safe(line), indent=indent, first=indent))
    stats = _stats(item)
    if stats:
        out.append(indent + safe(" · ".join(stats)))
    if item.get("text"):
        out += [indent + style("Testo Oracle:", "dim"), wrap(safe(str(item["text"])), indent=indent + "  ")]
    if item.get("text_it"):
        out += [indent + style("Testo italiano:", "dim"), wrap(safe(str(item["text_it"])), indent=indent + "  ")]
    return out


def _source(card: dict[str, Any], sources: dict[str, Any]) -> str:
    from judgekit.corpus.render_rule import italian_date

    parts = []
    for source in str(card.get("source") or "").split("+"):
        if not source:
            continue
        info = sources.get(source) or {}
        label = SOURCE_IT.get(source, source)
        if info.get("date"):
            label += f" ({italian_date(info['date'])})"
        parts.append(label)
    return ", ".join(parts)


def render(card: dict[str, Any], *, sources: dict[str, Any] | None = None, read_as: str | None = None,
           asked: str = "") -> str:
    """The card as text, with Italian labels."""
    out: list[str] = []
    if read_as:
        note = f"Nessuna carta si chiama «{asked}»: mostro «{read_as}», il nome più vicino."
        out += [style(safe(note), "yellow"), ""]
    head = style(safe(_names(card)), "bold")
    faces = card.get("faces") or []
    if card.get("mana_cost") and not faces:
        head += f"  {safe(str(card['mana_cost']))}"
    out.append(head)
    facts = []
    if card.get("layout") and card["layout"] != "normal":
        facts.append(LAYOUT_IT.get(str(card["layout"]), str(card["layout"])))
    facts.append(f"valore di mana {_number(card.get('mana_value'))}")
    colors = [COLORS_IT.get(c, c) for c in card.get("colors") or []]
    facts.append(", ".join(colors) if colors else "incolore")
    out.append(safe(" · ".join(facts)))
    if faces:
        for i, face in enumerate(faces, 1):
            title = f"Faccia {i}: {_names(face)}"
            if face.get("mana_cost"):
                title += f"  {face['mana_cost']}"
            out += ["", style(safe(title), "bold"), *_texts(face, "  ")]
    else:
        out += _texts(card, "")
    if card.get("keywords"):
        out += ["", wrap(safe("Abilità chiave: " + ", ".join(card["keywords"])))]
    rulings = card.get("rulings") or []
    if rulings:
        out += ["", style(f"Ruling ({len(rulings)})", "bold")]
        for ruling in rulings:
            date = str(ruling.get("date") or "")
            out.append(wrap(safe(str(ruling.get("text") or "")), indent="    ", first=f"  {date}  " if date else "  "))
    legal = card.get("legalities") or {}
    if legal:
        listed = " · ".join(f"{fmt} {STATUS_IT.get(str(status), str(status))}" for fmt, status in legal.items())
        out += ["", wrap(safe(f"Formati: {listed}"))]
    out.append("")
    out.append(style(safe(f"Fonte: {_source(card, sources or {})}"), "dim"))
    if card.get("modelled"):
        out.append(style(safe(f"Negli scenari: card: {card['name']} (la carta è nella libreria)"), "dim"))
    elif card.get("source"):
        missing = card.get("unmodelled") or []
        note = (f"abilità dal testo Oracle; non modellate: {'; '.join(' '.join(str(m).split()) for m in missing)}"
                if missing else "abilità dal testo Oracle, tutte modellate")
        out.append(style(safe(f"Negli scenari: card: {card['name']} (dalle carte importate: {note})"), "dim"))
    return "\n".join(out) + "\n"
