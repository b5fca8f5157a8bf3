from django.apps import AppConfig


class VisibilityConfig(AppConfig):
    name = "visibility"
    verbose_name = "Log visibility"
