"""The admin lists the rows the results and standings apps took over from the tournaments app."""

import pytest
from django.urls import reverse

from draw import services as draw_services
from draw.seats import two_seats
from results import services as result_services

pytestmark = pytest.mark.django_db


def test_reports_disputes_and_stored_standings_open_in_the_admin(field, organizer, client, django_user_model):
    event, _ = field(4)
    round_ = draw_services.publish_round(organizer, draw_services.pair_next_round(organizer, event))
    game = round_.matches.games().order_by("table").first()
    first, second = (e.player for e in game.entrants())
    result_services.report_result(first, game, two_seats("win", (20, 10)))
    result_services.dispute_result(second, game, reason="the other way round")
    result_services.resolve_dispute(organizer, game.disputes.get(), uphold=True, note="kept")
    for match in round_.matches.exclude(state__in=["confirmed", "verified"]):
        if not match.is_bye:
            result_services.decide_result(organizer, match, two_seats("win", (20, 10)), note="")
    draw_services.close_round(organizer, round_)

    client.force_login(
        django_user_model.objects.create_superuser("root", "root@example.com", "pw-long-enough")
    )
    rows = {
        ("results", "manualreport"): game.reports.get(),
        ("results", "dispute"): game.disputes.get(),
        ("standings", "standingsnapshot"): round_.standings,
    }
    for (app, model), row in rows.items():
        listing = client.get(reverse(f"admin:{app}_{model}_changelist"))
        change = reverse(f"admin:{app}_{model}_change", args=[row.pk])
        assert listing.status_code == 200 and change in listing.content.decode(), (app, model)
        assert client.get(change).status_code == 200, (app, model)
