"""The layer benchmark's synthetic boards compute (no timing is asserted here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_layers", ROOT / "benchmarks" / "layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_synthetic_board_with_dependent_effects_computes_every_object() -> None:
    """CR 613: every current object gets computed characteristics on a board with dependency chains."""
    from judgekit.engine.layers import compute

    bench = _bench()
    game = bench.build(60, 50)
    result = compute(game)
    current = [o for o in game.objects.values() if o.current]
    assert set(result.computed) == {o.uid for o in current}
    # The Mycosynth Lattice-like effect makes every permanent an artifact.
    assert all("Artifact" in c.types for c in result.computed.values() if c.zone == "battlefield")
