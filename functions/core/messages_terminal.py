"""Server messages of the build-task terminal (zh-cn and en), merged into `functions.core.i18n.MESSAGES`
when this module is imported (by `functions.routes.admin.terminal` and `functions.routes.admin.ajax`)."""

from __future__ import annotations

from functions.core.i18n import MESSAGES

TERMINAL_MESSAGES: dict[str, dict[str, str]] = {
    "The command was not allowed to be executed": {
        "zh-cn": "不允许执行该命令",
        "en": "The command was not allowed to be executed",
    },
    "{tool} is not installed on the server: choose another package manager": {
        "zh-cn": "服务器上没有安装 {tool}：请换一个包管理器",
        "en": "{tool} is not installed on the server: choose another package manager",
    },
    "This task needs a shell: run it on a development machine (make run)": {
        "zh-cn": "该任务需要命令行环境：请在开发机上（make run）执行",
        "en": "This task needs a shell: run it on a development machine (make run)",
    },
    "Terminal settings saved": {"zh-cn": "终端设置已保存", "en": "Terminal settings saved"},
    "Unknown package manager": {"zh-cn": "未知的包管理器", "en": "Unknown package manager"},
    "The port must be a number from 1 to 65535": {
        "zh-cn": "端口必须是 1 到 65535 之间的数字",
        "en": "The port must be a number from 1 to 65535",
    },
    "Automatic cleanup must be 0 or 1": {
        "zh-cn": "自动清理只能是 0 或 1",
        "en": "Automatic cleanup must be 0 or 1",
    },
}

MESSAGES.update(TERMINAL_MESSAGES)
