from django.apps import AppConfig


class VisibilityConfig(AppConfig):
    name = "visibility"
    verbose_name = "Log visibility"

    def ready(self) -> None:
        # The dashboards show public logs only; they learn which are public from here, never import it.
        from dashboards import providers
        from visibility.services import public_log_ids, public_q, publicity_changes

        providers.register_public_q(public_q, public_log_ids, publicity_changes)
