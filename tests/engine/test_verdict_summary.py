"""Verdict.summary: one line a person understands, for every place a log can break."""

from engine.core.verdict import Verdict, Violation


def test_an_illegal_header_is_said_to_be_in_the_header_not_at_event_none():
    # A setup rule (here BG-1.3, only characters in the game take part) breaks before any event.
    verdict = Verdict(
        status="illegal",
        engine_version="0",
        error=Violation(rule="BG-1.3", message="Orko is in both forces"),
    )
    assert verdict.summary() == "ILLEGAL in the header: Orko is in both forces (BG-1.3)"


def test_an_illegal_event_names_its_index_round_and_actor():
    verdict = Verdict(
        status="illegal",
        engine_version="0",
        error=Violation(rule="BG-9.2.4", message="too far", event_index=5, round=1, actor="Stratos"),
    )
    assert verdict.summary() == "ILLEGAL at event 5 (round 1, Stratos): too far (BG-9.2.4)"
