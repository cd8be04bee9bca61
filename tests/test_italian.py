"""The Italian normalisation shared by the search and the policy matcher (judgekit.italian)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from judgekit import italian


def test_folding_removes_case_and_accents_and_keeps_the_length() -> None:
    text = "Più ABILITÀ perché È così"
    folded = italian.fold(text)
    assert folded == "piu abilita perche e cosi"
    assert len(folded) == len(text)


def test_typographic_apostrophes_quotes_and_dashes_become_plain() -> None:
    text = "Dell’Abilità “innescata” — l‘aura"
    assert italian.fold(text) == "dell'abilita \"innescata\" - l'aura"
    assert italian.tokens("dell’abilità") == italian.tokens("dell'abilità") == ["dell", "abilita"]


def test_decomposed_accents_give_the_same_tokens_as_composed_ones() -> None:
    assert italian.tokens("perche\u0301 abilita\u0300") == italian.tokens("perché abilità") == ["perche", "abilita"]


def test_elisions_are_split_off_and_dropped_as_stop_words() -> None:
    assert italian.content_tokens("dell’abilità l'aura un'altra all'inizio") == ["abilita", "aura", "altra", "inizio"]


def test_stop_words_are_dropped_but_quantities_are_kept() -> None:
    assert italian.content_tokens("il giocatore che ha la priorità") == ["giocatore", "priorita"]
    assert italian.content_tokens("quante carte ha pescato in più") == ["quante", "carte", "pescato", "piu"]
    assert italian.content_tokens("what is the stack") == ["stack"]


@pytest.mark.parametrize("words", [
    ("bloccata", "bloccanti", "blocca", "bloccate", "bloccare"),
    ("innescata", "innescate", "innescato"),
    ("attaccante", "attaccanti", "attacca"),
])
def test_inflections_share_one_stem(words: tuple[str, ...]) -> None:
    assert len({italian.stem(w) for w in words}) == 1


def test_nouns_in_mento_keep_their_stem() -> None:
    assert italian.stem("commento") == italian.stem("commenti") != italian.stem("comma")
    assert italian.stem("documento") == italian.stem("documenti") == "document"


def test_rule_and_policy_numbers_are_single_tokens_and_are_not_stemmed() -> None:
    text = "CR 510.1c, regola 702.19 (IPG 2.5) e sottostrato 7c."
    assert italian.tokens(text) == ["cr", "510.1c", "regola", "702.19", "ipg", "2.5", "e", "sottostrato", "7c"]
    assert italian.stem("510.1c") == "510.1c"
    assert italian.is_number("2.5") and not italian.is_number("ipg")


def test_token_offsets_point_into_the_original_text() -> None:
    text = "Dell’Abilità “Innescata” (510.1c)"
    found = list(italian.iter_tokens(text))
    assert [t for t, _s, _e in found] == ["dell", "abilita", "innescata", "510.1c"]
    assert all(italian.fold(text[start:end]) == token for token, start, end in found)


def test_the_stem_table_is_read_before_the_stemmer() -> None:
    assert italian.stem("bloccata", {"bloccata": "blocc-tabella"}) == "blocc-tabella"
    assert italian.stem("bloccata", {"altro": "alt"}) == italian.stem("bloccata")
    assert italian.stem("di", {"di": "x"}) == "di"  # short words are never stemmed


def test_words_in_the_stem_table_do_not_load_the_stemmer() -> None:
    code = (
        "import sys\n"
        "from judgekit import italian\n"
        "table = {'creatura': 'creatur', 'bloccata': 'blocc'}\n"
        "print(italian.stems('la creatura bloccata', table), 'snowballstemmer' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['creatur',", "'blocc']", "False"]


def test_irregular_forms_are_replaced_before_stemming() -> None:
    forms = {"nascosto": "nascondere"}
    assert italian.stems("ha nascosto una carta", forms=forms) == italian.stems("nascondere carta")


def test_key_compares_names_whatever_their_punctuation() -> None:
    assert italian.key("USC — Minor") == italian.key("usc-minor") == "usc minor"
    assert italian.key("Game Rule Violation") == "game rule violation"


def test_join_text_keeps_non_empty_parts_one_per_line() -> None:
    assert italian.join_text("testo", None, "", ["esempio 1", "", "esempio 2"], ()) == "testo\nesempio 1\nesempio 2"
    assert italian.join_text(None, []) == ""


def test_a_token_longer_than_any_word_is_not_stemmed() -> None:
    from judgekit import italian

    long = "a" * (italian.LONGEST_WORD + 1)
    assert italian.stem(long) == long
    assert italian.stem("bloccanti") == "blocc"
