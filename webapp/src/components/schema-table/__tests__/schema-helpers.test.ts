import { describe, expect, it } from 'vitest';
import { leafKeys, siblingsOf, type TreeOption } from '../schema';

const TREE: TreeOption[] = [
  { key: 1, value: 1, title: 'Dashboard' },
  {
    key: 2,
    value: 2,
    title: 'Permissions',
    children: [
      {
        key: 3,
        value: 3,
        title: 'Admins',
        children: [
          { key: 4, value: 4, title: 'View' },
          { key: 5, value: 5, title: 'Add' },
        ],
      },
      { key: 6, value: 6, title: 'Admin log', children: [{ key: 7, value: 7, title: 'View' }] },
    ],
  },
];

describe('rule tree of a group', () => {
  it('shows only the held leaves as checked, so a held parent does not tick all its children', () => {
    expect(leafKeys(TREE, [2, 3, 4])).toEqual([4]);
    expect(leafKeys(TREE, [1, 2, 6, 7])).toEqual([1, 7]);
    expect(leafKeys(TREE, ['*'])).toEqual([]);
  });
});

describe('move up / down', () => {
  it('finds the siblings of a row at any depth', () => {
    const rows = [{ id: 1 }, { id: 2, children: [{ id: 3 }, { id: 6, children: [{ id: 7 }] }] }];
    expect(siblingsOf(rows, 2).map((r) => r.id)).toEqual([1, 2]);
    expect(siblingsOf(rows, 6).map((r) => r.id)).toEqual([3, 6]);
    expect(siblingsOf(rows, 7).map((r) => r.id)).toEqual([7]);
    expect(siblingsOf(rows, 99)).toEqual([]);
  });
});
