"""The two ways a log can fail: it cannot be read, or an event breaks a rule.

A refusal's reason is kept as a *template* (its message id: an English format string with named
placeholders, e.g. ``"{unit} cannot move: it is dazed this turn"``) and its *params* (plain JSON values, or
a nested ``Text`` where part of the reason is itself a phrase). ``message`` is the English rendering; the
platform renders the same template through its catalogs in the reader's language (``render``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


class Text:
    """A phrase the engine says: its template and the params that fill it in. ``str()`` is the English."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, /, **params):
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return self.template.format(**self.params)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, **{self.params!r})"

    def data(self) -> dict:
        """``{"message_id", "params"}`` as plain JSON data."""
        return {"message_id": self.template, "params": plain_params(self.params)}


def template(text: str) -> str:
    """Marks a template kept apart from the refusal that uses it (so that the catalog finds it); returns it."""
    return text


def plain_params(params: Mapping) -> dict:
    return {str(k): _plain(v) for k, v in params.items()}


def _plain(value):
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, Text):
        return value.data()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return plain_params(value)
    return str(value)


def render(message_id: str, params: Mapping, translate: Callable[[str], str] = str) -> str:
    """The text of ``message_id`` filled in with ``params`` (as ``Text.data`` gives them), each template
    (nested phrases too) passed through ``translate`` first: the platform passes its catalog's gettext.
    Raises KeyError/ValueError/IndexError when a template and its params do not agree."""
    return translate(message_id).format(**{k: _rendered(v, translate) for k, v in params.items()})


def _rendered(value, translate):
    if isinstance(value, dict) and set(value) == {"message_id", "params"}:
        return render(value["message_id"], value["params"], translate)
    return value


def _english(template: str, params: dict) -> str:
    return template.format(**params) if params else template.replace("{{", "{").replace("}}", "}")


class _Templated:
    """A refusal's template and params, with the English text built only when read (most refusals of a
    search for a legal event are never shown)."""

    template: str
    params: dict
    _message: str | None

    def _keep(self, message: str | Text, params: dict) -> str:
        if isinstance(message, Text):
            message, params = message.template, {**message.params, **params}
        self.template, self.params, self._message = message, params, None
        return message

    @property
    def message(self) -> str:
        if self._message is None:
            self._message = _english(self.template, self.params)
        return self._message

    @property
    def message_params(self) -> dict:
        return plain_params(self.params)


class UnreadableLog(_Templated, Exception):
    """The input is not a log this engine can replay (bad JSON, wrong schema, unknown ids, caps).

    ``rule`` is a LOG-… id from docs/log-format.md; ``path`` points into the document where known.
    ``message`` is a template (or a ``Text``) and ``params`` fill it in.
    """

    def __init__(
        self,
        message: str | Text,
        /,
        *,
        rule: str = "LOG-1",
        path: str | None = None,
        event_index: int | None = None,
        **params,
    ):
        super().__init__(self._keep(message, params))
        self.rule = rule
        self.path = path
        self.event_index = event_index

    def __str__(self) -> str:
        return self.message


class IllegalEvent(_Templated, Exception):
    """An event the rules do not allow. ``rule`` is a rule id from the rules documents (BG-…); ``message`` is
    a template (or a ``Text``) and ``params`` fill it in."""

    def __init__(self, rule: str, message: str | Text, /, **params):
        super().__init__(rule, self._keep(message, params))
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"
