from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The game registry. It hands the dashboards core the way to a game's plugin, so that the core
    never imports the plugins that build on it."""

    name = "games"
    verbose_name = "Game plugins"

    def ready(self) -> None:
        from dashboards import providers
        from games import game_ids, plugin

        providers.register_games(plugin, game_ids)
        # The groups the plugins count from their verdicts' JSON, kept per bucket (dashboards.verdictgroups).
        from games.eternia.meta_groups import GROUPS as ETERNIA_GROUPS
        from games.hoplomachus.meta_groups import GROUPS as HOPLOMACHUS_GROUPS

        for groups in (*HOPLOMACHUS_GROUPS, *ETERNIA_GROUPS):
            providers.register_verdict_groups(groups)
