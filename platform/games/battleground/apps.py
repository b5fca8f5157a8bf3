from django.apps import AppConfig


class BattlegroundConfig(AppConfig):
    """Battleground's own models (its per-side statistics rows, its maps and their summary), given to the
    dashboards at ready."""

    name = "games.battleground"
    label = "battleground"
    verbose_name = "Masters of the Universe: Battleground"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from dashboards import providers
        from games.battleground import models
        from games.battleground.maps import MAP_SUMMARY

        providers.register_side_models(
            providers.SideModels(
                side=models.SideStat,
                round=models.RoundStat,
                character=models.CharacterStat,
                weapon=models.WeaponStat,
                item=models.ItemStat,
                test=models.TestStat,
            )
        )
        providers.register_summary(MAP_SUMMARY)
