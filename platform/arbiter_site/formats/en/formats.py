"""English pages keep the British formats the site has always shown ("6 Dec 2026", 24-hour
times): the language is "en" so that every English browser gets it, the conventions en-gb's."""

from django.conf.locale.en_GB.formats import *  # noqa: F403
