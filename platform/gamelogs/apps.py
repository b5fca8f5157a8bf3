from django.apps import AppConfig


class GamelogsConfig(AppConfig):
    name = "gamelogs"
    verbose_name = "Game logs"
