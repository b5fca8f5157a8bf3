"""Getting an upload's bytes out of a request.

Bodies over the cap never reach a view: arbiter_site.middleware answers 413 from Content-Length
(``reject_oversized_request``) before anything reads them. The file's own size is checked again,
then the engine's cap on the bytes (gamelogs.services.check_upload).
"""

from __future__ import annotations

from django.conf import settings

from gamelogs.services import (
    FILE_TOO_LARGE,
    UPLOAD_TOO_LARGE,
    UploadRejected,
    max_upload_bytes,
    too_large_message,
)


def reject_oversized_request(request) -> None:
    """Raise UploadRejected("too_large") if the declared body is larger than any valid upload."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > settings.ARBITER_MAX_REQUEST_BYTES:
        raise UploadRejected(
            too_large_message(UPLOAD_TOO_LARGE, length),
            "too_large",
        )


def read_uploaded_file(uploaded) -> tuple[bytes, str]:
    """(bytes, file name) of a Django UploadedFile, refusing one over the cap before reading it."""
    limit = max_upload_bytes()
    if uploaded.size > limit:
        raise UploadRejected(
            too_large_message(FILE_TOO_LARGE, uploaded.size),
            "too_large",
        )
    return uploaded.read(), uploaded.name or ""
