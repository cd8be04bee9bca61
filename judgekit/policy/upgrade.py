"""Penalties by REL and the upgrade for repeated infractions in the same day of an event.

The rules themselves are data: each IPG category (2. Game Play Errors, 3. Tournament Errors) carries its
``repeat`` rule, an infraction may override it (2.6 never upgrades, 4.1 upgrades at the second, 4.2 becomes
a Disqualification), and JAR cases carry the Regular REL rule (educate first, then a Game Loss). This module
only applies them.
"""

from __future__ import annotations

from typing import Any

PENALTIES = ("no_penalty", "warning", "game_loss", "match_loss", "disqualification")

PENALTY_IT = {
    "no_penalty": "Nessuna penalità",
    "warning": "Ammonizione (Warning)",
    "game_loss": "Partita persa (Game Loss)",
    "match_loss": "Incontro perso (Match Loss)",
    "disqualification": "Squalifica (Disqualification)",
}

RELS = ("regular", "competitive", "professional")

REL_IT = {"regular": "Amatoriale (Regular)", "competitive": "Competitivo", "professional": "Professionale"}

REL_ALIASES = {
    "regular": "regular", "amatoriale": "regular", "reg": "regular", "fnm": "regular",
    "competitive": "competitive", "competitivo": "competitive", "agonistico": "competitive", "comp": "competitive",
    "professional": "professional", "professionale": "professional", "professionistico": "professional",
    "pro": "professional",
}

_ORDINALS = {1: "prima", 2: "seconda", 3: "terza", 4: "quarta", 5: "quinta"}

MONTHS = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
          "ottobre", "novembre", "dicembre")


def italian_date(iso: str) -> str:
    """``2024-09-23`` -> ``23 settembre 2024``."""
    try:
        year, month, day = (int(p) for p in iso.split("-"))
        return f"{day} {MONTHS[month - 1]} {year}"
    except (ValueError, IndexError):
        return iso


def label(penalty: str) -> str:
    return PENALTY_IT.get(penalty, penalty)


def short_label(penalty: str) -> str:
    """``Partita persa`` without the English name."""
    return label(penalty).split(" (")[0]


def ipg_penalty(entry: dict[str, Any], rel: str) -> str:
    """The base IPG penalty at Competitive or Professional REL."""
    if rel == "professional" and entry.get("penalty_professional"):
        return str(entry["penalty_professional"])
    return str(entry["penalty"])


def _ordinal(n: int) -> str:
    return _ORDINALS.get(n, f"{n}ª")


def _earlier(previous: int) -> str:
    return "una penalità precedente" if previous == 1 else f"{previous} penalità precedenti"


def apply_repeat(rule: dict[str, Any] | None, base: str, previous: int) -> dict[str, Any]:
    """The penalty after ``previous`` earlier penalties for the same infraction today, explained in Italian.

    Implements the repetition rules of IPG 2 (third Warning of a Game Play Error), IPG 3 (second Warning of a
    Tournament Error), IPG 4.1/4.2 (their own upgrades) and the JAR (Game Loss after education); the rule
    itself comes from the data. Only a rule's ``applies_to`` penalty is upgraded, never downwards.
    """
    out: dict[str, Any] = {"previous": previous, "base_penalty": base, "penalty": base, "applied": False,
                           "rule": rule.get("text") if rule else None, "text": ""}
    if rule is None:
        out["text"] = ("Nessuna regola sulle ripetizioni per questa infrazione: la penalità resta "
                       f"{short_label(base)}.") if previous else ""
        return out
    if rule.get("never"):
        out["text"] = str(rule["text"])
        return out
    threshold = int(rule["threshold"])
    target = str(rule["penalty"])
    applies_to = rule.get("applies_to")
    if applies_to and base != applies_to:
        out["text"] = (f"La regola sulle ripetizioni vale per le penalità «{short_label(applies_to)}»: "
                       f"questa infrazione ha già «{short_label(base)}», che resta tale.")
        return out
    if previous >= threshold and PENALTIES.index(target) > PENALTIES.index(base):
        out.update(penalty=target, applied=True)
        out["text"] = (f"Con {_earlier(previous)} per la stessa infrazione oggi, questa è la "
                       f"{_ordinal(previous + 1)}: {short_label(base)} diventa {short_label(target)}. {rule['text']}")
        return out
    if previous:
        out["text"] = (f"Con {_earlier(previous)} resta {short_label(base)}: diventa "
                       f"{short_label(target)} dalla {_ordinal(threshold + 1)} volta nello stesso giorno.")
    else:
        out["text"] = str(rule["text"])
    return out


def jar_rule(policy: dict[str, Any], case: dict[str, Any]) -> dict[str, Any] | None:
    """The Regular REL rule for repeats: the case's own, else the general one (except serious problems)."""
    if case.get("repeat"):
        return dict(case["repeat"])
    if case.get("group") == "serious":
        return None
    general = policy["jar"].get("general.approach") or {}
    return dict(general["repeat"]) if general.get("repeat") else None
