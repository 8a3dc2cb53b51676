"""Icon names the API accepts (a designed table's icon field and a design's menu icon): antd's and those of
the back office's three icon style sheets (webapp features/admin/shell/icon-sheets), nothing else."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import ValidationError

from functions.services.designs import DesignDoc
from functions.services.fields import ICON_MAX, ICON_RE

GOOD = ["HomeOutlined", "fa fa-home", "fa fa-500px", "bi bi-0-circle-fill", "local-leaf"]
BAD = ["fa fa-", "fa  fa-home", "fa fa-Home", "bi-house", "local-", "<b>x</b>", "fa fa-home;"]


@pytest.mark.parametrize("name", GOOD)
def test_names_of_every_set_are_accepted(name: str) -> None:
    assert ICON_RE.fullmatch(name)


@pytest.mark.parametrize("name", BAD)
def test_other_names_are_refused(name: str) -> None:
    assert not ICON_RE.fullmatch(name)


def test_icon_field_values_are_checked_with_their_length() -> None:
    from pydantic import TypeAdapter

    from functions.services.fields import TYPES

    adapter = TypeAdapter(TYPES["icon"].annotation({}))
    assert adapter.validate_python("fa fa-home") == "fa fa-home"
    for bad in ("fa fa-Home", "A" * (ICON_MAX + 1)):
        with pytest.raises(ValidationError):
            adapter.validate_python(bad)


@pytest.mark.parametrize(("name", "ok"), [("fa fa-home", True), ("local-leaf", True), ("fa fa-Home", False)])
def test_a_designs_menu_icon_may_come_from_a_sheet(name: str, ok: bool) -> None:
    from pydantic import TypeAdapter

    field = DesignDoc.model_fields["icon"]
    adapter = TypeAdapter(Annotated[str, *field.metadata])
    if ok:
        assert adapter.validate_python(name) == name
    else:
        with pytest.raises(ValidationError):
            adapter.validate_python(name)
