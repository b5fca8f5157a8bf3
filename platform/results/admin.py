from django.contrib import admin

from results.models import Dispute, ManualReport

for model in (Dispute, ManualReport):
    admin.site.register(model)
