"""The layer operations (SCENARIO-FORMAT.md, layer table; CR 613.1): one table, name -> layer.

This is the one place an operation is declared. The scenario models take their operation fields' names
from here, effects and static abilities collect their operations with :data:`OP_KEYS`, and the layer system
(:mod:`judgekit.engine.layers`) applies each operation in its layer. ``except`` goes with ``copy_of``
(layer 1, CR 707.9b).
"""

from __future__ import annotations

from judgekit.engine.vocab import Layer

OPERATIONS: dict[str, Layer] = {
    "copy_of": Layer.COPY, "except": Layer.COPY, "control": Layer.CONTROL, "text_change": Layer.TEXT,
    "add_types": Layer.TYPE, "remove_types": Layer.TYPE, "set_types": Layer.TYPE, "add_subtypes": Layer.TYPE,
    "set_subtypes": Layer.TYPE, "add_supertypes": Layer.TYPE, "remove_supertypes": Layer.TYPE,
    "all_creature_types": Layer.TYPE, "set_land_types": Layer.TYPE,
    "set_colors": Layer.COLOR, "add_colors": Layer.COLOR,
    "add_keywords": Layer.ABILITY, "remove_keywords": Layer.ABILITY, "add_abilities": Layer.ABILITY,
    "remove_all_abilities": Layer.ABILITY,
    "cda": Layer.PT_CDA, "set_pt": Layer.PT_SET, "modify_pt": Layer.PT_MODIFY, "switch_pt": Layer.PT_SWITCH,
}

# Every key of an effect entry or static ability that is an operation (``except`` included), table order.
OP_KEYS: tuple[str, ...] = tuple(OPERATIONS)

# The operations that apply in a layer of their own (``except`` only modifies ``copy_of``).
OP_LAYER: dict[str, Layer] = {name: layer for name, layer in OPERATIONS.items() if name != "except"}
