from django.apps import AppConfig


class DashboardsConfig(AppConfig):
    name = "dashboards"
    label = "dashboards"
    verbose_name = "Meta statistics"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Statistics rows follow verdicts: every verified (or re-verified) log updates them.
        from dashboards.receivers import on_log_verified
        from gamelogs.signals import log_verified

        log_verified.connect(on_log_verified, dispatch_uid="dashboards.store_statistics")
        # Register the summary tasks with the Celery app in every process that sets Django up,
        # so a worker can run a refresh even before autodiscovery or its first verification.
        import dashboards.tasks  # noqa: F401
