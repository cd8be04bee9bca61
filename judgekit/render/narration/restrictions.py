"""The Italian texts of attack and block restrictions and requirements (CR 508.1c-d, 509.1b-c), of hexproof and
protection on players (702.11c, 702.16b, 702.16e) and of the choice to assign combat damage as though the
creature weren't blocked (510.1c)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text, amount
from judgekit.render.terms import it

P = dict[str, Any]


def _who(p: P, names: Names) -> str:
    if "player" in p:
        return str(p["player"])
    name = names.card(p["name"])
    return f"{name} ({p['id']})" if p.get("shared") else name


def _quality(q: str) -> str:
    return it(f"protection_from_{q}")


# What each operation says, for the effects that create them (see ``describe_rule_ops``).
OPS_IT: dict[str, Any] = {
    "cant_block": lambda p: "non può bloccare",
    "cant_attack": lambda p: "non può attaccare",
    "must_attack": lambda p: "attacca in ogni combattimento, se può",
    "must_block": lambda p: "blocca in ogni combattimento, se può",
    "cant_be_blocked": lambda p: "non può essere bloccata" if p is True
    else "non può essere bloccata da certe creature",
    "cant_be_blocked_except_by": lambda p: "può essere bloccata solo da certe creature",
    "must_be_blocked_by_all": lambda p: "tutte le creature in grado di bloccarla devono farlo",
    "blocked_only_by_at_least": lambda p: f"non può essere bloccata da meno di {p} creature",
    "cant_attack_alone": lambda p: "non può attaccare da sola",
    "cant_block_alone": lambda p: "non può bloccare da sola",
    "assign_damage_as_unblocked": lambda p: "può assegnare il danno da combattimento come se non fosse bloccata",
    "player_hexproof": lambda p: "il giocatore ha anti-malocchio",
    "player_protection_from": lambda p: f"il giocatore ha {_quality(str(p))}" if p else "il giocatore ha protezione",
}


def describe_rule_ops(ops: dict[str, Any]) -> list[str]:
    """The operations of an effect that this area knows, in Italian, in the order written."""
    return [OPS_IT[op](p) for op, p in ops.items() if op in OPS_IT]


def _cant_attack(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non può attaccare: la restrizione rende illegale la dichiarazione")


def _cant_attack_alone(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non può attaccare senza altre creature: deve attaccare insieme ad "
            "almeno un'altra")


def _must_attack(p: P, names: Names) -> str:
    start = ("Nessun attaccante dichiarato, ma" if not p["declared"] else "La dichiarazione di attacco non basta:")
    return (f"{start} {_who(p['creature'], names)} deve attaccare, se ne è in grado. Una dichiarazione legale "
            f"rispetta {p['most']} {'obbligo' if p['most'] == 1 else 'obblighi'}, questa "
            f"{p['obeyed']}: va rispettato il numero massimo di obblighi possibile senza violare restrizioni"
            + ("" if p["declared"] else ": la dichiarazione va scritta"))


def _cant_block(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non può bloccare: la restrizione rende illegale la dichiarazione")


def _cant_be_blocked(p: P, names: Names) -> str:
    return (f"{_who(p['blocker'], names)} non può bloccare {_who(p['attacker'], names)}: un effetto vieta che "
            "la blocchino creature come questa")


def _cant_be_blocked_except_by(p: P, names: Names) -> str:
    return (f"{_who(p['blocker'], names)} non può bloccare {_who(p['attacker'], names)}: può bloccarla solo "
            "una creatura del tipo indicato dal suo effetto")


def _blocked_only_by_at_least(p: P, names: Names) -> str:
    return (f"{_who(p['attacker'], names)} può essere bloccata solo da almeno {p['least']} creature, e qui i "
            f"bloccanti sono {p['count']}")


def _cant_block_alone(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} non può bloccare senza altre creature: deve bloccare insieme ad almeno "
            "un'altra")


def _block_requirement(p: P, names: Names) -> str:
    start = "Nessun bloccante dichiarato, ma" if not p["declared"] else "La dichiarazione di blocco non basta:"
    what = (f"deve bloccare {_who(p['attacker'], names)}, perché tutte le creature in grado di bloccarla "
            "devono farlo" if p.get("attacker") else "deve bloccare se può")
    return (f"{start} {_who(p['creature'], names)} {what}. Una dichiarazione legale rispetta {p['most']} "
            f"{'obbligo' if p['most'] == 1 else 'obblighi'}, questa {p['obeyed']}: va rispettato il numero "
            "massimo di obblighi possibile senza violare restrizioni"
            + ("" if p["declared"] else ": la dichiarazione va scritta"))


def _target_player_hexproof(p: P, names: Names) -> str:
    return (f"{p['player']} ha anti-malocchio e non può essere bersaglio di magie o abilità controllate da un suo "
            f"avversario, come {p['opponent']}")


def _target_player_protection(p: P, names: Names) -> str:
    return (f"{p['player']} ha {_quality(p['quality'])} e non può essere bersaglio di "
            f"{names.card(p['source'])}")


def _damage_player_protection(p: P, names: Names) -> str:
    return (f"{p['player']} ha {_quality(p['quality'])}: {amount(p['amount'], 'danno', 'danni')} di "
            f"{names.card(p['source'])} viene prevenuto (702.16e).")


def _assigns_as_unblocked(p: P, names: Names) -> str:
    return (f"{_who(p['creature'], names)} è bloccata, ma chi la controlla sceglie di farle assegnare il danno "
            f"da combattimento come se non lo fosse: tutti i {p['amount']} danni vanno a {_who(p['attacked'], names)} "
            "e nessuno alle creature che la bloccano (510.1c).")


TEXTS: dict[str, Text] = {
    "restrictions.cant_attack": _cant_attack,
    "restrictions.cant_attack_alone": _cant_attack_alone,
    "restrictions.must_attack": _must_attack,
    "restrictions.cant_block": _cant_block,
    "restrictions.cant_be_blocked": _cant_be_blocked,
    "restrictions.cant_be_blocked_except_by": _cant_be_blocked_except_by,
    "restrictions.blocked_only_by_at_least": _blocked_only_by_at_least,
    "restrictions.cant_block_alone": _cant_block_alone,
    "restrictions.block_requirement": _block_requirement,
    "restrictions.target_player_hexproof": _target_player_hexproof,
    "restrictions.target_player_protection": _target_player_protection,
    "restrictions.damage_player_protection": _damage_player_protection,
    "restrictions.assigns_as_unblocked": _assigns_as_unblocked,
}
