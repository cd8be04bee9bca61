"""The Italian texts of games of two to four players and of a player leaving the game (CR 800)."""

from __future__ import annotations

from typing import Any

from judgekit.render.narration.common import Names, Text

P = dict[str, Any]


def _who(p: P, names: Names) -> str:
    """A creature as the combat records name it: its name, with its id when another permanent shares it."""
    name = names.card(p["name"])
    return f"{name} ({p['id']})" if p.get("shared") and p.get("id") else name


def _players(ps: list[str]) -> str:
    return ps[0] if len(ps) == 1 else ", ".join(ps[:-1]) + " e " + ps[-1]


def _leaves(p: P, names: Names) -> str:
    text = (f"{p['player']} ha perso e lascia subito la partita (104.5, 800.4a), che continua tra i giocatori "
            "rimasti")
    if p.get("active"):
        text += ("; era il giocatore attivo: il turno continua senza giocatore attivo e la priorità passa al "
                 "giocatore successivo nell'ordine di turno (800.4j)")
    return text + "."


def _owned_gone(p: P, names: Names) -> str:
    return (f"Gli oggetti di proprietà di {_players(p['players'])} lasciano la partita con il loro proprietario: "
            f"{names.cards(p['names'])}.")


def _control_ends(p: P, names: Names) -> str:
    return (f"Finiscono gli effetti che davano a {_players(p['players'])} il controllo di oggetti: "
            f"{names.cards(p['sources'])}.")


def _stack_ceases(p: P, names: Names) -> str:
    return (f"Le magie e le abilità in pila controllate da {_players(p['players'])} che non sono carte cessano "
            f"di esistere: {names.cards(p['items'])}.")


def _controlled_exiled(p: P, names: Names) -> str:
    return (f"Gli oggetti che {_players(p['players'])} controllava ancora, di proprietà di altri giocatori, "
            f"vengono esiliati: {names.cards(p['names'])}.")


def _trigger_not_put(p: P, names: Names) -> str:
    source = names.card(p["source"])
    return (f"L'abilità innescata di {source} sarebbe controllata da {p['player']}, che ha lasciato la partita: "
            "non viene messa in pila (800.4d).")


def _no_active_player(p: P, names: Names) -> str:
    return (f"{p['player']} ha lasciato la partita durante il proprio turno: il turno continua senza giocatore "
            "attivo e nessuno dichiara attaccanti (800.4j)")


def _block_other_defender(p: P, names: Names) -> str:
    return (f"{_who(p['blocker'], names)} di {p['player']} non può bloccare {_who(p['attacker'], names)}, che "
            f"attacca {p['defender']} (o un suo planeswalker o una sua battaglia): ogni giocatore in difesa "
            "blocca solo le creature che attaccano lui (802.4a)")


TEXTS: dict[str, Text] = {
    "players.leaves": _leaves,
    "players.owned_gone": _owned_gone,
    "players.control_ends": _control_ends,
    "players.stack_ceases": _stack_ceases,
    "players.controlled_exiled": _controlled_exiled,
    "players.trigger_not_put": _trigger_not_put,
    "players.no_active_player": _no_active_player,
    "players.block_other_defender": _block_other_defender,
}
