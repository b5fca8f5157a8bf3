"""The meta statistics' wiring to the platform: what the generic dashboards app (``dashboards``) reads from
the apps that hold logs, matches, accounts and ratings, and the signals that feed it.

Dependencies point one way: this app uses the dashboards app and the platform apps; the dashboards app
names none of them (what it needs is registered with ``dashboards.providers`` at ready).
"""
