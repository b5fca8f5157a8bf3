from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.start, name="start"),
    path("join/<str:code>/", views.join_link, name="join"),
    # The spectators' read-only link (no login): its secret token, never the join code.
    path("watch/<str:token>/", views.watch, name="watch"),
    path("watch/<str:token>/state.json", views.watch_state, name="watch_state"),
    path("watch/<str:token>/stream", views.watch_stream, name="watch_stream"),
    path("<str:code>/", views.table_page, name="table"),
    path("<str:code>/state.json", views.state, name="state"),
    path("<str:code>/stream", views.stream, name="stream"),
    path("<str:code>/events", views.post_event, name="event"),
    path("<str:code>/dice", views.dice, name="dice"),
    path("<str:code>/undo", views.undo, name="undo"),
    path("<str:code>/result", views.confirm_result, name="result"),
    path("<str:code>/abandon", views.abandon, name="abandon"),
    path("<str:code>/log.json", views.log_file, name="log"),
    path("<str:code>/qr.svg", views.qr_code, name="qr"),
]
