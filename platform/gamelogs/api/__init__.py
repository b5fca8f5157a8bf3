"""The REST API for game logs (DRF): upload, list, detail. Mounted under /api/ by arbiter_site.urls."""
