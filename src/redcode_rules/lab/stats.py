"""The statistics of the lab: proportions with intervals, A/B tests, ratings.

Pure arithmetic on counts (no game in sight), so the tournament and the
balance report say the same thing the same way:

- a win rate's 95% interval is Wilson's score interval, which stays inside
  [0, 1] and is honest at small N and at rates near 0 or 1, where the
  normal ("Wald") interval is not;
- two win rates are compared with the two-sided two-proportion z-test
  (pooled), and ``needed_games`` says how many games per side would tell a
  difference of that size apart (5% level, 80% power);
- means (game length) are compared with Welch's z-test on the two means;
- whether a rate lies outside a band (a card's win rate beyond 40-60%) is
  the one-sided score test at each edge of the band, the test Wilson's
  interval inverts: its p-value is below 0.05 exactly when the 95%
  interval lies wholly outside the band;
- many tests at once (one per card, one per A/B figure) are corrected
  with Holm's step-down method, so that the chance of any false flag in
  a report stays at 5% (twenty tests at 5% each would give one by chance);
- ratings are Bradley–Terry strengths fitted by maximum likelihood, on the
  Elo scale (400·log10), centred on the mean bot, with 95% intervals from
  the inverse of the likelihood's information matrix.
"""

from __future__ import annotations

import math
from typing import Sequence

import attrs

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile
Z80 = 0.8416212335729143  # its 80% quantile (power 0.8)


@attrs.frozen
class Interval:
    """An estimate and its 95% interval."""

    estimate: float
    low: float
    high: float

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, float]:
        return {"estimate": self.estimate, "low": self.low, "high": self.high}

    def percent(self) -> str:
        """``54.0% [48.2, 59.7]``: a rate and its interval, as the reports print it."""
        return f"{100 * self.estimate:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def wilson(successes: float, n: float, z: float = Z95) -> Interval:
    """Wilson's score interval of a proportion (draws may count as halves).

    With no trial at all the rate is unknown: 0.5 in [0, 1].
    """
    if n <= 0:
        return Interval(0.5, 0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


@attrs.frozen
class Comparison:
    """Two rates (or means) compared: the difference B - A, its p-value, and
    the games per side that a difference this large would need to be told
    apart at the 5% level with 80% power (None: no difference to detect)."""

    a: float
    b: float
    difference: float
    p_value: float
    needed: int | None

    @property
    def significant(self) -> bool:
        return self.p_value < 0.05

    def to_dict(self) -> dict[str, float | int | None | bool]:
        return {"a": self.a, "b": self.b, "difference": self.difference,
                "p_value": self.p_value, "significant": self.significant,
                "needed_per_side": self.needed}


def needed_games(p1: float, p2: float, z_alpha: float = Z95, z_beta: float = Z80) -> int | None:
    """Games per group for a two-proportion test to tell ``p1`` from ``p2``."""
    if p1 == p2:
        return None
    pbar = (p1 + p2) / 2
    top = z_alpha * math.sqrt(2 * pbar * (1 - pbar)) + \
        z_beta * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(top * top / ((p1 - p2) ** 2))


def compare_proportions(x1: float, n1: int, x2: float, n2: int) -> Comparison:
    """Two-sided pooled two-proportion z-test of x1/n1 against x2/n2."""
    p1 = x1 / n1 if n1 else 0.5
    p2 = x2 / n2 if n2 else 0.5
    if not n1 or not n2:
        return Comparison(p1, p2, p2 - p1, 1.0, needed_games(p1, p2))
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = 1.0 if se == 0 else normal_two_sided_p((p2 - p1) / se)
    return Comparison(p1, p2, p2 - p1, p_value, needed_games(p1, p2))


def outside_band(successes: float, n: float, low: float, high: float) -> float:
    """The p-value that the rate behind ``successes`` of ``n`` lies outside
    [``low``, ``high``] (0 < low < high < 1): twice the smaller of the
    one-sided score tests "not above ``high``" and "not below ``low``" (1 with
    no trial). Below 0.05 exactly when Wilson's 95% interval lies wholly
    above ``high`` or wholly below ``low``."""
    if n <= 0:
        return 1.0
    rate = successes / n
    above = upper_tail((rate - high) / math.sqrt(high * (1 - high) / n))
    below = upper_tail((low - rate) / math.sqrt(low * (1 - low) / n))
    return min(1.0, 2 * min(above, below))


def upper_tail(z: float) -> float:
    """P(Z >= z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the k-th
    smallest of m is multiplied by m - k + 1, and none is below the one
    before it. An adjusted p-value below 0.05 keeps the chance of any
    false flag among the m tests at 5%."""
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the unbiased variance (0 with fewer than two values)."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, sum((v - mean) ** 2 for v in values) / (n - 1)


def compare_means(a: Sequence[float], b: Sequence[float]) -> Comparison:
    """Welch's test (normal approximation) of the means of two samples; the
    needed size is per sample, for the observed difference and spreads."""
    ma, va = mean_and_variance(a)
    mb, vb = mean_and_variance(b)
    se2 = (va / len(a) if a else 0.0) + (vb / len(b) if b else 0.0)
    diff = mb - ma
    p_value = 1.0 if se2 == 0 else normal_two_sided_p(diff / math.sqrt(se2))
    needed = None
    if diff:
        needed = math.ceil((Z95 + Z80) ** 2 * (va + vb) / diff ** 2) or 1
    return Comparison(ma, mb, diff, p_value, needed)


# ------------------------------------------------------------- Bradley–Terry

ELO = 400 / math.log(10)  # natural-log strength to Elo points


@attrs.frozen
class Rating:
    """A Bradley–Terry rating on the Elo scale with its 95% interval."""

    name: str
    elo: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float | str]:
        return {"name": self.name, "elo": self.elo, "low": self.low, "high": self.high}


def bradley_terry(names: Sequence[str], wins: Sequence[Sequence[float]],
                  prior: float = 0.5, rounds: int = 10_000) -> list[Rating]:
    """Ratings from ``wins[i][j]``: the games bot i won against bot j (a
    draw counts half to each).

    ``prior`` adds that many virtual wins each way between every pair that
    played, so a bot that won every game gets a large finite rating rather
    than an infinite one. Fitted by the minorisation-maximisation iteration
    (Hunter 2004); centred so the mean rating is 0.
    """
    k = len(names)
    w = [[(wins[i][j] + (prior if wins[i][j] + wins[j][i] > 0 else 0.0)) if i != j else 0.0
          for j in range(k)] for i in range(k)]
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            won = sum(w[i])
            denom = sum(games[i][j] / (strength[i] + strength[j])
                        for j in range(k) if j != i and games[i][j])
            new.append(won / denom if denom else strength[i])
        mean_log = sum(math.log(s) for s in new if s > 0) / k
        new = [s / math.exp(mean_log) if s > 0 else s for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(s) if s > 0 else -50.0 for s in strength]
    spread = _centred_spread(theta, games)
    return [Rating(names[i], ELO * theta[i], ELO * (theta[i] - Z95 * spread[i]),
                   ELO * (theta[i] + Z95 * spread[i])) for i in range(k)]


def _centred_spread(theta: Sequence[float], games: Sequence[Sequence[float]]) -> list[float]:
    """Standard errors of the centred log-strengths: the information matrix with
    the first bot held at 0 is inverted, then the covariance is centred."""
    k = len(theta)
    if k < 2:
        return [0.0] * k
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                v = games[i][j] * p * (1 - p)
                info[i][i] += v
                info[i][j] -= v
    reduced = [row[1:] for row in info[1:]]
    inverse = _invert(reduced)
    cov = [[0.0] * k for _ in range(k)]
    for i in range(1, k):
        for j in range(1, k):
            cov[i][j] = inverse[i - 1][j - 1] if inverse else math.inf
    row_mean = [sum(cov[i]) / k for i in range(k)]
    total_mean = sum(row_mean) / k
    return [math.sqrt(max(0.0, cov[i][i] - 2 * row_mean[i] + total_mean)) for i in range(k)]


def _invert(matrix: list[list[float]]) -> list[list[float]] | None:
    """Gauss–Jordan inverse of a small square matrix; None if it is singular."""
    n = len(matrix)
    a = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        scale = a[col][col]
        a[col] = [x / scale for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]
