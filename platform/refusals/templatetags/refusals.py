from django import template

from refusals.catalog import localised

register = template.Library()


@register.simple_tag
def refusal(error):
    """``{% refusal error as said %}``: ``said.text`` (the refusal in the active language) and ``said.lang``."""
    text, lang = localised(error)
    return {"text": text, "lang": lang}
