"""Italian texts of the records and errors of the rules core's stack area: casting, activating, resolving,
targets (``judgekit.engine.stack``)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import ZONE_IT, Names, Text, stack_label, stack_note
from judgekit.render.narration.costs import PAID as COST_PAID
from judgekit.render.narration.turn import step_name
from judgekit.render.terms import ZONE_NAMES_IT, it

PASSED = "Tutti i giocatori passano la priorità in successione (117.3d), quindi "

PRIORITY_BACK = ". La priorità torna al giocatore attivo."


# -- shared parts ------------------------------------------------------------------------------------------
def _ref(ref: dict[str, Any], names: Names) -> str:
    """A target: a player's name, or a card's name."""
    return str(ref["name"]) if ref["player"] else names.card(ref["name"])


def _refs(refs: list[dict[str, Any]], names: Names) -> str:
    return ", ".join(_ref(r, names) for r in refs)


def _named(p: dict[str, Any], names: Names) -> str:
    """The spell (``card``) or, with ``ability``, "l'abilità di" its source."""
    card = names.card(p["card"])
    return f"l'abilità di {card}" if p["ability"] else card


def _kind(types: list[str]) -> str:
    """A spell's card types in lower case ("creatura", "istantaneo"), "magia" with none."""
    return " ".join(it(t) for t in types).lower() or "magia"


def _phrase(item: dict[str, Any], names: Names) -> str:
    """A stack object as the subject of a sentence: "Fulmine", "l'abilità innescata di X"."""
    label = stack_label(item, names)
    return f"l'{label}" if label.startswith("abilità") else label


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def problem_text(problem: dict[str, Any], names: Names) -> str:
    """Why a target is illegal (a ``problem``: ``code``, ``rule``, ``params`` of a ``stack.target_*`` code)."""
    fn = TEXTS.get(problem["code"])
    if fn is None:  # the target problems of another area (players' hexproof and protection)
        from judgekit.render.narration.restrictions import TEXTS as more

        fn = more[problem["code"]]
    return fn(problem["params"], names)


def _to_graveyard(p: dict[str, Any]) -> str:
    """Where a spell goes as it leaves the stack; ``instead`` when a replacement effect sent it elsewhere."""
    if p.get("instead"):
        zone = ZONE_IT.get(p["instead"], p["instead"])
        return f"andrebbe nel cimitero di {p['owner']}, ma un effetto di sostituzione la manda {zone}"
    return f"va nel cimitero di {p['owner']}"


def _passed(p: dict[str, Any]) -> str:
    return f"{p['passed']} passa la priorità (117.3d); " if p["passed"] else ""


def _targets_part(p: dict[str, Any], names: Names) -> str:
    return f" bersagliando {_refs(p['targets'], names)}" if p["targets"] else ""


def _targets_legal(p: dict[str, Any]) -> str:
    if not p["targets"]:
        return ""
    return f"; {'il bersaglio è legale' if len(p['targets']) == 1 else 'i bersagli sono legali'} (601.2c)"


def _on_stack(p: dict[str, Any], names: Names) -> str:
    return f". {p['player']} riceve di nuovo priorità (117.3c).{stack_note(p, names)}"


# -- why a target is illegal ---------------------------------------------------------------------------------
def _not_allowed(p: dict[str, Any], names: Names) -> str:
    zone = ZONE_NAMES_IT.get(p["zone"], p["zone"])
    where = "" if p["zone"] == "battlefield" else f" (si trova nella zona {zone})"
    return f"{names.card(p['card'])}{where} non è un bersaglio ammesso dal testo"


def _hexproof(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['card'])} ha anti-malocchio e non può essere bersaglio di magie o abilità controllate da "
            f"un avversario del suo controllore {p['controller']}, come {p['opponent']}")


def _protection(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['card'])} ha {it(p['keyword'])} e non può essere bersaglio di {names.card(p['source'])}"


# -- errors --------------------------------------------------------------------------------------------------
TIMING_REASONS = {
    "not_your_turn": lambda p: f"è il turno di {p['active']}, non di {p['player']}",
    "not_main_phase": lambda p: f"siamo nella {step_name(p['step'])}, non in una fase principale",
    "stack_not_empty": lambda p: "la pila non è vuota",
}


def _cast_timing(p: dict[str, Any], names: Names) -> str:
    reasons = "; ".join(TIMING_REASONS[r](p) for r in p["reasons"])
    return (f"{p['player']} non può lanciare {names.card(p['card'])} ({_kind(p['types'])}) adesso: si lancia solo "
            f"durante una fase principale del proprio turno con la pila vuota (CR {p['timing_rule']}, 117.1a), ma "
            + reasons)


def _no_priority(p: dict[str, Any], names: Names) -> str:
    card = names.card(p["card"])
    what = f"lanciare {card}" if p["action"] == "cast" else f"attivare l'abilità di {card}"
    return f"{p['player']} non può {what}: nella {step_name(p['step'])} nessun giocatore riceve priorità"


def _target_chosen_twice(p: dict[str, Any], names: Names) -> str:
    return (f"{_ref(p['target'], names)} è scelto due volte come bersaglio di {_named(p, names)}: lo stesso oggetto "
            "o giocatore non può essere scelto più volte per la stessa parola «bersaglio»")


def _target_illegal(p: dict[str, Any], names: Names) -> str:
    problem = p["problem"]
    rules = ", ".join(dict.fromkeys((problem["rule"], "601.2c")))
    return (f"bersaglio non valido per {_named(p, names)}: {problem_text(problem, names)} (CR {rules}). Il lancio "
            "o l'attivazione è illegale e il gioco torna alla situazione precedente")


def _not_castable(p: dict[str, Any], names: Names) -> str:
    where = {"battlefield": "sul campo di battaglia", "stack": "già in pila"}.get(p["zone"], "fuori dalla partita")
    return f"«{p['id']}» è {where} e non può essere lanciato"


def _cast_from_zone(p: dict[str, Any], names: Names) -> str:
    zone = ZONE_NAMES_IT.get(p["zone"], p["zone"])
    return (f"{names.card(p['card'])} si trova nella zona {zone}: nessuna regola o effetto dello scenario permette "
            "di lanciarlo da lì (si lanciano le carte dalla propria mano)")


LOYALTY_REASONS = {
    "not_your_turn": lambda p, names: f"è il turno di {p['active']}",
    "not_main_phase": lambda p, names: "non è una fase principale",
    "stack_not_empty": lambda p, names: "la pila non è vuota",
    "loyalty_used": lambda p, names: ("in questo turno è già stata attivata un'abilità di fedeltà di "
                                      f"{names.card(p['card'])}"),
}


def _loyalty_timing(p: dict[str, Any], names: Names) -> str:
    reasons = "; ".join(LOYALTY_REASONS[r](p, names) for r in p["reasons"])
    return (f"l'abilità di fedeltà di {names.card(p['card'])} si attiva solo come una stregoneria e una volta per "
            "turno per ogni permanente: " + reasons)


def _symbol(cost: str) -> str:
    return "{T}" if cost == "tap" else "{Q}"


def _cost_summoning_sick(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['card'])} è una creatura che non è sotto il controllo di {p['player']} con continuità "
            "dall'inizio del suo turno più recente: non può attivare un'abilità con "
            f"{_symbol(p['cost'])} nel costo (debolezza da evocazione)")


# -- records -------------------------------------------------------------------------------------------------
def _cast(p: dict[str, Any], names: Names) -> str:
    text = (f"{_passed(p)}{p['player']} lancia{' in risposta' if p['response'] else ''} {names.card(p['card'])} "
            f"({_kind(p['types'])}){_targets_part(p, names)}: la carta va in cima alla pila (601.2a, 405.1)"
            f"{_targets_legal(p)}")
    if p["mana_cost"]:
        text += f"; paga il costo {p['mana_cost']} (il mana è registrato, non tracciato, 601.2h)"
    return text + _on_stack(p, names)


PAID = {
    "tap": lambda c, names: f"TAPpa {names.card(c['card'])}",
    "untap": lambda c, names: f"STAPpa {names.card(c['card'])}",
    "pay_life": lambda c, names: f"paga {c['amount']} punti vita (punti vita: {c['life']})",
    "loyalty": lambda c, names: f"{'+' if c['amount'] >= 0 else ''}{c['amount']} fedeltà",
    "remove_counters": lambda c, names: f"rimuove {c['amount']} segnalini {c['counter']}",
    "mana": lambda c, names: f"paga {c['mana']} (il mana è registrato, non tracciato)",
    "sacrifice": lambda c, names: f"sacrifica {names.card(c['card'])}",
}
PAID.update(COST_PAID)


def _activate(p: dict[str, Any], names: Names) -> str:
    card = names.card(p["card"])
    # An activated keyword (crew, equip) is named: «attiva manovrare 3 di Smuggler's Copter».
    which = f"{it(p['keyword'])} di {card}" if p.get("keyword") else f"un'abilità di {card}"
    text = (f"{_passed(p)}{p['player']} attiva{' in risposta' if p['response'] else ''} {which}"
            f"{_targets_part(p, names)}")
    if p["paid"]:
        text += " e paga il costo (" + ", ".join(PAID[c["cost"]](c, names) for c in p["paid"]) + ")"
    text += f": l'abilità va in cima alla pila (602.2, 405.1){_targets_legal(p)}"
    if p["sacrificed"]:
        text += (f". {card} è già nel cimitero mentre l'abilità aspetta in pila: l'abilità esiste "
                 "indipendentemente dalla sua fonte (113.7a)")
    return text + _on_stack(p, names)


def _all_targets_illegal(p: dict[str, Any], names: Names) -> str:
    problems = p["problems"]
    why = "; ".join(f"{problem_text(pr, names)} ({pr['rule']})" for pr in problems)
    which = "il suo bersaglio è ora illegale" if len(problems) == 1 else "tutti i suoi bersagli sono ora illegali"
    aura = " (un'Aura non entra sul campo di battaglia)" if p["aura"] else ""
    return (f"{PASSED}{_phrase(p['item'], names)} dovrebbe risolversi, ma {which} ({why}): non si risolve e "
            f"nessuna delle sue istruzioni viene eseguita{aura}.")


def _some_targets_illegal(p: dict[str, Any], names: Names) -> str:
    illegal = p["illegal"]
    which = "è illegale il bersaglio" if len(illegal) == 1 else "sono illegali i bersagli"
    listed = ", ".join(f"{_ref(i['target'], names)} ({problem_text(i['problem'], names)})" for i in illegal)
    return (f"{_capital(_phrase(p['item'], names))}: {which} {listed}; si risolve per gli altri bersagli, e quelli "
            "illegali non vengono influenzati.")


def _permanent_resolves(p: dict[str, Any], names: Names) -> str:
    text = (f"{PASSED}{names.card(p['card'])} si risolve ed entra sul campo di battaglia sotto il controllo di "
            f"{p['controller']} (timestamp {p['timestamp']})")
    if p["host"] is not None:
        text += f", assegnata a {_ref(p['host'], names)}, il suo bersaglio"
    return text + PRIORITY_BACK


def _spell_effects_continue(p: dict[str, Any], names: Names) -> str:
    sources = ", ".join(names.card(n) for n in p["sources"])
    card = names.card(p["card"])
    if len(p["sources"]) == 1:
        return (f"L'effetto di {sources} che ha cambiato {card} mentre era una magia in pila continua ad "
                "applicarsi al permanente in cui la magia si è trasformata.")
    return (f"Gli effetti di {sources} che hanno cambiato {card} mentre era una magia in pila continuano ad "
            "applicarsi al permanente in cui la magia si è trasformata.")


def _ability_resolves(p: dict[str, Any], names: Names) -> str:
    left = (" anche se la sua fonte ha lasciato il campo di battaglia: usa le informazioni di quando vi era "
            "(603.10, 608.2h)") if p["source_left"] else ""
    used = ""
    if p.get("optional") == "given":
        used = f" È facoltativa («può»): {p['controller']} sceglie di usarla, come indicato nelle scelte."
    elif p.get("optional") == "default":
        used = (f" È facoltativa («può»): senza una scelta indicata il replay la usa ({p['controller']} potrebbe "
                "non usarla: si indica con use: false nelle scelte).")
    return f"{PASSED}{_phrase(p['item'], names)} si risolve{left}.{used}"


def _optional_declined(p: dict[str, Any], names: Names) -> str:
    how = ", come indicato nelle scelte" if p.get("given") else ""
    return (f"{PASSED}{_phrase(p['item'], names)} si risolve: è facoltativa («può») e {p['controller']} sceglie "
            f"di non usarla{how}, quindi non fa nulla.")


TEXTS: dict[str, Text] = {
    # why a target is illegal (parts of the messages below; also for other areas)
    "stack.target_not_in_game": lambda p, names: f"«{p['ref']}» non è un oggetto né un giocatore di questa partita",
    "stack.target_player_not_allowed":
        lambda p, names: f"{p['player']} non è un giocatore che si può scegliere come bersaglio",
    "stack.target_player_not_object":
        lambda p, names: f"{p['player']} è un giocatore, ma il bersaglio deve essere un oggetto",
    "stack.target_missing": lambda p, names: "il bersaglio non esiste",
    "stack.target_changed_zone":
        lambda p, names: (f"{names.card(p['card'])} ha cambiato zona: è un oggetto nuovo, non più quello scelto "
                          "come bersaglio"),
    "stack.target_self": lambda p, names: f"la magia {names.card(p['card'])} non può bersagliare se stessa",
    "stack.target_not_allowed": _not_allowed,
    "stack.target_not_permanent":
        lambda p, names: f"{names.card(p['card'])} non è un permanente sul campo di battaglia",
    "stack.target_shroud":
        lambda p, names: f"{names.card(p['card'])} ha velo e non può essere bersaglio di alcuna magia o abilità",
    "stack.target_hexproof": _hexproof,
    "stack.target_protection": _protection,
    # errors
    "stack.cast_timing": _cast_timing,
    "stack.no_priority": _no_priority,
    "stack.unknown_target":
        lambda p, names: f"bersaglio sconosciuto «{p['target']}»: usa l'id di un oggetto o il nome di un giocatore",
    "stack.targets_not_expected": lambda p, names: f"{_named(p, names)} non ha bersagli: togli «targets»",
    "stack.target_required": lambda p, names: f"{_named(p, names)} richiede un bersaglio: indicalo in «targets»",
    "stack.target_chosen_twice": _target_chosen_twice,
    "stack.target_illegal": _target_illegal,
    "stack.cast_player_mismatch":
        lambda p, names: f"l'oggetto lanciato ha {p['field']} «{p['value']}», ma lo lancia {p['caster']}",
    "stack.id_in_use": lambda p, names: f"l'id «{p['id']}» è già usato da un altro oggetto",
    "stack.unknown_object": lambda p, names: f"oggetto sconosciuto «{p['id']}»",
    "stack.not_castable": _not_castable,
    "stack.cast_from_zone": _cast_from_zone,
    "stack.cast_from_other_hand":
        lambda p, names: (f"{p['player']} non può lanciare {names.card(p['card'])}, che è nella mano di "
                          f"{p['owner']}"),
    "stack.land_not_cast":
        lambda p, names: f"{names.card(p['card'])} è una terra: si gioca come azione speciale, non si lancia",
    "stack.no_such_ability":
        lambda p, names: (f"{names.card(p['card'])} non ha un'abilità attivata numero {p['index']} (ne ha "
                          f"{p['count']}; si contano da 0, esclusi le abilità di mana e le parole chiave)"),
    "stack.ability_not_on_battlefield":
        lambda p, names: (f"{names.card(p['card'])} non è sul campo di battaglia: le abilità attivate di un "
                          "permanente si possono attivare solo mentre è sul campo di battaglia"),
    "stack.loyalty_timing": _loyalty_timing,
    "stack.cost_tapped": lambda p, names: f"{names.card(p['card'])} è già TAPpato e non può pagare il costo {{T}}",
    "stack.cost_untapped": lambda p, names: f"{names.card(p['card'])} è STAPpato e non può pagare il costo {{Q}}",
    "stack.cost_summoning_sick": _cost_summoning_sick,
    "stack.cost_life":
        lambda p, names: f"{p['player']} ha {p['life']} punti vita e non può pagarne {p['amount']}",
    "stack.cost_loyalty":
        lambda p, names: (f"{names.card(p['card'])} ha {p['loyalty']} segnalini fedeltà e non può pagare un costo "
                          f"di {p['amount']}"),
    "stack.cost_counters":
        lambda p, names: f"{names.card(p['card'])} non ha {p['amount']} segnalini {p['counter']} da rimuovere",
    # records
    "stack.cast": _cast,
    "stack.activate": _activate,
    "stack.all_targets_illegal": _all_targets_illegal,
    "stack.removed_to_graveyard":
        lambda p, names: (f"{names.card(p['card'])} viene rimossa dalla pila e {_to_graveyard(p)}."
                          if p.get("instead") else
                          f"{names.card(p['card'])} viene rimossa dalla pila e messa nel cimitero di "
                          f"{p['owner']}."),
    "stack.some_targets_illegal": _some_targets_illegal,
    "stack.spell_gone": lambda p, names: f"{names.card(p['card'])} non è più in pila: non c'è nulla da risolvere.",
    "stack.permanent_resolves": _permanent_resolves,
    "stack.spell_effects_continue": _spell_effects_continue,
    "stack.spell_resolves":
        lambda p, names: (f"{PASSED}{names.card(p['card'])} si risolve: si eseguono le sue istruzioni nell'ordine "
                          "in cui sono scritte."),
    "stack.spell_to_graveyard":
        lambda p, names: (f"Come ultima parte della risoluzione, {names.card(p['card'])} {_to_graveyard(p)}"
                          f"{PRIORITY_BACK}"),
    "stack.ability_resolves": _ability_resolves,
    "stack.optional_declined": _optional_declined,
}
