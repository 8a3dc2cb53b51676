import { describe, expect, it } from 'vitest';
import { searchConditions } from '../api';
import { formatBytes } from '../attachment-page';

describe('attachment list', () => {
  it('turns the filters into generic-table search conditions', () => {
    expect(searchConditions({})).toEqual([]);
    expect(searchConditions({ topic: 'avatar', mimetype: 'image/', uploader: 'user', quickSearch: 'x' })).toEqual([
      { field: 'topic', operator: 'eq', val: 'avatar' },
      { field: 'mimetype', operator: 'like', val: 'image/' },
      { field: 'uploader', operator: 'eq', val: 'user' },
    ]);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});
