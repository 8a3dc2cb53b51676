"""The tables of the security screens: the rules naming which tables are watched (`DataRuleTable`:
recycle rules, sensitive-data rules) and the logs of what was watched (`DataLogTable`: the recycle
bin, the sensitive-data log). The watched tables are found in `functions.routes.admin.registry`."""

from typing import Any, ClassVar

from functions.core.i18n import get_lang, t
from functions.core.responses import ApiError, Shape
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.registry import tables
from functions.routes.admin.table.generic import Table
from functions.services import data_rules, designs


class TableInfo(Shape):
    """A back-office table the recycle bin and the sensitive-data log can watch."""

    path: str
    title: str
    designed: bool
    fields: list[str]
    field_titles: dict[str, str] = {}  # where the table has titles for its fields (config items)


def known_tables(ctx: AdminContext, action: str) -> list[dict[str, Any]]:
    """The tables whose deletes (`action` "del") or edits ("edit") can be watched (built-in tables
    that offer it, and every designed table) with their titles in the request's language and their
    field names."""
    lang = get_lang()
    titles = {rule.name: rule.label(lang) for rule in ctx.rules}
    found: list[dict[str, Any]] = []
    for path, table in sorted(tables().items()):
        if action not in table.actions:
            continue
        names = table.field_names()
        found.append(
            {
                "path": path,
                "title": titles.get(path, path),
                "designed": False,
                "fields": names,
                "field_titles": table.field_titles(set(names)),
            }
        )
    for design in designs.list_designs():
        doc = designs.load_doc(design)
        title = doc.title.en if lang == "en" and doc.title.en else doc.title.zh
        found.append(
            {
                "path": doc.name,
                "title": titles.get(doc.name, title or doc.name),
                "designed": True,
                "fields": [f.name for f in doc.fields],
            }
        )
    return found


def table_title(path: str, ctx: AdminContext) -> str:
    """The title of a table's menu in the request's language (`*`: every designed table)."""
    if path == "*":
        return t("Every designed table")
    lang = get_lang()
    return next((rule.label(lang) for rule in ctx.rules if rule.name == path), path)


class DataRuleTable(Table):
    """A table of recycle or sensitive-data rules (`functions.services.data_rules`): small, listed
    whole; a rule names a table that exists (its path cannot change once the rule exists)."""

    watchable = False  # the security screens watch the others, never their own tables

    scope_name: ClassVar[str]
    watched_action: ClassVar[str]  # what the rules watch: "del" (recycle) or "edit" (sensitive data)
    quick_search = ("table", "title")
    whole = True

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        row: dict[str, Any] = item.to_row()
        row["table_title"] = table_title(item.table, ctx)
        return row

    def values(self, body: Any) -> dict[str, Any]:
        return dict(body.model_dump(exclude={"id"}))

    def check(self, table: str, fields: list[str], ctx: AdminContext) -> None:
        """The table exists (or is `*`) and has these fields."""
        if table == "*":
            return
        info = next((info for info in known_tables(ctx, self.watched_action) if info["path"] == table), None)
        if info is None:
            raise ApiError("There is no table at this path")
        unknown = [name for name in fields if name not in info["fields"]]
        if unknown:
            raise ApiError("The table has no field {field}", params={"field": unknown[0]})

    def create(self, body: Any, ctx: AdminContext) -> Any:
        values = self.values(body)
        self.check(values["table"], list(getattr(body, "fields", [])), ctx)
        return data_rules.create_rule(self.model, self.scope_name, values)

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        self.check(item.table, list(getattr(body, "fields", [])), ctx)
        return data_rules.update_rule(item, self.values(body))

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return data_rules.delete_rules(self.scope_name, items)


class DataLogTable(Table):
    """The recycle bin or the sensitive-data log: a time series listed newest first (filters on `table`
    and `admin_id` read their index, a `create_time` range only its months); `del` purges rows."""

    actions = ("index", "del")
    key_filters = {"table": "by_table", "admin_id": "by_admin"}
    watchable = False

    def to_row(self, item: Any, ctx: AdminContext) -> dict[str, Any]:
        return dict(item.to_row())

    def decorate(self, rows: list[dict[str, Any]], ctx: AdminContext) -> None:
        for row in rows:
            row["table_title"] = table_title(row["table"], ctx)
