"""大富豪 at the plain table: its decision model and face as its screen makes them; cards
typed to play or to give, a joker's stand-in chosen from a numbered list, pass."""

from __future__ import annotations

from tui.games.daifugo.ask import question as daifugo_question
from tui.games.daifugo.draw import joker_choice
from tui.games.daifugo.face import DaifugoFace
from tui.games.daifugo.flow import DaifugoDecisions
from tui.games.daifugo.flow import Step as DaifugoStep
from tui.plain.games import Command, PlainGame
from tui.table.decisions import Decisions, Outcome
from tui.table.face import GameFace


class DaifugoGame(PlainGame):
    """大富豪: cards typed to play or to give; a joker's stand-in chosen by number."""

    def make_model(self) -> Decisions:
        return DaifugoDecisions(self.table.me)

    def make_face(self) -> GameFace:
        return DaifugoFace(self.table, self.flow())

    def flow(self) -> DaifugoDecisions:
        assert isinstance(self.model, DaifugoDecisions)
        return self.model

    def question(self) -> str:
        flow, table = self.flow(), self.table
        view = flow.parsed.of(table.view)
        return daifugo_question(flow, view, table.seats.name, table.cards, table.me).plain

    def choices(self) -> list[str]:
        flow = self.flow()
        if flow.step() != DaifugoStep.NAME:
            return []
        return [joker_choice(play, self.table.cards).plain for play in flow.naming]

    def choose(self, number: int) -> Outcome:
        flow = self.flow()
        if flow.step() == DaifugoStep.NAME and 1 <= number <= len(flow.naming):
            flow.digit(number)
            return flow.confirm()
        return flow.digit(number)

    def asked(self) -> bool:
        return self.flow().step() != DaifugoStep.WAIT

    def row(self) -> list[str | None]:
        flow = self.flow()
        return list(flow.hand) if flow.step() in (DaifugoStep.PLAY, DaifugoStep.GIVE) else []

    def picked(self) -> set[int]:
        return set(self.flow().picks)

    def pick_at(self, index: int) -> Outcome:
        return self.flow().click(index)

    def pass_command(self) -> Command | None:
        flow = self.flow()
        return flow.pass_turn if flow.step() == DaifugoStep.PLAY and flow.can_pass() else None

    def fits(self, name: str) -> bool:
        return self.flow().step() == DaifugoStep.NAME


PLAIN = DaifugoGame
"""What the plain front plays this game with (tui/plain/seated.py)."""
