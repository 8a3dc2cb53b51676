/** Tree edits and the editor's rules (root never deleted or moved, locks, no cycles, depth), and the layout. */
import { describe, expect, it } from 'vitest';
import type { OrgNode } from '../api';
import {
  addChild,
  allows,
  arrangement,
  canMove,
  countNodes,
  fix,
  layout,
  locate,
  move,
  NODE_H,
  NODE_W,
  remove,
  shift,
  update,
} from '../tree';

const unit = (id: string, children: OrgNode[] = []): OrgNode => ({
  id,
  pid: '',
  label: `单位${id}`,
  label_en: `Unit ${id}`,
  expand: true,
  isLeaf: children.length === 0,
  hidden: false,
  disabled: false,
  className: '',
  style: {},
  children,
});

const chart = () => fix(unit('root', [unit('gm', [unit('ops', [unit('a'), unit('b')]), unit('hr', [unit('c')])])]));
const limits = { maxNodes: 300, maxDepth: 10 };

describe('edits', () => {
  it('adds a child with its parent id and keeps the others', () => {
    const tree = addChild(chart(), 'hr', { label: '法务部', label_en: 'Legal' });
    const hr = locate(tree, 'hr')!.node;
    expect(hr.children.map((c) => c.label)).toEqual(['单位c', '法务部']);
    expect(hr.children[1].pid).toBe('hr');
    expect(hr.children[1].isLeaf).toBe(true);
    expect(countNodes(tree)).toBe(8);
  });

  it('moves a unit under another, never under itself or a descendant, and never the root', () => {
    const tree = chart();
    expect(canMove(tree, 'ops', 'a', limits)).toBe(false);
    expect(canMove(tree, 'ops', 'ops', limits)).toBe(false);
    expect(canMove(tree, 'root', 'hr', limits)).toBe(false);
    expect(canMove(tree, 'ops', 'gm', limits)).toBe(false); // already there
    const moved = move(tree, 'a', 'hr', limits);
    expect(locate(moved, 'a')!.parent!.id).toBe('hr');
    expect(locate(moved, 'a')!.node.pid).toBe('hr');
    expect(move(tree, 'ops', 'a', limits)).toBe(tree);
  });

  it('moves a unit earlier or later among its siblings, not past the ends, and never the root', () => {
    const tree = chart();
    const order = (t: OrgNode, id: string) => locate(t, id)!.node.children.map((c) => c.id);
    const swapped = shift(tree, 'b', -1);
    expect(order(swapped, 'ops')).toEqual(['b', 'a']);
    expect(order(shift(swapped, 'b', 1), 'ops')).toEqual(['a', 'b']);
    expect(shift(tree, 'a', -1)).toBe(tree);
    expect(shift(tree, 'root', 1)).toBe(tree);
    expect(allows(tree, 'a', 'earlier', limits)).toBe(false);
    expect(allows(tree, 'a', 'later', limits)).toBe(true);
    expect(allows(tree, 'b', 'later', limits)).toBe(false);
    expect(allows(tree, 'root', 'earlier', limits)).toBe(false);
  });

  it('refuses a move that would make the chart too deep', () => {
    expect(canMove(chart(), 'ops', 'c', { maxNodes: 300, maxDepth: 5 })).toBe(false); // c is level 4, ops holds 2 levels
    expect(canMove(chart(), 'ops', 'c', { maxNodes: 300, maxDepth: 6 })).toBe(true);
  });

  it('never deletes the root; deleting a unit deletes what is under it', () => {
    const tree = chart();
    expect(remove(tree, 'root')).toBe(tree);
    expect(allows(tree, 'root', 'delete', limits)).toBe(false);
    expect(allows(tree, 'root', 'move', limits)).toBe(false);
    expect(allows(tree, 'root', 'hide', limits)).toBe(false);
    expect(allows(tree, 'root', 'rename', limits)).toBe(true);
    const left = remove(tree, 'ops');
    expect(countNodes(left)).toBe(4);
    expect(locate(left, 'a')).toBeNull();
  });

  it('a disabled unit is locked: only enable is offered, and it takes no moved units', () => {
    const tree = update(chart(), 'hr', { disabled: true });
    for (const action of ['add', 'rename', 'move', 'hide', 'delete'] as const) expect(allows(tree, 'hr', action, limits)).toBe(false);
    expect(allows(tree, 'hr', 'disable', limits)).toBe(true);
    expect(canMove(tree, 'a', 'hr', limits)).toBe(false);
    expect(canMove(tree, 'hr', 'ops', limits)).toBe(false);
    expect(allows(tree, 'gm', 'delete', limits)).toBe(false); // it holds a locked unit
    expect(allows(tree, 'c', 'rename', limits)).toBe(true);
  });

  it('offers no child beyond the depth or node limits', () => {
    expect(allows(chart(), 'a', 'add', { maxNodes: 300, maxDepth: 4 })).toBe(false);
    expect(allows(chart(), 'a', 'add', { maxNodes: 7, maxDepth: 10 })).toBe(false);
    expect(allows(chart(), 'a', 'add', limits)).toBe(true);
  });
});

describe('layout', () => {
  it('puts branches side by side and leaves one under the other, without overlaps', () => {
    const tree = chart();
    expect(arrangement(locate(tree, 'gm')!.node)).toBe('row');
    expect(arrangement(locate(tree, 'ops')!.node)).toBe('stack');
    const { nodes, width, height } = layout(tree);
    expect(nodes).toHaveLength(7);
    const at = (id: string) => nodes.find((n) => n.node.id === id)!;
    expect(at('ops').y).toBe(at('hr').y);
    expect(at('ops').x).toBeLessThan(at('hr').x);
    expect(at('b').y).toBeGreaterThan(at('a').y);
    expect(at('a').x).toBeGreaterThan(at('ops').x);
    for (const one of nodes)
      for (const other of nodes)
        if (one !== other)
          expect(one.x + NODE_W <= other.x || other.x + NODE_W <= one.x || one.y + NODE_H <= other.y || other.y + NODE_H <= one.y).toBe(
            true,
          );
    for (const n of nodes) {
      expect(n.x + NODE_W).toBeLessThanOrEqual(width);
      expect(n.y + NODE_H).toBeLessThanOrEqual(height);
    }
  });

  it('leaves out the children of a collapsed unit', () => {
    const tree = update(chart(), 'ops', { expand: false });
    expect(
      layout(tree)
        .nodes.map((n) => n.node.id)
        .sort(),
    ).toEqual(['c', 'gm', 'hr', 'ops', 'root']);
  });
});
