"""Server messages of the back office (zh-cn and en), merged into `functions.core.i18n.MESSAGES` when
this module is imported (the admin routes import it, so the catalogue is complete once the app is
built). Kept apart from i18n.py so that the back office's texts live in one place."""

from __future__ import annotations

from functions.core.i18n import MESSAGES

ADMIN_MESSAGES: dict[str, dict[str, str]] = {
    # Login.
    "Login succeeded!": {"zh-cn": "登录成功！", "en": "Login succeeded!"},
    "Logout successful": {"zh-cn": "已退出登录", "en": "Logout successful"},
    "Incorrect username or password!": {
        "zh-cn": "用户名或密码不正确！",
        "en": "Incorrect username or password!",
    },
    "Account disabled": {"zh-cn": "账号已被禁用", "en": "Account disabled"},
    "Too many failed logins, please try again in {minutes} minutes": {
        "zh-cn": "登录失败次数过多，请 {minutes} 分钟后再试",
        "en": "Too many failed logins, please try again in {minutes} minutes",
    },
    "Please enter the captcha": {"zh-cn": "请输入验证码", "en": "Please enter the captcha"},
    "Captcha error": {"zh-cn": "验证码错误", "en": "Captcha error"},
    # Tables.
    "Added successfully": {"zh-cn": "添加成功", "en": "Added successfully"},
    "Updated successfully": {"zh-cn": "更新成功", "en": "Updated successfully"},
    "No rows were deleted": {"zh-cn": "没有删除任何记录", "en": "No rows were deleted"},
    "Sorted successfully": {"zh-cn": "排序成功", "en": "Sorted successfully"},
    "Only rows with the same parent can be sorted against each other": {
        "zh-cn": "只能在同一上级下拖动排序",
        "en": "Only rows with the same parent can be sorted against each other",
    },
    "The search condition is invalid": {"zh-cn": "搜索条件无效", "en": "The search condition is invalid"},
    "The value does not have the required format": {
        "zh-cn": "格式不正确",
        "en": "The value does not have the required format",
    },
    "Please enter a date like 2026-01-31": {
        "zh-cn": "请输入日期，例如 2026-01-31",
        "en": "Please enter a date like 2026-01-31",
    },
    "Please enter a time like 09:30": {
        "zh-cn": "请输入时间，例如 09:30",
        "en": "Please enter a time like 09:30",
    },
    "Please enter a colour like #1a7f37": {
        "zh-cn": "请输入颜色，例如 #1a7f37",
        "en": "Please enter a colour like #1a7f37",
    },
    "Please enter the correct URL": {"zh-cn": "请输入正确的网址", "en": "Please enter the correct URL"},
    # Designed tables (CRUD generator).
    "This field name is reserved": {
        "zh-cn": "该字段名为保留字",
        "en": "This field name is reserved",
    },
    "Options are required for this field type": {
        "zh-cn": "该字段类型需要选项",
        "en": "Options are required for this field type",
    },
    "A related table is required for this field type": {
        "zh-cn": "该字段类型需要关联表",
        "en": "A related table is required for this field type",
    },
    "This field type cannot be indexed": {
        "zh-cn": "该字段类型不能建立索引",
        "en": "This field type cannot be indexed",
    },
    "Only number and time fields can be sorted through an index": {
        "zh-cn": "只有数字和时间字段可以通过索引排序",
        "en": "Only number and time fields can be sorted through an index",
    },
    "Field names must be unique": {
        "zh-cn": "字段名不能重复",
        "en": "Field names must be unique",
    },
    "At most two fields can be indexed": {
        "zh-cn": "最多只能为两个字段建立索引",
        "en": "At most two fields can be indexed",
    },
    "At most one field can be sorted through an index": {
        "zh-cn": "最多只能有一个字段通过索引排序",
        "en": "At most one field can be sorted through an index",
    },
    "Index fields cannot change while the table has rows": {
        "zh-cn": "表中已有数据时不能更改索引字段",
        "en": "Index fields cannot change while the table has rows",
    },
    "Existing rows lose the values of removed or retyped fields: save again to confirm": {
        "zh-cn": "已有数据中被删除或改变类型的字段的值将会丢失：请再次保存以确认",
        "en": "Existing rows lose the values of removed or retyped fields: save again to confirm",
    },
    "This table has too many rows to delete at once: delete its rows first": {
        "zh-cn": "该表数据过多，无法一次删除：请先删除其中的数据",
        "en": "This table has too many rows to delete at once: delete its rows first",
    },
    "{field} already exists": {
        "zh-cn": "{field}已存在",
        "en": "{field} already exists",
    },
    "The table does not exist": {
        "zh-cn": "数据表不存在",
        "en": "The table does not exist",
    },
    "This table has no sort field": {
        "zh-cn": "该表没有排序字段",
        "en": "This table has no sort field",
    },
    "Option values must be unique": {"zh-cn": "选项值不能重复", "en": "Option values must be unique"},
    "The default value is not one of the options": {
        "zh-cn": "默认值不在选项中",
        "en": "The default value is not one of the options",
    },
    "The minimum cannot be greater than the maximum": {
        "zh-cn": "最小值不能大于最大值",
        "en": "The minimum cannot be greater than the maximum",
    },
    "A sensitive field is not a field of the table": {
        "zh-cn": "敏感字段不是该表的字段",
        "en": "A sensitive field is not a field of the table",
    },
    "The default order can only use the id, the creation time or the sorted field": {
        "zh-cn": "默认排序只能按 ID、创建时间或索引排序字段",
        "en": "The default order can only use the id, the creation time or the sorted field",
    },
    "A tree table needs an integer field named pid and cannot be a time series": {
        "zh-cn": "树形表需要一个名为 pid 的整数字段，且不能按月份存放",
        "en": "A tree table needs an integer field named pid and cannot be a time series",
    },
    "The parent row does not exist": {"zh-cn": "上级行不存在", "en": "The parent row does not exist"},
    "A row cannot be placed under itself or one of its own children": {
        "zh-cn": "不能把一行放到它自己或它的下级之下",
        "en": "A row cannot be placed under itself or one of its own children",
    },
    "Delete or move its child rows first": {
        "zh-cn": "请先删除或移走它的下级行",
        "en": "Delete or move its child rows first",
    },
    "Sorting by this column is not supported": {
        "zh-cn": "该列不支持排序",
        "en": "Sorting by this column is not supported",
    },
    "Use Next and Previous to go beyond the first 2,000 rows": {
        "zh-cn": "前 2,000 条之后请使用“上一页”“下一页”翻页",
        "en": "Use Next and Previous to go beyond the first 2,000 rows",
    },
    "The list has changed: please go back to the first page": {
        "zh-cn": "列表已变化，请回到第一页",
        "en": "The list has changed: please go back to the first page",
    },
    "Rows of this table cannot be edited": {
        "zh-cn": "此表的记录不可编辑",
        "en": "Rows of this table cannot be edited",
    },
    # Rules and groups.
    "The rule name already exists": {"zh-cn": "规则名称已存在", "en": "The rule name already exists"},
    "The parent rule does not exist": {"zh-cn": "上级规则不存在", "en": "The parent rule does not exist"},
    "The parent cannot be the row itself or one of its descendants": {
        "zh-cn": "上级不能是自身或自身的下级",
        "en": "The parent cannot be the row itself or one of its descendants",
    },
    "Please delete the child rules first": {
        "zh-cn": "请先删除子级规则",
        "en": "Please delete the child rules first",
    },
    "Please delete the child groups first": {
        "zh-cn": "请先删除子级分组",
        "en": "Please delete the child groups first",
    },
    "The group does not exist": {"zh-cn": "分组不存在", "en": "The group does not exist"},
    "You cannot edit your own group": {
        "zh-cn": "不能修改自己所在的分组",
        "en": "You cannot edit your own group",
    },
    "You can only grant rules you hold yourself": {
        "zh-cn": "只能授予自己拥有的权限",
        "en": "You can only grant rules you hold yourself",
    },
    "You can only assign groups you manage": {
        "zh-cn": "只能分配自己有权管理的分组",
        "en": "You can only assign groups you manage",
    },
    "The group is still used by admins": {
        "zh-cn": "仍有管理员属于该分组，无法删除",
        "en": "The group is still used by admins",
    },
    "The group is still used by members": {
        "zh-cn": "仍有会员属于该分组，无法删除",
        "en": "The group is still used by members",
    },
    # Admins.
    "The username already exists": {"zh-cn": "用户名已存在", "en": "The username already exists"},
    "You cannot change your own account here, please use your profile": {
        "zh-cn": "不能在这里修改自己的账号，请到个人资料中修改",
        "en": "You cannot change your own account here, please use your profile",
    },
    "You cannot change an administrator who holds more permissions than you": {
        "zh-cn": "不能修改权限比你多的管理员",
        "en": "You cannot change an administrator who holds more permissions than you",
    },
    "You cannot change a group that holds more permissions than you": {
        "zh-cn": "不能修改权限比你多的分组",
        "en": "You cannot change a group that holds more permissions than you",
    },
    "You cannot delete yourself": {"zh-cn": "不能删除自己", "en": "You cannot delete yourself"},
    "You cannot change a super administrator": {
        "zh-cn": "不能修改超级管理员",
        "en": "You cannot change a super administrator",
    },
    "The old password is incorrect": {"zh-cn": "旧密码不正确", "en": "The old password is incorrect"},
    # Members.
    "The member does not exist": {"zh-cn": "会员不存在", "en": "The member does not exist"},
    "The amount must not be zero": {"zh-cn": "变动数额不能为 0", "en": "The amount must not be zero"},
    "Insufficient balance": {"zh-cn": "余额不足", "en": "Insufficient balance"},
    "Insufficient points": {"zh-cn": "积分不足", "en": "Insufficient points"},
    # Config.
    "Saved successfully": {"zh-cn": "保存成功", "en": "Saved successfully"},
    "The config item already exists": {"zh-cn": "配置项已存在", "en": "The config item already exists"},
    "Unknown config group": {"zh-cn": "未知的配置分组", "en": "Unknown config group"},
    "Keep 1 to {count} config groups": {
        "zh-cn": "配置分组须为 1 到 {count} 个",
        "en": "Keep 1 to {count} config groups",
    },
    "A config group name starts with a lower-case letter and has only lower-case letters, digits and "
    "underscores (at most 30)": {
        "zh-cn": "配置分组的变量名须以小写字母开头，只能包含小写字母、数字和下划线（最多 30 个字符）",
        "en": "A config group name starts with a lower-case letter and has only lower-case letters, digits "
        "and underscores (at most 30)",
    },
    "The config group {name} is listed twice": {
        "zh-cn": "配置分组 {name} 重复了",
        "en": "The config group {name} is listed twice",
    },
    "Each config group needs a title of at most {count} characters": {
        "zh-cn": "每个配置分组都需要填写标题，最多 {count} 个字符",
        "en": "Each config group needs a title of at most {count} characters",
    },
    "The config group {title} still has config items: delete them first": {
        "zh-cn": "配置分组“{title}”中还有配置项，请先删除这些配置项",
        "en": "The config group {title} still has config items: delete them first",
    },
    "Built-in config items cannot be deleted": {
        "zh-cn": "内置配置项不能删除",
        "en": "Built-in config items cannot be deleted",
    },
    "Test mail sent, please check the inbox": {
        "zh-cn": "测试邮件已发送，请查收",
        "en": "Test mail sent, please check the inbox",
    },
    "Sending the test mail failed: {reason}": {
        "zh-cn": "测试邮件发送失败：{reason}",
        "en": "Sending the test mail failed: {reason}",
    },
    "This is a test mail": {"zh-cn": "这是一封测试邮件", "en": "This is a test mail"},
    "If you can read this, the mail settings of {site} work.": {
        "zh-cn": "如果您能看到这封邮件，说明 {site} 的邮件配置可以正常使用。",
        "en": "If you can read this, the mail settings of {site} work.",
    },
    # Security: the recycle bin and the sensitive-data log.
    "Username": {"zh-cn": "用户名", "en": "Username"},
    "E-mail": {"zh-cn": "电子邮箱", "en": "E-mail"},
    "Mobile number": {"zh-cn": "手机号", "en": "Mobile number"},
    "Rule name": {"zh-cn": "规则名称", "en": "Rule name"},
    "File": {"zh-cn": "文件", "en": "File"},
    "Every designed table": {"zh-cn": "所有设计的表", "en": "Every designed table"},
    "This table already has a rule": {"zh-cn": "该数据表已有规则", "en": "This table already has a rule"},
    "The table of a rule cannot be changed: delete the rule and add another": {
        "zh-cn": "规则的数据表不能修改：请删除该规则后另行添加",
        "en": "The table of a rule cannot be changed: delete the rule and add another",
    },
    "There is no table at this path": {"zh-cn": "没有这个数据表", "en": "There is no table at this path"},
    "The table has no field {field}": {
        "zh-cn": "数据表没有字段 {field}",
        "en": "The table has no field {field}",
    },
    "The deleted row could not be kept in the recycle bin, so nothing was deleted": {
        "zh-cn": "被删除的数据无法存入回收站，因此没有删除任何数据",
        "en": "The deleted row could not be kept in the recycle bin, so nothing was deleted",
    },
    "The change of a watched field could not be logged, so nothing was saved": {
        "zh-cn": "敏感字段的修改无法记录，因此没有保存任何修改",
        "en": "The change of a watched field could not be logged, so nothing was saved",
    },
    "Restored successfully": {"zh-cn": "还原成功", "en": "Restored successfully"},
    "This row has already been restored or purged": {
        "zh-cn": "该记录已被还原或清除",
        "en": "This row has already been restored or purged",
    },
    "The table of this row no longer exists": {
        "zh-cn": "该记录所属的数据表已不存在",
        "en": "The table of this row no longer exists",
    },
    'Cannot restore: {field} "{value}" is now used by another row': {
        "zh-cn": "无法还原：{field}“{value}”已被其他记录使用",
        "en": 'Cannot restore: {field} "{value}" is now used by another row',
    },
    "Cannot restore: a row with this id exists again": {
        "zh-cn": "无法还原：已存在相同 ID 的记录",
        "en": "Cannot restore: a row with this id exists again",
    },
    "{count} rows restored; not restored: {reason}": {
        "zh-cn": "已还原 {count} 条；未还原：{reason}",
        "en": "{count} rows restored; not restored: {reason}",
    },
    "Rolled back successfully": {"zh-cn": "回滚成功", "en": "Rolled back successfully"},
    "A password change cannot be rolled back": {
        "zh-cn": "密码的修改不能回滚",
        "en": "A password change cannot be rolled back",
    },
    "This change has already been rolled back": {
        "zh-cn": "该修改已经回滚过了",
        "en": "This change has already been rolled back",
    },
    "The row of this change no longer exists": {
        "zh-cn": "被修改的记录已不存在",
        "en": "The row of this change no longer exists",
    },
    'Cannot roll back: {field} has changed since and now holds "{value}", not the logged new value': {
        "zh-cn": "无法回滚：{field} 之后又被修改过，当前值为“{value}”，不是记录中的修改后的值",
        "en": 'Cannot roll back: {field} has changed since and now holds "{value}", not the logged new value',
    },
    "{count} changes rolled back; not rolled back: {reason}": {
        "zh-cn": "已回滚 {count} 条；未回滚：{reason}",
        "en": "{count} changes rolled back; not rolled back: {reason}",
    },
    "Restored successfully; {notes}": {"zh-cn": "还原成功；{notes}", "en": "Restored successfully; {notes}"},
    "not granted again to the groups deleted since: {groups}": {
        "zh-cn": "以下分组已被删除，未能重新授予该规则：{groups}",
        "en": "not granted again to the groups deleted since: {groups}",
    },
    "Save at most {count} changed config items at once": {
        "zh-cn": "一次最多保存 {count} 项修改过的配置",
        "en": "Save at most {count} changed config items at once",
    },
}

MESSAGES.update(ADMIN_MESSAGES)
