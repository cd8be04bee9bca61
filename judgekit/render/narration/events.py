"""The Italian texts of trigger events, references and values added by SCENARIO-FORMAT.md 2.7."""

from __future__ import annotations

from judgekit.render.narration.common import Text

TEXTS: dict[str, Text] = {}

# What happens to the object an event is about ("l'abilità di X (Y subisce danno)").
SUBJECT_IT = {
    "dealt_damage": "subisce danno", "counters_put": "riceve segnalini", "sacrificed": "viene sacrificato",
    "becomes_tapped": "diventa TAPpato", "token_created": "viene creata come pedina", "cast": "viene lanciata",
    "becomes_target": "diventa bersaglio",
}

# Events about a player, a group or a step: the ability is named by its trigger ("l'abilità di X («...»)").
PHRASE_IT = {
    "gains_life": "ogni volta che un giocatore guadagna punti vita",
    "loses_life": "ogni volta che un giocatore perde punti vita",
    "draws": "ogni volta che un giocatore pesca una carta",
    "discards": "ogni volta che un giocatore scarta una carta",
    "one_or_more_die": "ogni volta che una o più creature muoiono",
    "beginning_of_draw_step": "all'inizio della sottofase di acquisizione",
    "beginning_of_precombat_main": "all'inizio della fase principale prima del combattimento",
    "end_of_combat": "all'inizio della sottofase di fine combattimento",
}
