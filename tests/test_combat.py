"""Combat (CR 506-511, Foundations rules): declarations, damage assignment, damage steps, end of combat."""

from __future__ import annotations

from typing import Any

import pytest
from replay_helpers import life, obj, player
from replay_helpers import play as replay

from judgekit.errors import InvalidFileError
from judgekit.ruling.model import Ruling


def play(battlefield: list[dict[str, Any]], actions: list[Any], *, active: str = "Anna",
         hand: dict[str, list[dict[str, Any]]] | None = None, effects: list[dict[str, Any]] | None = None,
         players: list[dict[str, Any]] | None = None, step: str = "main1") -> Ruling:
    """Replay an inline combat scenario with the shipped card library."""
    extra = {"players": players} if players else {}
    return replay(title="combattimento", source="CR 506-511", **extra, active_player=active, step=step,
                  battlefield=battlefield, actions=actions, hand=hand or {}, effects=effects or [])


def card(oid: str, name: str, controller: str = "Anna", **extra: Any) -> dict[str, Any]:
    return {"id": oid, "card": name, "controller": controller, **extra}


def poison(r: Ruling, name: str) -> int:
    return int(player(r, name)["poison"])


def error_rule(r: Ruling) -> str | None:
    return r.error["rule"] if r.error else None


def texts(r: Ruling) -> str:
    return "\n".join(s.text for s in r.steps)


# ------------------------------------------------------------------------------------------------------
# Declare attackers (CR 508.1)


def test_tapped_creature_cannot_attack() -> None:
    r = play([card("bears", "Grizzly Bears", tapped=True)], [{"declare_attackers": {"bears": "Bruno"}}])
    assert error_rule(r) == "508.1a"
    assert "STAPpate" in r.error["message"]  # type: ignore[index]


def test_summoning_sick_creature_cannot_attack_without_haste() -> None:
    r = play([card("bears", "Grizzly Bears", summoning_sick=True)], [{"declare_attackers": {"bears": "Bruno"}}])
    assert error_rule(r) == "508.1a"
    assert "rapidità" in r.error["message"]  # type: ignore[index]


def test_haste_lets_a_new_creature_attack() -> None:
    r = play([card("geist", "Strangleroot Geist", summoning_sick=True)],
             [{"declare_attackers": {"geist": "Bruno"}}, {"combat_damage": "all"}])
    assert r.error is None
    assert life(r, "Bruno") == 18


def test_defender_cannot_attack() -> None:
    r = play([card("wall", "Wall of Wood")], [{"declare_attackers": {"wall": "Bruno"}}])
    assert error_rule(r) == "702.3b"


def test_only_the_active_players_creatures_attack() -> None:
    r = play([card("bears", "Grizzly Bears", "Bruno")], [{"declare_attackers": {"bears": "Anna"}}])
    assert error_rule(r) == "508.1a"


def test_a_creature_cannot_attack_its_own_controller() -> None:
    r = play([card("bears", "Grizzly Bears")], [{"declare_attackers": {"bears": "Anna"}}])
    assert error_rule(r) == "506.2"


def test_illegal_declaration_changes_nothing() -> None:
    """CR 508.1: an illegal declaration is undone as a whole; the legal attacker is not tapped."""
    r = play([card("bears", "Grizzly Bears"), card("wall", "Wall of Wood")],
             [{"declare_attackers": {"bears": "Bruno", "wall": "Bruno"}}])
    assert error_rule(r) == "702.3b"
    assert obj(r, "bears")["tapped"] is False


def test_attacking_an_opponents_planeswalker_removes_loyalty() -> None:
    r = play([card("bears", "Grizzly Bears"), card("lili", "Liliana of the Veil", "Bruno")],
             [{"declare_attackers": {"bears": "lili"}}, {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "lili")["counters"] == {"loyalty": 1}
    assert life(r, "Bruno") == 20


def test_cannot_attack_own_planeswalker() -> None:
    r = play([card("bears", "Grizzly Bears"), card("lili", "Liliana of the Veil")],
             [{"declare_attackers": {"bears": "lili"}}])
    assert error_rule(r) == "508.1b"


def test_a_siege_is_attacked_by_its_controller_not_by_its_protector() -> None:
    """CR 310.8b, 310.11a: the protector is the controller's opponent and can't attack the battle."""
    mine = play([card("bears", "Grizzly Bears"), card("siege", "Invasion of Dominaria")],
                [{"declare_attackers": {"bears": "siege"}}, {"combat_damage": "all"}])
    assert mine.error is None
    assert obj(mine, "siege")["counters"] == {"defense": 3}
    theirs = play([card("bears", "Grizzly Bears"), card("siege", "Invasion of Dominaria", "Bruno")],
                  [{"declare_attackers": {"bears": "siege"}}])
    assert error_rule(theirs) == "310.8b"


def test_vigilance_attacker_stays_untapped() -> None:
    r = play([card("angel", "Serra Angel"), card("bears", "Grizzly Bears")],
             [{"declare_attackers": {"angel": "Bruno", "bears": "Bruno"}}])
    assert obj(r, "angel")["tapped"] is False
    assert obj(r, "bears")["tapped"] is True
    assert any("702.20b" in s.rules for s in r.steps)


def test_attacks_trigger_resolves_before_damage() -> None:
    r = play([card("wolves", "Brazen Wolves")], [{"declare_attackers": {"wolves": "Bruno"}},
                                                 {"combat_damage": "all"}])
    assert life(r, "Bruno") == 16


def test_attackers_are_declared_once_per_combat() -> None:
    r = play([card("bears", "Grizzly Bears"), card("elves", "Llanowar Elves")],
             [{"declare_attackers": {"bears": "Bruno"}}, {"declare_attackers": {"elves": "Bruno"}}])
    assert error_rule(r) == "508.1"


def test_declaring_attackers_after_combat_is_refused() -> None:
    r = play([card("bears", "Grizzly Bears")], [{"declare_attackers": {"bears": "Bruno"}}], step="main2")
    assert error_rule(r) == "500.1"


# ------------------------------------------------------------------------------------------------------
# Declare blockers (CR 509.1)


def test_tapped_creature_cannot_block() -> None:
    r = play([card("wurm", "Craw Wurm"), card("bears", "Grizzly Bears", "Bruno", tapped=True)],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"declare_blockers": {"bears": "wurm"}}])
    assert error_rule(r) == "509.1a"


def test_flying_attacker_cannot_be_blocked_by_a_ground_creature() -> None:
    r = play([card("hawk", "Suntail Hawk"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"hawk": "Bruno"}}, {"declare_blockers": {"bears": "hawk"}}])
    assert error_rule(r) == "702.9b"


def test_reach_and_flying_can_block_a_flyer() -> None:
    r = play([card("hawk", "Suntail Hawk"), card("spider", "Giant Spider", "Bruno")],
             [{"declare_attackers": {"hawk": "Bruno"}}, {"declare_blockers": {"spider": "hawk"}},
              {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "hawk")["zone"] == "graveyard"
    r2 = play([card("bears", "Grizzly Bears"), card("angel", "Serra Angel", "Bruno")],
              [{"declare_attackers": {"bears": "Bruno"}}, {"declare_blockers": {"angel": "bears"}},
               {"combat_damage": "all"}])
    assert r2.error is None
    assert obj(r2, "bears")["zone"] == "graveyard"


def test_protection_from_a_colour_stops_blockers_of_that_colour() -> None:
    r = play([card("paladin", "Paladin en-Vec"), card("giant", "Hill Giant", "Bruno")],
             [{"declare_attackers": {"paladin": "Bruno"}}, {"declare_blockers": {"giant": "paladin"}}])
    assert error_rule(r) == "702.16f"


def test_first_striker_with_protection_from_black_cannot_be_blocked_by_a_black_creature() -> None:
    r = play([card("knight", "White Knight"), card("skel", "Drudge Skeletons", "Bruno")],
             [{"declare_attackers": {"knight": "Bruno"}}, {"declare_blockers": {"skel": "knight"}}])
    assert error_rule(r) == "702.16f"


def test_protection_from_creatures_stops_every_blocker() -> None:
    r = play([card("bears", "Grizzly Bears", keywords=["protection_from_creatures"]),
              card("wall", "Wall of Wood", "Bruno")],
             [{"declare_attackers": {"bears": "Bruno"}}, {"declare_blockers": {"wall": "bears"}}])
    assert error_rule(r) == "702.16f"


def test_protection_does_not_stop_blocking_a_creature_of_that_colour() -> None:
    r = play([card("giant", "Hill Giant", "Bruno"), card("paladin", "Paladin en-Vec")],
             [{"declare_attackers": {"giant": "Anna"}}, {"declare_blockers": {"paladin": "giant"}},
              {"combat_damage": "all"}], active="Bruno")
    assert r.error is None
    assert obj(r, "paladin")["damage"] == 0
    assert obj(r, "giant")["damage"] == 2


def test_menace_needs_two_blockers() -> None:
    one = play([card("brute", "Boggart Brute"), card("bears", "Grizzly Bears", "Bruno")],
               [{"declare_attackers": {"brute": "Bruno"}}, {"declare_blockers": {"bears": "brute"}}])
    assert error_rule(one) == "702.111b"
    two = play([card("brute", "Boggart Brute"), card("bears", "Grizzly Bears", "Bruno"),
                card("elves", "Llanowar Elves", "Bruno")],
               [{"declare_attackers": {"brute": "Bruno"}}, {"declare_blockers": {"bears": "brute", "elves": "brute"}},
                {"assign_damage": {"brute": {"bears": 2, "elves": 1}}}, {"combat_damage": "all"}])
    assert two.error is None
    assert [obj(two, i)["zone"] for i in ("brute", "bears", "elves")] == ["graveyard"] * 3


def test_a_creature_blocks_one_attacker_unless_it_can_block_additional_ones() -> None:
    attackers = [card("piker", "Goblin Piker"), card("elves", "Llanowar Elves")]
    plain = play([*attackers, card("giant", "Hill Giant", "Bruno")],
                 [{"declare_attackers": {"piker": "Bruno", "elves": "Bruno"}},
                  {"declare_blockers": {"giant": ["piker", "elves"]}}])
    assert error_rule(plain) == "509.1a"
    brigade = play([*attackers, card("brigade", "Foriysian Brigade", "Bruno")],
                   [{"declare_attackers": {"piker": "Bruno", "elves": "Bruno"}},
                    {"declare_blockers": {"brigade": ["piker", "elves"]}}, {"combat_damage": "all"}])
    assert brigade.error is None
    # Default division of a blocker (510.1d): lethal to the Piker (1), the rest to the Elves.
    assert obj(brigade, "piker")["zone"] == "graveyard"
    assert obj(brigade, "elves")["zone"] == "graveyard"
    assert obj(brigade, "brigade")["damage"] == 3


def test_blocking_additional_attackers_cites_the_one_attacker_per_blocker_rule() -> None:
    """509.1a sets one attacker per blocker and admits effects that allow more; 509.1b is about restrictions."""
    from judgekit.engine.vocab import keyword_rule

    assert keyword_rule("can_block_additional_1") == "509.1a"
    r = play([card("piker", "Goblin Piker"), card("elves", "Llanowar Elves"),
              card("brigade", "Foriysian Brigade", "Bruno")],
             [{"declare_attackers": {"piker": "Bruno", "elves": "Bruno"}},
              {"declare_blockers": {"brigade": ["piker", "elves"]}}])
    block = next(s for s in r.steps if s.kind == "combat" and "blocca Goblin Piker" in s.text)
    assert "creature aggiuntive" in block.text
    assert block.rules == ["509.1a"]


def test_blocking_a_creature_that_is_not_attacking_is_refused() -> None:
    r = play([card("wurm", "Craw Wurm"), card("bears", "Grizzly Bears"), card("giant", "Hill Giant", "Bruno")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"declare_blockers": {"giant": "bears"}}])
    assert error_rule(r) == "509.1a"


def test_the_attacking_player_cannot_block() -> None:
    r = play([card("wurm", "Craw Wurm"), card("bears", "Grizzly Bears")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"declare_blockers": {"bears": "wurm"}}])
    assert error_rule(r) == "509.1a"


def test_blockers_without_attackers_are_refused() -> None:
    r = play([card("bears", "Grizzly Bears", "Bruno")], [{"declare_blockers": {"bears": "bears"}}])
    assert error_rule(r) == "508.8"


def test_blocks_and_becomes_blocked_trigger_once() -> None:
    r = play([card("myr", "Ichorclaw Myr"), card("b1", "Grizzly Bears", "Bruno"), card("b2", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"myr": "Bruno"}}, {"declare_blockers": {"b1": "myr", "b2": "myr"}},
              {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "myr")["power"] == 3


def test_moving_past_declare_blockers_without_blocks_means_nothing_blocks() -> None:
    r = play([card("wurm", "Craw Wurm"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"combat_damage": "all"}])
    assert life(r, "Bruno") == 14
    assert "509.1h" in {rule for s in r.steps for rule in s.rules}


# ------------------------------------------------------------------------------------------------------
# Damage assignment (CR 510.1, 702.19)

REGROWER = [card("regrower", "Elvish Regrower"), card("spawn", "Vampire Spawn", "Bruno"),
            card("hunter", "Helpful Hunter", "Bruno")]
REGROWER_BLOCKED: list[Any] = [{"declare_attackers": {"regrower": "Bruno"}},
                               {"declare_blockers": {"spawn": "regrower", "hunter": "regrower"}}]


@pytest.mark.parametrize(("division", "spawn_zone", "hunter_zone"), [
    ({"hunter": 4}, "battlefield", "graveyard"),
    ({"spawn": 1, "hunter": 3}, "battlefield", "graveyard"),
    ({"spawn": 2, "hunter": 2}, "battlefield", "graveyard"),
    ({"spawn": 3, "hunter": 1}, "graveyard", "graveyard"),
    ({"spawn": 4}, "graveyard", "battlefield"),
])
def test_a_blocked_creature_divides_its_damage_freely(division: dict[str, int], spawn_zone: str,
                                                      hunter_zone: str) -> None:
    """CR 510.1c example (Foundations): every division of the Regrower's 4 damage is legal."""
    r = play(REGROWER, [*REGROWER_BLOCKED, {"assign_damage": {"regrower": division}}, {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "spawn")["zone"] == spawn_zone
    assert obj(r, "hunter")["zone"] == hunter_zone
    assert obj(r, "regrower")["zone"] == "graveyard"


def test_default_division_is_lethal_in_declaration_order_rest_to_last() -> None:
    r = play(REGROWER, [*REGROWER_BLOCKED, {"combat_damage": True}])
    assert obj(r, "spawn")["zone"] == "graveyard"
    assert obj(r, "hunter")["zone"] == "graveyard"
    assert "ordine di assegnazione del danno non esiste più" in texts(r)


def test_default_division_gives_the_rest_to_the_last_blocker() -> None:
    r = play([card("wurm", "Craw Wurm"), card("bears", "Grizzly Bears", "Bruno"),
              card("giant", "Hill Giant", "Bruno")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"declare_blockers": {"bears": "wurm", "giant": "wurm"}},
              {"combat_damage": True}])
    # 2 to the Bears (lethal), the other 4 to the Giant.
    assert obj(r, "giant")["zone"] == "graveyard"
    assert "2 a Grizzly Bears, 4 a Hill Giant" in texts(r)


def test_assignment_must_total_the_power() -> None:
    r = play(REGROWER, [*REGROWER_BLOCKED, {"assign_damage": {"regrower": {"spawn": 1, "hunter": 2}}},
                        {"combat_damage": True}])
    assert error_rule(r) == "510.1a"


def test_assignment_to_a_creature_that_does_not_block_is_refused() -> None:
    r = play([*REGROWER, card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"regrower": "Bruno"}}, {"declare_blockers": {"spawn": "regrower"}},
              {"assign_damage": {"regrower": {"spawn": 2, "bears": 2}}}, {"combat_damage": True}])
    assert error_rule(r) == "510.1c"


def test_blocked_creature_without_trample_cannot_assign_to_the_player() -> None:
    r = play(REGROWER, [*REGROWER_BLOCKED, {"assign_damage": {"regrower": {"spawn": 3, "Bruno": 1}}},
                        {"combat_damage": True}])
    assert error_rule(r) == "510.1c"


def test_unblocked_attacker_assigns_everything_to_what_it_attacks() -> None:
    r = play([card("bears", "Grizzly Bears"), card("lili", "Liliana of the Veil", "Bruno")],
             [{"declare_attackers": {"bears": "lili"}}, {"assign_damage": {"bears": {"Bruno": 2}}},
              {"combat_damage": True}])
    assert error_rule(r) == "510.1b"


def test_assign_damage_for_a_creature_not_in_combat_is_refused() -> None:
    r = play([card("bears", "Grizzly Bears"), card("elves", "Llanowar Elves")],
             [{"declare_attackers": {"bears": "Bruno"}}, {"assign_damage": {"elves": {"Bruno": 1}}}])
    assert error_rule(r) == "510.1"


def test_blocker_divides_damage_among_the_attackers_it_blocks() -> None:
    r = play([card("piker", "Goblin Piker"), card("elves", "Llanowar Elves"),
              card("brigade", "Foriysian Brigade", "Bruno")],
             [{"declare_attackers": {"piker": "Bruno", "elves": "Bruno"}},
              {"declare_blockers": {"brigade": ["piker", "elves"]}},
              {"assign_damage": {"brigade": {"elves": 2}}}, {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "piker")["zone"] == "battlefield"
    assert obj(r, "elves")["zone"] == "graveyard"
    bad = play([card("piker", "Goblin Piker"), card("elves", "Llanowar Elves"),
                card("brigade", "Foriysian Brigade", "Bruno")],
               [{"declare_attackers": {"piker": "Bruno", "elves": "Bruno"}},
                {"declare_blockers": {"brigade": ["piker", "elves"]}},
                {"assign_damage": {"brigade": {"elves": 1, "Anna": 1}}}, {"combat_damage": True}])
    assert error_rule(bad) == "510.1d"


# ------------------------------------------------------------------------------------------------------
# Trample, deathtouch (CR 702.19, 702.2)


def test_trample_default_assigns_lethal_then_the_rest_to_the_player() -> None:
    r = play([card("maw", "Colossal Dreadmaw"), card("giant", "Hill Giant", "Bruno", damage=2)],
             [{"declare_attackers": {"maw": "Bruno"}}, {"declare_blockers": {"giant": "maw"}},
              {"combat_damage": "all"}])
    assert life(r, "Bruno") == 15
    assert obj(r, "giant")["zone"] == "graveyard"


def test_trample_cannot_skip_lethal_damage_to_blockers() -> None:
    r = play([card("maw", "Colossal Dreadmaw"), card("giant", "Hill Giant", "Bruno")],
             [{"declare_attackers": {"maw": "Bruno"}}, {"declare_blockers": {"giant": "maw"}},
              {"assign_damage": {"maw": {"giant": 2, "Bruno": 4}}}, {"combat_damage": True}])
    assert error_rule(r) == "702.19b"
    assert life(r, "Bruno") == 20


def test_trample_counts_damage_other_attackers_assign_to_the_same_blocker() -> None:
    """CR 702.19b: lethal damage counts damage other creatures assign in the same step."""
    r = play([card("maw", "Colossal Dreadmaw"), card("bears", "Grizzly Bears"),
              card("brigade", "Foriysian Brigade", "Bruno")],
             [{"declare_attackers": {"maw": "Bruno", "bears": "Bruno"}},
              {"declare_blockers": {"brigade": ["maw", "bears"]}},
              {"assign_damage": {"maw": {"brigade": 2, "Bruno": 4}}}, {"combat_damage": True}])
    assert r.error is None
    assert life(r, "Bruno") == 16
    assert obj(r, "brigade")["zone"] == "graveyard"


def test_deathtouch_trample_needs_only_one_damage_per_blocker() -> None:
    maw = card("maw", "Colossal Dreadmaw", keywords=["trample", "deathtouch"])
    r = play([maw, card("giant", "Hill Giant", "Bruno"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"maw": "Bruno"}}, {"declare_blockers": {"giant": "maw", "bears": "maw"}},
              {"combat_damage": "all"}])
    assert r.error is None
    assert life(r, "Bruno") == 16
    assert obj(r, "giant")["zone"] == "graveyard"
    assert obj(r, "bears")["zone"] == "graveyard"


def test_trampler_without_blockers_left_assigns_all_to_the_player() -> None:
    r = play([card("maw", "Colossal Dreadmaw"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"maw": "Bruno"}}, {"declare_blockers": {"bears": "maw"}},
              {"cast": {"object": {"id": "shock", "card": "Shock"}, "targets": ["bears"]}}, "resolve",
              {"combat_damage": "all"}], hand={})
    assert r.error is None
    assert life(r, "Bruno") == 14
    assert "702.19d" in {rule for s in r.steps for rule in s.rules}


def test_blocked_creature_without_blockers_left_deals_no_damage() -> None:
    r = play([card("wurm", "Craw Wurm"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"declare_blockers": {"bears": "wurm"}},
              {"cast": {"object": {"id": "shock", "card": "Shock"}, "targets": ["bears"]}}, "resolve",
              {"combat_damage": "all"}])
    assert life(r, "Bruno") == 20
    assert obj(r, "wurm")["damage"] == 0


def test_trampler_attacking_a_planeswalker_cannot_hit_the_player() -> None:
    r = play([card("maw", "Colossal Dreadmaw"), card("lili", "Liliana of the Veil", "Bruno"),
              card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"maw": "lili"}}, {"declare_blockers": {"bears": "maw"}},
              {"assign_damage": {"maw": {"bears": 2, "Bruno": 4}}}, {"combat_damage": True}])
    assert error_rule(r) == "702.19f"
    ok = play([card("maw", "Colossal Dreadmaw"), card("lili", "Liliana of the Veil", "Bruno"),
               card("bears", "Grizzly Bears", "Bruno")],
              [{"declare_attackers": {"maw": "lili"}}, {"declare_blockers": {"bears": "maw"}},
               {"combat_damage": "all"}])
    assert ok.error is None
    assert obj(ok, "lili")["zone"] == "graveyard"
    assert life(ok, "Bruno") == 20


# ------------------------------------------------------------------------------------------------------
# First strike and double strike (CR 510.4, 702.4, 702.7)


def test_first_strike_kills_the_blocker_before_it_deals_damage() -> None:
    r = play([card("knight", "White Knight"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"knight": "Bruno"}}, {"declare_blockers": {"bears": "knight"}},
              {"combat_damage": "all"}])
    assert obj(r, "bears")["zone"] == "graveyard"
    assert obj(r, "knight")["damage"] == 0


def test_combat_damage_stops_between_the_two_damage_steps() -> None:
    one = play([card("ace", "Fencing Ace")], [{"declare_attackers": {"ace": "Bruno"}}, {"combat_damage": True}])
    assert life(one, "Bruno") == 19
    two = play([card("ace", "Fencing Ace")], [{"declare_attackers": {"ace": "Bruno"}}, {"combat_damage": True},
                                              {"combat_damage": True}])
    assert life(two, "Bruno") == 18


def test_first_strike_removed_after_the_first_step_does_not_give_a_second_hit() -> None:
    """CR 702.7c: a creature that had first strike as the first step began deals no regular damage."""
    lose = {"id": "lose", "name": "Perdita", "types": ["Instant"], "target": {"types": ["Creature"]},
            "effect": [{"remove_keywords": ["first_strike"], "to": "target"}]}
    r = play([card("knight", "White Knight"), card("bears", "Grizzly Bears")],
             [{"declare_attackers": {"knight": "Bruno", "bears": "Bruno"}}, {"combat_damage": True},
              {"cast": {"object": lose, "targets": ["knight"]}}, "resolve", {"combat_damage": True}])
    assert r.error is None
    assert life(r, "Bruno") == 16


def test_first_strike_gained_after_the_first_step_still_deals_regular_damage() -> None:
    """CR 702.7c: giving first strike after the first step doesn't stop the creature dealing damage."""
    gain = {"id": "gain", "name": "Slancio", "types": ["Instant"], "target": {"types": ["Creature"]},
            "effect": [{"add_keywords": ["first_strike"], "to": "target"}]}
    r = play([card("knight", "White Knight"), card("bears", "Grizzly Bears")],
             [{"declare_attackers": {"knight": "Bruno", "bears": "Bruno"}}, {"combat_damage": True},
              {"cast": {"object": gain, "targets": ["bears"]}}, "resolve", {"combat_damage": True}])
    assert life(r, "Bruno") == 16


def test_double_strike_granted_to_a_first_striker_after_the_first_step() -> None:
    r = play([card("knight", "White Knight"), card("bears", "Grizzly Bears")],
             [{"declare_attackers": {"knight": "Bruno", "bears": "Bruno"}}, {"combat_damage": True},
              {"cast": {"object": {"id": "rage", "card": "Temur Battle Rage"}, "targets": ["knight"]}}, "resolve",
              {"combat_damage": True}])
    assert life(r, "Bruno") == 14


def test_assignment_entry_waits_for_the_step_in_which_the_creature_deals_damage() -> None:
    r = play([card("knight", "White Knight"), *REGROWER],
             [{"declare_attackers": {"knight": "Bruno", "regrower": "Bruno"}},
              {"declare_blockers": {"spawn": "regrower", "hunter": "regrower"}},
              {"assign_damage": {"regrower": {"hunter": 4}}}, {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "hunter")["zone"] == "graveyard"
    assert obj(r, "spawn")["zone"] == "battlefield"
    assert life(r, "Bruno") == 18


def test_combat_damage_after_both_steps_is_a_scenario_mistake() -> None:
    with pytest.raises(InvalidFileError) as info:
        play([card("bears", "Grizzly Bears")],
             [{"declare_attackers": {"bears": "Bruno"}}, {"combat_damage": True}, {"combat_damage": True}])
    assert "combat_damage" in info.value.issues[0].format()


def test_combat_damage_without_attackers_is_a_scenario_mistake() -> None:
    with pytest.raises(InvalidFileError):
        play([card("bears", "Grizzly Bears")], [{"combat_damage": True}])


# ------------------------------------------------------------------------------------------------------
# Results of combat damage (lifelink, infect, wither, protection, indestructible)


def test_lifelink_trampler_gains_life_once_for_all_its_damage() -> None:
    """CR 702.15b: one life-gain event, so Ajani's Pridemate triggers once."""
    maw = card("maw", "Colossal Dreadmaw", keywords=["trample", "lifelink"])
    r = play([maw, card("pride", "Ajani's Pridemate"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"maw": "Bruno"}}, {"declare_blockers": {"bears": "maw"}},
              {"combat_damage": "all"}])
    assert life(r, "Anna") == 26
    assert life(r, "Bruno") == 16
    assert obj(r, "pride")["counters"] == {"+1/+1": 1}


def test_lifelink_life_gain_and_combat_loss_are_simultaneous() -> None:
    r = play([card("m1", "Canyon Minotaur"), card("m2", "Canyon Minotaur"), card("ox", "Pillarfield Ox", "Bruno"),
              card("courage", "Unflinching Courage", "Bruno", attached_to="ox")],
             [{"declare_attackers": {"m1": "Bruno", "m2": "Bruno"}}, {"declare_blockers": {"ox": "m1"}},
              {"combat_damage": "all"}], players=[{"name": "Anna"}, {"name": "Bruno", "life": 1}])
    assert life(r, "Bruno") == 2
    assert r.error is None


def test_infect_gives_poison_and_minus_counters() -> None:
    r = play([card("elf", "Glistener Elf"), card("e2", "Glistener Elf"), card("bears", "Grizzly Bears", "Bruno")],
             [{"declare_attackers": {"elf": "Bruno", "e2": "Bruno"}}, {"declare_blockers": {"bears": "e2"}},
              {"combat_damage": "all"}])
    assert poison(r, "Bruno") == 1
    assert life(r, "Bruno") == 20
    assert obj(r, "bears")["counters"] == {"-1/-1": 1}
    assert obj(r, "bears")["damage"] == 0


def test_wither_damage_becomes_minus_counters() -> None:
    r = play([card("ram", "Boggart Ram-Gang"), card("ox", "Pillarfield Ox", "Bruno")],
             [{"declare_attackers": {"ram": "Bruno"}}, {"declare_blockers": {"ox": "ram"}},
              {"combat_damage": "all"}])
    assert obj(r, "ox")["counters"] == {"-1/-1": 3}
    assert obj(r, "ram")["damage"] == 2


def test_indestructible_blocker_survives_lethal_damage() -> None:
    r = play([card("wurm", "Craw Wurm"), card("myr", "Darksteel Myr", "Bruno")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"declare_blockers": {"myr": "wurm"}},
              {"combat_damage": "all"}])
    assert obj(r, "myr")["zone"] == "battlefield"
    assert obj(r, "myr")["damage"] == 6


def test_deals_combat_damage_to_player_trigger() -> None:
    r = play([card("slith", "Slith Firewalker")], [{"declare_attackers": {"slith": "Bruno"}},
                                                   {"combat_damage": "all"}])
    assert obj(r, "slith")["counters"] == {"+1/+1": 1}


# ------------------------------------------------------------------------------------------------------
# Removal from combat and end of combat (CR 506.4, 511)


def test_creature_that_changes_controller_is_removed_from_combat() -> None:
    steal = {"id": "steal", "name": "Furto", "types": ["Instant"], "target": {"types": ["Creature"]},
             "effect": [{"control": "Bruno", "to": "target", "duration": "end_of_turn"}]}
    r = play([card("wurm", "Craw Wurm")],
             [{"declare_attackers": {"wurm": "Bruno"}}, {"cast": {"object": steal, "targets": ["wurm"],
                                                                  "controller": "Bruno"}},
              "resolve", {"combat_damage": "all"}])
    assert r.error is None
    assert life(r, "Bruno") == 20
    assert "506.4" in {rule for s in r.steps for rule in s.rules}


def test_attacker_whose_planeswalker_left_deals_no_damage() -> None:
    r = play([card("bears", "Grizzly Bears"), card("lili", "Liliana of the Veil", "Bruno")],
             [{"declare_attackers": {"bears": "lili"}},
              {"cast": {"object": {"id": "bolt", "card": "Lightning Bolt"}, "targets": ["lili"]}}, "resolve",
              {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "lili")["zone"] == "graveyard"
    assert life(r, "Bruno") == 20


def test_until_end_of_combat_effects_end_with_the_combat_phase() -> None:
    effects = [{"source": "Fino alla fine del combattimento", "affects": ["bears"], "modify_pt": [2, 0],
                "duration": "end_of_combat"}]
    during = play([card("bears", "Grizzly Bears")],
                  [{"declare_attackers": {"bears": "Bruno"}}, {"combat_damage": True}, "next_step"],
                  effects=effects)
    # In the end of combat step the effect still applies (CR 500.5: it ends as the combat phase ends).
    assert obj(during, "bears")["power"] == 4
    after = play([card("bears", "Grizzly Bears")],
                 [{"declare_attackers": {"bears": "Bruno"}}, {"combat_damage": "all"}], effects=effects)
    assert obj(after, "bears")["power"] == 2
    assert life(after, "Bruno") == 16


def test_every_rule_cited_by_combat_steps_is_in_the_corpus() -> None:
    from judgekit import cache

    rules = cache.corpus()["rules"]["rules"]
    scenarios = [
        ([card("maw", "Colossal Dreadmaw", keywords=["trample", "deathtouch", "lifelink"]),
          card("knight", "White Knight"), card("lili", "Liliana of the Veil", "Bruno"),
          card("giant", "Hill Giant", "Bruno"), card("bears", "Grizzly Bears", "Bruno"),
          card("angel", "Serra Angel")],
         [{"declare_attackers": {"maw": "Bruno", "knight": "lili", "angel": "Bruno"}},
          {"declare_blockers": {"giant": "maw", "bears": "maw"}}, {"combat_damage": "all"}, "end_turn"]),
        (REGROWER, [*REGROWER_BLOCKED, {"assign_damage": {"regrower": {"hunter": 4}}}, {"combat_damage": "all"}]),
    ]
    for battlefield, actions in scenarios:
        r = play(battlefield, actions)
        for s in r.steps:
            if s.kind in ("combat", "step"):
                missing = [n for n in s.rules if n not in rules]
                assert not missing, f"{s.text}: {missing}"


def test_regenerated_blocker_is_removed_from_combat_before_the_regular_step() -> None:
    """CR 506.4, 701.19a: the Skeletons regenerate after first-strike damage and deal no regular damage."""
    striker = card("striker", "Grizzly Bears", keywords=["first_strike"])
    r = play([striker, card("skel", "Drudge Skeletons", "Bruno")],
             [{"declare_attackers": {"striker": "Bruno"}}, {"declare_blockers": {"skel": "striker"}},
              {"activate": {"source": "skel", "ability": 0}}, "resolve", {"combat_damage": "all"}])
    assert r.error is None
    assert obj(r, "skel")["zone"] == "battlefield"
    assert obj(r, "skel")["tapped"] is True
    assert obj(r, "striker")["damage"] == 0


def test_combat_damage_is_one_event_so_a_protection_gained_during_it_prevents_nothing() -> None:
    """CR 510.2: all combat damage is dealt at once. Bruno falls to 8 life from the unblocked attacker, which
    would give his creatures protection from white; the white attacker's damage to the wall is dealt in the
    same event, so it is not prevented."""
    ward = {"id": "ward", "name": "Guardia", "types": ["Enchantment"], "controller": "Bruno",
            "abilities": [{"static": {"affects": {"types": ["Creature"], "controller": "you"},
                                      "condition": {"life": "you", "at_most": 10},
                                      "add_keywords": ["protection_from_white"]}}]}
    r = play([{"id": "ogre", "name": "Ogre", "types": ["Creature"], "power": 4, "toughness": 4},
              {"id": "knight", "name": "Knight", "types": ["Creature"], "colors": ["white"], "power": 2,
               "toughness": 2},
              {"id": "wall", "name": "Wall", "types": ["Creature"], "power": 0, "toughness": 3, "controller": "Bruno"},
              ward],
             [{"declare_attackers": {"ogre": "Bruno", "knight": "Bruno"}}, {"declare_blockers": {"wall": "knight"}},
              "combat_damage"], players=[{"name": "Anna"}, {"name": "Bruno", "life": 12}])
    assert r.error is None
    assert life(r, "Bruno") == 8
    assert obj(r, "wall")["damage"] == 2
    assert "protection_from_white" in obj(r, "wall")["keywords"]
