"""Sentences with a percent sign in them ("the 95% Wilson interval") are said so that gettext does not read a
printf directive in them by accident: "95% interval" holds "% i" (a space flag and the conversion i), so
xgettext marks the message python-format and msgfmt --check holds every translation to that stray
directive, which a translator can only meet by bending the sentence ("al 95% intorno…")."""

from __future__ import annotations

import re

import polib
import pytest

from tests.platform.test_languages import LOCALE_DIR, TRANSLATED

# A directive with a flag or a width ("% i", "%5d"), as no sentence of the site means one; "%s" and
# "%(name)s" are the placeholders the site uses, "%%" a percent sign.
STRAY = re.compile(r"%(?:[ #0+-]+\d*|\d+)(?:\.\d+)?[diouxXeEfFgGcrsa]")


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_holds_a_stray_format_directive(language):
    catalog = polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / "django.po"))
    stray = [
        (entry.msgid[:60], STRAY.findall(text.replace("%%", "")))
        for entry in catalog
        if not entry.obsolete and "python-format" in entry.flags
        for text in (entry.msgid, entry.msgstr)
        if STRAY.search(text.replace("%%", ""))
    ]
    assert not stray, stray
