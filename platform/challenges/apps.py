from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"
    verbose_name = "Challenges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A verified log whose header carries a challenge's commitment becomes an entry (see receivers).
        from challenges import receivers  # noqa: F401
