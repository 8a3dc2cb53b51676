"""Server messages of the organisation chart (routine/orgChart, `functions.services.org_chart`), zh-cn
and en, merged into `functions.core.i18n.MESSAGES` when this module is imported (by the service)."""

from __future__ import annotations

from functions.core.i18n import MESSAGES

ORG_MESSAGES: dict[str, dict[str, str]] = {
    "The organisation chart needs one top unit": {
        "zh-cn": "组织架构必须有一个最高层级的单位",
        "en": "The organisation chart needs one top unit",
    },
    "The organisation chart can have at most {max} units": {
        "zh-cn": "组织架构最多可以有 {max} 个单位",
        "en": "The organisation chart can have at most {max} units",
    },
    "Unit “{name}” is too deep: the chart can have at most {max} levels": {
        "zh-cn": "单位“{name}”层级过深：组织架构最多 {max} 层",
        "en": "Unit “{name}” is too deep: the chart can have at most {max} levels",
    },
    "Unit “{name}” has an invalid id": {
        "zh-cn": "单位“{name}”的编号无效",
        "en": "Unit “{name}” has an invalid id",
    },
    "Unit “{name}” appears twice in the chart": {
        "zh-cn": "单位“{name}”在组织架构中出现了两次",
        "en": "Unit “{name}” appears twice in the chart",
    },
    "Unit “{name}” does not belong to the unit it is placed under": {
        "zh-cn": "单位“{name}”的上级与其所在位置不一致",
        "en": "Unit “{name}” does not belong to the unit it is placed under",
    },
    "Unit “{name}” has an unknown type": {
        "zh-cn": "单位“{name}”的类型未知",
        "en": "Unit “{name}” has an unknown type",
    },
    "Unit “{name}” needs a Chinese and an English name of at most {max} characters": {
        "zh-cn": "单位“{name}”需要中文和英文名称，各不超过 {max} 个字符",
        "en": "Unit “{name}” needs a Chinese and an English name of at most {max} characters",
    },
    "Unit “{name}”: the accent colour must be a colour like #1677ff": {
        "zh-cn": "单位“{name}”：强调色必须是 #1677ff 这样的颜色值",
        "en": "Unit “{name}”: the accent colour must be a colour like #1677ff",
    },
    "The top unit “{name}” cannot be hidden": {
        "zh-cn": "最高层级的单位“{name}”不能隐藏",
        "en": "The top unit “{name}” cannot be hidden",
    },
    "The root node cannot be deleted": {"zh-cn": "根节点不能删除", "en": "The root node cannot be deleted"},
    "Someone else saved the organisation chart meanwhile: reload it, then make your changes again": {
        "zh-cn": "其他人刚刚保存了组织架构：请重新加载后再修改",
        "en": "Someone else saved the organisation chart meanwhile: reload it, then make your changes again",
    },
    "Saved; the site will be published shortly": {
        "zh-cn": "已保存，网站稍后会自动发布",
        "en": "Saved; the site will be published shortly",
    },
}

MESSAGES.update(ORG_MESSAGES)
