"""The report travels pickled (from the processes that replay events, into and out of the replay
cache), and a build unpickles every event's outline: each report type is rebuilt by a call of
its class with its values (rules/report.py ``report_type``), not by the dataclass's own
``__setstate__``, which looks the fields up again for every object (issue 36: three quarters of
unpickling the national archive's outlines)."""
from __future__ import annotations

import dataclasses
import pickle
import pickletools

from podium.rules import report


def _report_types() -> list[type]:
    return [value for value in vars(report).values()
            if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == report.__name__
            and hasattr(value, "__slots__")]


def test_every_slotted_report_type_is_pickled_as_a_call_of_its_class():
    types = _report_types()
    assert len(types) >= 20
    for cls in types:
        values = tuple(f"value of {field.name}" for field in dataclasses.fields(cls))
        instance = cls(*values)
        data = pickle.dumps(instance, protocol=pickle.HIGHEST_PROTOCOL)
        opcodes = {opcode.name for opcode, _, _ in pickletools.genops(data)}
        assert "BUILD" not in opcodes, f"{cls.__name__} is rebuilt by __setstate__"
        again = pickle.loads(data)
        assert type(again) is cls and again == instance


def test_a_type_of_one_field_is_pickled_too():
    @report.report_type
    class Single:
        only: int

    assert Single.__reduce__(Single(7)) == (Single, (7,))
