import { describe, expect, it } from 'vitest';
import { EDGE_SPEED_MAX_PX, EDGE_ZONE_PX, edgeScroll, edgeSpeed } from '../interaction';

// A canvas whose visible box is 800 × 500 px at (100, 50).
const rect = { left: 100, top: 50, right: 900, bottom: 550 };

describe('edge auto-scroll while dragging a node', () => {
  it('does not scroll away from the edges', () => {
    expect(edgeScroll({ x: 500, y: 300 }, rect)).toEqual({ dx: 0, dy: 0 });
    expect(edgeScroll({ x: rect.left + EDGE_ZONE_PX, y: rect.bottom - EDGE_ZONE_PX }, rect)).toEqual({ dx: 0, dy: 0 });
  });

  it('scrolls towards the edge the pointer is near: left and up negative, right and down positive', () => {
    expect(edgeScroll({ x: rect.left + 10, y: 300 }, rect).dx).toBeLessThan(0);
    expect(edgeScroll({ x: rect.right - 10, y: 300 }, rect).dx).toBeGreaterThan(0);
    expect(edgeScroll({ x: 500, y: rect.top + 10 }, rect).dy).toBeLessThan(0);
    expect(edgeScroll({ x: 500, y: rect.bottom - 10 }, rect).dy).toBeGreaterThan(0);
    // In a corner, both ways at once.
    const corner = edgeScroll({ x: rect.right - 5, y: rect.bottom - 5 }, rect);
    expect(corner.dx).toBeGreaterThan(0);
    expect(corner.dy).toBeGreaterThan(0);
  });

  it('goes faster the closer the pointer is to the edge, in proportion', () => {
    const speeds = [40, 30, 20, 10, 0].map((distance) => edgeSpeed(rect.right - distance, rect.left, rect.right));
    for (let i = 1; i < speeds.length; i += 1) expect(speeds[i]).toBeGreaterThan(speeds[i - 1]);
    expect(edgeSpeed(rect.right - EDGE_ZONE_PX / 2, rect.left, rect.right)).toBe(EDGE_SPEED_MAX_PX / 2);
    expect(edgeSpeed(rect.right, rect.left, rect.right)).toBe(EDGE_SPEED_MAX_PX);
    expect(edgeSpeed(rect.left, rect.left, rect.right)).toBe(-EDGE_SPEED_MAX_PX);
  });

  it('keeps the fastest speed beyond the edge (the pointer left the canvas)', () => {
    expect(edgeScroll({ x: rect.left - 200, y: rect.bottom + 80 }, rect)).toEqual({
      dx: -EDGE_SPEED_MAX_PX,
      dy: EDGE_SPEED_MAX_PX,
    });
  });

  it('narrows the zone on a small canvas so that its two edges do not overlap', () => {
    // 120 px tall: zones of 30 px; the middle does not scroll.
    expect(edgeSpeed(60, 0, 120)).toBe(0);
    expect(edgeSpeed(20, 0, 120)).toBeLessThan(0);
    expect(edgeSpeed(100, 0, 120)).toBeGreaterThan(0);
  });

  it('does nothing for a canvas without a size or a pointer without a position', () => {
    expect(edgeSpeed(10, 0, 0)).toBe(0);
    expect(edgeSpeed(Number.NaN, 0, 500)).toBe(0);
  });
});
