"""Server messages of the member area (zh-cn and en), merged into `functions.core.i18n.MESSAGES`
when this module is imported (the member routes and services import it). Includes the texts of the
e-mails and SMS that carry verification codes."""

from __future__ import annotations

from functions.core.i18n import MESSAGES

MEMBER_MESSAGES: dict[str, dict[str, str]] = {
    # Login and registration.
    "Login successful": {"zh-cn": "登录成功", "en": "Login successful"},
    "Registration successful": {"zh-cn": "注册成功", "en": "Registration successful"},
    "Logout successful": {"zh-cn": "已退出登录", "en": "Logout successful"},
    "Please enter your account": {
        "zh-cn": "请输入用户名、邮箱或手机号",
        "en": "Please enter your username, e-mail or mobile number",
    },
    "Please enter your password": {"zh-cn": "请输入密码", "en": "Please enter your password"},
    "Incorrect account or password": {
        "zh-cn": "账户或密码不正确",
        "en": "Incorrect account or password",
    },
    "Incorrect account or password, {remaining} attempts left before the account is locked": {
        "zh-cn": "账户或密码不正确，再错 {remaining} 次账户将被锁定",
        "en": "Incorrect account or password: {remaining} attempts left before the account is locked",
    },
    "Too many failed logins: the account is locked for {minutes} minutes": {
        "zh-cn": "登录失败次数过多，账户已被锁定 {minutes} 分钟",
        "en": "Too many failed logins: the account is locked for {minutes} minutes",
    },
    "The account is locked, please try again in {minutes} minutes": {
        "zh-cn": "账户已被锁定，请 {minutes} 分钟后再试",
        "en": "The account is locked, please try again in {minutes} minutes",
    },
    "The account has been disabled": {"zh-cn": "账户已被禁用", "en": "The account has been disabled"},
    "Please enter the captcha": {"zh-cn": "请输入验证码", "en": "Please enter the captcha"},
    "The captcha is wrong or has expired": {
        "zh-cn": "图形验证码错误或已过期，请重新输入",
        "en": "The captcha is wrong or has expired, please enter the new one",
    },
    "Username already exists": {"zh-cn": "用户名已被占用", "en": "Username already exists"},
    "Email already exists": {"zh-cn": "该邮箱已被使用", "en": "This e-mail address is already in use"},
    "Mobile number already exists": {
        "zh-cn": "该手机号已被使用",
        "en": "This mobile number is already in use",
    },
    "Unknown operation": {"zh-cn": "未知操作", "en": "Unknown operation"},
    # Verification codes.
    "Please enter the verification code": {
        "zh-cn": "请输入验证码",
        "en": "Please enter the verification code",
    },
    "Verification code error": {"zh-cn": "验证码错误", "en": "The verification code is wrong"},
    "Please get a verification code first": {
        "zh-cn": "验证码无效或已过期，请重新获取",
        "en": "The verification code is invalid or has expired, please get a new one",
    },
    "Too many wrong attempts, please get a new verification code": {
        "zh-cn": "验证码错误次数过多，请重新获取",
        "en": "Too many wrong attempts, please get a new verification code",
    },
    "Please wait {seconds} seconds before sending again": {
        "zh-cn": "发送过于频繁，请 {seconds} 秒后再试",
        "en": "Please wait {seconds} seconds before sending again",
    },
    "The daily sending limit has been reached, please try again tomorrow": {
        "zh-cn": "今日发送次数已达上限，请明天再试",
        "en": "The daily sending limit has been reached, please try again tomorrow",
    },
    "Sent successfully": {"zh-cn": "发送成功", "en": "Sent successfully"},
    "Sending failed, please try again later": {
        "zh-cn": "发送失败，请稍后再试",
        "en": "Sending failed, please try again later",
    },
    "Unknown event": {"zh-cn": "未知的验证码用途", "en": "Unknown verification code event"},
    "The email address is not registered": {
        "zh-cn": "该邮箱尚未注册",
        "en": "This e-mail address is not registered",
    },
    "The mobile number is not registered": {
        "zh-cn": "该手机号尚未注册",
        "en": "This mobile number is not registered",
    },
    "This is not your bound email address": {
        "zh-cn": "这不是您绑定的邮箱",
        "en": "This is not the e-mail address bound to your account",
    },
    "This is not your bound mobile number": {
        "zh-cn": "这不是您绑定的手机号",
        "en": "This is not the mobile number bound to your account",
    },
    # Account center.
    "Saved successfully": {"zh-cn": "保存成功", "en": "Saved successfully"},
    "Please select a valid gender": {"zh-cn": "请选择有效的性别", "en": "Please select a valid gender"},
    "Please select a valid region": {"zh-cn": "请选择有效的所在地区", "en": "Please select a valid region"},
    "Please enter a valid date": {
        "zh-cn": "请输入有效的日期（年-月-日）",
        "en": "Please enter a valid date (year-month-day)",
    },
    "The nickname cannot be empty": {"zh-cn": "昵称不能为空", "en": "The nickname cannot be empty"},
    "The old password is incorrect": {"zh-cn": "旧密码不正确", "en": "The old password is incorrect"},
    "The new password must be different from the old one": {
        "zh-cn": "新密码不能与旧密码相同",
        "en": "The new password must be different from the old one",
    },
    "The two passwords do not match": {
        "zh-cn": "两次输入的密码不一致",
        "en": "The two passwords do not match",
    },
    "Password changed, please log in again": {
        "zh-cn": "密码已修改，请重新登录",
        "en": "Password changed, please log in again",
    },
    "Password reset, please log in with the new password": {
        "zh-cn": "密码已重置，请使用新密码登录",
        "en": "Password reset, please log in with the new password",
    },
    "Please verify your account first": {
        "zh-cn": "请先完成账户验证",
        "en": "Please verify your account first",
    },
    "Account verified": {"zh-cn": "账户验证成功", "en": "Account verified"},
    "The new value is the same as the current one": {
        "zh-cn": "新的值与当前值相同",
        "en": "The new value is the same as the current one",
    },
    "Bound successfully": {"zh-cn": "绑定成功", "en": "Bound successfully"},
    "The member does not exist": {"zh-cn": "会员不存在", "en": "The member does not exist"},
    # Money and points.
    "Insufficient balance": {"zh-cn": "余额不足", "en": "Insufficient balance"},
    "Insufficient points": {"zh-cn": "积分不足", "en": "Insufficient points"},
    "The change amount cannot be zero": {
        "zh-cn": "变动数额不能为 0",
        "en": "The change amount cannot be zero",
    },
    # E-mail and SMS texts. {action} is one of the event names below.
    "Your verification code": {"zh-cn": "您的验证码", "en": "Your verification code"},
    "mail.code.body": {
        "zh-cn": "您好！\n\n您正在{action}，验证码为：{code}\n\n验证码 {minutes} 分钟内有效，"
        "请勿告诉他人。如果这不是您本人的操作，请忽略本邮件。\n\n{site}",
        "en": "Hello,\n\nYour verification code to {action} is: {code}\n\nIt is valid for {minutes} minutes; "
        "do not share it with anyone. If you did not ask for it, please ignore this e-mail.\n\n{site}",
    },
    "sms.code.body": {
        "zh-cn": "【{site}】您正在{action}，验证码 {code}，{minutes} 分钟内有效，请勿泄露。",
        "en": "[{site}] Your code to {action} is {code}, valid for {minutes} minutes. Do not share it.",
    },
    "event.user_register": {"zh-cn": "注册会员账户", "en": "register your member account"},
    "event.user_retrieve_pwd": {"zh-cn": "找回密码", "en": "reset your password"},
    "event.user_email_verify": {"zh-cn": "验证账户邮箱", "en": "verify your e-mail address"},
    "event.user_mobile_verify": {"zh-cn": "验证账户手机号", "en": "verify your mobile number"},
    "event.user_change_email": {"zh-cn": "绑定新邮箱", "en": "bind a new e-mail address"},
    "event.user_change_mobile": {"zh-cn": "绑定新手机号", "en": "bind a new mobile number"},
    # Balance and points log memos written by the system.
    "Member menu.overview": {"zh-cn": "账户概览", "en": "Overview"},
    "Member menu.profile": {"zh-cn": "个人资料", "en": "Profile"},
    "Member menu.changePassword": {"zh-cn": "修改密码", "en": "Change password"},
    "Member menu.balance": {"zh-cn": "余额记录", "en": "Balance log"},
    "Member menu.integral": {"zh-cn": "积分记录", "en": "Points log"},
}

MESSAGES.update(MEMBER_MESSAGES)
