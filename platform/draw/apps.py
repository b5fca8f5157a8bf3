from django.apps import AppConfig


class DrawConfig(AppConfig):
    name = "draw"
    verbose_name = "Draw"
    default_auto_field = "django.db.models.BigAutoField"
