"""Password reset, which is also how an owner lifts a sign-in pause (accounts.signin_guard): whoever
can read the account's email is its owner, so a stranger's wrong guesses cannot keep them out."""

from django.contrib.auth import views as auth_views
from django.urls import reverse_lazy

from accounts.signin_guard import unlock


class UnlockingPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")

    def form_valid(self, form):
        response = super().form_valid(form)
        unlock(form.user.get_username())
        return response
