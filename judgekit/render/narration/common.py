"""What every narration module shares: card names in the scenario's language and small Italian helpers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class Names:
    """How card names are shown: the name the rules core reports (English, or whatever the scenario wrote),
    unless the scenario used another name for that card (its Italian name), given in ``shown``."""

    def __init__(self, shown: Mapping[str, str] | None = None) -> None:
        self.shown = dict(shown or {})

    def card(self, name: Any) -> str:
        text = str(name)
        return self.shown.get(text, text)

    def cards(self, names: list[Any]) -> str:
        return ", ".join(self.card(n) for n in names)


PLAIN = Names()

# Where an object goes or is, as a sentence says it (``va in esilio``).
ZONE_IT = {
    "graveyard": "nel cimitero", "exile": "in esilio", "hand": "in mano", "library": "nel grimorio",
    "library_top": "in cima al grimorio", "library_bottom": "in fondo al grimorio",
    "battlefield": "sul campo di battaglia",
}

Text = Callable[[dict[str, Any], Names], str]


def plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def amount(n: int, one: str, many: str) -> str:
    """``1 danno``, ``3 danni``."""
    return f"{n} {plural(n, one, many)}"


def to_name(name: str) -> str:
    """Italian "a"/"ad" before a name (``ad Anna``, ``a Bruno``)."""
    return f"ad {name}" if name[:1].lower() == "a" else f"a {name}"


def stack_label(item: dict[str, Any], names: Names) -> str:
    """How the ruling names a stack object (see ``judgekit.engine.stack.stack_items``): the spell's name,
    "persistere di X", "abilità innescata di X"."""
    from judgekit.render.terms import it

    source = names.card(item["source"])
    if item["kind"] == "spell":
        return source
    if item.get("keyword"):
        return f"{it(str(item['keyword']))} di {source}"
    return f"abilità {'innescata' if item['kind'] == 'triggered' else 'attivata'} di {source}"


def stack_list(items: list[dict[str, Any]], names: Names) -> str:
    """The stack, top first ("vuota" when empty); the same label repeated next to itself is told once with the
    number of times ("abilità innescata di Blood Artist (3 volte)")."""
    if not items:
        return "vuota"
    groups: list[list[Any]] = []
    for item in items:
        label = stack_label(item, names)
        if groups and groups[-1][0] == label:
            groups[-1][1] += 1
        else:
            groups.append([label, 1])
    return ", ".join(label if n == 1 else f"{label} ({n} volte)" for label, n in groups)


def stack_note(p: dict[str, Any], names: Names) -> str:
    """`` Pila, dalla cima: ...`` after a record that changed the stack, or nothing when the narration left it
    out (``stack_shown`` false, see :func:`judgekit.render.narration.narrate_log`)."""
    if p.get("stack_shown") is False:
        return ""
    return f" Pila, dalla cima: {stack_list(p['stack'], names)}."


# What a triggered ability waits for (SCENARIO-FORMAT.md, events version 1), as the board names it.
EVENTS_IT = {
    "enters": "quando entra", "leaves_battlefield": "quando lascia il campo", "dies": "quando muore",
    "attacks": "quando attacca", "blocks": "quando blocca", "becomes_blocked": "quando è bloccata",
    "deals_combat_damage": "quando infligge danno da combattimento",
    "deals_combat_damage_to_player": "quando infligge danno da combattimento a un giocatore",
    "deals_damage": "quando infligge danno", "you_gain_life": "quando il suo controllore guadagna punti vita",
    "beginning_of_upkeep": "all'inizio del mantenimento", "beginning_of_end_step": "all'inizio della sottofase finale",
    "beginning_of_combat": "all'inizio del combattimento",
}
# The events SCENARIO-FORMAT.md 2.7 adds.
LABEL_IT = {
    "dealt_damage": "quando subisce danno", "gains_life": "quando un giocatore guadagna punti vita",
    "loses_life": "quando un giocatore perde punti vita", "discards": "quando un giocatore scarta",
    "draws": "quando un giocatore pesca",
    "counters_put": "quando riceve segnalini", "sacrificed": "quando viene sacrificato",
    "becomes_tapped": "quando diventa TAPpato", "token_created": "quando viene creata una pedina",
    "one_or_more_die": "quando una o più creature muoiono", "cast": "quando viene lanciata una magia",
    "becomes_target": "quando diventa bersaglio",
    "beginning_of_draw_step": "all'inizio della sottofase di acquisizione",
    "beginning_of_precombat_main": "all'inizio della prima fase principale",
    "end_of_combat": "all'inizio della sottofase di fine combattimento",
}


def ability_label(label: str) -> str:
    """A non-mana ability of a result in Italian words: ``static`` -> ``statica``, ``trigger:dies`` ->
    ``innescata quando muore``."""
    from judgekit.render.terms import ability_label_it

    if label.startswith("trigger:"):
        event = label.split(":", 1)[1]
        return f"innescata {EVENTS_IT.get(event) or LABEL_IT.get(event, event.replace('_', ' '))}".strip()
    return ability_label_it(label)
