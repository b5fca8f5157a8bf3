from django.apps import AppConfig


class MetaConfig(AppConfig):
    """Feeds the meta statistics from the platform and gives the dashboards app what it reads of it."""

    name = "meta"
    label = "meta"
    verbose_name = "Meta statistics: platform wiring"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from accounts.profiles import register_games
        from arbiter_site.prepared import prepared_cursor
        from dashboards import providers
        from gamelogs.signals import log_verified
        from meta import players, ratings
        from meta.publicity import on_round_saved
        from meta.receivers import on_log_verified, register_interests
        from meta.reported import on_match_saved

        # The statements every verdict runs are prepared on the server (#14).
        providers.register_statement_cursor(prepared_cursor)
        providers.register_player_pages(
            providers.PlayerPages(
                profile=players.name_profile,
                ratings=ratings.ratings_for_name,
                accounts=ratings.accounts_for_name,
            )
        )
        # An account's profile shows the games played under its names as the meta counts them.
        register_games(players.account_games)
        # Statistics rows follow verdicts: every verified (or re-verified) log updates them.
        register_interests()
        log_verified.connect(on_log_verified, dispatch_uid="dashboards.store_statistics")
        # Results reported by hand count too, marked unverified (meta.reported).
        post_save.connect(on_match_saved, sender="draw.Match", dispatch_uid="dashboards.reported")
        # A round published or closed makes its logs public (and a round back to draft, private): counted so now.
        post_save.connect(on_round_saved, sender="draw.Round", dispatch_uid="dashboards.round_publicity")
