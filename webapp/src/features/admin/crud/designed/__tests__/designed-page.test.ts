import { describe, expect, it } from 'vitest';
import { rulePathOf } from '../designed-page';

describe('the designed table page', () => {
  it('reads the rule path from the page location', () => {
    expect(rulePathOf('/admin/business/news')).toBe('business/news');
    expect(rulePathOf('/admin/crud/a/b/')).toBe('crud/a/b');
  });
});
