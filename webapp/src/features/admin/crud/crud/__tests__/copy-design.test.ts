import { describe, expect, it } from 'vitest';
import type { DesignDoc } from '../../../../../lib/api/generated/types.gen';
import { copyOf } from '../crud-page';

const news: DesignDoc = {
  name: 'business/news',
  title: { zh: '新闻', en: 'News' },
  publish: 'news',
  version: 3,
  fields: [{ name: 'title', title: { zh: '标题', en: 'Title' }, type: 'string', presets: [{ name: 'chinese' }] }],
};

describe('copyOf', () => {
  it('starts a new table from the design: new path and titles, same fields, nothing published', () => {
    const copy = copyOf(news);
    expect(copy.name).toBe('business/news_copy');
    expect(copy.title).toEqual({ zh: '新闻（副本）', en: 'News (copy)' });
    expect(copy.fields).toEqual(news.fields);
    expect(copy.publish).toBe('');
    expect(copy.version).toBe(1);
    expect(news.name).toBe('business/news'); // the original is untouched
  });

  it('keeps the rule path within 30 characters a part and an empty title empty', () => {
    const long = copyOf({ ...news, name: 'crud/abcdefghijklmnopqrstuvwxyz0123', title: { zh: '表', en: '' } });
    expect(long.name).toBe('crud/abcdefghijklmnopqrstuvwxy_copy');
    expect(long.name.split('/')[1]).toHaveLength(30);
    expect(long.title).toEqual({ zh: '表（副本）', en: '' });
  });
});
