"""Italian names of the game terms the rules core uses in canonical English (types, keywords, colours, steps,
zones, layers): what every Italian text of a ruling shows. Subtype names come from the project's glossary.
"""

from __future__ import annotations

from judgekit.engine.vocab import (
    ACTIVATED_KEYWORD_RE,
    BLOCK_ADDITIONAL_RE,
    COLOR_ORDER,
    PARAM_KEYWORD_RE,
    PROTECTION_RE,
    TYPE_ORDER,
    Keyword,
    Layer,
    Step,
)
from judgekit.scenario.terms import italian_name

LAYER_NAMES_IT: dict[Layer, str] = {
    Layer.COPY: "effetti di copia", Layer.FACE_DOWN: "effetti a faccia in giù",
    Layer.CONTROL: "cambio di controllo", Layer.TEXT: "cambio del testo", Layer.TYPE: "cambio di tipo",
    Layer.COLOR: "cambio di colore", Layer.ABILITY: "aggiunta o rimozione di abilità",
    Layer.PT_CDA: "forza/costituzione da abilità che definiscono caratteristiche",
    Layer.PT_SET: "forza/costituzione base impostate", Layer.PT_MODIFY: "modifiche di forza/costituzione e segnalini",
    Layer.PT_SWITCH: "scambio di forza e costituzione",
}


STEP_NAMES_IT: dict[Step, str] = {
    Step.UNTAP: "sottofase di STAP", Step.UPKEEP: "sottofase di mantenimento", Step.DRAW: "sottofase di acquisizione",
    Step.MAIN1: "prima fase principale", Step.BEGINNING_OF_COMBAT: "sottofase di inizio combattimento",
    Step.DECLARE_ATTACKERS: "sottofase di dichiarazione degli attaccanti",
    Step.DECLARE_BLOCKERS: "sottofase di dichiarazione dei bloccanti",
    Step.COMBAT_DAMAGE: "sottofase di danno da combattimento", Step.END_OF_COMBAT: "sottofase di fine combattimento",
    Step.MAIN2: "seconda fase principale", Step.END: "sottofase finale", Step.CLEANUP: "sottofase di cancellazione",
}


ZONE_NAMES_IT: dict[str, str] = {
    "battlefield": "campo di battaglia", "graveyard": "cimitero", "hand": "mano", "exile": "esilio",
    "library": "grimorio", "stack": "pila", "gone": "cessato di esistere",
}


# Terms shown in lower case inside a sentence (keywords and colours); types and subtypes keep their capital.
_LOWER = {k.value for k in Keyword} | set(COLOR_ORDER)


def _name(value: str) -> str | None:
    found = italian_name(value)
    if found is None:
        return None
    return found.lower() if value in _LOWER else found


def it(value: str) -> str:
    """The Italian display name of a canonical game term (the term itself when none is known)."""
    found = _name(value)
    if found is not None:
        return found
    m = PROTECTION_RE.match(value)
    if m:
        q = m.group(1)
        quality = {"creatures": "creature", "everything": "tutto"}.get(q) or _name(q) or q
        article = "dal" if q in COLOR_ORDER else ("dalle" if q == "creatures" else "da")
        return f"protezione {article} {quality}"
    m = BLOCK_ADDITIONAL_RE.match(value)
    if m:
        return f"può bloccare {m.group(1)} creature aggiuntive"
    m = PARAM_KEYWORD_RE.match(value)
    if m:
        base = "ward" if m.group(1) == "ward_life" else m.group(1)
        name = (_name(base) or base).lower()
        return f"{name} {m.group(2)}" + (" punti vita" if m.group(1) == "ward_life" else "")
    m = ACTIVATED_KEYWORD_RE.match(value)
    if m:
        return f"{'equipaggiare' if m.group(1) == 'equip' else 'manovrare'} {m.group(2)}"
    return value


ABILITY_LABELS_IT = {"static": "statica", "activated": "attivata", "mana": "di mana", "replacement": "di sostituzione"}


def ability_label_it(label: str) -> str:
    """``static`` -> ``statica``; ``trigger:dies`` -> ``innescata (dies)``."""
    if label.startswith("trigger:"):
        return f"innescata ({label.split(':', 1)[1]})"
    return ABILITY_LABELS_IT.get(label, label)


_FEMININE_TYPES = {"Creature", "Land", "Battle", "Sorcery", "Kindred"}
_SUPERTYPE_FORMS = {"Legendary": ("Leggendario", "Leggendaria")}


def type_line_it(supertypes: list[str], types: list[str], subtypes: list[str] | None = None) -> str:
    """An Italian type line: ``Creatura Artefatto Leggendaria — Goblin Sciamano`` (creature first, then
    the other card types, supertypes agreeing with the first type)."""
    ordered = sorted(types, key=lambda t: (t != "Creature", TYPE_ORDER.index(t) if t in TYPE_ORDER else 99))
    feminine = bool(ordered) and ordered[0] in _FEMININE_TYPES
    sups = []
    for s in supertypes:
        forms = _SUPERTYPE_FORMS.get(s)
        sups.append(forms[1 if feminine else 0] if forms else it(s))
    line = " ".join([it(t) for t in ordered] + sups) or "nessun tipo"
    if subtypes:
        line += " — " + " ".join(it(s) for s in subtypes)
    return line
