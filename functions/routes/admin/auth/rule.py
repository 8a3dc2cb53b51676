"""Back-office menu rules: `/admin/auth/rule/index|add|edit|del|sortable` (permissions
`auth/rule/<action>`), a tree table (`functions.routes.admin.table`).

A non-super admin sees and changes only the rules it holds; a new rule goes to the groups holding
its parent (`functions.services.rules`).
"""

from typing import Any, Literal

from functions.core.responses import ApiError
from functions.models.rule import AdminRule, sort_key
from functions.routes.admin.deps import AdminContext
from functions.routes.admin.table.shapes import edit_form
from functions.routes.admin.table.shared import RuleFields, RuleName, RuleTableBase, rule_values
from functions.services import rules as rules_service
from functions.services.permissions import own_copies


class AdminRuleIn(RuleFields):
    type: Literal["menu_dir", "menu", "button"] = "menu"
    name: RuleName


class RuleTable(RuleTableBase):
    path = "auth/rule"
    model = AdminRule
    add_schema = AdminRuleIn
    edit_schema = edit_form(AdminRuleIn)

    def source(self, ctx: AdminContext) -> list[Any]:
        # The rules the caller's grant was computed from are shared by every request (`ctx.rules`);
        # the list and the drag sort (which writes through these models) get their own copies.
        return [r for r in sorted(own_copies(ctx.rules), key=sort_key) if self.can_access(r, ctx)]

    def can_access(self, item: Any, ctx: AdminContext) -> bool:
        return ctx.is_super or int(item.id) in ctx.grant.rule_ids

    def create(self, body: Any, ctx: AdminContext) -> Any:
        if body.pid and not ctx.is_super and body.pid not in ctx.grant.rule_ids:
            raise ApiError("The parent rule does not exist")
        return rules_service.create_rule(self.model, rule_values(body))

    def update(self, item: Any, body: Any, ctx: AdminContext) -> Any:
        if body.pid and not ctx.is_super and body.pid not in ctx.grant.rule_ids:
            raise ApiError("The parent rule does not exist")
        return rules_service.update_rule(self.model, item, rule_values(body))

    def delete(self, items: list[Any], ctx: AdminContext) -> int:
        return rules_service.delete_rules(self.model, items)


table = RuleTable()
router = table.router()
