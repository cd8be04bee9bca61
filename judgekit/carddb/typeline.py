"""A card's type line split into its parts (CR 205.1): ``"Legendary Creature — Elf Warrior"`` ->
supertypes ``[Legendary]``, card types ``[Creature]``, subtypes ``[Elf, Warrior]``."""

from __future__ import annotations

SUPERTYPES = ("Legendary", "Basic", "Snow", "World", "Ongoing", "Host")


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """(supertypes, types, subtypes) of a type line; the dash separates the subtypes (CR 205.1a)."""
    head, _dash, tail = line.partition("—")
    words = head.split()
    supertypes = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supertypes, types, tail.split()
