"""What a served page may load: everything from the site itself, nothing from another host."""

import re

# src= and href= of the tags that make a browser fetch something (scripts, styles, icons, frames, images).
_LOADED = re.compile(r'<(?:script|link|img|iframe|source)\b[^>]*?\b(?:src|href)="([^"]*)"', re.I)


def loaded_from_elsewhere(html):
    """The addresses a page asks the browser to fetch from another host (a CDN), [] when all are the site's own."""
    return [url for url in _LOADED.findall(html) if re.match(r"(?:[a-z][a-z0-9+.-]*:)?//", url, re.I)]
