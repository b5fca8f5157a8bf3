from django.urls import path

from visibility import views

app_name = "visibility"

urlpatterns = [path("<int:pk>/publication/", views.publication, name="publication")]
