/**
 * The editor's pointer and zoom rules (SPEC §9): zoom step 0.1 between 0.3 and 3, a drag only after
 * the pointer moved more than 5 px, a click acted on after 260 ms unless a second one makes it a
 * double click.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLICK_DELAY_MS,
  clampZoom,
  clickGate,
  DRAG_THRESHOLD_PX,
  fitZoom,
  READABLE_ZOOM,
  isDrag,
  stepZoom,
  wheelZoom,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
} from '../interaction';

describe('zoom', () => {
  it('uses the SPEC numbers', () => {
    expect([ZOOM_STEP, ZOOM_MIN, ZOOM_MAX, CLICK_DELAY_MS, DRAG_THRESHOLD_PX]).toEqual([0.1, 0.3, 3, 260, 5]);
  });

  it('steps by 0.1 without drifting and stops at 0.3 and 3', () => {
    let zoom = 1;
    for (let i = 0; i < 7; i += 1) zoom = stepZoom(zoom, -1);
    expect(zoom).toBe(0.3);
    expect(stepZoom(zoom, -1)).toBe(0.3);
    for (let i = 0; i < 3; i += 1) zoom = stepZoom(zoom, 1);
    expect(zoom).toBe(0.6); // 0.3 + 0.1 + 0.1 + 0.1 in floating point is 0.6000000000000001
    for (let i = 0; i < 40; i += 1) zoom = stepZoom(zoom, 1);
    expect(zoom).toBe(3);
  });

  it('clamps and rounds any value', () => {
    expect(clampZoom(0.1)).toBe(0.3);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(1.26)).toBe(1.3);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('wheel up zooms in one step, wheel down out, whatever the wheel distance', () => {
    expect(wheelZoom(1, -120)).toBe(1.1);
    expect(wheelZoom(1, -3)).toBe(1.1);
    expect(wheelZoom(1, 250)).toBe(0.9);
    expect(wheelZoom(3, -100)).toBe(3);
    expect(wheelZoom(0.3, 100)).toBe(0.3);
    expect(wheelZoom(1.5, 0)).toBe(1.5);
  });
});

describe('fit width', () => {
  it('never zooms in to fit, rounds down to the 0.1 grid and stops at 0.3', () => {
    expect(fitZoom(800, 1200)).toBe(1);
    expect(fitZoom(600, 316)).toBe(0.5);
    expect(fitZoom(1000, 990)).toBe(0.9);
    expect(fitZoom(5000, 300)).toBe(0.3);
    expect(fitZoom(500, 0)).toBe(1);
    // A phone's floor: readable, the rest scrolls.
    expect(fitZoom(1200, 374, READABLE_ZOOM)).toBe(0.8);
    expect(fitZoom(400, 374, READABLE_ZOOM)).toBe(0.9);
  });
});

describe('drag threshold', () => {
  const start = { x: 100, y: 100 };
  it('is a click up to 5 px from where the pointer was pressed, a drag beyond', () => {
    expect(isDrag(start, { x: 105, y: 100 })).toBe(false);
    expect(isDrag(start, { x: 103, y: 104 })).toBe(false); // exactly 5 px away
    expect(isDrag(start, { x: 100, y: 94 })).toBe(true);
    expect(isDrag(start, { x: 104, y: 104 })).toBe(true); // 5.66 px
  });
});

describe('click delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A gate that writes down what it acts on ("click a", "double a"). */
  const recordedGate = () => {
    const events: string[] = [];
    const gate = clickGate<string>(
      (k) => events.push(`click ${k}`),
      (k) => events.push(`double ${k}`),
    );
    return { events, gate };
  };

  it('acts on a click 260 ms later, not before', () => {
    const clicks: string[] = [];
    const gate = clickGate<string>(
      (k) => clicks.push(k),
      () => clicks.push('double'),
    );
    gate.press('a');
    vi.advanceTimersByTime(259);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(clicks).toEqual(['a']);
  });

  it.each([
    { name: 'makes two presses within 260 ms a double click, with no single click', apart: 200, after: 1000, acted: ['double a'] },
    { name: 'treats presses 260 ms apart as two clicks', apart: 260, after: 260, acted: ['click a', 'click a'] },
  ])('$name', ({ apart, after, acted }) => {
    const { events, gate } = recordedGate();
    gate.press('a');
    vi.advanceTimersByTime(apart);
    gate.press('a');
    vi.advanceTimersByTime(after);
    expect(events).toEqual(acted);
  });

  it('a press on another node first acts on the pending click; cancel forgets it', () => {
    const { events, gate } = recordedGate();
    gate.press('a');
    gate.press('b');
    expect(events).toEqual(['click a']);
    gate.cancel();
    vi.advanceTimersByTime(1000);
    expect(events).toEqual(['click a']);
  });
});
