"""The lab's statistics: Wilson intervals, A/B tests, the N a difference
needs, and Bradley–Terry ratings, against values computed by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redcode_rules.lab.stats import (bradley_terry, compare_means, compare_proportions, holm,
                                 needed_games, outside_band, wilson)


def test_wilson_interval_of_8_in_10():
    r = wilson(8, 10)
    assert r.estimate == 0.8
    assert (round(r.low, 4), round(r.high, 4)) == (0.4902, 0.9433)


def test_wilson_stays_inside_0_and_1_and_knows_nothing_without_games():
    assert (wilson(0, 20).low, round(wilson(0, 20).high, 4)) == (0.0, 0.1611)
    assert (round(wilson(20, 20).low, 4), wilson(20, 20).high) == (0.8389, 1.0)
    assert wilson(0, 0).to_dict() == {"estimate": 0.5, "low": 0.0, "high": 1.0}


def test_two_proportions_60_against_40_in_100_each():
    c = compare_proportions(60, 100, 40, 100)
    assert round(c.difference, 3) == -0.2
    assert round(c.p_value, 5) == 0.00468  # z = 2.828
    assert c.significant


def test_a_small_difference_says_the_games_it_would_need():
    assert needed_games(0.5, 0.6) == 388
    assert needed_games(0.5, 0.5) is None
    c = compare_proportions(5, 10, 6, 10)
    assert not c.significant and c.needed == 388


def test_means_compared_with_welch():
    c = compare_means([10, 12, 14], [20, 22, 24])
    assert c.difference == 10
    assert c.p_value == pytest.approx(math.erfc(10 / math.sqrt(8 / 3) / math.sqrt(2)))
    assert compare_means([1, 1], [1, 1]).p_value == 1.0


def test_bradley_terry_even_bots_rate_alike():
    ratings = bradley_terry(["a", "b"], [[5, 5], [5, 5]])
    assert [round(r.elo, 6) for r in ratings] == [0.0, 0.0]
    assert ratings[0].low < 0 < ratings[0].high


def test_bradley_terry_orders_bots_and_keeps_a_clean_sweep_finite():
    # a beats b 8-2, b beats c 8-2, a beats c 10-0
    wins = [[0, 8, 10], [2, 0, 8], [0, 2, 0]]
    ratings = bradley_terry(["a", "b", "c"], wins)
    elo = [r.elo for r in ratings]
    assert elo[0] > elo[1] > elo[2]
    assert abs(sum(elo)) < 1e-6  # centred
    assert all(math.isfinite(r.low) and math.isfinite(r.high) for r in ratings)
    # two bots, 3 wins to 1 (with half a virtual win each way: 3.5 to 1.5)
    two = bradley_terry(["x", "y"], [[0, 3], [1, 0]])
    assert two[0].elo - two[1].elo == pytest.approx(400 * math.log10(3.5 / 1.5))


def test_holm_multiplies_the_kth_smallest_by_the_tests_left_and_keeps_the_order():
    # sorted: 0.005 x4, 0.01 x3, 0.03 x2, 0.04 x1 (raised to the 0.06 before it)
    adjusted = holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]  # never above 1
    assert holm([]) == []


def test_twenty_cards_at_5_percent_flag_one_by_chance_and_holm_flags_none():
    """One of twenty even cards looks significant at 5% (p = 0.03 here);
    over the twenty, Holm's correction does not flag it."""
    p_values = [0.03] + [0.5] * 19
    assert sum(p < 0.05 for p in p_values) == 1
    assert not any(p < 0.05 for p in holm(p_values))


@given(n=st.integers(1, 400), data=st.data())
def test_outside_the_band_is_significant_exactly_when_wilson_lies_outside_it(n, data):
    wins = data.draw(st.integers(0, n))
    interval = wilson(wins, n)
    outside = interval.low > 0.6 or interval.high < 0.4
    p = outside_band(wins, n, 0.4, 0.6)
    assert (p < 0.05) == outside or abs(p - 0.05) < 1e-9


def test_outside_the_band_of_15_wins_in_18():
    """The broadside of docs/balance.md: 15 of 18, one-sided z = 2.04 above 60%."""
    z = (15 / 18 - 0.6) / math.sqrt(0.6 * 0.4 / 18)
    assert outside_band(15, 18, 0.4, 0.6) == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert outside_band(9, 18, 0.4, 0.6) == 1.0
    assert outside_band(0, 0, 0.4, 0.6) == 1.0
