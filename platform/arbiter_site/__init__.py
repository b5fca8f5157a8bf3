"""The Django project: settings profiles, URL map, WSGI/ASGI entry points and the health check."""
