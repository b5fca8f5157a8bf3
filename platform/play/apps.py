from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Games recorded at the table"
