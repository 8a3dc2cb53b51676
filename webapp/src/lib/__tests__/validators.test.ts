import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import {
  check,
  checkUploadFile,
  isAccount,
  isExternal,
  isMobile,
  isName,
  isPassword,
  isTypeAllowed,
  parseSize,
  requiredCheck,
  uploadFileMessage,
  validate,
} from '../validators';

const tFor = (lng: string) => (key: string, vars?: Record<string, unknown>) => i18n.t(key, { lng, ...vars }) as string;
const en = tFor('en');
const zh = tFor('zh-cn');

describe('validators (SPEC §5)', () => {
  it.each([
    {
      name: 'mobile',
      check: isMobile,
      valid: ['13812345678', '19912345678'],
      invalid: ['12812345678', '1381234567', '138123456789', '1381234567a'],
    },
    {
      name: 'account: 3–15 characters, starts with a letter, letters/digits/underscore',
      check: isAccount,
      valid: ['abc', 'a_1234567890123' /* 15 */],
      invalid: ['ab', 'a12345678901234x' /* 16 */, '1abc', '_abc', 'ab-c', '张三abc'],
    },
    {
      name: 'password: 6–32 characters without & < > " \'',
      check: isPassword,
      valid: ['123456', 'a'.repeat(32), 'p@ss w0rd!'],
      invalid: ['12345', 'a'.repeat(33), ...['&', '<', '>', '"', "'"].map((bad) => `abc${bad}def`)],
    },
    {
      name: 'name',
      check: isName,
      valid: ['张三', "Anne-Marie O'Neil"],
      invalid: ['', '<b>x</b>', 'a'.repeat(31)],
    },
    {
      name: 'external links',
      check: isExternal,
      valid: ['http://a.cn', 'https://a.cn/x', 'ftp://f', 'mailto:a@b.cn', 'tel:12345', 'HTTPS://A'],
      invalid: ['/admin', 'admin/x', 'javascript:alert(1)', '//cdn'],
    },
  ])('$name', ({ check, valid, invalid }) => {
    for (const value of valid) expect(check(value), value).toBe(true);
    for (const value of invalid) expect(check(value), value).toBe(false);
  });

  it('messages in English', () => {
    expect(validate('mobile', '123', en)).toBe('Please enter the correct mobile number');
    expect(validate('name', '<x>', en)).toBe('Please enter the correct name');
    expect(validate('account', '1ab', en)).toMatch(/3 to 15 characters/);
    expect(validate('password', '123', en)).toMatch(/6 to 32 characters/);
    expect(validate('float', 'x', en)).toBe('Floating point number');
    expect(validate('mobile', '13812345678', en)).toBeNull();
    expect(validate('mobile', '', en)).toBeNull();
    expect(requiredCheck(en)(' ')).toBe('Required');
    expect(en('general:validate.contentEmpty')).toBe('Content cannot be empty');
    expect(en('general:validate.editorRequired')).toBe('editor Required');
  });

  it('messages in Chinese', () => {
    expect(validate('mobile', '123', zh)).toBe('请输入正确的手机号');
    expect(validate('name', '<x>', zh)).toBe('请输入正确的名称');
    expect(check('account', zh)('1ab')).toMatch(/^账号须为 3 到 15 位/);
    expect(check('password', zh)('1')).toMatch(/^密码须为 6 到 32 位/);
    expect(requiredCheck(zh, '账号')('')).toBe('请输入账号');
    expect(requiredCheck(zh)('')).toBe('此项为必填项');
  });
});

describe('upload pre-checks (SPEC §5)', () => {
  const png = { name: 'Photo.PNG', size: 2048, type: 'image/png' };

  it('needs a name and a size', () => {
    expect(checkUploadFile({ name: '', size: 1 }, {})).toBe('incomplete');
    expect(checkUploadFile({ name: 'a.png' }, {})).toBe('incomplete');
    expect(uploadFileMessage({ size: 1 }, {}, en)).toBe('The data of the uploaded file is incomplete!');
    expect(uploadFileMessage({ size: 1 }, {}, zh)).toBe('上传文件的数据不完整！');
  });

  it('matches extensions with or without a dot, mime types, type/* and *', () => {
    expect(isTypeAllowed(png, 'png')).toBe(true);
    expect(isTypeAllowed(png, '.jpg, .png')).toBe(true);
    expect(isTypeAllowed(png, 'image/png')).toBe(true);
    expect(isTypeAllowed(png, 'image/*')).toBe(true);
    expect(isTypeAllowed(png, '*')).toBe(true);
    expect(isTypeAllowed(png, '')).toBe(true);
    expect(isTypeAllowed(png, 'jpg,gif,application/pdf,video/*')).toBe(false);
    expect(isTypeAllowed({ name: 'png', size: 1, type: '' }, 'png')).toBe(false);
    expect(uploadFileMessage(png, { mimetype: 'pdf' }, en)).toBe('The type of uploaded file is not allowed!');
    expect(uploadFileMessage(png, { mimetype: 'pdf' }, zh)).toBe('不允许上传此类型的文件！');
  });

  it('rejects files over the configured maximum (0 = not set)', () => {
    expect(parseSize('2kb')).toBe(2048);
    expect(parseSize('1.5 MB')).toBe(1572864);
    expect(parseSize(10)).toBe(10);
    expect(checkUploadFile(png, { maxsize: 2048 })).toBeNull();
    expect(checkUploadFile(png, { maxsize: 2047 })).toBe('tooLarge');
    expect(checkUploadFile(png, { maxsize: '1kb' })).toBe('tooLarge');
    expect(checkUploadFile(png, { maxsize: 0 })).toBeNull();
    expect(uploadFileMessage(png, { maxsize: 1 }, en)).toBe('The size of the uploaded file exceeds the allowed range!');
    expect(uploadFileMessage(png, { maxsize: 1 }, zh)).toBe('上传文件的大小超出了允许范围！');
  });
});

describe('antd Form rule builders (for the later admin forms)', () => {
  it('ruleFor rejects with the translated message; requiredRule carries the field name', async () => {
    const { ruleFor, requiredRule } = await import('../validators');
    await expect(ruleFor('mobile', en).validator(null, '123')).rejects.toThrow('Please enter the correct mobile number');
    await expect(ruleFor('mobile', zh).validator(null, '13812345678')).resolves.toBeUndefined();
    expect(requiredRule(en, 'Account')).toMatchObject({ required: true, message: 'Please enter Account' });
    expect(requiredRule(zh).message).toBe('此项为必填项');
  });
});
