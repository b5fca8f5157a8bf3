"""Every stored table's seat1/seat2 become its seats 1 and 2, one seat per player of its header; and back.

A table's header players beyond the second (Eternia's co-op on one phone, FE-18.1.2) and a second player
that was never a second account (a solo or one-phone game already playing) were played by seat1's phone,
so those seats are held by seat1's account. A seat confirmed the result when its holder's old seat number
was in ``result_confirmed``."""

from django.db import migrations


def _team(header, player_id):
    teams = (header.get("setup") or {}).get("teams")
    if isinstance(teams, dict):
        for team, members in teams.items():
            if isinstance(members, list) and player_id in members:
                return str(team)
    players = header.get("players") or []
    faction = next((p.get("faction") for p in players if p.get("id") == player_id), None)
    if faction and sum(p.get("faction") == faction for p in players) > 1:
        return str(faction)
    return ""


def _controls(player):
    force = player.get("force")
    return list(force) if isinstance(force, list) and all(isinstance(h, str) for h in force) else []


def seats_from_columns(apps, schema_editor):
    TableGame = apps.get_model("play", "TableGame")
    TableSeat = apps.get_model("play", "TableSeat")
    seats = []
    for table in TableGame.objects.order_by("pk").iterator():
        players = (table.header or {}).get("players") or [{"id": "p1"}]
        confirmed = set(table.result_confirmed or [])
        for number, player in enumerate(players[:6], start=1):
            if number == 1:
                user_id, was = table.seat1_id, 1
            elif number == 2 and table.seat2_id is not None:
                user_id, was = table.seat2_id, 2
            elif table.status == "waiting":
                user_id, was = None, None
            else:
                user_id, was = table.seat1_id, 1  # played on seat1's phone
            seats.append(
                TableSeat(
                    table_id=table.pk,
                    number=number,
                    user_id=user_id,
                    player=str(player.get("id") or f"p{number}"),
                    team=_team(table.header or {}, str(player.get("id") or "")),
                    controls=_controls(player),
                    confirmed=was in confirmed,
                    joined_at=table.created_at if user_id is not None else None,
                )
            )
    TableSeat.objects.bulk_create(seats, batch_size=500)


def columns_from_seats(apps, schema_editor):
    TableGame = apps.get_model("play", "TableGame")
    TableSeat = apps.get_model("play", "TableSeat")
    for table in TableGame.objects.order_by("pk").iterator():
        seats = {s.number: s for s in TableSeat.objects.filter(table_id=table.pk)}
        first, second = seats.get(1), seats.get(2)
        table.seat1_id = first.user_id if first else None
        # A second seat held by the first seat's account was that phone's own (one phone): no seat2.
        table.seat2_id = second.user_id if second and second.user_id != table.seat1_id else None
        table.result_confirmed = sorted(
            {1 if s.user_id == table.seat1_id else 2 for s in seats.values() if s.confirmed and s.user_id}
        )
        table.save(update_fields=["seat1", "seat2", "result_confirmed"])


class Migration(migrations.Migration):
    dependencies = [("play", "0003_tableseat")]

    operations = [migrations.RunPython(seats_from_columns, columns_from_seats)]
