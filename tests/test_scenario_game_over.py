"""The game ends as soon as a player loses (CR 104.1, 104.2a, 104.3b): the replay stops and says so once."""

from __future__ import annotations

from judgekit.ruling.model import Ruling
from judgekit.ruling.run import run_text

BOLT = "{id: bolt, name: Bolt, types: [Instant], target: {player: true}, effect: [{damage: 3, to: target}]}"
SHOCK = "{id: shock, name: Shock, types: [Instant], target: {types: [Creature]}, effect: [{damage: 2, to: target}]}"
HEAD = f"""title: prova
source: test
players: [{{name: Anna}}, {{name: Bruno, life: 3}}]
battlefield:
  - {{id: bear, name: Bear, types: [Creature], power: 2, toughness: 2, controller: Bruno}}
hand:
  Anna:
    - {BOLT}
    - {SHOCK}
"""


def ended(r: Ruling) -> list[str]:
    return [s.text for s in r.steps if s.text.startswith("La partita è finita")]


def test_actions_after_a_player_loses_are_not_run() -> None:
    """Bruno at 0 life loses (704.5a): the shock cast afterwards never happens; the final state is reported."""
    r = run_text(HEAD + """actions:
  - cast: {object: bolt, targets: [Bruno]}
  - resolve
  - cast: {object: shock, targets: [bear]}
  - resolve
expect:
  players:
    Bruno: {life: 0, lost: true}
  objects:
    shock: {zone: hand}
    bear: {damage: 0}
""")
    assert r.error is None and r.expect == {"passed": True, "failures": []}
    assert not any(s.kind == "cast" and "Shock" in s.text for s in r.steps)
    (text,) = ended(r)
    assert "Bruno ha perso (704.5a)" in text and "Anna vince" in text
    assert "le 2 azioni successive dello scenario non vengono eseguite" in text
    step = next(s for s in r.steps if s.text == text)
    assert {"104.1", "104.2a", "704.5a"} <= set(step.rules)
    assert r.steps[-1].text == text or all(s.kind in ("layers", "layer", "characteristics")
                                           for s in r.steps[r.steps.index(step) + 1:])


def test_what_is_left_on_the_stack_does_not_resolve_once_the_game_is_over() -> None:
    """The bolt kills Bruno with the shock still on the stack: the game is over, the shock stays there."""
    r = run_text(HEAD + """actions:
  - cast: {object: shock, targets: [bear]}
  - cast: {object: bolt, targets: [Bruno]}
  - resolve: all
""")
    assert r.final is not None
    assert [item["id"] for item in r.final["stack"]] == ["shock"]
    assert r.final["objects"]["bear"]["damage"] == 0
    (text,) = ended(r)
    assert "quello che resta in pila non si risolve" in text
    assert "azion" not in text.split("Il replay si ferma qui")[1]


def test_game_over_in_the_first_strike_step_skips_the_regular_damage_step() -> None:
    """``combat_damage: all``: Bruno dies to first-strike damage, so the regular damage step never happens."""
    r = run_text("""title: prova
source: test
players: [{name: Anna}, {name: Bruno, life: 2}]
battlefield:
  - {id: striker, name: Striker, types: [Creature], power: 2, toughness: 2, keywords: [first_strike]}
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
actions:
  - declare_attackers: {striker: Bruno, bear: Bruno}
  - combat_damage: all
  - end_turn
""")
    assert r.error is None and r.final is not None
    assert r.final["players"]["Bruno"] == {"life": 0, "poison": 0, "lost": True, "hand": 0, "library": 60}
    (text,) = ended(r)
    assert "l'azione successiva dello scenario non viene eseguita" in text
    assert not any("cancellazione" in s.text for s in r.steps)


def test_both_players_losing_at_once_ends_the_game_in_a_draw_before_any_action() -> None:
    """Both players lose in the first check (104.4a): no action is run."""
    r = run_text("""title: prova
source: test
players: [{name: Anna, life: 0}, {name: Bruno, poison: 10}]
battlefield:
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
actions:
  - next_step
""")
    assert r.error is None and r.final is not None
    assert all(p["lost"] for p in r.final["players"].values())
    (text,) = ended(r)
    assert "patta" in text and "l'azione successiva dello scenario non viene eseguita" in text
    step = next(s for s in r.steps if s.text == text)
    assert "104.4a" in step.rules
    assert not any(s.kind == "step" for s in r.steps)
