"""The built-in config table machine (系统配置, routine/config), driven over HTTP: add config items of
every kind of value (text, password, number, switch, select, checkbox, key-value array, a text per
language) to a group, edit them — one or several in one save, with awkward values (numbers written as
text, NaN and infinity, overlong text, options that do not exist) — delete them, and edit the built-in
items the public site reads (site name, contact line, record number, version, CDN address), beside a
model of every item's value.

Whether a value must be accepted, and what is stored, is the model's own reading of the config screen's
promise (`coerce`): a number is a finite number a browser can hold (at most 2^53 − 1), a switch a yes or
no, a choice one of its options, a text at most 20,000 characters.

Invariants, after every step:
- every item read back (the config page) equals the model; a password is never sent back (`""`, with
  `has_value` saying whether one is stored) and saving it empty keeps it;
- a refused save changes nothing (several values in one save: all of them or none);
- built-in items cannot be deleted; an item's name is taken once per group;
- the public site config (`/api/index/index`, in Chinese and in English) equals the model's values,
  each text in the reader's language, falling back to Chinese.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.api.admin_support import EN, ZH
from tests.invariants import values as V
from tests.invariants.backoffice import BackOffice, Checks
from tests.invariants.budget import SKIP, Counter

GROUP = "dashboard"  # the group the machine adds its items to (its built-in item is left alone)
OPTIONS = {"a": "A", "b": "B", "c": "C"}
KINDS = ["string", "textarea", "password", "number", "switch", "select", "checkbox", "array", "i18n"]
SLOTS = ["inv_a", "inv_b", "inv_c", "inv_d"]
# The built-in items of the public site config: name -> (kind, key in `site` of /api/index/index).
SITE = {
    "site_name": ("i18n", "siteName"),
    "comcont": ("i18n", "comcont"),
    "record_number": ("string", "recordNumber"),
    "version": ("string", "version"),
    "cdn_url": ("string", "cdnUrl"),
}
INT_MAX = 2**53 - 1
REFUSED = object()

TEXTS = st.one_of(
    V.line(),
    st.sampled_from(["a\nb", "x" * 2001, "x" * 20_000, "x" * 20_001]),
    st.sampled_from([0, 12, -3, 0.5]),
    st.none(),
)
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "string": TEXTS,
    "textarea": TEXTS,
    "password": st.one_of(st.sampled_from(["", "s3cret!", "另一个密码", "x" * 20_001]), st.none()),
    "number": st.one_of(
        st.sampled_from(
            ["", "12", " 7 ", "1.50", "-0.25", "abc", "nan", "inf", "-inf", "1e400", "1e300", "1e5", None]
        ),
        st.sampled_from([0, 1, -1, INT_MAX, -INT_MAX, 0.1, 2.5, 1e15]),
        st.integers(-10_000, 10_000),
    ),
    "switch": st.sampled_from([True, False, 0, 1, "0", "1", "true", "false", "yes", 2, None]),
    "select": st.sampled_from(["", "a", "b", "d", None, 1, "A"]),
    "checkbox": st.one_of(st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=4), st.just("a")),
    "array": st.one_of(
        st.lists(st.fixed_dictionaries({"key": V.line(8), "value": V.line(12)}), max_size=3),
        st.sampled_from([[{"key": 1, "value": 2}], [{"key": "k"}], [{"other": "x"}], "text", [["a"]]]),
    ),
    "i18n": st.one_of(
        V.line(),
        st.fixed_dictionaries({"zh-cn": V.line(), "en": V.line()}),
        st.sampled_from([{"en": "English only"}, {"zh-cn": "只有中文"}, {"zh-cn": 5, "en": None}, 5, ["a"]]),
    ),
}


def coerce(kind: str, value: Any) -> Any:
    """What an item of `kind` stores for `value` as typed, or REFUSED (the model's own reading)."""
    if kind == "switch":
        if isinstance(value, bool):
            return value
        return value in (1, "1", "true") if value in (0, 1, "0", "1", "true", "false") else REFUSED
    if kind == "number":
        if value in ("", None):
            return ""
        if isinstance(value, bool):
            return REFUSED
        try:
            number = float(value)
        except (TypeError, ValueError):
            return REFUSED
        if not math.isfinite(number) or abs(number) > INT_MAX:
            return REFUSED  # a number a browser cannot hold, or none at all
        return int(number) if number.is_integer() else number
    if kind == "checkbox":
        if not isinstance(value, list) or not {str(v) for v in value} <= set(OPTIONS):
            return REFUSED
        return [str(v) for v in value]
    if kind == "select":
        text = "" if value is None else str(value)
        return text if text == "" or text in OPTIONS else REFUSED
    if kind == "array":
        ok = isinstance(value, list) and all(
            isinstance(v, dict) and set(v) <= {"key", "value"} for v in value
        )
        return (
            [{"key": str(v.get("key", "")), "value": str(v.get("value", ""))} for v in value]
            if ok
            else REFUSED
        )
    if kind == "i18n":
        if isinstance(value, str):
            return {"zh-cn": value, "en": ""}
        if not isinstance(value, dict):
            return REFUSED
        return {lang: str(value.get(lang, "") or "") for lang in ("zh-cn", "en")}
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return REFUSED
    text = str(value)
    return text if len(text) <= 20_000 else REFUSED


def empty(kind: str) -> Any:
    return False if kind == "switch" else [] if kind in ("checkbox", "array") else ""


class ConfigMachine(Checks, RuleBasedStateMachine):
    office: ClassVar[BackOffice]
    counter: ClassVar[Counter]

    def __init__(self) -> None:
        super().__init__()
        self.counter.example()
        for name in SLOTS:  # items of earlier examples
            self.office.delete_where("routine/config/del", group=GROUP, name=name)
        # group -> name -> (kind, value as stored); the site's built-in items start as they are.
        self.items: dict[str, dict[str, tuple[str, Any]]] = {GROUP: {}, "site": {}}
        shown = self.groups()
        for name, (kind, _key) in SITE.items():
            self.items["site"][name] = (kind, shown["site"][name]["value"])
        self.builtin = {name for name, item in shown[GROUP].items() if item["builtin"]}

    # --- helpers --------------------------------------------------------------------------------
    def groups(self) -> dict[str, dict[str, dict[str, Any]]]:
        answer = self.office.get("routine/config/index")
        self._check(answer.ok, f"the config page does not open: {answer}")
        return {g["name"]: {i["name"]: i for i in g["list"]} for g in answer.data["list"]}

    # --- rules ----------------------------------------------------------------------------------
    @rule(
        kind=st.sampled_from(KINDS),
        name=st.sampled_from([*SLOTS, "quick_entrance", "9bad-name"]),
        group=st.sampled_from([GROUP, GROUP, "nosuchgroup"]),
        data=st.data(),
    )
    def add_item(self, kind: str, name: str, group: str, data: st.DataObject) -> None:
        self.counter.step()
        value = data.draw(st.one_of(st.none(), VALUES[kind]), label="value")
        body: dict[str, Any] = {"group": group, "name": name, "title": f"不变量 {name}", "type": kind}
        if kind in ("select", "checkbox"):
            body["content"] = OPTIONS
        if value is not None:
            body["value"] = value
        stored = empty(kind) if value in (None, "") else coerce(kind, value)
        ok = (
            group == GROUP
            and name in SLOTS
            and name not in self.items[GROUP]
            and stored is not REFUSED
            and not (isinstance(value, str) and len(value) > 65_536)
        )
        answer = self.office.post("routine/config/add", body)
        if answer.status == 400 and name == "9bad-name":
            return  # the form's own rule for a name
        self.expect(answer, ok, f"add config item {group}.{name} ({kind}) = {value!r}")
        if answer.ok:
            self.items[GROUP][name] = (kind, stored)

    @rule(
        data=st.data(),
        site=st.booleans(),
        count=st.integers(1, 3),
    )
    def save(self, data: st.DataObject, site: bool, count: int) -> None:
        """One save of a group: one to three of its items with new values (all saved, or none)."""
        self.counter.step()
        group = "site" if site else GROUP
        if not self.items[group]:
            return
        names = data.draw(
            st.lists(st.sampled_from(sorted(self.items[group])), min_size=1, max_size=count, unique=True),
            label="names",
        )
        values = {name: data.draw(VALUES[self.items[group][name][0]], label=name) for name in names}
        after = dict(self.items[group])
        ok = True
        for name, value in values.items():
            kind = after[name][0]
            if kind == "password" and value in ("", None):
                continue  # an empty password keeps the stored one
            stored = coerce(kind, value)
            ok = ok and stored is not REFUSED
            after[name] = (kind, stored)
        answer = self.office.post("routine/config/edit", {"group": group, "values": values})
        self.expect(answer, ok, f"save {group} {values!r}"[:2000])
        if answer.ok:
            self.items[group] = after

    @precondition(lambda self: "config-delete" not in SKIP)
    @rule(name=st.sampled_from([*SLOTS, "quick_entrance"]))
    def delete_item(self, name: str) -> None:
        self.counter.step()
        answer = self.office.delete_where("routine/config/del", group=GROUP, name=name)
        ok = name in self.items[GROUP] and name not in self.builtin
        self.expect(answer, ok, f"delete config item {GROUP}.{name}")
        if answer.ok:
            del self.items[GROUP][name]

    # --- invariants -----------------------------------------------------------------------------
    @invariant()
    def check_items(self) -> None:
        shown = self.groups()
        for group, items in self.items.items():
            custom = {n for n in shown[group] if n in SLOTS}
            if group == GROUP:
                self._check(custom == set(items), f"{group} items {sorted(custom)} != model {sorted(items)}")
            for name, (kind, value) in items.items():
                item = shown[group][name]
                if kind == "password":
                    got = (item["value"], item["has_value"])
                    self._check(got == ("", value not in (None, "")), f"password {name} answered {got}")
                    continue
                self._check(item["type"] == kind, f"{group}.{name} type {item['type']} != {kind}")
                self._check(
                    item["value"] == value and type(item["value"]) is type(value),
                    f"{group}.{name} = {item['value']!r}, model {value!r}",
                )

    @invariant()
    def check_public_site_config(self) -> None:
        for lang, headers in (("zh-cn", ZH), ("en", EN)):
            answer = self.office.api.get("/srv/api/index/index", headers=headers, timeout=60).json()
            self._check(answer.get("code") == 1, f"/api/index/index ({lang}): {answer}")
            site = answer["data"]["site"]
            for name, (_kind, key) in SITE.items():
                value = self.items["site"][name][1]
                want = (
                    (value.get(lang) or value.get("zh-cn") or "") if isinstance(value, dict) else str(value)
                )
                self._check(site[key] == want, f"public {key} ({lang}) = {site[key]!r}, model {want!r}")
