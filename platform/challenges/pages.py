from django.urls import path

from challenges import views

app_name = "challenges"

urlpatterns = [
    path("", views.challenge_list, name="list"),
    path("new/", views.create, name="create"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/start/", views.start, name="start"),
    path("<slug:slug>/header.json", views.header_json, name="header"),
    path("<slug:slug>/enter/", views.enter, name="enter"),
    path("<slug:slug>/play/", views.play, name="play"),
    path("<slug:slug>/entries/<int:pk>/", views.entry, name="entry"),
]
