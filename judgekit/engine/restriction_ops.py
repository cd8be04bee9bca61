"""The names of the operations that restrict or require attacks and blocks, and of those on players
(SCENARIO-FORMAT.md 2.7 Operations). They are not layer operations: they change the rules for the objects or
players they apply to, after all layers (CR 613.10, 613.11). The behaviour is in
:mod:`judgekit.engine.restrictions`; this module only names them, so that the spec readers can import it."""

from __future__ import annotations

# Operations on objects: restrictions (508.1c, 509.1b) and requirements (508.1d, 509.1c) of the combat
# declarations, and the choice of assigning combat damage as though the creature weren't blocked.
RESTRICTION_OPS = ("cant_block", "cant_attack", "must_attack", "must_block", "cant_be_blocked",
                   "cant_be_blocked_except_by", "must_be_blocked_by_all", "blocked_only_by_at_least",
                   "cant_attack_alone", "cant_block_alone", "assign_damage_as_unblocked")
# Operations on players (``{player: true}`` selectors): hexproof (702.11c) and protection (702.16b, 702.16e).
PLAYER_OPS = ("player_hexproof", "player_protection_from")
# The operations whose parameter may be a selector.
SELECTOR_OPS = ("cant_be_blocked", "cant_be_blocked_except_by")
