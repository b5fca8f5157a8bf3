from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = "Standings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The event core stores, audits and publishes standings through the hooks it defines.
        from standings import audit, services
        from tournaments import hooks

        hooks.fill_standings(services)
        hooks.round_audits.append(audit.standings_discrepancies)
