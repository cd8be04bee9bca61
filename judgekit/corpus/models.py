"""Pydantic models of the rule corpus files in ``rules_it/`` (validated when the cache is compiled).

Layout:
- ``rules_it/cr/NNN.yaml``: one CR section (e.g. 510) with its rules, from the seeds;
- ``rules_it/sintesi/*.yaml``: project-written Italian summaries of rules no seed covers
  (``kind: sintesi``, never presented as the official text);
- ``rules_it/glossary.yaml``: the Italian/English glossary of game terms;
- ``rules_it/manual/*.yaml``: the Judge Candidate Textbook split into sections.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import Field

from judgekit.validation import StrictModel

RULE_ID_PATTERN = r"^\d{3}(\.\d+[a-z]?)?$"


class Source(StrictModel):
    """A document a rule text comes from."""

    document: str = Field(description="seed file name, or 'judgekit' for sintesi")
    label: str = Field(description="Italian description, e.g. 'Regolamento aggiornato a Fondamenti'")
    date: dt.date | None = None


class RuleVersion(StrictModel):
    """An older (or alternate) text of a rule, kept as history."""

    id: str | None = Field(default=None, pattern=RULE_ID_PATTERN,
                           description="the number this text had in that version, when it differs")
    text: str
    examples: list[str] = []
    source: str = Field(description="key into the file's sources")
    status: Literal["superseded", "alternate"] = "superseded"
    change: str | None = Field(default=None, description="Italian: what changed in the current text")


class Rule(StrictModel):
    """One rule or subrule: its current text, examples and history."""

    id: str = Field(pattern=RULE_ID_PATTERN)
    title: str | None = None
    text: str
    examples: list[str] = []
    kind: Literal["cr", "sintesi"] = "cr"
    status: Literal["current", "superseded"] = "current"
    source: str
    note: str | None = Field(default=None, description="Italian note shown with the rule")
    fixes: list[str] = Field(default=[], description="corrections made to the seed text (Italian)")
    history: list[RuleVersion] = []


class RuleFile(StrictModel):
    """One file of rules: a CR section (``cr/510.yaml``) or a group of sintesi."""

    section: str = Field(pattern=r"^\d{3}$")
    title: str
    language: Literal["it", "en"] = "it"
    note: str | None = Field(default=None, description="Italian note about the section and its sources")
    sources: dict[str, Source]
    rules: list[Rule]


class SectionIndex(StrictModel):
    """The CR table of contents (``cr/sections.yaml``): titles of every chapter and section."""

    source: Source
    chapters: dict[str, str]
    sections: dict[str, str]


class ImportedRule(StrictModel):
    """One rule of an imported official (English) Comprehensive Rules text."""

    id: str = Field(pattern=RULE_ID_PATTERN)
    text: str
    examples: list[str] = []


class ImportedTerm(StrictModel):
    """One entry of the glossary of an imported Comprehensive Rules text."""

    term: str
    definition: str


class ImportedRules(StrictModel):
    """``cr_en.yaml`` in the user data folder, written by ``judgekit import-cr``."""

    language: Literal["en"] = "en"
    document: str
    effective_date: dt.date | None = None
    imported: str
    sections: dict[str, str] = {}
    rules: list[ImportedRule]
    glossary: list[ImportedTerm] = []


class GlossaryEntry(StrictModel):
    """One game term in Italian and English."""

    it: str
    en: str
    category: Literal["keyword", "card_type", "supertype", "subtype", "step", "phase", "zone", "action",
                      "counter", "color", "term", "slang", "policy"]
    canonical: str | None = Field(default=None, description="canonical scenario value, e.g. first_strike")
    aliases_it: list[str] = []
    aliases_en: list[str] = []
    rules: list[str] = Field(default=[], description="CR numbers (702.19b) or policy refs (ipg:2.2, mtr:4.3)")
    definition: str | None = None
    context: list[str] = Field(default=[], description="words that say this sense is meant, for a shared name")


class GlossaryFile(StrictModel):
    entries: list[GlossaryEntry]


class ManualSection(StrictModel):
    """One section of the Judge Candidate Textbook."""

    slug: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    part: str
    chapter: str
    title: str
    order: int
    text: str
    rules: list[str] = []
    outdated: str | None = Field(default=None, description="Italian: what the current rules changed")
    source: Source


class ManualFile(StrictModel):
    """A file of ``rules_it/manual``: the sections of one textbook chapter, in reading order."""

    sections: list[ManualSection]


class QuestionsEntry(StrictModel):
    """Typical questions answered by one entry of the corpus (``rules_it/domande``)."""

    ref: str = Field(pattern=r"^(cr|ipg|jar|mtr):[0-9A-Za-z][0-9A-Za-z._-]*$",
                     description="the entry: cr:702.19b, cr:103, ipg:2.1, mtr:4.3, jar:common.trigger")
    questions: list[str] = Field(min_length=1)


class QuestionsFile(StrictModel):
    """A file of ``rules_it/domande``."""

    entries: list[QuestionsEntry]
