"""``make audit``: known vulnerabilities in the pinned dependencies (pip-audit) and risky code (bandit).

    python audit/run.py

1. pip-audit over every version pinned in pyproject.toml (the site's, dev and deploy extras), each
   pin exactly as written, without resolving anything else. ``--strict``: a package the
   vulnerability service cannot judge (the service unreachable, a name it does not know) fails the
   audit and says so; it never passes by silence.
2. bandit over the code. Findings judged harmless are marked in place (``# nosec <id> - why``). In
   platform/tournaments, platform/play and dashboards they are kept in audit/bandit-baseline.json
   instead, judged in audit/README.md, so only a new finding there fails.

Exit status: 0 only when both pass.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "var" / "audit"
OWN_CODE = ["platform", "workers", "engine", "arbiter_cli"]
BASELINED = ["platform/tournaments", "platform/play", "dashboards"]
EXCLUDED = ",".join(["*/migrations/*", *BASELINED])


def pinned_requirements() -> list[str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    pins = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        pins.extend(extra)
    unpinned = [p for p in pins if "==" not in p]
    if unpinned:
        sys.exit(f"audit: not pinned in pyproject.toml: {', '.join(unpinned)}")
    return sorted(set(pins))


def run(command: list[str]) -> tuple[int, str]:
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    # bandit reads every word after "nosec" as a test id and warns about the reasons; drop that noise.
    noise = ("Test in comment:", "nosec encountered")
    output = "\n".join(
        line for line in (done.stdout + done.stderr).splitlines() if not any(n in line for n in noise)
    )
    return done.returncode, output


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    requirements = OUT / "requirements.txt"
    requirements.write_text("\n".join(pinned_requirements()) + "\n")
    failed = []

    code, output = run(
        [sys.executable, "-m", "pip_audit", "--strict", "--no-deps", "--disable-pip", "--progress-spinner", "off",
         "-r", str(requirements)]
    )  # fmt: skip
    print(output)
    if code != 0:
        failed.append("pip-audit")
        if "known vulnerabilit" not in output:
            print(
                "audit: pip-audit could not judge every pinned package (above: the first it could not): "
                "the vulnerability service (PyPI's JSON API by default) was not reachable or did not "
                "know it. Nothing is known to be safe; run it where the service can be reached.",
                file=sys.stderr,
            )

    code, output = run([sys.executable, "-m", "bandit", "-q", "-r", *OWN_CODE, "-x", EXCLUDED])
    print(output)
    if code != 0:
        failed.append("bandit (own code)")
    code, output = run(
        [sys.executable, "-m", "bandit", "-q", "-r", *BASELINED, "-x", "*/migrations/*",
         "-b", str(REPO / "audit" / "bandit-baseline.json")]
    )  # fmt: skip
    print(output)
    if code != 0:
        failed.append("bandit (baselined folders)")

    print(f"audit: {'FAILED: ' + ', '.join(failed) if failed else 'passed'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
