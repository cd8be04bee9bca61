"""Italian texts of the records and errors of the rules core's effects area (one-shot effects, damage, life)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import ZONE_IT, Names, Text, amount, plural, to_name
from judgekit.render.narration.layers import describe_effect_ops

DURATION_IT = {"end_of_turn": "fino alla fine del turno", "end_of_combat": "fino alla fine del combattimento",
               "permanent": "senza scadenza", "until_your_next_turn": "fino al prossimo turno del suo controllore",
               "until_end_of_your_next_turn": "fino alla fine del prossimo turno del suo controllore",
               "while_source_on_battlefield": "finché la sua fonte resta sul campo di battaglia"}

# The counters damage removes from planeswalkers and battles.
_COUNTER_IT = {"loyalty": "fedeltà", "defense": "difesa"}


def _target(p: dict[str, Any], names: Names) -> str:
    """The target of a record: a player's name as is, a card's name as the scenario shows it."""
    return str(p["target"]) if p.get("target_is_player") else names.card(p["target"])


def _dealt(p: dict[str, Any], names: Names, target: str) -> str:
    """"X infligge 3 danni [da combattimento ]a Y"."""
    kind = "da combattimento " if p["combat"] else ""
    return f"{names.card(p['source'])} infligge {amount(p['amount'], 'danno', 'danni')} {kind}{to_name(target)}"


def _counters(n: int, kind: str) -> str:
    return f"{n} {plural(n, 'segnalino', 'segnalini')} {kind}"


def _continuous_effect(p: dict[str, Any], names: Names) -> str:
    affected = names.cards(p["affected"]) or "nessun oggetto"
    return (f"{names.card(p['source'])}: {affected} — {describe_effect_ops(p['ops'], names)} "
            f"({DURATION_IT.get(p['duration'], '')}; timestamp {p['timestamp']}). L'insieme degli oggetti "
            "influenzati è fissato ora.")


def _indestructible(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} è indistruttibile: non viene distrutto e resta sul campo di battaglia."


def _regenerated(p: dict[str, Any], names: Names) -> str:
    end = ", ed esce dal combattimento." if p["left_combat"] else "."
    return (f"{names.card(p['name'])} si rigenera invece di essere distrutto: lo scudo di rigenerazione viene "
            f"usato, il permanente viene TAPpato e tutto il danno segnato su di esso viene rimosso{end}")


def _destroyed(p: dict[str, Any], names: Names) -> str:
    if p.get("zone"):
        return (f"{names.card(p['name'])} viene distrutto, ma invece di andare nel cimitero va "
                f"{ZONE_IT.get(p['zone'], p['zone'])} (effetto di sostituzione).")
    return f"{names.card(p['name'])} viene distrutto e messo nel cimitero di {p['owner']}."


def _damage_prevented(p: dict[str, Any], names: Names) -> str:
    return (f"{p['amount']} danno di {names.card(p['source'])} a {_target(p, names)} viene prevenuto da uno "
            "scudo di prevenzione.")


def _damage_infect_player(p: dict[str, Any], names: Names) -> str:
    return (f"{_dealt(p, names, p['player'])}: con infettare il danno diventa {p['amount']} segnalini veleno "
            f"(veleno: {p['poison']}).")


def _damage_player(p: dict[str, Any], names: Names) -> str:
    total = "" if p["life"] is None else f" (punti vita: {p['life']})"
    if "lost" in p:
        lost = "non perde punti vita" if not p["lost"] else f"perde solo {p['lost']} punti vita"
        total = f", ma {lost}{total}"
    return f"{_dealt(p, names, p['player'])}{total}."


def _damage_protection(p: dict[str, Any], names: Names) -> str:
    target = names.card(p["target"])
    return (f"Il danno di {names.card(p['source'])} a {target} viene prevenuto: {target} ha protezione da una "
            "qualità della fonte.")


def _damage_minus_counters(p: dict[str, Any], names: Names) -> str:
    how = "avvizzire" if p["keyword"] == "wither" else "infettare"
    if "counters" in p:
        return (f"{_dealt(p, names, names.card(p['target']))}: con {how} il danno diventerebbe {p['amount']} "
                f"segnalini -1/-1; per un effetto di sostituzione ne riceve {p['counters']}.")
    return (f"{_dealt(p, names, names.card(p['target']))}: con {how} il danno diventa {p['amount']} "
            "segnalini -1/-1.")


def _damage_marked(p: dict[str, Any], names: Names) -> str:
    return f"{_dealt(p, names, names.card(p['target']))} (danno segnato: {p['marked']})."


def _deathtouch_marked(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['source'])} ha tocco letale: al prossimo controllo delle azioni generate dallo stato "
            f"la creatura {names.card(p['target'])} sarà distrutta.")


def _damage_removes_counters(p: dict[str, Any], names: Names) -> str:
    word = _COUNTER_IT.get(p["counter"], p["counter"])
    return (f"{_dealt(p, names, names.card(p['target']))}, che perde altrettanti segnalini {word} "
            f"({word}: {p['left']}).")


def _life_gained(p: dict[str, Any], names: Names) -> str:
    why = " (legame vitale: un solo evento per tutto il danno che la fonte infligge insieme)" if p["lifelink"] else ""
    return (f"{p['player']} guadagna {amount(p['amount'], 'punto vita', 'punti vita')} per "
            f"{names.card(p['source'])}{why} (punti vita: {p['life']}).")


def _life_lost(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} perde {amount(p['amount'], 'punto vita', 'punti vita')} per "
            f"{names.card(p['source'])} (punti vita: {p['life']}).")


def _exiled(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} viene esiliato."


def _token_exiled(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} è una pedina: viene esiliata e non può tornare sul campo di battaglia."


def _exiled_and_returned(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} viene esiliato e ritorna sul campo di battaglia sotto il controllo di "
            f"{p['owner']} come un oggetto nuovo, senza segnalini né danno (timestamp {p['timestamp']}).")


def _sacrificed(p: dict[str, Any], names: Names) -> str:
    return (f"{p['controller']} sacrifica {names.card(p['name'])}: va nel cimitero di {p['owner']} (non è una "
            "distruzione).")


def _returned_to_hand(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} ritorna nella mano di {p['owner']}."


def _by(p: dict[str, Any], names: Names) -> str:
    return f" da {names.card(p['by'])}" if p["by"] else ""


def _spell_countered(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} viene neutralizzata{_by(p, names)}: non si risolve e va nel cimitero di "
            f"{p['owner']}.")


def _ability_countered(p: dict[str, Any], names: Names) -> str:
    return f"L'abilità di {names.card(p['name'])} viene neutralizzata{_by(p, names)} e rimossa dalla pila."


def _discard_choice(p: dict[str, Any], names: Names) -> str:
    how = ("come indicato in choices.discard" if p["given"] else
           "senza una scelta indicata, il replay scarta le carte messe in mano per ultime (quelle elencate per "
           "ultime nello scenario)")
    return (f"{p['player']} sceglie {amount(p['amount'], 'carta', 'carte')} da scartare: "
            f"{names.cards(p['chosen'])} ({how}).")


def _not_chosen_where(p: dict[str, Any]) -> str:
    if p["twice"]:
        return "è già stato indicato una volta"
    if p["zone"] is None:
        return "non esiste in questa partita"
    if p["zone"] == "hand":
        return f"è nella mano di {p['owner']}"
    if p["zone"] == "battlefield":
        return f"è sul campo di battaglia sotto il controllo di {p['controller']}"
    from judgekit.render.terms import ZONE_NAMES_IT

    return f"ora è in questa zona: {ZONE_NAMES_IT.get(p['zone'], p['zone'])}"


def _discard_not_in_hand(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} non può scartare {names.card(p['card'])} ({p['id']}) come dicono le scelte: si scarta "
            f"solo dalla propria mano, e {_not_chosen_where(p)}")


def _sacrifice_not_allowed(p: dict[str, Any], names: Names) -> str:
    if p["twice"] or p["zone"] != "battlefield":
        why = _not_chosen_where(p)
    elif p["controller"] != p["player"]:
        why = f"è controllato da {p['controller']} (si sacrificano solo i permanenti che si controllano)"
    else:
        why = "non è tra i permanenti che l'effetto fa sacrificare"
    return (f"{p['player']} non può sacrificare {names.card(p['card'])} ({p['id']}) come dicono le scelte: "
            f"{why}")


def _sacrifice_choice(p: dict[str, Any], names: Names) -> str:
    chosen = names.cards(p["chosen"])
    if p["given"] is None:
        return (f"{p['player']} deve sacrificare {amount(p['count'], 'permanente', 'permanenti')} per "
                f"{names.card(p['source'])} e ne ha solo quanti richiesti o meno: sacrifica {chosen}.")
    how = ("come indicato in choices.sacrifice" if p["given"] else
           "senza una scelta indicata, il replay sceglie i permanenti entrati per ultimi (timestamp più recente)")
    return (f"{p['player']} sceglie {amount(p['count'], 'permanente', 'permanenti')} da sacrificare per "
            f"{names.card(p['source'])}: {chosen} ({how}).")


def _nothing_to_sacrifice(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} non controlla permanenti che {names.card(p['source'])} fa sacrificare: non "
            "sacrifica nulla.")


OTHER_ONE = "l'altro"


def _replacement_order(p: dict[str, Any], names: Names) -> str:
    others = names.cards(p["others"])
    affected = p["affected"] if p["affected_is_player"] else names.card(p["affected"] or "")
    who = p["player"] if p["affected_is_player"] else f"{p['player']}, che controlla {affected},"
    how = ("come indicato in choices.replacement_order" if p["given"] else
           "senza una scelta indicata, il replay applica prima l'effetto più vecchio")
    return (f"Più effetti di sostituzione o prevenzione potrebbero applicarsi allo stesso evento: {who} sceglie "
            f"quale applicare per primo (616.1e). Si applica quello di {names.card(p['applied'])} ({how}); "
            f"{plural(len(p['others']), OTHER_ONE, 'gli altri')} ({others}) "
            f"{plural(len(p['others']), 'si applica', 'si applicano')} dopo solo se l'evento così modificato "
            f"{plural(len(p['others']), 'lo', 'li')} riguarda ancora (616.1f).{_other_orders(p, names)}")


def _other_orders(p: dict[str, Any], names: Names) -> str:
    """What the other orders would have given (the judge's classic question), when it differs."""
    if "result" not in p:
        return ""
    from judgekit.render.narration.replacement import result_it

    mine = result_it(p["result"])
    if not p["alternatives"]:
        return f" Risultato: {mine}; qualunque ordine darebbe lo stesso."
    others = "; ".join(f"applicando prima quello di {names.card(a['first'])}: {result_it(a['result'])}"
                       for a in p["alternatives"])
    return f" Risultato: {mine}. Con un altro ordine sarebbe diverso ({others})."


def _discarded(p: dict[str, Any], names: Names) -> str:
    return f"{p['player']} scarta {names.card(p['name'])}."


def _poison_counters(p: dict[str, Any], names: Names) -> str:
    return f"{p['player']} riceve {_counters(p['amount'], 'veleno')} (veleno: {p['poison']})."


def _counters_added(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} riceve {_counters(p['amount'], p['counter'])}."


def _counters_removed(p: dict[str, Any], names: Names) -> str:
    return f"Da {names.card(p['name'])} vengono rimossi {p['amount']} segnalini {p['counter']}."


def _tapped(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} viene TAPpato."


def _untapped(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} viene STAPpato."


def _token_created(p: dict[str, Any], names: Names) -> str:
    return (f"{p['player']} crea una pedina {names.card(p['name'])}, che entra sul campo di battaglia "
            f"sotto il suo controllo (timestamp {p['timestamp']}).")


def _prevention_shield(p: dict[str, Any], names: Names) -> str:
    up_to = "" if p["up_to"] is None else f" (fino a {p['up_to']})"
    return (f"Scudo di prevenzione: il prossimo danno che verrebbe inflitto a {_target(p, names)} in questo turno "
            f"viene prevenuto{up_to}.")


def _regeneration_shield(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} ottiene uno scudo di rigenerazione: la prossima volta che verrebbe "
            "distrutto in questo turno, invece si rigenera.")


def _fight_creature_gone(p: dict[str, Any], names: Names) -> str:
    return "Il combattimento non avviene: una delle due creature non è più sul campo di battaglia."


def _fight_not_creature(p: dict[str, Any], names: Names) -> str:
    return "Il combattimento non avviene: uno dei due permanenti non è una creatura."


def _fight(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['first'])} e {names.card(p['second'])} combattono: ciascuno infligge all'altro danno "
            "pari alla propria forza.")


def _not_returned(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} non è più nel cimitero (è un oggetto nuovo): non ritorna."


def _returned_to_battlefield(p: dict[str, Any], names: Names) -> str:
    what = ", ".join(_counters(n, k) for k, n in p["counters"].items())
    return (f"{names.card(p['name'])} ritorna sul campo di battaglia sotto il controllo di {p['owner']}"
            + (f" con {what}" if what else "") + f", come un oggetto nuovo (timestamp {p['timestamp']}).")


def _too_many_tokens(p: dict[str, Any], names: Names) -> str:
    return (f"troppe pedine: l'effetto ne creerebbe altre {p['count']} dopo le {p['created']} già create "
            f"(oggetti in partita: {p['objects']}); un replay può creare al massimo {p['max_tokens']} pedine e "
            f"tenere al massimo {p['max_objects']} oggetti")


TEXTS: dict[str, Text] = {
    "effects.too_many_tokens": _too_many_tokens,
    "effects.continuous_effect": _continuous_effect,
    "effects.indestructible": _indestructible,
    "effects.regenerated": _regenerated,
    "effects.destroyed": _destroyed,
    "effects.damage_prevented": _damage_prevented,
    "effects.damage_infect_player": _damage_infect_player,
    "effects.damage_player": _damage_player,
    "effects.damage_protection": _damage_protection,
    "effects.damage_minus_counters": _damage_minus_counters,
    "effects.damage_marked": _damage_marked,
    "effects.deathtouch_marked": _deathtouch_marked,
    "effects.damage_removes_counters": _damage_removes_counters,
    "effects.life_gained": _life_gained,
    "effects.life_lost": _life_lost,
    "effects.exiled": _exiled,
    "effects.token_exiled": _token_exiled,
    "effects.exiled_and_returned": _exiled_and_returned,
    "effects.sacrificed": _sacrificed,
    "effects.returned_to_hand": _returned_to_hand,
    "effects.spell_countered": _spell_countered,
    "effects.ability_countered": _ability_countered,
    "effects.discard_choice": _discard_choice,
    "effects.discard_not_in_hand": _discard_not_in_hand,
    "effects.sacrifice_not_allowed": _sacrifice_not_allowed,
    "effects.sacrifice_choice": _sacrifice_choice,
    "effects.nothing_to_sacrifice": _nothing_to_sacrifice,
    "effects.replacement_order": _replacement_order,
    "effects.discarded": _discarded,
    "effects.poison_counters": _poison_counters,
    "effects.counters_added": _counters_added,
    "effects.counters_removed": _counters_removed,
    "effects.tapped": _tapped,
    "effects.untapped": _untapped,
    "effects.token_created": _token_created,
    "effects.prevention_shield": _prevention_shield,
    "effects.regeneration_shield": _regeneration_shield,
    "effects.fight_creature_gone": _fight_creature_gone,
    "effects.fight_not_creature": _fight_not_creature,
    "effects.fight": _fight,
    "effects.not_returned": _not_returned,
    "effects.returned_to_battlefield": _returned_to_battlefield,
}
