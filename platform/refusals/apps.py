from django.apps import AppConfig


class RefusalsConfig(AppConfig):
    name = "refusals"
    verbose_name = "Refusals in the reader's language"
