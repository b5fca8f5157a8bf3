"""Determinism: the same log gives the same verdict, byte for byte, in this process, twice, and in two
separate Python processes with different hash seeds; the same simulation seed gives the same log."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[3]


def variants(simulated_log):
    """A legal recorded log, a legal seeded log, an illegal one and an unreadable one."""
    legal = simulated_log(4, "recorded")
    seeded = simulated_log(4, "seeded")
    illegal = copy.deepcopy(legal)
    attack = next(i for i, e in enumerate(illegal["events"]) if e["type"] == "attack")
    illegal["events"][attack]["attack"]["dice"].append(3)
    unreadable = copy.deepcopy(legal)
    unreadable["events"] = unreadable["events"][:40]
    return {"legal": legal, "seeded": seeded, "illegal": illegal, "unreadable": unreadable}


EXPECTED = {"legal": "legal", "seeded": "legal", "illegal": "illegal", "unreadable": "unreadable"}


def test_verifying_twice_gives_identical_bytes(simulated_log):
    """The verdict, statistics included, is a pure function of the log: the same input twice gives the
    same bytes; text and its UTF-8 bytes give the same verdict; a parsed dict differs only in the hash
    (taken over canonical JSON rather than the upload)."""
    for name, log in variants(simulated_log).items():
        text = json.dumps(log)
        once, twice = engine.verify(text).to_json(), engine.verify(text).to_json()
        assert once == twice, name
        assert engine.verify(text.encode()).to_json() == once, name
        as_dict = json.loads(engine.verify(copy.deepcopy(log)).to_json())
        assert json.loads(once)["status"] == EXPECTED[name]
        assert {k: v for k, v in as_dict.items() if k != "log_sha256"} == {
            k: v for k, v in json.loads(once).items() if k != "log_sha256"
        }, name


def test_simulating_twice_gives_the_same_log():
    """The simulator is deterministic per seed, in both randomness modes."""
    for mode in ("recorded", "seeded"):
        a = engine.simulate("motu-battleground", 21, randomness=mode)
        b = engine.simulate("motu-battleground", 21, randomness=mode)
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert engine.simulate("motu-battleground", 21) != engine.simulate("motu-battleground", 22)


SCRIPT = (
    "import sys, engine\n"
    "for path in sys.argv[1:]:\n"
    "    sys.stdout.write(engine.verify(open(path, 'rb').read()).to_json() + '\\n')\n"
)


def run_elsewhere(paths, hash_seed: str) -> str:
    return _elsewhere(SCRIPT, paths, hash_seed)


@pytest.mark.parametrize("hash_seeds", [("0", "12345")])
def test_two_processes_give_identical_verdicts(simulated_log, tmp_path, hash_seeds):
    """Two fresh interpreters (different PYTHONHASHSEED) print byte-identical verdicts, equal to this
    process's."""
    paths = []
    for name, log in variants(simulated_log).items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(json.dumps(log, indent=1).encode())
        paths.append(path)
    first, second = (run_elsewhere(paths, seed) for seed in hash_seeds)
    assert first == second
    here = "".join(engine.verify(p.read_bytes()).to_json() + "\n" for p in paths)
    assert first == here
    statuses = [json.loads(line)["status"] for line in first.splitlines()]
    assert statuses == ["legal", "legal", "illegal", "unreadable"]


PACK_SCRIPT = (
    "import json, sys, engine\n"
    "pack = json.load(open(sys.argv[1]))\n"
    "for path in sys.argv[2:]:\n"
    "    sys.stdout.write(engine.verify(open(path, 'rb').read(), content_pack=pack).to_json() + '\\n')\n"
)

SIMULATE_SCRIPT = (
    "import json, sys\n"
    "from engine.games.battleground import RULESET\n"
    "pack = json.load(open(sys.argv[1]))\n"
    "for seed in (1, 2):\n"
    "    log = RULESET.simulate(seed, randomness='recorded', content_pack=pack, forces=sys.argv[2:4])\n"
    "    sys.stdout.write(json.dumps(log, sort_keys=True) + '\\n')\n"
)


def _elsewhere(script: str, args, hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def test_games_with_every_rule_area_are_deterministic_across_processes(tmp_path):
    """Games with a massive character, movement effects, markers, unique tokens and timed abilities (the
    integration pack): the simulator writes the same logs, and the verifier prints the same verdicts, in
    two interpreters with different hash seeds and in this one."""
    from tests.engine.battleground.test_integration_properties import FORCES, PACK, simulated

    pack_path = tmp_path / "pack.json"
    pack_path.write_text(json.dumps(PACK))
    logs = [simulated(seed, "recorded") for seed in (1, 2)]
    paths = []
    for i, log in enumerate(logs):
        paths.append(tmp_path / f"game{i}.json")
        paths[-1].write_bytes(json.dumps(log).encode())
    first, second = (_elsewhere(PACK_SCRIPT, [pack_path, *paths], seed) for seed in ("0", "4242"))
    assert first == second
    here = "".join(
        engine.verify(p.read_bytes(), content_pack=copy.deepcopy(PACK)).to_json() + "\n" for p in paths
    )
    assert first == here
    assert [json.loads(line)["status"] for line in first.splitlines()] == ["legal", "legal"]
    forces = FORCES[0]
    sims = [_elsewhere(SIMULATE_SCRIPT, [pack_path, *forces], seed) for seed in ("0", "4242")]
    assert sims[0] == sims[1]
    from engine.games.battleground import RULESET

    here_sims = "".join(
        json.dumps(
            RULESET.simulate(seed, randomness="recorded", content_pack=copy.deepcopy(PACK), forces=forces),
            sort_keys=True,
        )
        + "\n"
        for seed in (1, 2)
    )
    assert sims[0] == here_sims
