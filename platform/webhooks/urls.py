from django.urls import path

from webhooks import api

urlpatterns = [
    path("", api.SubscriptionListView.as_view(), name="webhooks"),
    path("<int:pk>/", api.SubscriptionDetailView.as_view(), name="webhook"),
    path("<int:pk>/deliveries/", api.DeliveryListView.as_view(), name="webhook-deliveries"),
]
