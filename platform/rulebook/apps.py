from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"
    verbose_name = "Rules reference"
