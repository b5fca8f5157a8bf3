"""Accounts: sign-up, log-in and the player profile. Being an organizer is a permission
(``accounts.organizer``, granted through the "organizers" group), not a separate site."""
