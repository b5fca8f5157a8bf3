from django.urls import path

from tournaments.views import judges, organizer, player, public

# Mounted at /events/ by arbiter_site.urls in the ``tournaments`` namespace, after the pages of
# the apps built on events (participants.urls, draw.urls, results.urls, standings.urls), which
# share that namespace.
app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="list"),
    path("new/", organizer.event_create, name="create"),
    path("me/", player.my_events, name="mine"),
    path("<slug:slug>/", public.event_detail, name="event"),
    path("<slug:slug>/edit/", organizer.event_edit, name="edit"),
    path("<slug:slug>/audit/", public.audit_trail, name="audit"),
    path("<slug:slug>/manage/", organizer.manage, name="manage"),
    path("<slug:slug>/manage/organizers/", organizer.add_organizer, name="add-organizer"),
    path("<slug:slug>/manage/judges/", judges.add_judge, name="add-judge"),
    path("<slug:slug>/manage/judges/<int:pk>/remove/", judges.remove_judge, name="remove-judge"),
]
