"""``{% publication_card log %}``: the publish / take back card for a log's page."""

from django import template
from django.template.loader import render_to_string

from gamelogs.models import LogSubmission
from visibility import services

register = template.Library()


@register.simple_tag(takes_context=True)
def publication_card(context, log) -> str:
    request = context["request"]
    user = request.user
    state = {
        "log": log.pk,
        "public": services.is_public(log),
        "published_by_you": services.published_by(user, log),
        "uploader": user.is_authenticated and LogSubmission.objects.filter(log=log, user=user).exists(),
    }
    return render_to_string("visibility/publication_form.html", {"publication": state}, request=request)
