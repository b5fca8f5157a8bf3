"""``/api/webhooks/``: your subscriptions, and each one's delivery log.

GET, POST        /api/webhooks/                    list / create (the secret is shown here)
GET, DELETE      /api/webhooks/<id>/               one subscription / remove it
GET              /api/webhooks/<id>/deliveries/    its deliveries, newest first
"""

from __future__ import annotations

from rest_framework import generics, serializers

from tournaments.models import Event
from tournaments.permissions import manages
from webhooks.addresses import ForbiddenAddress, check_url
from webhooks.models import Delivery, Kind, Subscription


class SubscriptionSerializer(serializers.ModelSerializer):
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=Kind.choices), allow_empty=False)
    event = serializers.SlugRelatedField(
        slug_field="slug", queryset=Event.objects.all(), required=False, allow_null=True
    )

    class Meta:
        model = Subscription
        fields = ["id", "url", "kinds", "event", "secret", "active", "created_at"]
        read_only_fields = ["id", "secret", "created_at"]

    def validate_url(self, value: str) -> str:
        if not value.startswith(("https://", "http://")):
            raise serializers.ValidationError("an http or https URL")
        try:
            check_url(value)
        except ForbiddenAddress as exc:
            raise serializers.ValidationError(str(exc)) from exc
        return value

    def validate(self, data):
        event, kinds = data.get("event"), data.get("kinds", [])
        if event and Kind.VERDICT in kinds and not manages(self.context["request"].user, event):
            raise serializers.ValidationError({"kinds": "an event's verdicts go to its organizers only"})
        return data


class DeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = Delivery
        fields = [
            "id",
            "kind",
            "state",
            "attempts",
            "last_status",
            "last_error",
            "created_at",
            "delivered_at",
            "body",
        ]
        read_only_fields = fields


class SubscriptionListView(generics.ListCreateAPIView):
    serializer_class = SubscriptionSerializer

    def get_queryset(self):
        return Subscription.objects.filter(owner=self.request.user).select_related("event").order_by("-id")

    def perform_create(self, serializer):
        serializer.save(owner=self.request.user)


class SubscriptionDetailView(generics.RetrieveDestroyAPIView):
    serializer_class = SubscriptionSerializer

    def get_queryset(self):
        return Subscription.objects.filter(owner=self.request.user).select_related("event")


class DeliveryListView(generics.ListAPIView):
    serializer_class = DeliverySerializer

    def get_queryset(self):
        return Delivery.objects.filter(
            subscription__owner=self.request.user, subscription_id=self.kwargs["pk"]
        ).order_by("-created_at", "-id")
