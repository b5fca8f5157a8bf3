from django.apps import AppConfig


class NarrationConfig(AppConfig):
    name = "narration"
    verbose_name = "The engine's narration in the reader's language"
