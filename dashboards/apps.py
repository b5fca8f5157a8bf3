from django.apps import AppConfig


class DashboardsConfig(AppConfig):
    name = "dashboards"
    label = "dashboards"
    verbose_name = "Meta statistics"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Statistics rows follow verdicts: every verified (or re-verified) log updates them.
        from django.db.models.signals import post_save

        from dashboards.receivers import on_log_verified, register_interests
        from dashboards.reported import on_match_saved
        from gamelogs.signals import log_verified

        register_interests()
        log_verified.connect(on_log_verified, dispatch_uid="dashboards.store_statistics")
        # Results reported by hand count too, marked unverified (dashboards.reported).
        post_save.connect(on_match_saved, sender="draw.Match", dispatch_uid="dashboards.reported")
        # Register the summary tasks with the Celery app in every process that sets Django up,
        # so a worker can run a refresh even before autodiscovery or its first verification.
        import dashboards.tasks  # noqa: F401
