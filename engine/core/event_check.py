"""Per-event schema checks compiled to plain Python: a valid event costs a few type and length tests.

``fast_check(schema, fallback)`` turns a small JSON Schema (an event's ``$defs`` entry) into a function that
accepts what it can prove valid with exact type tests and hands everything else to ``fallback`` (the
fastjsonschema validator of the same schema, which raises on an invalid event). It never decides an event
invalid itself: only a narrower reading of the same keywords is accepted on the quick path (``type(x) is
str`` where the schema allows any string instance, integers only as ``int``, arrays only as ``list``), a
pattern is compiled exactly as fastjsonschema compiles it, and a string constant is tested as fastjsonschema
tests it (``x != c``: no JSON value but that string equals it). A string once proven is remembered (by the
keywords of its schema) and proven again by one set lookup; an object's unknown keys are found by counting
its known ones, with no key views. A schema with a keyword it does not read gives None: the caller keeps
the fallback for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fastjsonschema.draft04 import DOLLAR_FINDER

_IGNORED = {"description", "title", "$comment"}
_TYPES = {"string": "str", "integer": "int", "boolean": "bool", "array": "list", "object": "dict"}
_SCALARS = {"string": "str", "integer": "int", "boolean": "bool"}  # what a list of types may name


class _Unsupported(Exception):
    pass


class _Doubt(Exception):
    """Raised by a compiled check for a value it cannot prove valid: its fallback decides."""


# Strings already proven to satisfy a string schema, by the schema's keywords (Gen.known_strings); shared by all
# compiled checks, each set bounded so that a log of endless distinct strings costs no more than checking them.
_KNOWN: dict[str, set[str]] = {}
_KNOWN_MAX = 4096


class _Gen:
    def __init__(self, matched: tuple[str, str] | None = None):
        self.matched = matched  # fast_check's: (property, string) of the value checked, known equal
        self.lines: list[str] = []
        self.consts: dict[str, object] = {}
        self.n = 0

    def const(self, value) -> str:
        name = f"K{len(self.consts)}"
        self.consts[name] = value
        return name

    def var(self) -> str:
        self.n += 1
        return f"v{self.n}"

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def check(self, schema, v: str, depth: int) -> None:
        """Lines that raise (``DOUBT``, or a KeyError or TypeError on the way) unless the value in ``v`` surely
        satisfies ``schema``."""
        if not isinstance(schema, dict):
            raise _Unsupported
        keys = set(schema) - _IGNORED
        no = "raise DOUBT"
        if "const" in schema:
            c = schema["const"]
            if type(c) not in (str, int, bool) or keys - {"const"}:
                raise _Unsupported
            if type(c) is str:
                self.emit(depth, f"if {v} != {c!r}: {no}")
            else:
                self.emit(depth, f"if type({v}) is not {type(c).__name__} or {v} != {c!r}: {no}")
            return
        if "enum" in schema:
            values = schema["enum"]
            if not values or any(type(x) is not str for x in values) or keys - {"enum", "type"}:
                raise _Unsupported
            if schema.get("type", "string") != "string":
                raise _Unsupported
            self.emit(depth, f"if type({v}) is not str or {v} not in {self.const(frozenset(values))}: {no}")
            return
        if "oneOf" in schema:
            self.one_of(schema, v, depth, keys)
            return
        typ = schema.get("type")
        if isinstance(typ, list) and len(typ) == 2 and "null" in typ and typ[typ[0] == "null"] in _TYPES:
            # A value or null (e.g. a toss's ``target``): null needs nothing more, any other value the one type's
            # keywords (fastjsonschema applies a type's keywords to values of that type only).
            self.emit(depth, f"if {v} is not None:")
            self.check({**schema, "type": typ[typ[0] == "null"]}, v, depth + 1)
            return
        if isinstance(typ, list) and typ and all(t in _SCALARS for t in typ) and keys == {"type"}:
            # Any of a few scalar types, nothing else asked: ``int`` is not ``bool`` under ``type()``, so the
            # quick path never takes a boolean for an integer (or an integer for a number it is not listed as).
            self.emit(depth, f"if type({v}) not in ({', '.join(_SCALARS[t] for t in typ)},): {no}")
            return
        if not isinstance(typ, str) or typ not in _TYPES:
            raise _Unsupported
        rest = keys - {"type"}
        if typ == "string":
            if rest - {"minLength", "maxLength", "pattern"}:
                raise _Unsupported
            self.string(schema, v, depth)
            return
        self.emit(depth, f"if type({v}) is not {_TYPES[typ]}: {no}")
        if typ == "integer":
            if rest - {"minimum", "maximum"}:
                raise _Unsupported
            if "minimum" in schema:
                self.emit(depth, f"if {v} < {schema['minimum']!r}: {no}")
            if "maximum" in schema:
                self.emit(depth, f"if {v} > {schema['maximum']!r}: {no}")
        elif typ == "boolean":
            if rest:
                raise _Unsupported
        elif typ == "array":
            if rest - {"items", "minItems", "maxItems"}:
                raise _Unsupported
            if "minItems" in schema:
                self.emit(depth, f"if len({v}) < {int(schema['minItems'])}: {no}")
            if "maxItems" in schema:
                self.emit(depth, f"if len({v}) > {int(schema['maxItems'])}: {no}")
            if "items" in schema:
                known = self.known_strings(schema["items"])
                if known is not None:  # most arrays repeat strings already checked: one C loop proves them
                    self.emit(depth, f"if not {known}.issuperset({v}):")
                    depth += 1
                item = self.var()
                self.emit(depth, f"for {item} in {v}:")
                self.check(schema["items"], item, depth + 1)
        else:
            self.object(schema, v, depth, rest)

    def known_strings(self, schema) -> str | None:
        """The name of the set of strings already proven to satisfy a string ``schema`` (None for any other
        schema). Valid logs repeat a few strings (player ids, hexes, unit ids, dice faces): a set lookup proves
        one again without its type, length and pattern tests. Only exact ``str`` values that passed them are
        kept; JSON has no other value equal to a string."""
        if not isinstance(schema, dict) or schema.get("type") != "string":
            return None
        if set(schema) - _IGNORED - {"type", "minLength", "maxLength", "pattern"}:
            return None
        key = repr(sorted((k, schema[k]) for k in ("minLength", "maxLength", "pattern") if k in schema))
        return self.const(_KNOWN.setdefault(key, set()))

    def string(self, schema: dict, v: str, depth: int) -> None:
        no = "raise DOUBT"
        known = self.known_strings(schema)
        self.emit(depth, f"if {v} not in {known}:")
        depth += 1
        self.emit(depth, f"if type({v}) is not str: {no}")
        bounds = [f"len({v}) < {int(schema['minLength'])}"] if "minLength" in schema else []
        bounds += [f"len({v}) > {int(schema['maxLength'])}"] if "maxLength" in schema else []
        if bounds:
            self.emit(depth, f"if {' or '.join(bounds)}: {no}")
        if "pattern" in schema:
            regex = re.compile(DOLLAR_FINDER.sub(r"\\Z", schema["pattern"]))  # as fastjsonschema does
            self.emit(depth, f"if not {self.const(regex)}.search({v}): {no}")
        self.emit(depth, f"if len({known}) < {_KNOWN_MAX}: {known}.add({v})")

    def one_of_arrays(self, branches: list, v: str, depth: int) -> None:
        """``oneOf`` of array schemas whose items are of distinct types among string, array and object (e.g. a
        special's ``dice``: one roll's dice, or several rolls'): a non-empty array whose first item is of one
        branch's item type fails every other branch, so it satisfies the ``oneOf`` exactly when it satisfies
        that branch. An empty array satisfies every branch, so not the ``oneOf``: it falls back, as does
        anything else."""
        kinds = []
        for b in branches:
            item = b.get("items")
            if not isinstance(item, dict) or item.get("type") not in ("string", "array", "object"):
                raise _Unsupported
            kinds.append(_TYPES[item["type"]])
        if len(set(kinds)) != len(kinds):
            raise _Unsupported
        no = "raise DOUBT"
        self.emit(depth, f"if type({v}) is not list or not {v}: {no}")
        first = self.var()
        self.emit(depth, f"{first} = type({v}[0])")
        for i, (b, kind) in enumerate(zip(branches, kinds, strict=True)):
            self.emit(depth, f"{'if' if i == 0 else 'elif'} {first} is {kind}:")
            self.check(b, v, depth + 1)
        self.emit(depth, f"else: {no}")

    def one_of(self, schema: dict, v: str, depth: int, keys: set) -> None:
        """``oneOf`` of object schemas told apart by one required property of distinct string constants (e.g.
        the randomness ``mode``): a value whose property holds one branch's constant fails every other
        branch, so it satisfies the ``oneOf`` exactly when it satisfies that branch. Anything else falls back."""
        branches = schema["oneOf"]
        if keys != {"oneOf"} or not isinstance(branches, list) or not branches:
            raise _Unsupported
        if all(isinstance(b, dict) and b.get("type") == "array" for b in branches):
            self.one_of_arrays(branches, v, depth)
            return
        common = None
        for b in branches:
            if (
                not isinstance(b, dict)
                or b.get("type") != "object"
                or not isinstance(b.get("required"), list)
            ):
                raise _Unsupported
            props = b.get("properties", {})
            tags = {
                k
                for k in b["required"]
                if isinstance(props.get(k), dict)
                and set(props[k]) - _IGNORED == {"const"}
                and type(props[k]["const"]) is str
            }
            common = tags if common is None else common & tags
        tag = min(common) if common else None
        if tag is None:
            raise _Unsupported
        consts = [b["properties"][tag]["const"] for b in branches]
        if len(set(consts)) != len(consts):
            raise _Unsupported
        no = "raise DOUBT"
        self.emit(depth, f"if type({v}) is not dict: {no}")
        got = self.var()
        self.emit(depth, f"{got} = {v}.get({tag!r})")
        for i, (b, c) in enumerate(zip(branches, consts, strict=True)):
            self.emit(depth, f"{'if' if i == 0 else 'elif'} type({got}) is str and {got} == {c!r}:")
            self.check(b, v, depth + 1)
        self.emit(depth, f"else: {no}")

    def object(self, schema: dict, v: str, depth: int, rest: set) -> None:
        if rest - {"properties", "required", "additionalProperties", "minProperties", "maxProperties"}:
            raise _Unsupported
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        if not (extra in (True, False) or isinstance(extra, dict)) or not isinstance(props, dict):
            raise _Unsupported
        no = "raise DOUBT"
        required = schema.get("required", [])
        if not isinstance(required, list) or any(type(k) is not str for k in required):
            raise _Unsupported
        required = list(dict.fromkeys(required))
        if extra is False and set(required) - set(props):
            raise _Unsupported  # never valid: left to the fallback
        for key in required:
            if key not in props:  # present (a KeyError if not), anything
                self.emit(depth, f"{v}[{key!r}]")
        if "minProperties" in schema:
            self.emit(depth, f"if len({v}) < {int(schema['minProperties'])}: {no}")
        if "maxProperties" in schema:
            self.emit(depth, f"if len({v}) > {int(schema['maxProperties'])}: {no}")
        if extra is False:
            # Every required property is read below (a KeyError if missing): the event's other keys must all
            # be optional properties, counted off as each is checked; any left over is one the schema refuses.
            optional = [k for k in props if k not in required]
            for key in required:
                known = v == "e" and self.matched is not None and self.matched[0] == key
                if known and props[key] == {"const": self.matched[1]}:
                    continue  # present and equal to the constant: fast_check's caller matched it
                item = self.var()
                self.emit(depth, f"{item} = {v}[{key!r}]")
                self.check(props[key], item, depth)
            if not optional:
                self.emit(depth, f"if len({v}) != {len(required)}: {no}")
                return
            left = self.var()
            self.emit(depth, f"{left} = len({v}) - {len(required)}")
            self.emit(depth, f"if {left}:")
            for key in optional:
                item = self.var()
                self.emit(depth + 1, f"if {key!r} in {v}:")
                self.emit(depth + 2, f"{left} -= 1")
                self.emit(depth + 2, f"{item} = {v}[{key!r}]")
                self.check(props[key], item, depth + 2)
            self.emit(depth + 1, f"if {left}: {no}")
            return
        if isinstance(extra, dict):  # every property the schema does not name: a value of that schema
            key, item = self.var(), self.var()
            self.emit(depth, f"for {key}, {item} in {v}.items():")
            if props:
                self.emit(depth + 1, f"if {key} in {self.const(frozenset(props))}: continue")
            self.check(extra, item, depth + 1)
        for key, sub in props.items():
            item = self.var()
            if key in required:
                self.emit(depth, f"{item} = {v}[{key!r}]")
                self.check(sub, item, depth)
            else:
                self.emit(depth, f"if {key!r} in {v}:")
                self.emit(depth + 1, f"{item} = {v}[{key!r}]")
                self.check(sub, item, depth + 1)


def inline_refs(schema, defs: dict, depth: int = 0):
    """``schema`` with every local reference ``{"$ref": "#/$defs/<name>"}`` replaced by that definition of
    ``defs`` (for :func:`fast_check`, which reads no references). None for any other reference, a
    reference with sibling keywords, or definitions nested deeper than a schema of events needs (a cycle)."""
    if depth > 16:
        return None
    if isinstance(schema, list):
        out = [inline_refs(s, defs, depth + 1) for s in schema]
        return None if any(s is None for s in out) else out
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        ref = schema["$ref"]
        name = ref[len("#/$defs/") :] if isinstance(ref, str) and ref.startswith("#/$defs/") else None
        if name not in defs or set(schema) - _IGNORED - {"$ref"}:
            return None
        return inline_refs(defs[name], defs, depth + 1)
    out = {}
    for key, value in schema.items():
        if key in ("properties", "$defs") and isinstance(value, dict):  # names, not schemas, as keys
            inner = {k: inline_refs(v, defs, depth + 1) for k, v in value.items()}
            if any(v is None for v in inner.values()):
                return None
            out[key] = inner
        elif key in _IGNORED or key in ("required", "enum", "const"):
            out[key] = value
        else:
            out[key] = inline_refs(value, defs, depth + 1)
            if out[key] is None and value is not None:
                return None
    return out


def fast_check(
    schema: dict, fallback: Callable[[dict], object], *, matched: tuple[str, str] | None = None
) -> Callable[[dict], object] | None:
    """``schema`` as a function of one event: None when it proves the event valid, else ``fallback(event)``.
    None when the schema uses a keyword this compiler does not read.

    ``matched`` (property, string): the caller calls the check only for an event whose property it found equal
    to that string (an event's ``type``, by which it chose the check); where the schema requires exactly that
    constant there, the check does not test it again."""
    gen = _Gen(matched)
    gen.emit(0, "def check(e):")
    gen.emit(1, "try:")
    try:
        gen.check(schema, "e", 2)
    except _Unsupported:
        return None
    gen.emit(2, "return None")
    # Any doubt: a test that fails, a required property missing (KeyError), an unhashable value where a known
    # string is looked up (TypeError). The fallback decides, outside the handler.
    gen.emit(1, "except (Doubt, KeyError, TypeError):")
    gen.emit(2, "pass")
    gen.emit(1, "return FALLBACK(e)")
    scope = {"FALLBACK": fallback, "Doubt": _Doubt, "DOUBT": _Doubt, **gen.consts}
    exec(compile("\n".join(gen.lines), "<event_check>", "exec"), scope)  # noqa: S102 — code built above
    return scope["check"]
