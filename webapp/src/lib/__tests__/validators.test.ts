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
  it('mobile', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
    expect(isMobile('138123456789')).toBe(false);
    expect(isMobile('1381234567a')).toBe(false);
  });

  it('account: 3–15 characters, starts with a letter, letters/digits/underscore', () => {
    expect(isAccount('abc')).toBe(true);
    expect(isAccount('a_1234567890123')).toBe(true); // 15
    expect(isAccount('ab')).toBe(false);
    expect(isAccount('a12345678901234x')).toBe(false); // 16
    expect(isAccount('1abc')).toBe(false);
    expect(isAccount('_abc')).toBe(false);
    expect(isAccount('ab-c')).toBe(false);
    expect(isAccount('张三abc')).toBe(false);
  });

  it('password: 6–32 characters without & < > " \'', () => {
    expect(isPassword('123456')).toBe(true);
    expect(isPassword('a'.repeat(32))).toBe(true);
    expect(isPassword('12345')).toBe(false);
    expect(isPassword('a'.repeat(33))).toBe(false);
    for (const bad of ['&', '<', '>', '"', "'"]) expect(isPassword(`abc${bad}def`)).toBe(false);
    expect(isPassword('p@ss w0rd!')).toBe(true);
  });

  it('name', () => {
    expect(isName('张三')).toBe(true);
    expect(isName("Anne-Marie O'Neil")).toBe(true);
    expect(isName('')).toBe(false);
    expect(isName('<b>x</b>')).toBe(false);
    expect(isName('a'.repeat(31))).toBe(false);
  });

  it('external links', () => {
    for (const link of ['http://a.cn', 'https://a.cn/x', 'ftp://f', 'mailto:a@b.cn', 'tel:12345', 'HTTPS://A'])
      expect(isExternal(link)).toBe(true);
    for (const link of ['/admin', 'admin/x', 'javascript:alert(1)', '//cdn']) expect(isExternal(link)).toBe(false);
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
