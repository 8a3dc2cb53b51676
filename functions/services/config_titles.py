"""English titles, tips and option labels of the built-in config items.

The seeds (`site_config.DEFAULT_SITE_ITEMS`, `config_items.DEFAULT_ITEMS`, `member_config.DEFAULTS`)
store the Chinese ones in the `Config` table; the back office's Config screen shows these instead when
the request's language is English (`config_items.public_item`). Items an admin adds have the one title
they were given. A test keeps this list in step with the seeds.
"""

from __future__ import annotations

from typing import Any

# (group, name) → {"title": …, "tip": …, "content": {option value: label}}
ENGLISH: dict[tuple[str, str], dict[str, Any]] = {
    ("site", "site_name"): {"title": "Site name"},
    ("site", "comcont"): {"title": "Contact line"},
    ("site", "record_number"): {"title": "ICP record number"},
    ("site", "company_intro"): {"title": "Company introduction"},
    ("site", "hotline"): {"title": "Service hotline"},
    ("site", "company_email"): {"title": "Contact e-mail"},
    ("site", "company_address"): {"title": "Company address"},
    ("site", "office_hours"): {"title": "Service hours"},
    ("site", "version"): {"title": "Version"},
    ("site", "cdn_url"): {"title": "CDN address"},
    ("site", "upload_mode"): {
        "title": "Upload storage",
        "content": {"local": "Local storage", "remote": "Cloud storage"},
    },
    ("site", "upload_mimetype"): {"title": "File types allowed for upload"},
    ("site", "config_group"): {
        "title": "Config groups",
        "tip": "A group that holds config items cannot be removed",
    },
    ("mail", "smtp_server"): {
        "title": "SMTP server",
        "tip": "Leave empty to use the deployment's default mail service",
    },
    ("mail", "smtp_port"): {"title": "SMTP port", "tip": "Leave empty to use the default port"},
    ("mail", "smtp_user"): {"title": "SMTP user name"},
    ("mail", "smtp_pass"): {"title": "SMTP password"},
    ("mail", "smtp_verification"): {"title": "SMTP encryption", "content": {"none": "None"}},
    ("mail", "smtp_sender_mail"): {
        "title": "Sender e-mail",
        "tip": "Leave empty to use the deployment's default sender",
    },
    ("mail", "smtp_sender_name"): {"title": "Sender name"},
    ("security", "admin_login_captcha"): {
        "title": "Back-office login captcha",
        "tip": "When on, logging in to the back office asks for the image captcha",
    },
    ("dashboard", "quick_entrance"): {
        "title": "Quick entrances",
        "tip": (
            "Buttons on the dashboard: the key is the title (“Chinese|English”; a single text is used in "
            "both languages), the value a back-office path such as /admin/user/user; an admin sees only "
            "the entrances they may open"
        ),
    },
    ("user", "login_captcha"): {"title": "Member login captcha"},
    ("user", "register_verify"): {
        "title": "Member sign-up verification",
        "content": {"none": "No verification", "email": "E-mail code", "mobile": "Text message code"},
    },
}


def localize(group: str, name: str, item: dict[str, Any], lang: str) -> dict[str, Any]:
    """`item` (a public config item) with the English title, tip and option labels of a built-in
    item when `lang` is English; unchanged otherwise."""
    english = ENGLISH.get((group, name)) if lang == "en" else None
    if not english:
        return item
    localized = {**item, "title": english["title"], "tip": english.get("tip", item.get("tip", ""))}
    labels = english.get("content")
    if labels and isinstance(item.get("content"), dict):
        localized["content"] = {key: labels.get(key, label) for key, label in item["content"].items()}
    return localized
