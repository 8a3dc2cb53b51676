"""Server messages of the public contact form (zh-cn and en), merged into `functions.core.i18n.MESSAGES`
when this module is imported (by `functions.services.contact`). The captcha messages are the members'
(`functions.core.messages_members`), the field checks those of `functions.core.i18n`."""

from __future__ import annotations

import functions.core.messages_members  # noqa: F401 - the captcha messages
from functions.core.i18n import MESSAGES

CONTACT_MESSAGES: dict[str, dict[str, str]] = {
    "Thank you: your enquiry has been sent, we will get back to you soon": {
        "zh-cn": "感谢您的留言！我们已经收到，会尽快与您联系。",
        "en": "Thank you: your enquiry has been sent, we will get back to you soon.",
    },
    "contact.field.error": {"zh-cn": "{field}：{reason}", "en": "{field}: {reason}"},
    # The page the API shows to a visitor without JavaScript (functions/routes/api/contact.py).
    "contact.page.title": {"zh-cn": "发送留言", "en": "Send your enquiry"},
    "contact.page.step": {
        "zh-cn": "最后一步：请输入图片中的字符，然后点击“发送留言”。",
        "en": "One more step: type the characters in the picture, then press Send enquiry.",
    },
    "contact.page.errors": {
        "zh-cn": "留言还没有发送，请修改以下内容：",
        "en": "Your enquiry has not been sent yet. Please correct the following:",
    },
    "contact.page.limited": {
        "zh-cn": "您发送得太频繁了，请 {minutes} 分钟后再试，或直接拨打服务热线。",
        "en": "You have sent too many enquiries. Please try again in {minutes} minutes, or call our hotline.",
    },
    "contact.page.failed": {
        "zh-cn": "留言暂时无法发送，请稍后再试，或直接拨打服务热线。",
        "en": "Your enquiry could not be sent just now. Please try again later, or call our hotline.",
    },
    "contact.page.back": {"zh-cn": "返回“联系我们”", "en": "Back to Contact"},
    "contact.required": {"zh-cn": "（必填）", "en": "(required)"},
    "contact.captcha": {"zh-cn": "验证码", "en": "Captcha"},
    "contact.captcha.help": {
        "zh-cn": "请输入图片中的4个字符，不区分大小写。",
        "en": "Type the 4 characters in the picture (not case-sensitive).",
    },
    "contact.captcha.alt": {"zh-cn": "验证码图片", "en": "Captcha picture"},
    "contact.captcha.new": {"zh-cn": "看不清？换一张", "en": "Can't read it? Show another picture"},
    "contact.send": {"zh-cn": "发送留言", "en": "Send enquiry"},
    "contact.phone.help": {
        "zh-cn": "手机、带区号的座机或以 + 开头的国际号码",
        "en": "Mobile, landline with area code, or an international number starting with +",
    },
    "contact.phone.wrong": {
        "zh-cn": "请输入正确的电话号码：手机、带区号的座机或以 + 开头的国际号码",
        "en": "Please enter a mobile number, a landline number with its area code, or an international "
        "number starting with +",
    },
    "contact.reply.missing": {
        "zh-cn": "请填写联系电话或邮箱，方便我们回复您",
        "en": "Please give a phone number or an e-mail address so that we can reply",
    },
    "contact.honeypot": {"zh-cn": "请勿填写此项", "en": "Leave this field empty"},
    # The notification e-mail to the admins.
    "contact.mail.subject": {"zh-cn": "新的在线留言：{subject}", "en": "New enquiry: {subject}"},
    "contact.mail.intro": {
        "zh-cn": "{site}官网收到一条新的在线留言（{time}）。",
        "en": "A new enquiry arrived through the {site} website ({time}).",
    },
    "contact.mail.handle": {
        "zh-cn": "请在后台“业务管理 → 在线留言”中处理：{url}",
        "en": "Handle it in the back office under Business → Enquiries: {url}",
    },
}

MESSAGES.update(CONTACT_MESSAGES)
