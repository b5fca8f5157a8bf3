from django.apps import AppConfig


class DashboardsConfig(AppConfig):
    name = "dashboards"
    label = "dashboards"
    verbose_name = "Meta statistics"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Register the summary tasks with the Celery app in every process that sets Django up,
        # so a worker can run a refresh even before autodiscovery or its first verification.
        # What feeds the statistics (verdicts, reported results) is connected by the 'meta' app.
        import dashboards.tasks  # noqa: F401
        from dashboards import providers, summaries

        providers.register_summary(summaries.TEAM_SUMMARY)
        providers.register_summary(summaries.VERDICT_GROUP_SUMMARY)
