"""A player's profile, /players/<username>/, and the same in the API, /api/players/<username>/.
Thin: the profile is gathered by ``accounts.profiles``; these pick the account and the filter."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.profiles import player_profile
from dashboards.filters import PARAMETERS, SIMULATED_CHOICES


def _simulated(params) -> str:
    value = params.get("simulated", "exclude")
    return value if value in SIMULATED_CHOICES else "exclude"


@require_GET
def detail(request, username: str):
    user = get_object_or_404(get_user_model(), username=username)
    profile = player_profile(user, request.user, simulated=_simulated(request.GET))
    context = {
        "account": user,
        "profile": profile,
        "own": request.user.is_authenticated and request.user.pk == user.pk,
        "included": profile["simulated"] != "exclude",
        "simulated_hidden": profile["simulated_hidden"],
        "include_url": "?simulated=include",
        "api_url": reverse("api:player-profile", args=[username]),
    }
    return render(request, "accounts/player_profile.html", context)


class PlayerProfileView(APIView):
    """One player's profile: account (display name, club), events entered with placings, rating
    (the numbers of /events/ratings/), the uploads the caller may know of with their verdicts, and
    win rates by faction and character in their games that the caller may see, with
    ``simulated_hidden``. ``dice`` (their dice luck, over all games and per game in ``by_game``) is there
    only when they ask for themselves."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]

    @extend_schema(
        operation_id="player_profile",
        parameters=[
            OpenApiParameter(
                "simulated", OpenApiTypes.STR, OpenApiParameter.QUERY, description=PARAMETERS["simulated"]
            )
        ],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, username: str):
        if request.query_params.get("simulated", "exclude") not in SIMULATED_CHOICES:
            return Response(
                {
                    "detail": "invalid filter",
                    "errors": {"simulated": f"expected one of {', '.join(SIMULATED_CHOICES)}"},
                },
                status=400,
            )
        user = get_object_or_404(get_user_model(), username=username)
        return Response(player_profile(user, request.user, simulated=_simulated(request.query_params)))
