from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "results"
    verbose_name = "Results"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A verified log attached to a match becomes its result (see results.receivers); the
        # event core's demo and simulated events record results through its hook.
        from results import receivers, services  # noqa: F401
        from tournaments import hooks

        hooks.fill_results(services)
