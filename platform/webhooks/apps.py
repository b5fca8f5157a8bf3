from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = "Webhooks"

    def ready(self):
        from webhooks import receivers, tasks  # noqa: F401 — connect receivers, register the task

        receivers.connect()
