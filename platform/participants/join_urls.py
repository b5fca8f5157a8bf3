"""/join/: join an event by its code, or claim a guest entry. Mounted by arbiter_site.urls."""

from django.urls import path

from participants.views import join

app_name = "join"

urlpatterns = [
    path("", join.join_home, name="home"),
    path("claim/<str:code>/", join.claim_entry, name="claim"),
    path("claim/<str:code>/confirm/", join.claim_confirm, name="claim-confirm"),
    path("<str:code>/", join.join_event, name="event"),
]
