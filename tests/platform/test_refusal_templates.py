"""Refusals keep their template and params (issue #24): every template the engine writes is a literal whose
named placeholders are exactly the params its site gives, so that the platform's catalogs can say it in the
reader's language. The engine's source is read by AST (platform/refusals/extract.py)."""

from __future__ import annotations

import string

from engine.games.battleground import footprint
from refusals import extract

SITES = extract.sites()


def test_the_engine_writes_hundreds_of_templates():
    templates = extract.templates()
    assert len(templates) > 500
    assert "{u} cannot move: {why}" in templates


def test_every_literal_template_gets_exactly_its_placeholders():
    wrong = [
        f"{s.path}:{s.line}: {s.template!r} given {sorted(s.params)}"
        for s in SITES
        if s.template is not None and s.call != "template" and s.params is not None
        if extract.placeholders(s.template) != set(s.params)
    ]
    assert not wrong, "\n".join(wrong)


def test_templates_are_named_format_strings_that_render():
    for template in extract.templates():
        fields = list(string.Formatter().parse(template))  # raises on a lone brace
        names = [f for _, f, _, _ in fields if f is not None]
        assert all(n.isidentifier() for n in names), template  # no positional {} and no {a.b} or {a[0]}
        assert template.format(**dict.fromkeys(names, 1)) is not None


def test_a_message_that_is_not_a_literal_is_a_phrase_passed_on_without_params():
    """A refusal tuple (rule, Text) or a Text in a variable carries its own params; only the path wordings
    of footprint.PathWords are templates chosen at run time, and then the params cover each of them (the
    movement effect's wording of a path too long names no start)."""
    words = {
        f"words.{field}": {getattr(w, field) for w in (footprint.MOVE_ACTION, footprint.MOVEMENT_EFFECT)}
        for field in footprint.PathWords._fields
    }
    for s in SITES:
        if s.template is not None or not s.params:
            continue
        assert s.source in words, f"{s.path}:{s.line}: {s.source} is given params {sorted(s.params)}"
        for template in words[s.source]:
            assert extract.placeholders(template) <= set(s.params), (s.path, s.line, template)
    assert {t for group in words.values() for t in group} <= set(extract.templates())
