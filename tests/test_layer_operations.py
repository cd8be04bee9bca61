"""The table of layer operations: every operation has its layer, its handler and its Italian description."""

from judgekit.engine.layers import ops_data
from judgekit.engine.operations import OP_KEYS, OP_LAYER, OPERATIONS, TABLE
from judgekit.render.narration.layers import _OP_TEXTS, describe_effect_ops, describe_ops_data


def test_every_operation_is_one_entry() -> None:
    assert OP_KEYS == tuple(TABLE) == tuple(OPERATIONS)
    assert set(OP_LAYER) == {name for name, op in TABLE.items() if op.apply is not None}
    assert set(TABLE) - set(OP_LAYER) == {"except"}


def test_every_operation_has_an_italian_description() -> None:
    assert set(OP_LAYER) == set(_OP_TEXTS) | {"copy_of"}


def test_operations_described_from_data() -> None:
    ops = ops_data({"copy_of": "target", "except": {"power": 7, "toughness": 7}, "add_keywords": ["flying"]})
    assert describe_ops_data(ops, "1a") == "diventa una copia di target eccetto che è 7/7"
    assert describe_ops_data(ops, "6") == "guadagna volare"
    assert describe_effect_ops({"modify_pt": {"power": 2, "toughness": -1}, "add_colors": ["red"]}) == \
        "diventa anche rosso; +2/-1"
