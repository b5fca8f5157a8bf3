"""Forms of the intake pages (guests, bulk add, CSV import, the ringer, codes). They only read
input; participants.services.guests, join_codes and player_import decide what is allowed."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from participants.services.player_import import MAX_BYTES


class GuestForm(forms.Form):
    name = forms.CharField(
        max_length=100, label=_("Name"), widget=forms.TextInput(attrs={"autocomplete": "off"})
    )
    club = forms.CharField(max_length=100, required=False, label=_("Club"))


class BulkAddForm(forms.Form):
    names = forms.CharField(
        label=_("Names, one per line"),
        help_text=_('"Name" or "Name, Club". Players already entered are left as they are.'),
        widget=forms.Textarea(attrs={"rows": 6, "class": "list-text"}),
        max_length=MAX_BYTES,
    )


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label=_("CSV file"))
    text = forms.CharField(
        required=False,
        label=_("or paste the CSV"),
        widget=forms.Textarea(attrs={"rows": 5, "class": "list-text"}),
        max_length=MAX_BYTES,
    )

    def source(self) -> bytes | str:
        """The file's bytes, or the pasted text (the form is valid)."""
        upload = self.cleaned_data.get("file")
        if upload is not None:
            if upload.size > MAX_BYTES:
                raise forms.ValidationError(
                    _("The file is larger than %(size)s KiB: split it.") % {"size": MAX_BYTES // 1024}
                )
            return upload.read()
        return self.cleaned_data.get("text") or ""

    def clean(self):
        data = super().clean()
        if not data.get("file") and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a CSV file or paste its lines."))
        return data


class CommitImportForm(forms.Form):
    """The previewed source, sent back as it was shown: it is planned again before writing."""

    kind = forms.ChoiceField(choices=[("csv", "CSV"), ("names", "names")])
    source = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BYTES * 2, strip=False)


class RingerForm(forms.Form):
    name = forms.CharField(max_length=100, initial="Ringer", label=_("The ringer's name"))
    username = forms.CharField(
        max_length=150,
        required=False,
        label=_("Played by (username, optional)"),
        help_text=_("leave empty for a guest"),
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(_("No account is named %(username)s.") % {"username": username})
        return user


class CodeForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label=_("Code"),
        help_text=_("the event's join code (6 letters) or your claim code (8 characters)"),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
