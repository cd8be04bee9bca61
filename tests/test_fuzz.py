"""Fuzzing the scenario loader and the replay with mutated shipped scenarios (in-process, deterministic).

Every mutant must be replayed or refused with an Italian message, within a few seconds: no internal error,
no hang, no English message. CI runs ``JUDGEKIT_FUZZ_CASES`` cases (500 by default); ``python
tests/fuzz_long.py --minutes 10`` runs random cases for as long as asked and prints what it found.
"""

from __future__ import annotations

import os
import random
import signal

from fuzzing import make_case, run_case
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CASES = int(os.environ.get("JUDGEKIT_FUZZ_CASES", "500"))
SECONDS = 5


def _timeout(signum: int, frame: object) -> None:
    raise TimeoutError


@settings(max_examples=CASES, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_mutated_scenario_is_replayed_or_refused_in_italian(seed: int) -> None:
    case = make_case(random.Random(seed))
    previous = signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(SECONDS)
    try:
        outcome, message = run_case(case)
    except TimeoutError:
        outcome, message = "hang", f"over {SECONDS} s"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert outcome in ("ok", "refused"), f"{case.name} (seed {seed}): {outcome}: {message}\n---\n{case.text[:2000]}"


def test_the_fuzzer_makes_files_that_differ_from_the_shipped_ones() -> None:
    rng = random.Random(7)
    cases = [make_case(rng) for _ in range(20)]
    assert len({c.text for c in cases}) > 15
