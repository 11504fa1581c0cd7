"""`podium verify`: re-draw every round from the committed inputs and compare with what is published.

Round n is re-drawn from the registrations, the seed and rounds 1 … n−1 exactly as `podium pair`
drew it. A difference has one of two causes, told apart by the fingerprint `pair` writes into the
round file (``drawn_from:``, the results of rounds 1 … n−1 as they were then):
- the fingerprint still matches: the pairings were changed by hand — an error;
- it does not: a result was corrected after round n was paired, so round n rightly follows the
  results as they were — a notice, which does not fail the run (a legitimate correction must not
  block publishing).
A round file without a fingerprint (written by hand, or by Podium 0.2.0 or earlier) cannot tell
the two apart, so a difference is an error. A player given a late loss ('late_loss: true') was
not in the draw: the round is re-drawn without him (``_late_losses_then``).

A correction must not hide a hand change made with it: in a git repository the round is
re-drawn from the committed results that carry its fingerprint (generator/content/history.py), and the
correction is a notice only when that draw gives the published pairings. A fingerprint that no
commit holds is an error (it was edited, or the results it names were never committed); outside
git the correction is a notice that says it could not be checked.

The draws of every round of an event come from one replay of it (``redrawn_tables``, through
rules/prefixes.py: O(rounds), where a replay per round was O(rounds²)), a pure function of the
event's files and ruleset; the git history is read only for a round that differs. Events are
re-drawn on every core (run/answers.py), their differences in the order of a serial run, and what
an event's re-draw found is kept when nothing differed.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from podium.rules.draw import EARLIER_DRAWS
from podium.run.archive import load_archive, load_event, without_cycle_collection
from podium.run.answers import Answering, answers_by_event
from podium.run.cache import REDRAWS, VERIFIED, Kept
from podium.core.errors import Problems, UserError
from podium.rules.engine import EventResult, compute_event, next_round
from podium.rules.fingerprint import results_fingerprint
from podium.rules.prefixes import each_opening_prefix


@dataclass(frozen=True)
class Difference:
    event: str
    round: int
    src: object
    published: tuple
    redrawn: tuple
    reason: str = ""
    drawn_from: str | None = None  # the fingerprint of the results the round file says it was drawn from
    drawn_from_commit: str | None = None  # results corrected since: the commit that held them, re-drawn from
    then_same: bool = False  # … giving the published pairings: the correction is a notice
    unchecked: bool = False  # results corrected, but no history to re-draw from (not in git): a notice
    fingerprint_unknown: bool = False  # no commit holds the results the fingerprint names …
    fingerprint_edited: bool = False  # … and a commit holds the round with another 'drawn_from:'
    fingerprint_unexplained: bool = False  # … and the commit that brought the round corrected nothing

    @property
    def is_error(self) -> bool:
        """A correction is never an error (it must not stop the Pages workflow): only pairings
        that differ from the draw of the results they say they were drawn from are, and a
        'drawn_from:' changed since it was committed (a hand change passed off as a correction)."""
        corrected = self.then_same or self.unchecked or (
            self.fingerprint_unknown and not (self.fingerprint_edited or self.fingerprint_unexplained))
        return not corrected

    def __str__(self) -> str:
        return f"{'' if self.is_error else 'notice: '}{self.src}: {self.message}"

    @property
    def message(self) -> str:
        if self.reason:
            return f"round {self.round} cannot be re-drawn: {self.reason}"
        only_published = ", ".join(_table_text(t) for t in self.published if t not in self.redrawn)
        only_redrawn = ", ".join(_table_text(t) for t in self.redrawn if t not in self.published)
        tables = f"published {only_published}; re-drawn today {only_redrawn}"
        earlier = "round 1" if self.round == 2 else f"rounds 1–{self.round - 1}"
        if self.fingerprint_edited:
            return (f"round {self.round} says it was drawn from results that no commit of this event holds "
                    f"('drawn_from: {self.drawn_from}'), and a commit holds the round with another 'drawn_from:', "
                    f"so it cannot be re-drawn as it was; restore its 'drawn_from:', or commit the results of "
                    f"{earlier} as they were when it was paired (then the correction), or, if it has not been "
                    "played, delete it and pair it again")
        if self.fingerprint_unexplained:
            return (f"round {self.round} says it was drawn from results that no commit of this event holds "
                    f"('drawn_from: {self.drawn_from}'), and the commit that brought it changed no result of "
                    f"{earlier}, so no correction explains it; restore its 'drawn_from:' and the pairings `podium "
                    "pair` wrote, or, if it has not been played, delete it and pair it again")
        if self.fingerprint_unknown:
            return (f"a result of {earlier} was corrected after round {self.round} was paired, and no commit holds "
                    f"the results as they were then (the round and the correction were committed together), so "
                    f"round {self.round} stands as published ({tables}) without being checked; nothing to do "
                    f"(commit the results before pairing the next round, and every draw can be checked)")
        if self.then_same:
            return (f"a result of {earlier} was corrected after round {self.round} was paired; re-drawn from the "
                    f"results as they were then (commit {self.drawn_from_commit}), the same pairings; nothing to do")
        if self.unchecked:
            return (f"a result of {earlier} was corrected after round {self.round} was paired, "
                    f"so round {self.round} follows the results as they were then ({tables}); nothing to do "
                    "(not checked against them: the content is not in a git repository)")
        if self.drawn_from_commit:
            return (f"the pairings of round {self.round} differ from the draw made from the results as they were "
                    f"then (commit {self.drawn_from_commit}) ({tables}); they were changed by hand after `podium "
                    "pair` wrote them; restore the drawn pairings, or keep them and say why in a comment")
        if self.drawn_from is not None:
            cause = "they were changed by hand after `podium pair` wrote them"
        else:
            cause = ("a pairing was changed by hand, or a result corrected after the round was paired "
                     "(the file has no 'drawn_from:' to tell which); an event drawn by an earlier version of "
                     f"Podium re-draws as it was drawn with {EARLIER_DRAWS} in its event.yaml")
        return (f"the pairings of round {self.round} differ from the draw ({tables}); {cause}; "
                "restore the drawn pairings, or keep them and say why in a comment")


def _table_text(players) -> str:
    """A table as said: its players in their order (White first) where colours count, else by name."""
    names = list(players) if isinstance(players, tuple) else sorted(players)
    return f"{names[0]} (bye)" if len(names) == 1 else " v ".join(names)


@dataclass(frozen=True)
class Redraw:
    """What `podium pair` draws as one round: its tables, or why it would refuse (``reason``)."""
    tables: tuple = ()
    reason: str = ""


def redraws_from(kept: Kept | None, key: str | None):
    """``redrawn_tables`` answered from ``kept`` when it holds the event's redraws under ``key``,
    worked out and kept otherwise."""
    if kept is None or key is None:
        return redrawn_tables

    def redraws(event, ruleset) -> tuple[Redraw, ...]:
        found = kept.get(event.id, key)
        if found is None:
            found = redrawn_tables(event, ruleset)
            kept.put(event.id, key, found)
        return found
    return redraws


def verify_event(result: EventResult, registry: dict | None = None, redraws=None) -> list[Difference]:
    """Each round of ``result`` whose published pairings are not the draw; ``registry`` (the
    archive's players.yaml) is what an earlier version of the event is read with; ``redraws``:
    where the draws come from (``redrawn_tables``, or kept ones)."""
    from podium.content.history import EventHistory

    event, ruleset = result.event, result.ruleset
    if event.paired_by and all(_drawn_elsewhere(event, index) for index in range(len(event.rounds))):
        return []  # every round drawn by another program: nothing to re-draw
    history = EventHistory(Path(event.folder), registry or {})  # read from git only if a round needs it
    differences = []
    for index, (published, want) in enumerate(zip(event.rounds, (redraws or redrawn_tables)(event, ruleset))):
        if _drawn_elsewhere(event, index):
            continue
        if want.reason:
            differences.append(Difference(event.id, published.number, published.src, (), (), want.reason))
            continue
        got = _drawn(published.pairings, _coloured(ruleset))
        if set(got) == set(want.tables):
            continue
        drawn_from = published.drawn_from
        difference = Difference(event.id, published.number, published.src, got, want.tables, drawn_from=drawn_from)
        if drawn_from is not None and drawn_from != results_fingerprint(event.rounds[:index]):
            difference = _checked_against_history(difference, result, index, history)
        differences.append(difference)
    return differences


def _drawn_elsewhere(event, index: int) -> bool:
    """Round ``index + 1`` was drawn by another program (event.yaml 'paired_by:'), not by `podium
    pair` (its file records no 'drawn_from:'): nothing to re-draw."""
    return bool(event.paired_by) and event.rounds[index].drawn_from is None


def redrawn_tables(event, ruleset) -> tuple[Redraw, ...]:
    """What `podium pair` draws as each round of ``event``, round by round, from the rounds before
    it and the late entries its file records. Pure (the event's files and the ruleset: no git, no
    clock), so that its answer may be kept; one replay of the event gives the draws of its
    opening stage (rules/prefixes.py), the rounds of later stages are drawn from their prefix."""
    drawn: dict[int, Redraw] = {}

    def use(index: int, prefix) -> None:
        drawn[index] = _draw(prefix)

    try:
        each_opening_prefix(event, ruleset, lambda index: _event_then(event, index), use)
    except UserError:
        pass  # the replay stops where the event cannot be replayed: the rounds after are drawn one by one
    return tuple(drawn[index] if index in drawn else _redrawn(event, index, ruleset)
                 for index in range(len(event.rounds)))


def _redrawn(event, index: int, ruleset, published=None) -> Redraw:
    """Round ``index + 1`` drawn from a replay of the rounds before it (``published``: its round
    file, when it is not the event's own, ``_event_then``)."""
    return _draw(lambda: compute_event(_event_then(event, index, published), ruleset, Problems()))


def _event_then(event, index: int, published=None):
    """The event as the draw of round ``index + 1`` saw it: the rounds before it, and the late
    entries, asked-for byes and late losses its file (``published``, else the event's own) records."""
    published = published if published is not None else event.rounds[index]
    players = _late_losses_then(_asked_byes_then(_late_entries_then(event.players, published), published), published)
    return dataclasses.replace(event, rounds=event.rounds[:index], players=players)


def _draw(prefix) -> Redraw:
    """The tables `podium pair` draws after ``prefix()`` (an EventResult), or why it refuses."""
    try:
        result = prefix()
        return Redraw(_tables(next_round(result).pairings, _coloured(result.ruleset)))
    except UserError as exc:
        return Redraw(reason="; ".join(p.message for p in exc.problems))


NOT_YET = 10**9  # a round no event reaches: a late entry not registered yet plays in none


def _late_entries_then(players, published) -> tuple:
    """The players as the draw of ``published`` knew them: each late entry yet to join with the
    round its file records (``late_entries:``, the look-ahead counted on him then), one it does
    not record as not registered yet. A file written before the record (or by hand) records none:
    such a draw counted on no late entry (docs/late-entries.md)."""
    recorded = dict(published.late_entries)
    return tuple(dataclasses.replace(p, joins=recorded.get(p.id, NOT_YET)) if p.joins > published.number else p
                 for p in players)


def _asked_byes_then(players, published) -> tuple:
    """The players as the draw of ``published`` knew them: those its file gives a bye they asked
    for ('bye: half') sat out, whatever registrations.yaml says of that round now."""
    number = published.number
    asked = {p.players[0]: p.requested_bye for p in published.pairings if p.requested_bye}

    def then(player):
        if not player.byes and player.id not in asked:
            return player  # most players: nothing asked, then or now
        byes = tuple((r, kind) for r, kind in player.byes if r != number) + \
            (((number, asked[player.id]),) if player.id in asked else ())
        return player if byes == player.byes else dataclasses.replace(player, byes=byes)
    return tuple(map(then, players))


def _late_losses_then(players, published) -> tuple:
    """The players as the draw of ``published`` knew them: those its file gives a late loss
    ('late_loss: true') were not in it. A late loss is no table of the draw but a player left out
    of it: the organizer's program pairs the players who are there and records one who is not a
    loss without an opponent (the scoring block that knows late losses cites its source and a
    published event). So the round is drawn without him — in round 1 by registering him for the draw with 'joins:
    2', which the file then records ('late_entries:') — and his line added. The re-draw leaves him
    out as a late entry yet to join: in the round the file records the draw counted on him from,
    else in none. Without this, verify re-drew the round with him and called it changed by hand."""
    late = {p.players[0] for p in published.pairings if p.late_loss}
    if not late:
        return players  # most rounds: nobody late
    recorded = dict(published.late_entries)
    return tuple(dataclasses.replace(p, joins=recorded.get(p.id, NOT_YET)) if p.id in late else p for p in players)


def _drawn(pairings, coloured: bool) -> tuple:
    """The tables of a round file that a draw gives: all but its late losses (``_late_losses_then``)."""
    return _tables((p for p in pairings if not p.late_loss), coloured)


def _tables(pairings, coloured: bool) -> tuple:
    """Each table's players: in their order where the draw gives colours (White first: a swap
    is a change), else as a set."""
    if coloured:
        return tuple(sorted(tuple(p.players) for p in pairings))
    return tuple(sorted(frozenset(p.players) for p in pairings))


def _coloured(ruleset) -> bool:
    """The draw's order in a pairing means something: it gives each game's colours (the
    ruleset's colour rules, or a pairing that does), or who has the first choice of them (a
    scoring with colour preferences: the player first on the list)."""
    return (ruleset.colours is not None or ruleset.pairing is not None and ruleset.pairing.gives_colours
            or ruleset.scoring.colour_preferences)


def _came_with_a_correction(history, index: int) -> bool:
    """Whether the commit that first held round ``index + 1`` also changed a result of the rounds
    before it (the round and a correction committed together, as a venue day committed once is),
    or brought the event with it; True too while the round is not committed (nothing to tell by)."""
    versions = list(history.versions())
    holding = [number for number, committed in enumerate(versions) if len(committed.event.rounds) > index]
    if not holding or holding[-1] + 1 == len(versions):
        return True
    first, before = versions[holding[-1]].event, versions[holding[-1] + 1].event
    return results_fingerprint(first.rounds[:index]) != results_fingerprint(before.rounds[:index])


def _checked_against_history(difference: Difference, result: EventResult, index: int, history) -> Difference:
    """Results corrected since the round was paired: re-draw it from the committed results its
    fingerprint names (``history``: the event's committed versions, rules/history.py)."""
    from podium.content.history import NotInGit

    def drawn_from(event) -> bool:
        return len(event.rounds) >= index and results_fingerprint(event.rounds[:index]) == difference.drawn_from

    try:
        then = history.find(drawn_from)
    except NotInGit:
        return dataclasses.replace(difference, unchecked=True)
    if then is None:  # committed with its correction (a venue day), or its 'drawn_from:' edited
        edited = history.find(lambda event: len(event.rounds) > index
                              and event.rounds[index].drawn_from not in (None, difference.drawn_from))
        return dataclasses.replace(difference, fingerprint_unknown=True, fingerprint_edited=edited is not None,
                                   fingerprint_unexplained=not _came_with_a_correction(history, index))
    drawn = _redrawn(then.event, index, result.ruleset, published=result.event.rounds[index])
    same = not drawn.reason and set(drawn.tables) == set(difference.published)
    return dataclasses.replace(difference, then_same=same, drawn_from_commit=then.commit)


def verify(content: Path, event_name: str | None) -> tuple[list, int]:
    """Differences between published and re-drawn rounds, and how many rounds were checked: of
    one event, read alone (``load_event``), or of the whole archive."""
    with without_cycle_collection():  # as a build: millions of objects kept to the end
        return _verify_one_event(content, event_name) if event_name else _verify_all(content)


def _verify_one_event(content: Path, event_name: str) -> tuple[list, int]:
    """The event alone; the other events' redraws stay kept (their folders are not read, so
    nothing says they are gone)."""
    one = load_event(content, event_name)
    differences = verify_event(one.result, one.registry, redraws_from(Kept(content, REDRAWS), one.key))
    return differences, len(one.result.event.rounds)


def _verify_all(content: Path) -> tuple[list, int]:
    """Every event: what verify found in each, kept under its replay key when nothing differed (a
    difference may read the git history, which the key does not cover), so that a verify with
    nothing changed reads the archive's outlines alone (run/answers.py)."""
    differences_in = redraw_differences(content)

    def work(result: EventResult, key: str, registry: dict) -> tuple[tuple[list, int], bool]:
        differences = differences_in(result, key, registry)
        return (differences, len(result.event.rounds)), not differences
    answering = Answering(content, VERIFIED, work, "re-drawn")
    archive = load_archive(content, outlines=True, answering=answering)
    found = answers_by_event(archive, answering)
    return ([d for event_id in archive.events for d in found[event_id][0]],
            sum(found[event_id][1] for event_id in archive.events))


def redraw_differences(content: Path):
    """``verify_event`` as (an event's whole result, its replay key, players.yaml's players by
    id) → its differences, each event's redraws kept under its key (cache.py REDRAWS)."""
    kept = Kept(content, REDRAWS)
    return lambda result, key, registry: verify_event(result, registry, redraws_from(kept, key))
