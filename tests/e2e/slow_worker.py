"""``python -m tests.e2e.slow_worker -A workers worker …``: a Celery worker whose engine takes
SLOW_VERIFY_SECONDS per log, so a test can kill it in the middle of a verification."""

import os
import sys
import time

import engine

_real_verify = engine.verify


def _slow_verify(data, **kwargs):
    time.sleep(float(os.environ.get("SLOW_VERIFY_SECONDS", "60")))
    return _real_verify(data, **kwargs)


engine.verify = _slow_verify

if __name__ == "__main__":
    from celery.__main__ import main

    sys.argv[0] = "celery"
    sys.exit(main())
