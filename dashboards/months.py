"""Calendar months as the summaries' rollups key them (the first day of the month): shared by the code that
writes the rollups (summaries) and the code that reads them (queries), which do not import each other."""

from __future__ import annotations

import datetime as dt


def month_of(day: dt.date) -> dt.date:
    return day.replace(day=1)


def next_month(month: dt.date) -> dt.date:
    return (month.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
