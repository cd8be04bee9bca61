"""Italian texts of replacement and prevention effects (CR 614-616; SCENARIO-FORMAT.md 2.3, 2.4)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import ZONE_IT, Names, Text, amount, to_name

# The events of the ``replacement`` form, as a judge says them.
EVENT_IT = {
    "would_die": "morirebbe",
    "would_go_to_graveyard": "andrebbe in un cimitero",
    "would_be_destroyed": "verrebbe distrutto",
    "would_enter": "entrerebbe nel campo di battaglia",
    "would_be_dealt_damage": "subirebbe danno",
    "would_deal_damage": "infliggerebbe danno",
    "would_gain_life": "guadagnerebbe punti vita",
    "would_lose_life": "perderebbe punti vita",
    "would_put_counters": "riceverebbe segnalini",
    "would_create_tokens": "creerebbe pedine",
    "would_draw": "pescherebbe una carta",
}


COLOR_IT = {"white": "bianco", "blue": "blu", "black": "nero", "red": "rosso", "green": "verde"}
KIND_IT = {"color": "un colore", "creature_type": "un tipo di creatura", "card_type": "un tipo di carta",
           "player": "un giocatore", "basic_land_type": "un tipo di terra base"}


def _amount_word(kind: str, n: int) -> str:
    if kind == "damage":
        return amount(n, "danno", "danni")
    if kind in ("life_gain", "life_loss"):
        return amount(n, "punto vita", "punti vita")
    if kind == "counters":
        return amount(n, "segnalino", "segnalini")
    if kind == "create_tokens":
        return amount(n, "pedina", "pedine")
    return str(n)


def result_it(r: dict[str, Any]) -> str:
    """What an event comes to, in words (``replacement.summary``)."""
    if not r.get("happens"):
        return "l'evento non avviene"
    kind = str(r.get("kind"))
    if kind == "zone_change":
        return f"va {ZONE_IT.get(str(r.get('to')), str(r.get('to')))}"
    if kind == "destroy":
        return "si rigenera" if r.get("regenerate") else "viene distrutto"
    if kind == "life_loss":
        return f"perde {_amount_word(kind, int(r.get('amount') or 0))}"
    if kind == "life_gain":
        return f"guadagna {_amount_word(kind, int(r.get('amount') or 0))}"
    if kind == "damage":
        return _amount_word(kind, int(r.get("amount") or 0))
    return _amount_word(kind, int(r.get("amount") or 0))


def _change(p: dict[str, Any], names: Names) -> str:
    ch = p["change"]
    if ch.get("copy"):
        return f"entra come copia di {names.card(ch['copy'])}"
    if ch.get("instead"):
        if not ch.get("instead_entries", 1):
            return "l'evento non avviene"
        return "l'evento non avviene, e accade invece quanto segue"
    before, after = ch["before"], ch["after"]
    if not after.get("happens"):
        if before.get("kind") == "damage":
            return f"tutto il danno ({_amount_word('damage', int(before.get('amount') or 0))}) viene prevenuto"
        if before.get("kind") == "zone_change":
            return "resta dove si trova"
        return "l'evento non avviene"
    if after.get("kind") == "zone_change" and "to" in after and after.get("to") != before.get("to"):
        return f"invece {result_it(after)}"
    if after.get("kind") == "zone_change":
        parts = []
        if after.get("tapped") and not before.get("tapped"):
            parts.append("entra TAPpato")
        if after.get("counters") != before.get("counters") and after.get("counters"):
            shown = ", ".join(f"{n} {k}" for k, n in after["counters"].items())
            parts.append(f"entra con segnalini ({shown})")
        if after.get("controller") and after.get("controller") != before.get("controller"):
            parts.append(f"entra sotto il controllo di {after['controller']}")
        return "; ".join(parts) or "entra"
    if after.get("kind") == "destroy":
        return result_it(after)
    if after.get("kind") != before.get("kind"):
        return f"invece {result_it(after)}"
    kind = str(after.get("kind"))
    was, now = int(before.get("amount") or 0), int(after.get("amount") or 0)
    if kind == "damage" and now < was and p.get("prevention"):
        if now == 0:
            return f"tutto il danno ({_amount_word(kind, was)}) viene prevenuto"
        verb = "viene prevenuto" if was - now == 1 else "vengono prevenuti"
        return f"{_amount_word(kind, was - now)} su {was} {verb}"
    return (f"{_amount_word(kind, int(before.get('amount') or 0))} "
            f"{'diventano' if int(before.get('amount') or 0) != 1 else 'diventa'} "
            f"{_amount_word(kind, int(after.get('amount') or 0))}")


def _applied(p: dict[str, Any], names: Names) -> str:
    event = EVENT_IT.get(p["event"], p["event"])
    who = p["affected"] if p["affected_is_player"] else names.card(p["affected"] or "")
    subject = f"{who} {event}" if who else f"Un oggetto {event}"
    if p.get("damage_source") and who:
        subject = f"{names.card(p['damage_source'])} infliggerebbe danno {to_name(who)}"
    return f"Effetto di sostituzione di {names.card(p['source'])}: {subject}; {_change(p, names)}."


def _declined(p: dict[str, Any], names: Names) -> str:
    how = "come indicato in choices" if p["given"] else "per scelta"
    return (f"{p['player']} non applica l'effetto facoltativo di {names.card(p['source'])} ({how}): l'evento resta "
            "com'era.")


def _copy_nothing(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} potrebbe entrare come copia, ma sul campo di battaglia non c'è nulla che possa "
            "copiare: entra come se stesso.")


def _copy_not_candidate(p: dict[str, Any], names: Names) -> str:
    return (f"«{p['value']}» non è un oggetto che {names.card(p['name'])} può copiare mentre entra; può copiare: "
            f"{names.cards(p['candidates'])}.")


def _bad_as_enters(p: dict[str, Any], names: Names) -> str:
    return (f"«{p['value']}» non è {KIND_IT.get(p['kind'], p['kind'])} che {names.card(p['name'])} possa scegliere "
            "mentre entra.")


def _created(p: dict[str, Any], names: Names) -> str:
    event = EVENT_IT.get(p["event"], p["event"])
    what = f" per {names.cards(p['affected'])}" if p.get("affected") else ""
    until = {"end_of_turn": "fino alla fine del turno", "end_of_combat": "fino alla fine del combattimento",
             "permanent": "senza scadenza", **_TURN_DURATIONS_IT}.get(p["duration"], p["duration"])
    uses = f", per {amount(p['uses'], 'volta', 'volte')}" if p.get("uses") else ""
    if p.get("prevention"):
        combat = p.get("combat")
        kind = "il danno" if combat is None else "il danno da combattimento" if combat else \
            "il danno non da combattimento"
        return f"{names.card(p['source'])} crea un effetto di prevenzione{what}: previene {kind} ({until}{uses})."
    return (f"{names.card(p['source'])} crea un effetto di sostituzione{what}: si applica quando qualcosa {event} "
            f"({until}{uses}).")


def _not_prevented(p: dict[str, Any], names: Names) -> str:
    who = p["target"] if p["target_is_player"] else names.card(p["target"])
    return (f"Il danno di {names.card(p['source'])} {to_name(who)} ({_amount_word('damage', p['amount'])}) non può "
            "essere prevenuto: gli effetti di prevenzione non ne prevengono nulla e non vengono consumati.")


def chosen_it(kind: str, value: str) -> str:
    if kind == "color":
        return COLOR_IT.get(value, value)
    return value


def _as_enters(p: dict[str, Any], names: Names) -> str:
    how = "come indicato in choices" if p["given"] else "senza una scelta indicata, il replay prende il predefinito"
    return (f"Mentre {names.card(p['name'])} entra, {p['player']} sceglie {KIND_IT.get(p['choice'], p['choice'])}: "
            f"{chosen_it(p['choice'], p['value'])} ({how}).")


def _loop(p: dict[str, Any], names: Names) -> str:
    return (f"{names.cards(p['names'])}: la stessa azione generata dallo stato viene sostituita di nuovo a ogni "
            "controllo senza che nulla cambi; è un ciclo di azioni obbligatorie e la partita è patta (104.4b).")


def _cant_gain(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} non può guadagnare punti vita: i {p['amount']} di {names.card(p['source'])} non vengono "
            "guadagnati, e gli effetti che sostituirebbero quel guadagno non fanno nulla.")


def _cant_lose(p: dict[str, Any], names: Names) -> str:
    return f"{p['player']} non può perdere punti vita: non perde i {p['amount']} di {names.card(p['source'])}."


# The durations that cross turns (SCENARIO-FORMAT.md 2.5).
_TURN_DURATIONS_IT = {"until_your_next_turn": "fino al prossimo turno del suo controllore",
                      "until_end_of_your_next_turn": "fino alla fine del prossimo turno del suo controllore",
                      "while_source_on_battlefield": "finché la sua fonte resta sul campo di battaglia"}

_RULE_OPS_IT = {"damage_cannot_be_prevented": "il danno non può essere prevenuto",
                "cant_gain_life": "non si possono guadagnare punti vita",
                "cant_lose_life": "non si possono perdere punti vita",
                "no_max_hand_size": "non c'è limite al numero di carte in mano"}


def _rule_effect(p: dict[str, Any], names: Names) -> str:
    until = {"end_of_turn": "fino alla fine del turno", "end_of_combat": "fino alla fine del combattimento",
             "permanent": "senza scadenza", **_TURN_DURATIONS_IT}.get(p["duration"], p["duration"])
    from judgekit.render.narration.restrictions import OPS_IT

    what = "; ".join(_RULE_OPS_IT.get(op) or (OPS_IT[op](None) if op in OPS_IT else op) for op in p["ops"])
    who = f" (per {', '.join(p['players'])})" if p.get("players") else ""
    return f"{names.card(p['source'])}: {what}{who}, {until}."


TEXTS: dict[str, Text] = {
    "effects.damage_not_prevented": _not_prevented,
    "effects.rule_effect": _rule_effect,
    "effects.cant_gain_life": _cant_gain,
    "effects.cant_lose_life": _cant_lose,
    "replacement.applied": _applied,
    "replacement.declined": _declined,
    "replacement.copy_nothing": _copy_nothing,
    "replacement.copy_not_candidate": _copy_not_candidate,
    "replacement.bad_as_enters": _bad_as_enters,
    "replacement.loop": _loop,
    "effects.replacement_created": _created,
    "effects.as_enters_choice": _as_enters,
}
