"""Format overrides per language (``FORMAT_MODULE_PATH``)."""
