import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import type { DesignDoc } from '../../../../../lib/api/generated/types.gen';
import en from '../../../../../locales/en/admin/crud/crud.json';
import zh from '../../../../../locales/zh-cn/admin/crud/crud.json';
import enState from '../../../../../locales/en/admin/crud/state.json';
import zhState from '../../../../../locales/zh-cn/admin/crud/state.json';
import { changeWords } from '../templates';

const before: DesignDoc = {
  name: 'business/good',
  title: { zh: '商品', en: 'Goods' },
  fields: [
    { name: 'money_1', title: { zh: '价格', en: 'Price' }, type: 'money' },
    { name: 'color', title: { zh: '颜色', en: 'Colour' }, type: 'color' },
  ],
};
const after: DesignDoc = { ...before, fields: [{ name: 'money_1', title: { zh: '价格', en: 'Price' }, type: 'integer' }] };

async function sayIn(lng: string) {
  const instance = i18n.createInstance();
  await instance.init({
    lng,
    ns: ['admin/crud/crud', 'admin/crud/state'],
    defaultNS: 'admin/crud/crud',
    resources: {
      en: { 'admin/crud/crud': en, 'admin/crud/state': enState },
      'zh-cn': { 'admin/crud/crud': zh, 'admin/crud/state': zhState },
    },
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
  });
  return (key: string, vars?: Record<string, unknown>) => instance.t(key, vars);
}

describe('the changes a design save would make, in words', () => {
  it('names fields by their titles and types by their names, never by codes', async () => {
    const say = await sayIn('en');
    expect(changeWords('type:money_1:money>integer', before, after, 'en', say)).toBe(
      'The field "Price" changes from Money to Integer: existing values that are not valid as Integer are lost.',
    );
    expect(changeWords('removed:color', before, after, 'en', say)).toBe(
      'The field "Colour" is removed: its values in the existing rows are lost.',
    );
    expect(changeWords('indexes', before, after, 'en', say)).toMatch(/^The filter or sort indexes change/);
    const zhSay = await sayIn('zh-cn');
    const words = [
      changeWords('type:money_1:money>integer', before, after, 'zh-cn', zhSay),
      changeWords('removed:color', before, after, 'zh-cn', zhSay),
      changeWords('indexes', before, after, 'zh-cn', zhSay),
    ];
    expect(words[0]).toContain('“价格”');
    expect(words[1]).toContain('“颜色”');
    for (const text of words) expect(text).not.toMatch(/money_1|color|indexes|>|:money/);
  });
});
