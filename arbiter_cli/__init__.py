"""The ``arbiter`` command line: ``arbiter <command> …``. Commands live in their own modules and
register themselves with the dispatcher in arbiter_cli.main."""
