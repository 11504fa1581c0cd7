"""Pokémon TCG — Play! Pokémon Tournament Rules Handbook §5.3.3 and §5.5.1.1: after match points
(win 3, tie 1, loss 0, the generic ``points`` scoring) the late penalty, the rounds played,
resistance (opponents' win percentage), opponents' resistance, head to head, a lot.

As computed here:
- a player's win percentage is his wins (a tie half a win) over the rounds he played; a bye
  counts in neither (§5.6.1: it is no round played for the percentage), a late loss (arriving
  late, alone and without a game: ``late_loss: true``) is a round lost;
- it is at least 25 %; at most 100 % for a player who played to the last round, 75 % for one
  who dropped before it (§5.3.3.1);
- resistance is the mean of the opponents' win percentages (a bye is no opponent; the missing
  opponent of a late loss counts 25 %), opponents' resistance the mean of the opponents'
  resistances (a late loss's again 25 %);
- a player who dropped keeps the resistance and opponents' resistance he had in the standings
  after the round he dropped after: the opponents' win percentages as they stood then, an
  opponent who had dropped by then at most 75 %. His opponents read the resistance he kept.
- on equal match points a player given a late loss ranks below the others, then one who played
  fewer rounds (who dropped earlier) below one who played more.
The handbook's sections cited here do not say what a tie or a late loss counts, nor how dropped
players are ordered and their resistance frozen: these are what Tournament Operations Manager
publishes (rk9.gg). Every resistance and opponents' resistance of the published standings of a
real League Cup (Milwaukee, June 2023: three divisions, drops after rounds 1–6, byes, ties and two
late losses) and its order outside the top cut (but for players level on everything, whom a lot
orders) are reproduced so (tests/test_pokemon.py); the tie as half a win and the late penalty are
rk9.gg's stated reading ("All about tiebreakers in the Pokémon TCG", rk9.gg, 25 May 2021).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import groupby

from podium.core.model import Pairing
from podium.rules.outcome import Outcome
from podium.rules.points import PointsScoring
from podium.rules.standings.metrics import Context, ExactTiebreaker, Tiebreaker

FLOOR, DROPPED_CAP = Fraction(1, 4), Fraction(3, 4)
COUNTED = {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0)}
ABSENT = FLOOR  # the opponent a late loss did not have, in resistance and opponents' resistance


class PokemonScoring(PointsScoring):
    """Play! Pokémon: the ``points`` scoring of matches (a win 3, a tie 1, a loss 0), where a
    player may also lose a Swiss round for arriving late, alone and without a game (``players:
    [id]``, ``late_loss: true``): a loss with no opponent and no game, the loss Tournament
    Operations Manager records for a round a late player was not paired in."""

    name = "pokemon"
    late_losses = True

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        if pairing.late_loss:
            return ()  # the whole result is the round file's line: nothing to enter at the desk
        return super().result_inputs(pairing, event, stage)

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        if pairing.late_loss:
            return [self.late_loss(pairing.players[0], round_no)]
        return super().outcomes(pairing, round_no, stage)

    def late_loss(self, player: str, round_no: int) -> Outcome:
        """A round lost for arriving late: worth a loss, with no opponent and no game (unplayed);
        resistance reads it as the tie-breakers below say."""
        return Outcome(player, None, "loss", self.loss, 0, round_no, stats={"wins": 0}, played=False, late=True)


def _stage_last(ctx: Context) -> int:
    """The last round of the stage with a game played: who has no result in it dropped before it.
    A bye alone does not make a round played: `pair` writes it with the round, before any game."""
    return ctx.remember("pokemon last round", lambda: max(
        (o.round for record in ctx.records.values() for o in record.outcomes if o.opponent is not None), default=0))


def last_round(player: str, ctx: Context) -> int:
    """The last round the player has a result in: the stage's last, or the one he dropped after."""
    return max((o.round for o in ctx.records[player].outcomes), default=0)


def _dropped_by(player: str, at: int, ctx: Context) -> bool:
    """The player had dropped by the end of round ``at`` (§5.3.3.1's "dropped … before it was completed")."""
    gone = last_round(player, ctx)
    return gone < _stage_last(ctx) and gone <= at


def win_percentage(player: str, ctx: Context, at: int | None = None) -> Fraction:
    """§5.3.3.1: the player's win percentage over his rounds up to round ``at`` (all: None)."""
    at = _stage_last(ctx) if at is None else at
    return ctx.remember(("win percentage", player, at), lambda: _win_percentage(player, at, ctx))


def _win_percentage(player: str, at: int, ctx: Context) -> Fraction:
    counted = _counted(player, at, ctx)
    if not counted:
        return FLOOR
    share = sum((COUNTED.get(o.result, Fraction(0)) for o in counted), Fraction(0)) / len(counted)
    return min(max(share, FLOOR), DROPPED_CAP if _dropped_by(player, at, ctx) else Fraction(1))


def _counted(player: str, upto: int, ctx: Context) -> list:
    """The player's rounds up to ``upto`` that count as played: games, and late losses; a bye is none."""
    return [o for o in ctx.records[player].outcomes if o.round <= upto and (o.opponent is not None or o.late)]


def _faced(player: str, upto: int, ctx: Context) -> list[str | None]:
    """Whom the player met up to round ``upto``: each opponent, None for a late loss; a bye is no one."""
    return [o.opponent for o in _counted(player, upto, ctx)]


def resistance(player: str, ctx: Context, at: int | None = None) -> Fraction:
    """§5.3.3: the mean win percentage of the opponents met, as the standings after round ``at``
    (all: None) showed it; a player who had dropped by then kept the one of his last round."""
    at = min(_stage_last(ctx) if at is None else at, last_round(player, ctx))
    return ctx.remember(("resistance", player, at), lambda: _mean(
        [ABSENT if o is None else win_percentage(o, ctx, at) for o in _faced(player, at, ctx)]))


def opponents_resistance(player: str, ctx: Context) -> Fraction:
    """§5.5.1.1: the mean resistance of the opponents met, as it stood after the player's last round."""
    at = last_round(player, ctx)
    return _mean([ABSENT if o is None else resistance(o, ctx, at) for o in _faced(player, at, ctx)])


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


class Resistance(ExactTiebreaker):
    """Play! Pokémon Tournament Rules Handbook §5.3.3, §5.3.3.1: resistance — the mean win percentage of the opponents met (a bye is no opponent, a late loss's missing opponent counts 25 %), each at least 25 % and at most 75 % for one who dropped; a player who dropped keeps the resistance he had after the round he dropped after."""

    name = key = "resistance"
    abbr, title = "Res%", "Resistance"
    percent = True

    def exact(self, player, ctx):
        return resistance(player, ctx)


class OpponentsResistance(ExactTiebreaker):
    """Play! Pokémon Tournament Rules Handbook §5.5.1.1: opponents' resistance — the mean resistance of the opponents met, each as it stood after the player's last round (a late loss's missing opponent counts 25 %)."""

    name = key = "opp_resistance"
    abbr, title = "OppRes%", "Opponents' resistance"
    percent = True

    def exact(self, player, ctx):
        return opponents_resistance(player, ctx)


class LatePenalty(Tiebreaker):
    """Play! Pokémon, as Tournament Operations Manager ranks (rk9.gg's "late penalty"): on equal match points a player given a late loss (a round lost for arriving late) ranks below every player who was given none."""

    name = key = "late_penalty"
    abbr, title = "Late", "Late penalty"
    public = "On equal match points, a player who lost a round for arriving late ranks below those who did not."

    def split(self, group, ctx):
        late = [p for p in group if any(o.late for o in ctx.records[p].outcomes)]
        return [part for part in ([p for p in group if p not in late], late) if part]


class RoundsPlayed(Tiebreaker):
    """Play! Pokémon, as Tournament Operations Manager ranks: on equal match points a player who played more of the rounds ranks higher (a bye and a late loss are rounds played) — one who dropped below those who played on, an earlier drop below a later one."""

    name = key = "rounds_played"
    abbr, title = "Rds", "Rounds played"
    public = ("On equal match points, a player who dropped ranks below those who played on, an earlier drop below a "
              "later one.")

    def split(self, group, ctx):
        played = {p: ctx.records[p].rounds_played for p in group}
        ordered = sorted(group, key=played.__getitem__, reverse=True)
        return [list(same) for _, same in groupby(ordered, key=played.__getitem__)]


BLOCKS = {"scoring": [PokemonScoring]}
TIEBREAKERS = [LatePenalty, RoundsPlayed, Resistance, OpponentsResistance]
