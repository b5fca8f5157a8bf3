"""``{% javascript_catalog %}``: the script tag of the pages' scripts' words, in the page's language, at its
cacheable address (arbiter_site.js_catalog). A page loads it once, from base.html."""

from django import template
from django.utils.html import format_html

from arbiter_site.js_catalog import catalog_url

register = template.Library()


@register.simple_tag
def javascript_catalog() -> str:
    return format_html('<script src="{}"></script>', catalog_url())
