"""The host's decisions are values (net/table/decisions.py): equal by kind and fields."""

from net.table.decisions import Close, Cover, Mute, Remove, SendAway, Start, StartNow


def test_decisions_are_values_of_their_own_kind() -> None:
    assert Cover(1) == Cover(1) and hash(Cover(1)) == hash(Cover(1))
    assert Cover(1) != Remove(1), "a decision equals only one of its own kind"
    assert Cover(1) != Cover(2)
    assert Start() == Start() and Start() != StartNow() and Start() != Close()
    assert Mute(2) == Mute(2, on=True) != Mute(2, on=False)
    assert Start() != () and SendAway(1) != (1,), "a decision is no tuple"
    assert {Cover(0), Cover(0), Remove(0)} == {Cover(0), Remove(0)}
    assert repr(Mute(3, on=False)) == "Mute(watcher=3, on=False)"
    assert repr(Close()) == "Close()"


def test_decisions_match_by_their_fields() -> None:
    match Mute(4, on=False):
        case Mute(watcher, on):
            assert (watcher, on) == (4, False)
        case _:
            raise AssertionError("Mute(watcher, on) binds its fields in order")
