"""The errors every API operation can answer, written into the OpenAPI schema once.

Each view documents its own outcomes (201 created, 409 already decided…). The answers that come from
the framework around every view are the same everywhere and are added here, by a drf-spectacular
post-processing hook, in the one error shape of arbiter_site.errors:

* 401 no or a wrong token, 403 not allowed, 406 a format the view cannot render, 429 throttled (with
  ``Retry-After``), 503 the database or Redis not answering (with ``Retry-After``);
* 400 where the operation reads a query string or a body (a value it cannot use), 415 where it reads
  a body (a content type it does not parse), 413 where it reads a body (over the size cap);
* 404 where the path names an object (it does not exist, or is not yours to see), where a list is
  paged (a page past the end), or where a body names one (a join code that matches nothing).

A response a view documented without a body gets the error shape as its body when it is an error.
"""

from __future__ import annotations

ERROR_SCHEMA = {
    "type": "object",
    "description": "The API's one error shape.",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "a stable machine-readable code"},
                "message": {"type": "string", "description": "what went wrong, for a person"},
                "rule": {"type": "string"},
                "path": {"type": "string"},
                "fields": {"description": "per-field messages for invalid input"},
            },
            "required": ["code", "message"],
        }
    },
    "required": ["error"],
}
# The meta statistics' and player pages' filters answer their own older shape, kept for their clients.
FILTER_ERROR_SCHEMA = {
    "type": "object",
    "description": "A filter of the meta statistics that cannot be used, per parameter.",
    "properties": {"detail": {"type": "string"}, "errors": {"type": "object"}},
    "required": ["detail", "errors"],
}
ERROR_REF = {"$ref": "#/components/schemas/Error"}
BAD_INPUT = {"anyOf": [ERROR_REF, {"$ref": "#/components/schemas/FilterError"}]}
RETRY_AFTER = {
    "Retry-After": {"schema": {"type": "integer"}, "description": "seconds to wait before trying again"}
}

EVERYWHERE = {
    "401": "no credentials, or a wrong or expired token",
    "403": "signed in, but not allowed to do this",
    "406": "the Accept header names a format this operation does not answer in",
    "429": "too many requests: wait Retry-After seconds",
    "503": "the database or a background service is not answering: nothing was saved, try again",
}
WITH_INPUT = {"400": "a query parameter or the body cannot be used (the message says which)"}
WITH_BODY = {
    "413": "the body is over the size cap",
    "415": "the Content-Type is not one this operation reads",
}
WITH_PATH_OBJECT = {"404": "nothing at this address (or not yours to see)"}
WITH_PAGES = {"404": "no such page of results"}
WITH_BODY_OBJECT = {"404": "nothing matches what the body names (a join code, a user…)"}

METHODS = ("get", "put", "post", "patch", "delete")


def _error_schema(status: str) -> dict:
    return BAD_INPUT if status == "400" else ERROR_REF


def _error_response(status: str, description: str) -> dict:
    retry = status in ("429", "503")
    response = {
        "description": description,
        "content": {"application/json": {"schema": _error_schema(status)}},
    }
    if retry:
        response["headers"] = dict(RETRY_AFTER)
    return response


def document_errors(result, generator, request, public):
    """drf-spectacular post-processing hook (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"])."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    schemas["FilterError"] = FILTER_ERROR_SCHEMA
    for path, item in result.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            parameters = operation.get("parameters", []) + item.get("parameters", [])
            wanted = dict(EVERYWHERE)
            has_body = "requestBody" in operation or method in ("post", "put", "patch")
            if has_body or any(p.get("in") == "query" for p in parameters):
                wanted.update(WITH_INPUT)
            if has_body:
                wanted.update(WITH_BODY)
                wanted.update(WITH_BODY_OBJECT)
            if any(p.get("in") == "query" and p.get("name") == "page" for p in parameters):
                wanted.update(WITH_PAGES)
            if "{" in path:
                wanted.update(WITH_PATH_OBJECT)
            responses = operation.setdefault("responses", {})
            for status, description in wanted.items():
                responses.setdefault(status, _error_response(status, description))
            for status, response in responses.items():
                if status[:1] in ("4", "5") and not response.get("content"):
                    response["content"] = {"application/json": {"schema": _error_schema(status)}}
    return result
