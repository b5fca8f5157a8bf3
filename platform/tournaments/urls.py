from django.urls import path

from tournaments.views import (
    event_day,
    intake,
    judges,
    organizer,
    player,
    public,
    teams,
)

# Mounted at /events/ by arbiter_site.urls in the ``tournaments`` namespace, after the pages of
# the apps built on events (standings.urls), which share that namespace.
app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="list"),
    path("new/", organizer.event_create, name="create"),
    path("me/", player.my_events, name="mine"),
    path("<slug:slug>/", public.event_detail, name="event"),
    path("<slug:slug>/edit/", organizer.event_edit, name="edit"),
    path("<slug:slug>/register/", player.register, name="register"),
    path("<slug:slug>/withdraw/", player.withdraw, name="withdraw"),
    path("<slug:slug>/check-in/", player.check_in_self, name="check-in"),
    path("<slug:slug>/list/", player.my_list, name="my-list"),
    path("<slug:slug>/lists/", public.lists, name="lists"),
    path("<slug:slug>/bracket/", public.bracket, name="bracket"),
    path("<slug:slug>/teams/", teams.team_list, name="teams"),
    path("<slug:slug>/teams/draw/", teams.draw, name="draw-teams"),
    path("<slug:slug>/teams/<int:pk>/disband/", teams.disband, name="disband-team"),
    path("<slug:slug>/audit/", public.audit_trail, name="audit"),
    path("<slug:slug>/my-table/", event_day.my_table, name="my-table"),
    path("<slug:slug>/projector/", event_day.projector, name="projector"),
    path("<slug:slug>/projector.json", event_day.projector_json, name="projector-json"),
    path("<slug:slug>/rounds/<int:number>/print/", event_day.round_print, name="round-print"),
    path("<slug:slug>/rounds/<int:number>/", public.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/swap/", organizer.swap, name="swap"),
    path("<slug:slug>/rounds/<int:number>/repair/", organizer.repair, name="repair"),
    path("<slug:slug>/rounds/<int:number>/publish/", organizer.publish, name="publish"),
    path("<slug:slug>/rounds/<int:number>/timer/", organizer.timer, name="timer"),
    path("<slug:slug>/rounds/<int:number>/close/", organizer.close, name="close"),
    path("<slug:slug>/manage/", organizer.manage, name="manage"),
    path("<slug:slug>/manage/pair/", organizer.pair, name="pair"),
    path("<slug:slug>/manage/pair/absent/", intake.pair_absent, name="pair-absent"),
    path("<slug:slug>/manage/pair/absent/<int:pk>/check-in/", intake.check_in_absent, name="check-in-absent"),
    path("<slug:slug>/manage/players/", intake.players, name="intake"),
    path("<slug:slug>/manage/players/guest/", intake.add_guest, name="add-guest"),
    path("<slug:slug>/manage/players/ringer/", intake.add_ringer, name="add-ringer"),
    path("<slug:slug>/manage/players/import/<str:kind>/", intake.import_preview, name="import-preview"),
    path("<slug:slug>/manage/players/import-commit/", intake.import_commit, name="import-commit"),
    path("<slug:slug>/manage/players/claim-slips/", intake.claim_slips, name="claim-slips"),
    path("<slug:slug>/manage/join-code/", intake.join_code, name="join-code"),
    path("<slug:slug>/manage/late-join/", organizer.late_join, name="late-join"),
    path("<slug:slug>/manage/organizers/", organizer.add_organizer, name="add-organizer"),
    path("<slug:slug>/manage/judges/", judges.add_judge, name="add-judge"),
    path("<slug:slug>/manage/judges/<int:pk>/remove/", judges.remove_judge, name="remove-judge"),
    path("<slug:slug>/manage/soft-scores/", organizer.soft_scores, name="soft-scores"),
    path(
        "<slug:slug>/manage/registrations/<int:pk>/<str:action>/",
        organizer.registration_action,
        name="registration-action",
    ),
]
