"""Italian names of game terms in rulings come from the glossary alone."""

from __future__ import annotations

from judgekit.cache import glossary
from judgekit.render.terms import it, type_line_it


def _glossary_it(canonical: str) -> str:
    return next(str(e["it"]).split(" (")[0] for e in glossary() if e.get("canonical") == canonical)


def test_kindred_is_named_as_the_glossary_names_it() -> None:
    assert it("Kindred") == _glossary_it("Kindred")


def test_keywords_and_colours_are_lower_case_inside_a_sentence() -> None:
    assert it("first_strike") == _glossary_it("first_strike").lower()
    assert it("green") == _glossary_it("green").lower()


def test_types_subtypes_and_protection_read_as_italian() -> None:
    assert type_line_it(["Legendary"], ["Creature"], ["Human"]) == "Creatura Leggendaria — " + _glossary_it("Human")
    assert it("protection_from_black") == "protezione dal " + _glossary_it("black").lower()


def test_an_unknown_term_is_shown_as_it_is() -> None:
    assert it("Zzyzx") == "Zzyzx"
