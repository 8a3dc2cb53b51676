"""Server-side messages in Simplified Chinese (zh-cn, default and fallback) and English.

Keys are the English source text (as in SPEC §5 and §8), so a key that is missing from the catalogue
still reads sensibly. `t("key", **params)` translates into the language of the current request:
`RequestContextMiddleware` picks it once per request (header `think-lang` first, then
`Accept-Language`, else zh-cn) and stores it in a context variable, so services and exception
handlers can call `t()` without passing the request around. Parameters use `str.format` names
(`{url}`); parameter values are inserted as-is and never parsed as templates themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar, Token

DEFAULT_LANG = "zh-cn"
FALLBACK_LANG = "zh-cn"
SUPPORTED_LANGS = ("zh-cn", "en")
# The language switcher's list (SPEC §3 "Language config").
LANGUAGES: tuple[dict[str, str], ...] = (
    {"name": "zh-cn", "value": "简体中文"},
    {"name": "en", "value": "English"},
)

MESSAGES: dict[str, dict[str, str]] = {
    # Generic results.
    "Operation successful": {"zh-cn": "操作成功", "en": "Operation successful"},
    "Operation failed": {"zh-cn": "操作失败", "en": "Operation failed"},
    "Incorrect parameter!": {"zh-cn": "参数不正确！", "en": "Incorrect parameter!"},
    "Server internal error!": {"zh-cn": "服务器内部错误！", "en": "Server internal error!"},
    "Please log in first": {"zh-cn": "请先登录", "en": "Please log in first"},
    "Login expired, please log in again": {
        "zh-cn": "登录已过期，请重新登录",
        "en": "Login expired, please log in again",
    },
    "Token expired": {"zh-cn": "登录状态已过期", "en": "Token expired"},
    "The record does not exist": {"zh-cn": "记录不存在", "en": "The record does not exist"},
    # HTTP statuses (SPEC §8) and the other transport errors the API answers with.
    "Interface redirected!": {"zh-cn": "接口已重定向！", "en": "Interface redirected!"},
    "You do not have permission to operate!": {
        "zh-cn": "您没有权限进行此操作！",
        "en": "You do not have permission to operate!",
    },
    "Error requesting address: {url}": {
        "zh-cn": "请求地址出错：{url}",
        "en": "Error requesting address: {url}",
    },
    "Method not allowed!": {"zh-cn": "不支持该请求方法！", "en": "Method not allowed!"},
    "Request timed out!": {"zh-cn": "请求超时！", "en": "Request timed out!"},
    "The same data already exists in the system!": {
        "zh-cn": "系统中已存在相同的数据！",
        "en": "The same data already exists in the system!",
    },
    "Request body is too large!": {"zh-cn": "请求内容过大！", "en": "Request body is too large!"},
    "Unsupported media type!": {"zh-cn": "不支持的内容类型！", "en": "Unsupported media type!"},
    "Too many requests, please try again later!": {
        "zh-cn": "请求过于频繁，请稍后再试！",
        "en": "Too many requests, please try again later!",
    },
    "Service not implemented!": {"zh-cn": "服务未实现！", "en": "Service not implemented!"},
    # Input rules (functions.core.validators, the input guard of functions.core.middleware).
    "The request contains invalid characters": {
        "zh-cn": "请求包含无效的字符",
        "en": "The request contains invalid characters",
    },
    "The request data is nested too deeply": {
        "zh-cn": "请求数据的嵌套层级过深",
        "en": "The request data is nested too deeply",
    },
    "Must be one line without control characters": {
        "zh-cn": "只能是一行文字，不能包含控制字符或文字方向控制字符",
        "en": "Must be one line without control characters",
    },
    "Contains characters that are not allowed": {
        "zh-cn": "包含不允许的字符",
        "en": "Contains characters that are not allowed",
    },
    "This link is not allowed": {"zh-cn": "不允许使用此链接", "en": "This link is not allowed"},
    "The value is too long": {"zh-cn": "内容过长", "en": "The value is too long"},
    "Gateway error!": {"zh-cn": "网关错误！", "en": "Gateway error!"},
    "Service unavailable!": {"zh-cn": "服务不可用！", "en": "Service unavailable!"},
    "The service is temporarily unavailable Please try again later!": {
        "zh-cn": "服务暂时无法访问，请稍后再试！",
        "en": "The service is temporarily unavailable. Please try again later!",
    },
    "HTTP version is not supported!": {
        "zh-cn": "不支持该 HTTP 版本！",
        "en": "HTTP version is not supported!",
    },
    "Abnormal problem, please contact the website administrator!": {
        "zh-cn": "出现异常问题，请联系网站管理员！",
        "en": "Abnormal problem, please contact the website administrator!",
    },
    "Network request timeout!": {"zh-cn": "网络请求超时！", "en": "Network request timeout!"},
    # Request validation (HTTP 400): "<field>: <reason>".
    "Parameter {field}: {reason}": {"zh-cn": "参数 {field}：{reason}", "en": "Parameter {field}: {reason}"},
    "The request body is not valid JSON": {
        "zh-cn": "请求内容不是有效的 JSON",
        "en": "The request body is not valid JSON",
    },
    "Must be an integer": {"zh-cn": "必须是整数", "en": "Must be an integer"},
    "Must be a string": {"zh-cn": "必须是字符串", "en": "Must be a string"},
    "Must be true or false": {"zh-cn": "必须是布尔值（是或否）", "en": "Must be true or false"},
    "Must be a list": {"zh-cn": "必须是列表", "en": "Must be a list"},
    "Must be an object": {"zh-cn": "必须是对象", "en": "Must be an object"},
    "At least {min_length} characters": {
        "zh-cn": "长度不能少于 {min_length} 个字符",
        "en": "At least {min_length} characters",
    },
    "At most {max_length} characters": {
        "zh-cn": "长度不能超过 {max_length} 个字符",
        "en": "At most {max_length} characters",
    },
    "The value is out of range": {"zh-cn": "数值超出允许范围", "en": "The value is out of range"},
    "The value is not one of the allowed options": {
        "zh-cn": "不是允许的选项",
        "en": "The value is not one of the allowed options",
    },
    # Form validation (SPEC §5).
    "Please enter the correct mobile number": {
        "zh-cn": "请输入正确的手机号",
        "en": "Please enter the correct mobile number",
    },
    "Please enter the correct name": {"zh-cn": "请输入正确的名称", "en": "Please enter the correct name"},
    "Please enter the correct email address": {
        "zh-cn": "请输入正确的电子邮箱地址",
        "en": "Please enter the correct email address",
    },
    "Content cannot be empty": {"zh-cn": "内容不能为空", "en": "Content cannot be empty"},
    "Required": {"zh-cn": "必填项", "en": "Required"},
    "editor Required": {"zh-cn": "请填写编辑器内容", "en": "Please fill in the editor content"},
    "Floating point number": {"zh-cn": "请输入数字（可带小数）", "en": "Floating point number"},
    "Please enter the correct account": {
        "zh-cn": "账户名须为 3 到 15 个字符，以字母开头，只能包含字母、数字和下划线",
        "en": "The account must be 3 to 15 characters, start with a letter "
        "and contain only letters, digits and underscores",
    },
    "Please enter the correct password": {
        "zh-cn": "密码须为 6 到 32 个字符，且不能包含 & < > \" ' 等特殊字符",
        "en": "The password must be 6 to 32 characters and must not contain & < > \" '",
    },
    # Upload (SPEC §5), checked again on the server.
    "The data of the uploaded file is incomplete!": {
        "zh-cn": "上传文件的数据不完整！",
        "en": "The data of the uploaded file is incomplete!",
    },
    "The type of uploaded file is not allowed!": {
        "zh-cn": "不允许上传此类型的文件！",
        "en": "The type of uploaded file is not allowed!",
    },
    "The size of the uploaded file exceeds the allowed range!": {
        "zh-cn": "上传文件的大小超出了允许范围！",
        "en": "The size of the uploaded file exceeds the allowed range!",
    },
    # Files and uploads (issue 5): the server's own checks.
    "The file content does not match its type!": {
        "zh-cn": "文件内容与文件类型不符！",
        "en": "The file content does not match its type!",
    },
    "The file contains content that is not allowed!": {
        "zh-cn": "文件包含不允许的内容！",
        "en": "The file contains content that is not allowed!",
    },
    "The image cannot be read!": {"zh-cn": "无法读取该图片！", "en": "The image cannot be read!"},
    "The image is too large: at most {pixels} million pixels!": {
        "zh-cn": "图片尺寸过大：最多 {pixels} 百万像素！",
        "en": "The image is too large: at most {pixels} million pixels!",
    },
    "Remote storage is not configured!": {
        "zh-cn": "尚未配置远程存储！",
        "en": "Remote storage is not configured!",
    },
    "The uploaded file was not found in storage!": {
        "zh-cn": "存储中找不到已上传的文件！",
        "en": "The uploaded file was not found in storage!",
    },
    "The upload credential is invalid or expired!": {
        "zh-cn": "上传凭证无效或已过期！",
        "en": "The upload credential is invalid or expired!",
    },
    "Upload successful": {"zh-cn": "上传成功", "en": "Upload successful"},
    "Cache cleared": {"zh-cn": "缓存已清理", "en": "Cache cleared"},
    "Unknown cache type": {"zh-cn": "未知的缓存类型", "en": "Unknown cache type"},
    "Deleted successfully": {"zh-cn": "删除成功", "en": "Deleted successfully"},
}

# HTTP status → message key (SPEC §8; 405, 413, 415, 429 added for the API's own answers).
STATUS_MESSAGES: dict[int, str] = {
    302: "Interface redirected!",
    400: "Incorrect parameter!",
    401: "You do not have permission to operate!",
    403: "You do not have permission to operate!",
    404: "Error requesting address: {url}",
    405: "Method not allowed!",
    408: "Request timed out!",
    409: "The same data already exists in the system!",
    413: "Request body is too large!",
    415: "Unsupported media type!",
    422: "Incorrect parameter!",
    429: "Too many requests, please try again later!",
    500: "Server internal error!",
    501: "Service not implemented!",
    502: "Gateway error!",
    503: "Service unavailable!",
    504: "The service is temporarily unavailable Please try again later!",
    505: "HTTP version is not supported!",
}
OTHER_STATUS_MESSAGE = "Abnormal problem, please contact the website administrator!"

_current_lang: ContextVar[str] = ContextVar("cityops_lang", default=DEFAULT_LANG)


def normalize_lang(tag: str | None) -> str | None:
    """Map a language tag to a supported language: zh, zh-CN, zh-Hans… → zh-cn; en, en-US… → en."""
    if not tag:
        return None
    tag = tag.strip().lower().replace("_", "-")
    if tag == "zh" or tag.startswith("zh-"):
        return "zh-cn"
    if tag == "en" or tag.startswith("en-"):
        return "en"
    return None


def parse_accept_language(header: str) -> list[str]:
    """Language tags of an Accept-Language header, best first (q=0 and malformed q dropped)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(think_lang: str | None, accept_language: str | None) -> str:
    """The request language: `think-lang` if supported, else the best supported Accept-Language, else
    zh-cn."""
    chosen = normalize_lang(think_lang)
    if chosen:
        return chosen
    if accept_language:
        for tag in parse_accept_language(accept_language):
            chosen = normalize_lang(tag)
            if chosen:
                return chosen
    return DEFAULT_LANG


def lang_from_headers(headers: Mapping[str, str]) -> str:
    """Negotiate from a case-insensitive header mapping (Starlette `Headers`)."""
    return negotiate(headers.get("think-lang"), headers.get("accept-language"))


def get_lang() -> str:
    """The language of the current request (zh-cn outside a request)."""
    return _current_lang.get()


def set_lang(lang: str) -> Token[str]:
    return _current_lang.set(lang if lang in SUPPORTED_LANGS else DEFAULT_LANG)


def reset_lang(token: Token[str]) -> None:
    _current_lang.reset(token)


def t(key: str, /, lang: str | None = None, **params: object) -> str:
    """Translate `key` into `lang` (default: the current request's), falling back to zh-cn, then the key."""
    entry = MESSAGES.get(key)
    text = key if entry is None else entry.get(lang or _current_lang.get()) or entry.get(FALLBACK_LANG) or key
    if not params:
        return text
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError):
        return text


def status_message(status: int, lang: str | None = None, **params: object) -> str:
    """The translated message for an HTTP status (SPEC §8), e.g. 404 → 'Error requesting address: …'."""
    return t(STATUS_MESSAGES.get(status, OTHER_STATUS_MESSAGE), lang, **params)
