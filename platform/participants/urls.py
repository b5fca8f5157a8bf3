"""The participants' pages and API paths. They live among the events' (/events/<slug>/register/,
/api/events/<slug>/registrations/...) and keep those names (``tournaments:register``,
``events-api:registrations``...): arbiter_site.urls mounts ``page_patterns`` in the
``tournaments`` namespace and ``api_patterns`` in ``events-api``, ahead of the event app's own.
Joining by code and claiming a guest entry are under /join/ (participants.join_urls)."""

from django.urls import path

from participants.api import entries, intake, teams
from participants.views import entries as entry_pages
from participants.views import intake as intake_pages
from participants.views import lists, player
from participants.views import teams as team_pages

page_patterns = [
    path("<slug:slug>/register/", player.register, name="register"),
    path("<slug:slug>/withdraw/", player.withdraw, name="withdraw"),
    path("<slug:slug>/check-in/", player.check_in_self, name="check-in"),
    path("<slug:slug>/list/", player.my_list, name="my-list"),
    path("<slug:slug>/lists/", lists.lists, name="lists"),
    path("<slug:slug>/teams/", team_pages.team_list, name="teams"),
    path("<slug:slug>/teams/draw/", team_pages.draw, name="draw-teams"),
    path("<slug:slug>/teams/<int:pk>/disband/", team_pages.disband, name="disband-team"),
    path("<slug:slug>/manage/pair/absent/", intake_pages.pair_absent, name="pair-absent"),
    path(
        "<slug:slug>/manage/pair/absent/<int:pk>/check-in/",
        intake_pages.check_in_absent,
        name="check-in-absent",
    ),
    path("<slug:slug>/manage/players/", intake_pages.players, name="intake"),
    path("<slug:slug>/manage/players/guest/", intake_pages.add_guest, name="add-guest"),
    path("<slug:slug>/manage/players/ringer/", intake_pages.add_ringer, name="add-ringer"),
    path("<slug:slug>/manage/players/import/<str:kind>/", intake_pages.import_preview, name="import-preview"),
    path("<slug:slug>/manage/players/import-commit/", intake_pages.import_commit, name="import-commit"),
    path("<slug:slug>/manage/players/claim-slips/", intake_pages.claim_slips, name="claim-slips"),
    path("<slug:slug>/manage/join-code/", intake_pages.join_code, name="join-code"),
    path("<slug:slug>/manage/check-in/", entry_pages.check_in_bulk, name="check-in-bulk"),
    path("<slug:slug>/manage/late-join/", entry_pages.late_join, name="late-join"),
    path("<slug:slug>/manage/soft-scores/", entry_pages.soft_scores, name="soft-scores"),
    path(
        "<slug:slug>/manage/registrations/<int:pk>/<str:action>/",
        entry_pages.registration_action,
        name="registration-action",
    ),
]

api_patterns = [
    path("me/join/", intake.JoinView.as_view(), name="join"),
    path("me/claim/", intake.ClaimView.as_view(), name="claim"),
    path("<slug:slug>/registrations/", entries.RegistrationListView.as_view(), name="registrations"),
    path(
        "<slug:slug>/registrations/<int:pk>/<str:action>/",
        entries.RegistrationActionView.as_view(),
        name="registration-action",
    ),
    path("<slug:slug>/check-in/", entries.CheckInView.as_view(), name="check-in"),
    path("<slug:slug>/late-join/", entries.LateJoinView.as_view(), name="late-join"),
    path("<slug:slug>/guests/", intake.GuestListView.as_view(), name="guests"),
    path("<slug:slug>/ringer/", intake.RingerView.as_view(), name="ringer"),
    path("<slug:slug>/import/", intake.ImportView.as_view(), name="import"),
    path("<slug:slug>/join-code/", intake.JoinCodeView.as_view(), name="join-code"),
    path("<slug:slug>/withdraw/", entries.WithdrawView.as_view(), name="withdraw"),
    path("<slug:slug>/teams/", teams.TeamListView.as_view(), name="teams"),
    path("<slug:slug>/teams/draw/", teams.TeamDrawView.as_view(), name="draw-teams"),
    path("<slug:slug>/teams/<int:pk>/", teams.TeamDetailView.as_view(), name="team"),
    path("<slug:slug>/list/", entries.MyListView.as_view(), name="my-list"),
    path("<slug:slug>/lists/", entries.ListsView.as_view(), name="lists"),
    path("<slug:slug>/soft-scores/", entries.SoftScoresView.as_view(), name="soft-scores"),
]
