from django.apps import AppConfig


class BattlegroundConfig(AppConfig):
    """Battleground's own models (its per-side statistics rows, its maps and their summaries), whose
    summaries are given to the dashboards at ready."""

    name = "games.battleground"
    label = "battleground"
    verbose_name = "Masters of the Universe: Battleground"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from dashboards import providers
        from games.battleground.maps import MAP_SUMMARY
        from games.battleground.summaries import SUMMARIES

        for summary in (*SUMMARIES, MAP_SUMMARY):
            providers.register_summary(summary)
