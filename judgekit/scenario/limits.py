"""What version 2 of the scenario format does not model, said plainly (SCENARIO-FORMAT.md 2.7, 2.9; issue 13).

Mana payment, face-down permanents, transforming, Commander's command zone and commander damage, Two-Headed
Giant: a file that writes one of the keys a user would plausibly use for them is refused with a message that
names the limit and what the format does instead, not with a generic "unknown key". :data:`LIMIT_KEYS` maps
each such key to its limit; :func:`limit_message` gives the Italian message. The loader's models use it for
unknown keys anywhere in a scenario (:func:`judgekit.validation.italian_message`), for a ``command`` zone in a
selector and for more than four players.
"""

from __future__ import annotations

# The limits: what is not modelled, and what a file writes instead (Italian, shown to the user).
LIMITS: dict[str, tuple[str, str]] = {
    "mana": (
        "il pagamento del mana (la riserva di mana, pagare mana, CR 106 e 601.2g-h)",
        "i costi in mana sono solo registrati: scrivi lo scenario a pagamento avvenuto, con le terre già TAPpate "
        "(tapped: true)"),
    "face_down": (
        "i permanenti a faccia in giù (metamorfosi, manifestare, camuffare, occultare; CR 708)",
        "scrivi il permanente com'è sul campo: una creatura 2/2 senza nome, colore né costo "
        "(name: Creatura a faccia in giù, types: [Creature], power: 2, toughness: 2)"),
    "transform": (
        "la trasformazione delle carte bifronte (CR 701.28, 712)",
        "scrivi l'oggetto con le caratteristiche della faccia che è rivolta verso l'alto"),
    "commander": (
        "la zona di comando e il danno da comandante delle regole Commander (CR 903)",
        "un comandante sul campo è un permanente come gli altri, e il danno da comandante già subito si scrive "
        "nei punti vita (life)"),
    "two_headed_giant": (
        "le squadre di Two-Headed Giant (CR 810)",
        "ogni giocatore ha i suoi punti vita e gioca per sé: una partita ha da due a quattro giocatori, ciascuno "
        "contro tutti gli altri"),
}

# Keys a user would plausibly write for each limit (objects, players, the top level, effects, actions).
LIMIT_KEYS: dict[str, str] = {
    **dict.fromkeys(("mana_pool", "pay_mana", "mana_paid", "paid_mana", "add_mana", "floating_mana",
                     "mana_spent"), "mana"),
    **dict.fromkeys(("face_down", "facedown", "morph", "megamorph", "manifest", "manifested", "manifest_dread",
                     "disguise", "cloak", "cloaked", "turn_face_up", "face_up", "unmorph"), "face_down"),
    **dict.fromkeys(("transform", "transformed", "transforms", "back_face", "backside", "front_face",
                     "double_faced", "daybound", "nightbound", "day_night"), "transform"),
    **dict.fromkeys(("command_zone", "command", "commander", "commanders", "commander_damage", "commander_tax",
                     "partner"), "commander"),
    **dict.fromkeys(("team", "teams", "teammate", "two_headed_giant", "two_headed", "2hg", "shared_life",
                     "team_life"), "two_headed_giant"),
}

# Zones a selector might name that version 2 does not have.
LIMIT_ZONES: dict[str, str] = {"command": "commander", "command_zone": "commander", "comando": "commander",
                               "zona_di_comando": "commander"}

# The most players a game may have (SCENARIO-FORMAT.md 2.9).
MAX_PLAYERS = 4


def limit_message(key: str) -> str | None:
    """The Italian message for a key that names something version 2 does not model, or None."""
    limit = LIMIT_KEYS.get(key.strip().lower()) if isinstance(key, str) else None
    return None if limit is None else say(limit, key)


def say(limit: str, written: str) -> str:
    """The message of one limit, naming what the file wrote."""
    what, instead = LIMITS[limit]
    return (f"«{written}»: la versione 2 del formato degli scenari non modella {what}; {instead}")


def zone_message(value: str) -> str | None:
    """The message for a selector zone that version 2 does not have (the command zone), or None."""
    limit = LIMIT_ZONES.get(value.strip().lower()) if isinstance(value, str) else None
    return None if limit is None else say(limit, value)


def players_message(count: int) -> str:
    """The message for a game of more than four players (SCENARIO-FORMAT.md 2.9)."""
    return (f"la versione 2 del formato degli scenari gestisce partite da due a {MAX_PLAYERS} giocatori, non da "
            f"{count}: le partite più grandi (e le squadre di Two-Headed Giant, CR 810) non sono modellate")
