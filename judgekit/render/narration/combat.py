"""Italian texts of the records and errors of the rules core's combat area (attackers, blockers, combat damage).

Objects come as ``{"name", "id", "shared"}`` (the id is shown when another permanent has the same name),
players as ``{"player": name}``; a division of damage as ``[{"to": who, "amount": n}, ...]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judgekit.render.narration.common import Names, Text
from judgekit.render.terms import it

P = dict[str, Any]

ROLES_IT = {
    "attack_target": "bersaglio dell'attacco", "attacker": "attaccante", "blocker": "bloccante",
    "blocked_attacker": "attaccante bloccato", "damage_source": "creatura che assegna danno",
    "damage_recipient": "destinatario del danno",
}

REMOVAL_IT = {"left_battlefield": "non è più sul campo di battaglia", "not_creature": "non è più una creatura"}

KEYWORD_STEP = "in questa sottofase assegnano danno solo le creature con attacco improvviso o doppio attacco"
RESTRICTION = "una restrizione sui bloccanti, 509.1b"


def _who(p: P, names: Names) -> str:
    """A player's name, or an object's name followed by its id when another permanent has the same name."""
    if "player" in p:
        return str(p["player"])
    name = names.card(p["name"])
    return f"{name} ({p['id']})" if p.get("shared") else name


def _whos(ps: list[P], names: Names) -> str:
    return ", ".join(_who(p, names) for p in ps)


def _attacked(p: P, names: Names) -> str:
    """"Bruno", "Liliana of the Veil (planeswalker di Bruno)", "Invasion of Dominaria (battaglia difesa da Bruno)"."""
    if "battle_of" in p:
        return f"{_who(p, names)} (battaglia difesa da {p['battle_of']})"
    if "planeswalker_of" in p:
        return f"{_who(p, names)} (planeswalker di {p['planeswalker_of']})"
    return _who(p, names)


def _parts(parts: list[P], names: Names) -> str:
    """``2 a Grizzly Bears, 1 a Bruno`` ("nessun danno" when empty)."""
    return ", ".join(f"{part['amount']} a {_who(part['to'], names)}" for part in parts) or "nessun danno"


def _blocked(n: int) -> str:
    return "è bloccata" if n == 1 else "sono bloccate"


# -- steps, declarations ---------------------------------------------------------------------------------


def _no_attackers(p: P, names: Names) -> str:
    return (f"{p['player']} non dichiara creature attaccanti: le sottofasi di dichiarazione dei bloccanti e di danno "
            "da combattimento vengono saltate.")


def _no_blockers(p: P, names: Names) -> str:
    if p.get("players"):
        who = ", ".join(p["players"][:-1]) + " e " + p["players"][-1]
        return (f"Nessun giocatore in difesa ({who}) dichiara bloccanti: {_whos(p['attackers'], names)} non "
                f"{_blocked(len(p['attackers']))}.")
    return (f"{p['player']} non dichiara bloccanti: {_whos(p['attackers'], names)} non "
            f"{_blocked(len(p['attackers']))}.")


def _ends(p: P, names: Names) -> str:
    return "Termina la fase di combattimento: tutte le creature vengono rimosse dal combattimento."


def _removed(p: P, names: Names) -> str:
    reason = REMOVAL_IT.get(p["reason"]) or f"ora è controllata da {p['controller']}"
    return f"{_who(p['creature'], names)} {reason}: viene rimossa dal combattimento."


ATTACKED_REMOVAL_IT = {"left_battlefield": "non è più sul campo di battaglia",
                       "not_attackable": "non è più né un planeswalker né una battaglia"}


def _attacked_removed(p: P, names: Names) -> str:
    reason = ATTACKED_REMOVAL_IT.get(p["reason"]) or f"ora è controllato da {p['controller']}"
    if len(p["attackers"]) == 1:
        rest = "continua ad attaccare, ma nessuno: se non è bloccata non infligge danno da combattimento"
    else:
        rest = "continuano ad attaccare, ma nessuno: quelle non bloccate non infliggono danno da combattimento"
    return (f"{_who(p['attacked'], names)} {reason}: viene rimosso dal combattimento e non è più attaccato. "
            f"{_whos(p['attackers'], names)} {rest}.")


def _unknown_object(p: P, names: Names) -> str:
    return f"«{p['ref']}» ({ROLES_IT[p['role']]}) non esiste in questo momento della partita"


def _attack_player_not_defending(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} non può attaccare {p['player']}: si può attaccare solo il giocatore in "
            f"difesa ({p['defender']})")


def _attack_target_off_battlefield(p: P, names: Names) -> str:
    return f"{_who(p['attacker'], names)} non può attaccare {_who(p['target'], names)}: non è sul campo di battaglia"


def _attack_planeswalker_not_defending(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} non può attaccare {_who(p['target'], names)}: si possono attaccare solo "
            f"i planeswalker controllati dal giocatore in difesa ({p['defender']})")


def _attack_battle_not_defending(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} non può attaccare {_who(p['target'], names)}: il suo difensore è "
            f"{p['protector']}, e il difensore di una battaglia non può attaccarla; si possono attaccare solo le "
            f"battaglie difese dal giocatore in difesa ({p['defender']})")


def _attack_not_attackable(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} non può attaccare {_who(p['target'], names)}: si possono attaccare solo "
            "giocatori, planeswalker e battaglie")


def _attacker_not_creature(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non è una creatura sul campo di battaglia: solo le creature possono "
            "attaccare")


def _attacker_not_controlled(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} è controllata da {p['controller']}: attacca solo il giocatore attivo "
            f"({p['player']}) con le creature che controlla")


def _attacker_tapped(p: P, names: Names) -> str:
    return f"{_who(p['creature'], names)} è TAPpata: le creature scelte come attaccanti devono essere STAPpate"


def _attacker_summoning_sick(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non è sotto il controllo di {p['player']} con continuità dall'inizio "
            "del suo turno e non ha rapidità: non può attaccare (302.6)")


def _attacker_has_defender(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} ha difensore e non può attaccare: la restrizione rende illegale la "
            "dichiarazione (508.1c)")


def _attacks_vigilance(p: P, names: Names) -> str:
    return f"{_who(p['creature'], names)} attacca {_attacked(p['attacked'], names)}; ha cautela e non viene TAPpata."


def _attacks(p: P, names: Names) -> str:
    return f"{_who(p['creature'], names)} attacca {_attacked(p['attacked'], names)} e viene TAPpata."


def _block_flying(p: P, names: Names) -> str:
    return (f"{_who(p['blocker'], names)} non ha volare né raggiungere e non può bloccare "
            f"{_who(p['attacker'], names)}, che ha volare ({RESTRICTION})")


def _block_protection(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} ha {it(p['keyword'])} e non può essere bloccata da "
            f"{_who(p['blocker'], names)} ({RESTRICTION})")


def _blockers_without_attackers(p: P, names: Names) -> str:
    return "nessuna creatura è stata dichiarata attaccante: la sottofase di dichiarazione dei bloccanti viene saltata"


def _blockers_already_declared(p: P, names: Names) -> str:
    return "i bloccanti di questo combattimento sono già stati dichiarati"


def _blocker_not_creature(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non è una creatura sul campo di battaglia: solo le creature possono "
            "bloccare")


def _blocker_not_controlled(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} è controllata da {p['controller']}: blocca solo il giocatore in difesa "
            f"({p['player']}) con le creature che controlla")


def _blocker_tapped(p: P, names: Names) -> str:
    return f"{_who(p['creature'], names)} è TAPpata: le creature scelte come bloccanti devono essere STAPpate"


def _blocker_without_attacker(p: P, names: Names) -> str:
    return f"{_who(p['creature'], names)}: indica quale creatura attaccante blocca"


def _blocks_too_many(p: P, names: Names) -> str:
    most = p["most"]
    can = "una sola creatura attaccante" if most == 1 else f"al massimo {most} creature attaccanti"
    return f"{_who(p['creature'], names)} può bloccare {can}, non {p['count']}"


def _block_not_attacking(p: P, names: Names) -> str:
    return (f"{_who(p['blocker'], names)} non può bloccare {_who(p['attacker'], names)}: non è una creatura "
            "attaccante")


def _block_twice(p: P, names: Names) -> str:
    return f"{_who(p['blocker'], names)} blocca {_who(p['attacker'], names)} una volta sola"


def _menace_single_blocker(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} ha minacciare e non può essere bloccata da una sola creatura "
            f"({RESTRICTION})")


def _blocks(p: P, names: Names) -> str:
    blocker = _who(p["blocker"], names)
    notes = [f"{_who(a, names)} ha volare e {blocker} ha {it(p['blocker_keyword'])}" for a in p["flying_attackers"]]
    if p["additional"]:
        notes.append(f"{blocker} può bloccare creature aggiuntive")
    shown = f" ({'; '.join(notes)})" if notes else ""
    return f"{blocker} blocca {_whos(p['attackers'], names)}{shown}."


def _menace_blocked(p: P, names: Names) -> str:
    return f"{_who(p['attacker'], names)} ha minacciare ed è bloccata da {p['count']} creature: blocco legale."


def _attackers_blocked(p: P, names: Names) -> str:
    one = len(p["attackers"]) == 1
    return (f"{'È bloccata' if one else 'Sono bloccate'}: {_whos(p['attackers'], names)}; "
            f"{'resta bloccata' if one else 'restano bloccate'} anche se i bloccanti vengono rimossi dal "
            "combattimento.")


def _attackers_unblocked(p: P, names: Names) -> str:
    one = len(p["attackers"]) == 1
    return f"{'Non è bloccata' if one else 'Non sono bloccate'}: {_whos(p['attackers'], names)}."


# -- damage assignment ------------------------------------------------------------------------------------


def _assign_outside_combat(p: P, names: Names) -> str:
    return ("«assign_damage» è possibile solo durante un combattimento, dopo la dichiarazione degli attaccanti")


def _assign_not_in_combat(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non è una creatura attaccante o bloccante: non assegna danno da "
            "combattimento")


def _division_chosen(p: P, names: Names) -> str:
    return (f"Divisione del danno scelta per {_who(p['creature'], names)}: {_parts(p['parts'], names)}; viene "
            "controllata all'inizio della sottofase di danno in cui assegna danno.")


def _double_strike_deals_again(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} aveva attacco improvviso o doppio attacco all'inizio della prima "
            "sottofase e ora ha doppio attacco: assegna danno anche in questa.")


def _waits_for_regular_step(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non ha attacco improvviso né doppio attacco: non assegna danno in questa "
            "sottofase, lo farà nella seconda.")


def _lost_double_strike(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} aveva attacco improvviso o doppio attacco all'inizio della prima "
            "sottofase e ora non ha doppio attacco: non assegna danno in questa.")


def _blocker_assigns_elsewhere(p: P, names: Names) -> str:
    blocking = _whos(p["blocking"], names) or "creature rimosse dal combattimento"
    return f"{_who(p['creature'], names)} blocca solo {blocking}: non può assegnare danno a {_who(p['to'], names)}"


def _unblocked_assigns_elsewhere(p: P, names: Names) -> str:
    attacked = p["attacked"]
    dest = _who(attacked, names) if attacked is not None else "nulla (ciò che attaccava non c'è più)"
    return (f"{_who(p['creature'], names)} non è bloccata e assegna tutto il suo danno a ciò che attacca "
            f"({dest}), non a {_who(p['to'], names)}")


def _trample_other_player(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} ha travolgere ma attacca {_who(p['attacked'], names)}: nessuna parte del "
            f"suo danno può andare a {_who(p['to'], names)}")


def _blocked_by_none_assigns(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} è bloccata ma nessuna creatura la blocca più: non assegna danno da "
            "combattimento")


def _blocked_assigns_elsewhere(p: P, names: Names) -> str:
    without = "" if p["trample"] else "senza travolgere "
    return (f"{_who(p['creature'], names)} è bloccata da {_whos(p['blockers'], names)}: {without}assegna il suo "
            f"danno solo alle creature che la bloccano, non a {_who(p['to'], names)}")


def _cannot_assign_to(p: P, names: Names) -> str:
    return f"{_who(p['creature'], names)} non può assegnare danno a {_who(p['to'], names)}"


def _no_power_assigns(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} ha forza {p['power']}: non assegna danno da combattimento, "
            f"non {p['total']}")


def _nothing_to_assign_to(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non ha nulla a cui assegnare danno in questa sottofase, non può "
            f"assegnarne {p['total']}")


def _assigns_wrong_total(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} deve assegnare danno da combattimento pari alla sua forza, {p['power']}: "
            f"la divisione indicata ne assegna {p['total']}")


def _trample_before_lethal(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} ha travolgere, ma può assegnare danno a {_who(p['attacked'], names)} "
            "solo dopo aver assegnato danno letale a ogni creatura che la blocca: a "
            f"{_who(p['blocker'], names)} ne servono almeno {p['lethal']}, ne riceve {p['assigned']}")


# Why a division of combat damage is legal (``combat.damage_assigned``, parameter ``why``; ``details``).
WHY: dict[str, Callable[[P, Names], str]] = {
    "no_power": lambda d, names: f"ha forza {d['power']}: non assegna danno da combattimento",
    "blocked_by_none_trample": lambda d, names: (
        f"è bloccata ma nessuna creatura la blocca più: con travolgere assegna tutti i {d['power']} danni a "
        f"{_who(d['attacked'], names)}"),
    "blocked_by_none": lambda d, names: (
        "è bloccata ma nessuna creatura la blocca più: non assegna danno da combattimento"),
    "unblocked_target_gone": lambda d, names: (
        "non è bloccata, ma ciò che attaccava è stato rimosso dal combattimento: non assegna danno"),
    "unblocked_player_left": lambda d, names: (
        f"non è bloccata, ma attaccava {d['player']}, che ha lasciato la partita: il danno da combattimento non si "
        "assegna a chi non è più in partita (800.4e), quindi non assegna danno"),
    "unblocked": lambda d, names: f"non è bloccata: assegna {_parts(d['parts'], names)}",
    "blocks_none": lambda d, names: "non blocca più alcuna creatura: non assegna danno da combattimento",
    "single": lambda d, names: (
        f"un solo {'bloccante' if d['attacker'] else 'attaccante'}: assegna {_parts(d['parts'], names)}"),
    "division": lambda d, names: f"{_division_how(d)}: {_parts(d['parts'], names)}",
}


def _division_how(d: P) -> str:
    if d["explicit"]:
        return "divisione scelta dal suo controllore"
    rest = "a ciò che attacca" if d["rest_to_attacked"] else "all'ultimo"
    return ("nessuna divisione indicata: danno letale a ciascuno nell'ordine di dichiarazione, il resto "
            f"{rest} (scelta predefinita del replay: l'ordine di assegnazione del danno non esiste più)")


def _lethal(entry: P, names: Names) -> str:
    """``Grizzly Bears 1 (già segnati 1) (tocco letale: 1 danno è letale) (altre creature gli assegnano 1)``."""
    extra = f" (già segnati {entry['marked']})" if entry["marked"] else ""
    if entry["deathtouch"]:
        extra += " (tocco letale: 1 danno è letale)"
    if entry["others"]:
        extra += f" (altre creature gli assegnano {entry['others']})"
    return f"{_who(entry['to'], names)} {entry['lethal']}{extra}"


def _why(code: str, d: P, names: Names) -> str:
    why = WHY[code](d, names)
    if "lethal" in d:
        why += ("; con travolgere il resto va oltre perché ogni bloccante ha ricevuto danno letale: "
                + ", ".join(_lethal(e, names) for e in d["lethal"]))
    return why


def _damage_assigned(p: P, names: Names) -> str:
    return (f"{p['player']} assegna il danno di {_who(p['creature'], names)} (forza {p['power']}): "
            f"{_why(p['why'], p['details'], names)}.")


# -- damage steps -----------------------------------------------------------------------------------------


def _first_strike_step_begins(p: P, names: Names) -> str:
    who = "; ".join(f"{_who(c, names)} ha {it(c['keyword'])}" for c in p["first_strikers"])
    return f"Inizia la prima sottofase di danno da combattimento ({who}): {KEYWORD_STEP}."


def _regular_step_begins(p: P, names: Names) -> str:
    return ("Inizia la seconda sottofase di danno da combattimento: assegnano danno le creature che non avevano "
            "attacco improvviso né doppio attacco all'inizio della prima e quelle che ora hanno doppio attacco.")


def _division_unused(p: P, names: Names) -> str:
    return (f"La divisione indicata per {_who(p['creature'], names)} non serve più: non è più in "
            "combattimento.")


def _no_damage(p: P, names: Names) -> str:
    return "Nessuna creatura infligge danno da combattimento in questa sottofase."


def _damage_dealt(p: P, names: Names) -> str:
    return "Tutto il danno da combattimento assegnato viene inflitto simultaneamente."


def _life_totals(p: P, names: Names) -> str:
    totals = ", ".join(f"{q['name']} {q['life']}" + (f" ({q['poison']} veleno)" if q["poison"] else "")
                       for q in p["players"])
    return f"Punti vita: {totals}."


TEXTS: dict[str, Text] = {
    "combat.no_attackers": _no_attackers,
    "combat.no_blockers": _no_blockers,
    "combat.ends": _ends,
    "combat.removed": _removed,
    "combat.attacked_removed": _attacked_removed,
    "combat.unknown_object": _unknown_object,
    "combat.attack_player_not_defending": _attack_player_not_defending,
    "combat.attack_target_off_battlefield": _attack_target_off_battlefield,
    "combat.attack_planeswalker_not_defending": _attack_planeswalker_not_defending,
    "combat.attack_battle_not_defending": _attack_battle_not_defending,
    "combat.attack_not_attackable": _attack_not_attackable,
    "combat.attacker_not_creature": _attacker_not_creature,
    "combat.attacker_not_controlled": _attacker_not_controlled,
    "combat.attacker_tapped": _attacker_tapped,
    "combat.attacker_summoning_sick": _attacker_summoning_sick,
    "combat.attacker_has_defender": _attacker_has_defender,
    "combat.attacks_vigilance": _attacks_vigilance,
    "combat.attacks": _attacks,
    "combat.block_flying": _block_flying,
    "combat.block_protection": _block_protection,
    "combat.blockers_without_attackers": _blockers_without_attackers,
    "combat.blockers_already_declared": _blockers_already_declared,
    "combat.blocker_not_creature": _blocker_not_creature,
    "combat.blocker_not_controlled": _blocker_not_controlled,
    "combat.blocker_tapped": _blocker_tapped,
    "combat.blocker_without_attacker": _blocker_without_attacker,
    "combat.blocks_too_many": _blocks_too_many,
    "combat.block_not_attacking": _block_not_attacking,
    "combat.block_twice": _block_twice,
    "combat.menace_single_blocker": _menace_single_blocker,
    "combat.blocks": _blocks,
    "combat.menace_blocked": _menace_blocked,
    "combat.attackers_blocked": _attackers_blocked,
    "combat.attackers_unblocked": _attackers_unblocked,
    "combat.assign_outside_combat": _assign_outside_combat,
    "combat.assign_not_in_combat": _assign_not_in_combat,
    "combat.division_chosen": _division_chosen,
    "combat.double_strike_deals_again": _double_strike_deals_again,
    "combat.waits_for_regular_step": _waits_for_regular_step,
    "combat.lost_double_strike": _lost_double_strike,
    "combat.blocker_assigns_elsewhere": _blocker_assigns_elsewhere,
    "combat.unblocked_assigns_elsewhere": _unblocked_assigns_elsewhere,
    "combat.trample_other_player": _trample_other_player,
    "combat.blocked_by_none_assigns": _blocked_by_none_assigns,
    "combat.blocked_assigns_elsewhere": _blocked_assigns_elsewhere,
    "combat.cannot_assign_to": _cannot_assign_to,
    "combat.no_power_assigns": _no_power_assigns,
    "combat.nothing_to_assign_to": _nothing_to_assign_to,
    "combat.assigns_wrong_total": _assigns_wrong_total,
    "combat.trample_before_lethal": _trample_before_lethal,
    "combat.damage_assigned": _damage_assigned,
    "combat.first_strike_step_begins": _first_strike_step_begins,
    "combat.regular_step_begins": _regular_step_begins,
    "combat.division_unused": _division_unused,
    "combat.no_damage": _no_damage,
    "combat.damage_dealt": _damage_dealt,
    "combat.life_totals": _life_totals,
}
