from django.db import migrations


def create_organizers_group(apps, schema_editor):
    # The permission row is normally created after migrations; make it now so the group can hold it.
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    content_type, _ = ContentType.objects.get_or_create(app_label="accounts", model="profile")
    permission, _ = Permission.objects.get_or_create(
        codename="organizer", content_type=content_type, defaults={"name": "Can organize events"}
    )
    group, _ = Group.objects.get_or_create(name="organizers")
    group.permissions.add(permission)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_organizers_group, migrations.RunPython.noop)]
