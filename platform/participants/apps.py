from django.apps import AppConfig


class ParticipantsConfig(AppConfig):
    name = "participants"
    verbose_name = "Participants"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Editing an event's list rules checks its force lists again (tournaments.hooks).
        from participants.services.force_lists import on_settings_changed
        from tournaments import hooks

        if on_settings_changed not in hooks.settings_changed:
            hooks.settings_changed.append(on_settings_changed)
