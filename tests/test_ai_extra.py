"""The AI adapters live behind the optional ``ai`` extra: the core install
stays light (nothing of the extra among its dependencies, nothing of it
imported by the engine or by what the adapters share), and the setup the
adapters share works without it."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from conftest import ROOT
from redcode_rules.ai.setup import AiSetup, team_returns
from redcode_rules.base.errors import UsageError

AI_PACKAGES = ("numpy", "open-spiel", "pettingzoo", "gymnasium")


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def test_the_ai_extra_holds_the_adapters_packages_and_the_core_none_of_them():
    extra = project()["optional-dependencies"]["ai"]
    assert [p.split(">")[0] for p in extra] == list(AI_PACKAGES)
    core = " ".join(project()["dependencies"])
    assert not any(p in core for p in AI_PACKAGES)


def test_the_engine_and_the_shared_setup_import_nothing_of_the_extra():
    code = ("import sys, redcode_rules as rc, redcode_rules.ai.setup as a, redcode_rules.ai.actions\n"
            "g = a.AiSetup(teams='2v2').new_game()\n"
            "g.play(g.chance_outcomes()[0][0])\n"
            "print(sorted(m for m in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium') "
            "if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_setup_from_parameters():
    setup = AiSetup.from_params({"edition": "es", "teams": "3v3", "turn_limit": 30,
                                 "cards": "a.rc; b.rc"})
    assert setup.cards == ("a.rc", "b.rc") and setup.num_players == 6
    assert setup.params()["cards"] == "a.rc;b.rc"
    assert AiSetup(turn_limit=30).rules.options.turn_limit == 30
    assert AiSetup().rules.options.turn_limit == 200


@pytest.mark.parametrize("params,field", [({"teams": "1v2"}, "teams"),
                                          ({"mode": "peace"}, "mode"),
                                          ({"turn_limit": -1}, "turn_limit"),
                                          ({"seed": 3}, "seed")])
def test_a_bad_parameter_is_a_usage_error_naming_it(params, field):
    with pytest.raises(UsageError, match=field):
        AiSetup.from_params(params)


class Finished:
    """A finished game as team_returns reads it: its winner, seats and sides."""

    ships = ["blue-submarine", "red-destroyer", "blue-destroyer", "red-aircraft_carrier"]

    def __init__(self, winner):
        self.winner = winner

    def ship(self, ship_id):
        return type("Ship", (), {"side": ship_id.split("-")[0]})


@pytest.mark.parametrize("winner,returns", [("blue", [1.0, -1.0, 1.0, -1.0]),
                                            ("red", [-1.0, 1.0, -1.0, 1.0]),
                                            ("draw", [0.0] * 4), (None, [0.0] * 4)])
def test_team_returns(winner, returns):
    assert team_returns(Finished(winner)) == returns
