/**
 * The organisation chart as data: immutable edits of the tree (add, rename, move, reorder among
 * siblings, hide, disable, delete) with the rules the editor enforces, and the layout that places the nodes on the canvas.
 *
 * Rules (the server checks the structure again: functions/services/org_chart.py):
 * - the root cannot be deleted, moved or hidden (SPEC §5);
 * - a disabled node is locked: it cannot be renamed, moved, deleted, hidden or receive children until
 *   it is enabled again, and a node whose subtree holds a locked node cannot be deleted;
 * - a node cannot move under itself or one of its descendants, nor deeper than the chart allows.
 */
import type { OrgNode } from './api';

export type Action = 'add' | 'rename' | 'move' | 'earlier' | 'later' | 'hide' | 'disable' | 'delete';

export interface Located {
  node: OrgNode;
  parent: OrgNode | null;
  /** 1 for the root. */
  level: number;
}

export function locate(tree: OrgNode, id: string): Located | null {
  const stack: Located[] = [{ node: tree, parent: null, level: 1 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.node.id === id) return item;
    for (const child of item.node.children) stack.push({ node: child, parent: item.node, level: item.level + 1 });
  }
  return null;
}

export function countNodes(node: OrgNode): number {
  return node.children.reduce((sum, child) => sum + countNodes(child), 1);
}

/** Levels of the subtree (1 for a leaf). */
export function height(node: OrgNode): number {
  return 1 + Math.max(0, ...node.children.map(height));
}

export function contains(node: OrgNode, id: string): boolean {
  return node.id === id || node.children.some((child) => contains(child, id));
}

const anyLocked = (node: OrgNode): boolean => node.disabled || node.children.some(anyLocked);

/** Parent ids and leaf flags recomputed after an edit. */
export function fix(node: OrgNode, pid = ''): OrgNode {
  const children = node.children.map((child) => fix(child, node.id));
  return { ...node, pid, isLeaf: children.length === 0, children };
}

function mapTree(node: OrgNode, id: string, change: (node: OrgNode) => OrgNode): OrgNode {
  if (node.id === id) return change(node);
  return { ...node, children: node.children.map((child) => mapTree(child, id, change)) };
}

export function update(tree: OrgNode, id: string, values: Partial<Omit<OrgNode, 'id' | 'children'>>): OrgNode {
  return fix(mapTree(tree, id, (node) => ({ ...node, ...values })));
}

export function newId(): string {
  return `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function addChild(tree: OrgNode, parentId: string, child: Pick<OrgNode, 'label' | 'label_en'> & Partial<OrgNode>): OrgNode {
  const made: OrgNode = {
    id: newId(),
    pid: parentId,
    expand: true,
    isLeaf: true,
    hidden: false,
    disabled: false,
    className: '',
    style: {},
    children: [],
    ...child,
  };
  return fix(mapTree(tree, parentId, (node) => ({ ...node, expand: true, children: [...node.children, made] })));
}

export function remove(tree: OrgNode, id: string): OrgNode {
  if (tree.id === id) return tree;
  const strip = (node: OrgNode): OrgNode => ({
    ...node,
    children: node.children.filter((child) => child.id !== id).map(strip),
  });
  return fix(strip(tree));
}

export interface Limits {
  maxNodes: number;
  maxDepth: number;
}

/** Whether `id` may move under `targetId` (as its last child). */
export function canMove(tree: OrgNode, id: string, targetId: string, limits: Limits): boolean {
  const moving = locate(tree, id);
  const target = locate(tree, targetId);
  if (!moving || !target || !moving.parent) return false;
  if (moving.node.disabled || target.node.disabled) return false;
  if (moving.parent.id === targetId || contains(moving.node, targetId)) return false;
  return target.level + height(moving.node) <= limits.maxDepth;
}

export function move(tree: OrgNode, id: string, targetId: string, limits: Limits): OrgNode {
  if (!canMove(tree, id, targetId, limits)) return tree;
  const moving = locate(tree, id)!.node;
  const without = remove(tree, id);
  return fix(mapTree(without, targetId, (node) => ({ ...node, expand: true, children: [...node.children, moving] })));
}

/** `id` one place earlier (-1) or later (1) among its siblings (the order the site shows them). */
export function shift(tree: OrgNode, id: string, step: -1 | 1): OrgNode {
  const found = locate(tree, id);
  if (!found?.parent) return tree;
  const siblings = [...found.parent.children];
  const from = siblings.findIndex((child) => child.id === id);
  const to = from + step;
  if (to < 0 || to >= siblings.length) return tree;
  [siblings[from], siblings[to]] = [siblings[to], siblings[from]];
  return fix(mapTree(tree, found.parent.id, (node) => ({ ...node, children: siblings })));
}

/** Whether the menu offers `action` for `id` (false: shown disabled). */
export function allows(tree: OrgNode, id: string, action: Action, limits: Limits): boolean {
  const found = locate(tree, id);
  if (!found) return false;
  const { node, parent, level } = found;
  const root = parent === null;
  if (action === 'disable') return true; // the lock itself is always switchable
  if (node.disabled) return false;
  switch (action) {
    case 'add':
      return level < limits.maxDepth && countNodes(tree) < limits.maxNodes;
    case 'rename':
      return true;
    case 'move':
      return !root;
    case 'earlier':
      return !root && parent.children[0].id !== id;
    case 'later':
      return !root && parent.children[parent.children.length - 1].id !== id;
    case 'hide':
      return !root;
    case 'delete':
      return !root && !anyLocked(node);
  }
}

// ---------------------------------------------------------------------------------------------
// Layout: where each shown node goes on the canvas, and the connector lines.

export const NODE_W = 200;
export const NODE_H = 60;
export const GAP_X = 20;
export const GAP_Y = 44;
export const STACK_INDENT = 28;
export const STACK_GAP = 14;
export const PADDING = 24;
/** Children side by side when some of them have children and they are at most this many (as the site). */
export const ROW_MAX = 6;

export interface Placed {
  node: OrgNode;
  x: number;
  y: number;
  level: number;
  parent: OrgNode | null;
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Layout {
  nodes: Placed[];
  lines: Line[];
  width: number;
  height: number;
}

const shown = (node: OrgNode): OrgNode[] => (node.expand ? node.children : []);

/** "row": children side by side under the node; "stack": one under the other, indented. */
export function arrangement(node: OrgNode): 'row' | 'stack' {
  const children = shown(node);
  return children.some((child) => shown(child).length > 0) && children.length <= ROW_MAX ? 'row' : 'stack';
}

interface Box {
  width: number;
  height: number;
}

function measure(node: OrgNode, sizes: Map<string, Box>): Box {
  const children = shown(node);
  let box: Box;
  if (children.length === 0) box = { width: NODE_W, height: NODE_H };
  else if (arrangement(node) === 'row') {
    const inner = children.map((child) => measure(child, sizes));
    box = {
      width: Math.max(NODE_W, inner.reduce((sum, b) => sum + b.width, 0) + GAP_X * (inner.length - 1)),
      height: NODE_H + GAP_Y + Math.max(...inner.map((b) => b.height)),
    };
  } else {
    const inner = children.map((child) => measure(child, sizes));
    box = {
      width: Math.max(NODE_W, STACK_INDENT + Math.max(...inner.map((b) => b.width))),
      height: NODE_H + inner.reduce((sum, b) => sum + STACK_GAP + b.height, 0),
    };
  }
  sizes.set(node.id, box);
  return box;
}

export function layout(tree: OrgNode): Layout {
  const sizes = new Map<string, Box>();
  const total = measure(tree, sizes);
  const nodes: Placed[] = [];
  const lines: Line[] = [];

  // Returns the placed node's x (its box's left edge is `left`).
  const place = (node: OrgNode, left: number, top: number, level: number, parent: OrgNode | null): number => {
    const box = sizes.get(node.id)!;
    const children = shown(node);
    const row = children.length > 0 && arrangement(node) === 'row';
    const x = row || children.length === 0 ? left + (box.width - NODE_W) / 2 : left;
    nodes.push({ node, x, y: top, level, parent });
    if (children.length === 0) return x;
    if (row) {
      const mid = top + NODE_H + GAP_Y / 2;
      const childTop = top + NODE_H + GAP_Y;
      const inner = children.reduce((sum, child) => sum + sizes.get(child.id)!.width, 0) + GAP_X * (children.length - 1);
      let cursor = left + (box.width - inner) / 2;
      const centres = children.map((child) => {
        const childX = place(child, cursor, childTop, level + 1, node);
        cursor += sizes.get(child.id)!.width + GAP_X;
        const centre = childX + NODE_W / 2;
        lines.push({ x1: centre, y1: mid, x2: centre, y2: childTop });
        return centre;
      });
      lines.push({ x1: x + NODE_W / 2, y1: top + NODE_H, x2: x + NODE_W / 2, y2: mid });
      lines.push({ x1: Math.min(...centres), y1: mid, x2: Math.max(...centres), y2: mid });
    } else {
      const spine = x + STACK_INDENT / 2;
      let cursor = top + NODE_H;
      let lastMid = cursor;
      for (const child of children) {
        cursor += STACK_GAP;
        const childX = place(child, left + STACK_INDENT, cursor, level + 1, node);
        lastMid = cursor + NODE_H / 2;
        lines.push({ x1: spine, y1: lastMid, x2: childX, y2: lastMid });
        cursor += sizes.get(child.id)!.height;
      }
      lines.push({ x1: spine, y1: top + NODE_H, x2: spine, y2: lastMid });
    }
    return x;
  };

  place(tree, PADDING, PADDING, 1, null);
  return { nodes, lines, width: total.width + 2 * PADDING, height: total.height + 2 * PADDING };
}
