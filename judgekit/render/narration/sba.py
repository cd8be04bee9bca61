"""Italian texts of the records and errors of the rules core's state-based actions area (CR 704)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judgekit.render.narration.common import ZONE_IT, Names, Text, plural


def _to_graveyard(p: dict[str, Any]) -> str:
    """Where the permanent goes; ``instead`` when a replacement effect sent it elsewhere or kept it (2.3)."""
    instead = p.get("instead")
    if instead == "battlefield":
        return f"andrebbe nel cimitero di {p['owner']}, ma un effetto di sostituzione la tiene sul campo di battaglia"
    if instead:
        return (f"andrebbe nel cimitero di {p['owner']}, ma un effetto di sostituzione la manda "
                f"{ZONE_IT.get(instead, instead)}")
    return f"va nel cimitero di {p['owner']}"


def _check_requested(p: dict[str, Any], names: Names) -> str:
    return "Si controllano le azioni generate dallo stato (avviene ogni volta che un giocatore riceverebbe priorità)."


def _performed(p: dict[str, Any], names: Names) -> str:
    return ("Azioni generate dallo stato: si eseguono tutte insieme, come un unico evento, quelle che si applicano "
            "in questo momento.")


def _no_life(p: dict[str, Any], names: Names) -> str:
    return f"{p['player']} ha {p['life']} punti vita e perde la partita."


def _poisoned(p: dict[str, Any], names: Names) -> str:
    return f"{p['player']} ha {p['poison']} segnalini veleno e perde la partita."


def _draw(p: dict[str, Any], names: Names) -> str:
    return "Tutti i giocatori perdono la partita nello stesso momento: la partita è patta."


def _token_ceases(p: dict[str, Any], names: Names) -> str:
    return f"La pedina {names.card(p['name'])} si trova fuori dal campo di battaglia e cessa di esistere."


def _counters_annihilate(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} ha sia segnalini +1/+1 sia segnalini -1/-1: se ne rimuovono {p['amount']} "
            "di ciascun tipo.")


_NOT_SAVED = {"indestructible": " Indistruttibile non la salva: non viene distrutta, va nel cimitero.",
              "regeneration": " La rigenerazione non la salva: non viene distrutta, va nel cimitero."}


def _zero_toughness(p: dict[str, Any], names: Names) -> str:
    extra = _NOT_SAVED.get(p["not_saved"] or "", "")
    return f"{names.card(p['name'])} ha costituzione {p['toughness']}: {_to_graveyard(p)}.{extra}"


def _indestructible_survives(p: dict[str, Any], names: Names) -> str:
    why = "danno letale segnato" if p["lethal"] else "danno da una fonte con tocco letale"
    return (f"{names.card(p['name'])} ha {why}, ma è indistruttibile: l'azione generata dallo stato non la "
            "distrugge e resta sul campo di battaglia.")


def _lethal_damage(p: dict[str, Any], names: Names) -> str:
    damage = p["damage"]
    return (f"{names.card(p['name'])} ha danno letale segnato ({damage} {plural(damage, 'danno', 'danni')}, "
            f"costituzione {p['toughness']}): viene distrutta e {_to_graveyard(p)}.")


def _deathtouch_damage(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} ha ricevuto danno da una fonte con tocco letale dall'ultimo controllo: "
            f"viene distrutta e {_to_graveyard(p)}.")


def _no_loyalty(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} è un planeswalker senza segnalini fedeltà: {_to_graveyard(p)}."


def _no_defense(p: dict[str, Any], names: Names) -> str:
    return f"{names.card(p['name'])} è una battaglia senza segnalini difesa: {_to_graveyard(p)}."


def _legend_rule(p: dict[str, Any], names: Names) -> str:
    how = ("come indicato nelle scelte" if p["chosen"] else
           "senza una scelta indicata, il replay tiene quello che è sul campo di battaglia da più tempo (il primo "
           "in ordine di timestamp)")
    return (f"Regola delle leggende: {p['controller']} controlla più permanenti leggendari chiamati "
            f"{names.card(p['name'])} e ne sceglie uno da tenere ({how}); un altro, che non tiene, "
            f"{_to_graveyard(p)} (non è una distruzione).")


def _world_rule(p: dict[str, Any], names: Names) -> str:
    return (f"Regola del mondo: {names.card(p['name'])} non è il permanente mondo più recente: "
            f"{_to_graveyard(p)}.")


def _aura(problem: Callable[[dict[str, Any], Names], str]) -> Text:
    """An Aura that goes to the graveyard (704.5m): "X <problem>: va nel cimitero di Y"."""
    return lambda p, names: f"{names.card(p['name'])} {problem(p, names)}: {_to_graveyard(p)}."


def _aura_unattached(p: dict[str, Any], names: Names) -> str:
    host = p["host"]
    what = f" ({names.card(host)} ha lasciato il campo di battaglia)" if host is not None else ""
    return f"non è assegnata a nulla{what}"


_EQUIPMENT_REASONS = {
    "host_gone": lambda host: "il permanente che equipaggiava non è più sul campo di battaglia",
    "not_creature": lambda host: f"{host} non è più una creatura",
    "protection": lambda host: f"{host} ha protezione da una sua qualità (702.16d)",
}


def _equipment_unattached(p: dict[str, Any], names: Names) -> str:
    host = names.card(p["host"]) if p["host"] is not None else ""
    reason = _EQUIPMENT_REASONS[p["reason"]](host)
    return (f"{names.card(p['name'])} non può equipaggiare legalmente: {reason}. Smette di essere assegnato ma "
            "resta sul campo di battaglia.")


def _fortification_unattached(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} non fortifica una terra: smette di essere assegnata ma resta sul campo di "
            "battaglia.")


def _other_unattached(p: dict[str, Any], names: Names) -> str:
    return (f"{names.card(p['name'])} non è un'Aura né un Equipaggiamento (o è una creatura o una battaglia) e non "
            "può essere assegnato a un permanente: smette di essere assegnato e resta sul campo di battaglia.")


TEXTS: dict[str, Text] = {
    "sba.check_requested": _check_requested,
    "sba.performed": _performed,
    "sba.no_life": _no_life,
    "sba.poisoned": _poisoned,
    "sba.draw": _draw,
    "sba.token_ceases": _token_ceases,
    "sba.counters_annihilate": _counters_annihilate,
    "sba.zero_toughness": _zero_toughness,
    "sba.indestructible_survives": _indestructible_survives,
    "sba.lethal_damage": _lethal_damage,
    "sba.deathtouch_damage": _deathtouch_damage,
    "sba.no_loyalty": _no_loyalty,
    "sba.no_defense": _no_defense,
    "sba.legend_rule": _legend_rule,
    "sba.world_rule": _world_rule,
    "sba.aura_is_creature": _aura(lambda p, names: "è anche una creatura e non può incantare nulla"),
    "sba.aura_unattached": _aura(_aura_unattached),
    "sba.aura_on_itself": _aura(lambda p, names: "non può incantare se stessa"),
    "sba.aura_illegal_host": _aura(lambda p, names: f"non può più incantare legalmente {names.card(p['host'])}"),
    "sba.aura_host_protection": _aura(lambda p, names: f"non può incantare {names.card(p['host'])}, che ha "
                                                       "protezione da una sua qualità"),
    "sba.equipment_unattached": _equipment_unattached,
    "sba.fortification_unattached": _fortification_unattached,
    "sba.other_unattached": _other_unattached,
}
