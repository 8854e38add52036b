"""Where a unit's sentences are (units/sentences.py)."""

from __future__ import annotations

from hippograph.units.sentences import MAX_SENTENCES, spans


def _parts(text: str) -> list[str]:
    return [text[a:b] for a, b in spans(text)]


def test_sentences_end_at_a_stop_before_a_capital_digit_or_quote_and_at_line_breaks() -> None:
    text = 'Wow, great! Did you go? "Yes." 3 of us went. A list:\n- one\n\n- two'
    assert _parts(text) == [
        "Wow, great!",
        "Did you go?",
        '"Yes."',
        "3 of us went.",
        "A list:",
        "- one",
        "- two",
    ]


def test_a_stop_inside_a_sentence_does_not_split_it() -> None:
    assert _parts("Version 5.6 runs on e.g. port 8040. It is old.") == [
        "Version 5.6 runs on e.g. port 8040.",
        "It is old.",
    ]


def test_an_attachment_in_brackets_stays_with_the_sentence_before_it() -> None:
    text = "Look at this. It is mine. [shares image: a painting of a sunset]"
    assert _parts(text)[-1] == "It is mine. [shares image: a painting of a sunset]"


def test_a_long_text_keeps_at_most_the_maximum_and_its_last_span_runs_to_the_end() -> None:
    text = " ".join(f"Sentence {i}." for i in range(MAX_SENTENCES + 4))
    found = spans(text)
    assert len(found) == MAX_SENTENCES
    assert found[-1][1] == len(text)
    assert text[found[-1][0] :].startswith(f"Sentence {MAX_SENTENCES - 1}.")


def test_blank_text_has_no_sentences() -> None:
    assert spans("") == []
    assert spans("  \n \n") == []
