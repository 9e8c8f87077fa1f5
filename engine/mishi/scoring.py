"""End-of-hand scoring: the kitty bonus and the three score tables."""

from __future__ import annotations

CASES = ("2v2", "paqi", "bao")

# Per band of defenders' points: (declarer side gets, each defender gets), per case, times X.
# Bands: 0 | 5–25 | 30–75 | 80–125 | 130–155 | ≥160.
TABLES: dict[str, tuple[tuple[int, int], ...]] = {
    "2v2": ((3, -3), (2, -2), (1, -1), (-1, 1), (-2, 2), (-3, 3)),
    "paqi": ((9, -3), (6, -2), (3, -1), (-3, 1), (-6, 2), (-9, 3)),
    "bao": ((12, -4), (9, -3), (6, -2), (-6, 2), (-9, 3), (-12, 4)),
}


def band(defender_points: int) -> int:
    """Index of the table row for the defenders' points."""
    if defender_points <= 0:
        return 0
    for row, limit in enumerate((30, 80, 130, 160), start=1):
        if defender_points < limit:
            return row
    return 5


def kitty_multiplier(unit_size: int, mode: str) -> int:
    """``times``: 2 × the largest unit's card count; ``power``: 2 ** that count."""
    return 2**unit_size if mode == "power" else 2 * unit_size


def hand_deltas(
    case: str, declarer: int, partner: int | None, defender_points: int, stake: int, seats: int = 4
) -> list[int]:
    """Score change per seat for one hand (zero-sum)."""
    side_gain, defender_gain = TABLES[case][band(defender_points)]
    side = {declarer} if partner is None else {declarer, partner}
    return [(side_gain if seat in side else defender_gain) * stake for seat in range(seats)]
