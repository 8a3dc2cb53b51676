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
}

MESSAGES.update(ADMIN_MESSAGES)
