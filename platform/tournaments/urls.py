from django.urls import path

from tournaments.views import matches, organizer, player, public

app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="list"),
    path("new/", organizer.event_create, name="create"),
    path("me/", player.my_events, name="mine"),
    path("ratings/", public.rating_list, name="ratings"),
    path("players/<str:username>/", public.player_history, name="player"),
    path("<slug:slug>/", public.event_detail, name="event"),
    path("<slug:slug>/edit/", organizer.event_edit, name="edit"),
    path("<slug:slug>/register/", player.register, name="register"),
    path("<slug:slug>/withdraw/", player.withdraw, name="withdraw"),
    path("<slug:slug>/check-in/", player.check_in_self, name="check-in"),
    path("<slug:slug>/list/", player.my_list, name="my-list"),
    path("<slug:slug>/lists/", public.lists, name="lists"),
    path("<slug:slug>/results/", public.results, name="results"),
    path("<slug:slug>/standings/", public.standings, name="standings"),
    path("<slug:slug>/standings.csv", public.standings_csv, name="standings-csv"),
    path("<slug:slug>/standings.json", public.standings_json, name="standings-json"),
    path("<slug:slug>/bracket/", public.bracket, name="bracket"),
    path("<slug:slug>/audit/", public.audit_trail, name="audit"),
    path("<slug:slug>/rounds/<int:number>/", public.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/swap/", organizer.swap, name="swap"),
    path("<slug:slug>/rounds/<int:number>/repair/", organizer.repair, name="repair"),
    path("<slug:slug>/rounds/<int:number>/publish/", organizer.publish, name="publish"),
    path("<slug:slug>/rounds/<int:number>/timer/", organizer.timer, name="timer"),
    path("<slug:slug>/rounds/<int:number>/close/", organizer.close, name="close"),
    path("<slug:slug>/matches/<int:pk>/", matches.match_detail, name="match"),
    path("<slug:slug>/matches/<int:pk>/upload/", matches.upload_log, name="upload"),
    path("<slug:slug>/matches/<int:pk>/report/", matches.report, name="report"),
    path("<slug:slug>/matches/<int:pk>/confirm/", matches.confirm, name="confirm"),
    path("<slug:slug>/matches/<int:pk>/dispute/", matches.dispute, name="dispute"),
    path("<slug:slug>/matches/<int:pk>/decide/", matches.decide, name="decide"),
    path("<slug:slug>/matches/<int:pk>/log.json", matches.log_file, name="log"),
    path("<slug:slug>/disputes/<int:pk>/resolve/", matches.resolve, name="resolve"),
    path("<slug:slug>/manage/", organizer.manage, name="manage"),
    path("<slug:slug>/manage/pair/", organizer.pair, name="pair"),
    path("<slug:slug>/manage/late-join/", organizer.late_join, name="late-join"),
    path("<slug:slug>/manage/organizers/", organizer.add_organizer, name="add-organizer"),
    path(
        "<slug:slug>/manage/registrations/<int:pk>/<str:action>/",
        organizer.registration_action,
        name="registration-action",
    ),
]
