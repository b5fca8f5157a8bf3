"""The Kubernetes manifests (deploy/kubernetes/, assembled by deploy/kustomization.yaml) are valid
Kubernetes 1.30 objects (kubernetes-validate, strict: unknown fields are errors) and hang together:
every file is in the kustomization, probes use /healthz with an allowed Host, the proxy mounts the
deploy's nginx template, the workers scale on the Celery queue's Redis list, and the example
Secret holds what the production profile requires."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

kubernetes_validate = pytest.importorskip(
    "kubernetes_validate", reason="pip install -e '.[dev]' (kubernetes-validate)"
)

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
MANIFESTS = DEPLOY / "kubernetes"
KUBERNETES_VERSION = "1.30.0"


def _documents(path: Path) -> list[dict]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def _all() -> dict[tuple[str, str], dict]:
    found = {}
    for path in sorted(MANIFESTS.glob("*.yaml")):
        for doc in _documents(path):
            found[(doc["kind"], doc["metadata"]["name"])] = doc
    return found


def _container(objects, deployment: str) -> dict:
    return objects[("Deployment", deployment)]["spec"]["template"]["spec"]["containers"][0]


@pytest.mark.parametrize("path", sorted(MANIFESTS.glob("*.yaml")), ids=lambda p: p.name)
def test_every_manifest_is_a_valid_kubernetes_object(path):
    for doc in _documents(path):
        if doc["apiVersion"].startswith("keda.sh/"):
            continue  # a KEDA custom resource: checked below
        kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)


def test_the_validator_refuses_a_misspelt_field():
    web = _all()[("Deployment", "arbiter-web")]
    broken = {**web, "spec": {**web["spec"], "replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_the_kustomization_lists_every_manifest_but_the_secret_example():
    kustomization = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())
    listed = {Path(p).name for p in kustomization["resources"]}
    on_disk = {p.name for p in MANIFESTS.glob("*.yaml")} - {"secrets.example.yaml"}
    assert listed == on_disk
    generated = kustomization["configMapGenerator"][0]
    assert (DEPLOY / generated["files"][0]).exists()
    volume = _all()[("Deployment", "arbiter-proxy")]["spec"]["template"]["spec"]["volumes"][0]
    assert volume["configMap"]["name"] == generated["name"]


def test_web_probes_use_healthz_with_an_allowed_host():
    objects = _all()
    web = _container(objects, "arbiter-web")
    assert web["readinessProbe"]["httpGet"]["path"] == "/healthz"
    assert web["livenessProbe"]["httpGet"]["path"] == "/healthz/live"
    allowed = objects[("ConfigMap", "arbiter-config")]["data"]["DJANGO_ALLOWED_HOSTS"].split(",")
    for probe in (web["readinessProbe"], web["livenessProbe"]):
        (host,) = [h["value"] for h in probe["httpGet"]["httpHeaders"] if h["name"] == "Host"]
        assert host in allowed


def test_the_proxy_fronts_the_web_service():
    objects = _all()
    proxy = _container(objects, "arbiter-proxy")
    env = {e["name"]: e["value"] for e in proxy["env"]}
    web_service = objects[("Service", "arbiter-web")]["spec"]["ports"][0]["port"]
    assert env["ARBITER_UPSTREAM"] == f"arbiter-web:{web_service}"
    template = (DEPLOY / "nginx" / "arbiter.conf.template").read_text()
    assert set(re.findall(r"\$\{(\w+)\}", template)) == set(env)
    backend = objects[("Ingress", "arbiter")]["spec"]["rules"][0]["http"]["paths"][0]["backend"]
    assert backend["service"]["name"] == "arbiter"  # the ingress reaches nginx, never gunicorn


def test_workers_scale_on_the_celery_queue_length():
    objects = _all()
    scaled = objects[("ScaledObject", "arbiter-worker")]
    assert scaled["spec"]["scaleTargetRef"]["name"] == "arbiter-worker"
    assert 1 <= scaled["spec"]["minReplicaCount"] < scaled["spec"]["maxReplicaCount"]
    (trigger,) = scaled["spec"]["triggers"]
    config = objects[("ConfigMap", "arbiter-config")]["data"]
    assert trigger["type"] == "redis" and trigger["metadata"]["listName"] == config["ARBITER_TASK_QUEUE"]
    assert trigger["metadata"]["addressFromEnv"] in config  # the scaled pods carry it
    assert int(trigger["metadata"]["listLength"]) > 0
    assert objects[("Deployment", "arbiter-scheduler")]["spec"]["replicas"] == 1


def test_the_secret_example_holds_what_production_requires():
    (secret,) = _documents(MANIFESTS / "secrets.example.yaml")
    production = (
        Path(__file__).resolve().parents[2] / "platform/arbiter_site/settings/production.py"
    ).read_text()
    required = set(re.findall(r'_required\("(\w+)"\)', production)) - {"DJANGO_ALLOWED_HOSTS"}
    assert required <= set(secret["stringData"])
    for deployment in ("arbiter-web", "arbiter-worker", "arbiter-scheduler"):
        sources = _container(_all(), deployment)["envFrom"]
        assert {"secretRef": {"name": secret["metadata"]["name"]}} in sources


def test_a_worker_that_stopped_consuming_is_restarted_everywhere():
    """Kubernetes, compose and systemd all read the worker's heartbeat (workers/liveness.py)."""
    worker = _container(_all(), "arbiter-worker")
    assert worker["livenessProbe"]["exec"]["command"][:3] == ["python", "-m", "workers.liveness"]
    probe = worker["livenessProbe"]
    assert probe["periodSeconds"] * probe["failureThreshold"] <= 60  # noticed within a minute of going stale
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    check = " ".join(compose["services"]["worker"]["healthcheck"]["test"])
    assert "workers.liveness" in check and "kill -TERM 1" in check  # Docker restarts exits, not "unhealthy"
    assert compose["services"]["worker"]["restart"] == "unless-stopped"
    unit = (DEPLOY / "systemd" / "arbiter-worker.service").read_text()
    assert "WatchdogSec=" in unit and "Restart=always" in unit and "NotifyAccess=main" in unit
