"""Imported cards in scenarios: a ``card:`` the library does not have, read from the imported card database.

The order a ``card:`` name is looked for (English or Italian, any face): the user's card folder, the shipped
library (:mod:`judgekit.scenario.cards`), then the database of ``judgekit import-cards``
(:mod:`judgekit.carddb`). An imported card becomes card data of the scenario format: its printed
characteristics from the Oracle data (type line split into supertypes, types and subtypes; power, toughness,
loyalty and defense when they are numbers) and its abilities compiled from the Oracle text
(:mod:`judgekit.oracle`). The lines the compiler cannot express are kept in ``unmodelled``: the ruling lists
them as an assumption, so a verdict never silently rests on text the replay ignored.

For a card with several faces the face named in the scenario is used (the front face when the whole card is
named); the other faces are listed as not modelled.
"""

from __future__ import annotations

from typing import Any

from judgekit.carddb.names import fold_name
from judgekit.carddb.typeline import split_type_line

__all__ = ["scenario_card", "split_type_line"]


def _number(value: Any) -> int | None:
    text = str(value).strip() if value is not None else ""
    return int(text) if text.lstrip("-").isdigit() else None


def _face(card: dict[str, Any], asked: str) -> tuple[dict[str, Any], list[str]]:
    """The face a scenario means by ``asked``, and the text of the other faces (not modelled)."""
    faces = [f for f in card.get("faces") or [] if isinstance(f, dict)]
    if not faces:
        return card, []
    key = fold_name(asked)
    chosen = next((f for f in faces if key in (fold_name(str(f.get("name") or "")),
                                               fold_name(str(f.get("name_it") or "")))), faces[0])
    others = [f"{f.get('name')}: {f.get('text') or ''}".strip() for f in faces if f is not chosen]
    return chosen, others


def scenario_card(card: dict[str, Any], asked: str) -> tuple[dict[str, Any], list[str]]:
    """Card data of the scenario format for an imported card (``judgekit card --json`` shape) named ``asked``,
    and the Oracle lines (or faces) it does not model."""
    from judgekit.oracle import compile_card

    face, others = _face(card, asked)
    name = str(face.get("name") or card.get("name") or asked)
    supertypes, types, subtypes = split_type_line(str(face.get("type_line") or card.get("type_line") or ""))
    text = str(face.get("text") or "")
    compiled = compile_card(text, name=name, types=types, subtypes=subtypes, supertypes=supertypes)
    data: dict[str, Any] = {"name": name, "types": types}
    if supertypes:
        data["supertypes"] = supertypes
    if subtypes:
        data["subtypes"] = subtypes
    cost = face.get("mana_cost") if face is not card else card.get("mana_cost")
    if cost:
        data["mana_cost"] = str(cost)
    unmodelled = list(compiled.unmodelled)
    for key in ("power", "toughness", "loyalty", "defense"):
        raw = face.get(key) if key in face else card.get(key)
        if raw is None or raw == "":
            continue
        value = _number(raw)
        if value is None:
            unmodelled.append(f"{key} {raw}")
        else:
            data[key] = value
    data.update(compiled.fields)
    name_it = face.get("name_it") or (card.get("name_it") if face is card else None)
    if name_it:
        data["name_it"] = str(name_it)
    text_it = face.get("text_it") if face is not card else card.get("text_it")
    if text_it:
        data["text_it"] = str(text_it)
    if text:
        data["oracle"] = text
    return data, unmodelled + others
