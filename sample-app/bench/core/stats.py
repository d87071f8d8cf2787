"""Numbers over rounds or pairs: median with its spread, what a ratio's spread allows one to say, and
distribution-free confidence intervals of a median (bootstrap, sign test)."""
import math
import random
import statistics


def med_spread(values, fmt='{:.0f}'):
    values = [v for v in values if v is not None]
    if not values:
        return 'n/a'
    return (fmt + ' ({}–{})').format(statistics.median(values), fmt.format(min(values)), fmt.format(max(values)))


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def verdict(ratios):
    """A ratio's median and spread, and what they allow one to say."""
    ratios = [r for r in ratios if r]
    if not ratios:
        return 'n/a'
    m, lo, hi = statistics.median(ratios), min(ratios), max(ratios)
    if lo <= 1.0 <= hi:
        said = 'no difference beyond the spread between rounds'
    elif lo > 1.0:
        said = 'higher in every round'
    else:
        said = 'lower in every round'
    return '%.2f (%.2f–%.2f): %s' % (m, lo, hi, said)


def bootstrap_median_ci(values, level=0.95, resamples=10000, seed=1):
    """Percentile bootstrap interval of the median (seeded: the same data give the same interval)."""
    values = [v for v in values if v is not None]
    if len(values) < 2:
        return None
    rnd = random.Random(seed)
    n = len(values)
    meds = sorted(statistics.median(rnd.choices(values, k=n)) for _ in range(resamples))
    lo = meds[int((1 - level) / 2 * resamples)]
    hi = meds[min(resamples - 1, int((1 + level) / 2 * resamples))]
    return lo, hi


def sign_test_median_ci(values, level=0.95):
    """Distribution-free interval of the median from order statistics (the sign test's): the widest k-th smallest and
    k-th largest values whose binomial(n, 1/2) coverage is at least `level`. (interval, its exact coverage), or None
    when n is too small for that level (n < 6 at 95 %)."""
    x = sorted(v for v in values if v is not None)
    n = len(x)
    if n < 2:
        return None

    def cdf(k):  # P(B <= k), B ~ binomial(n, 1/2)
        return sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    best = None
    for k in range(0, (n + 1) // 2):  # [x[k], x[n-1-k]] misses the median when k+1 values or fewer lie on one side
        coverage = 1 - 2 * cdf(k)
        if coverage < level:
            break
        best = ((x[k], x[n - 1 - k]), coverage)
    return best


def sign_test_p(values):
    """Two-sided sign test of 'the median is 0': p-value (zeros dropped), or None."""
    pos = sum(1 for v in values if v is not None and v > 0)
    neg = sum(1 for v in values if v is not None and v < 0)
    n = pos + neg
    if n == 0:
        return None
    k = min(pos, neg)
    p = 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, p)
