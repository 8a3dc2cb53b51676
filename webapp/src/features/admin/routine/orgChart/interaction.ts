/**
 * The pointer and zoom rules of the organisation chart editor (SPEC §9): zoom in steps of 0.1
 * between 0.3 and 3 (buttons, Ctrl + wheel), a drag starts only once the pointer has moved more than
 * 5 px from where it was pressed (a smaller movement is a click), and a click acts after 260 ms
 * unless a second click makes it a double click. While a node is dragged near an edge of the
 * scrollable canvas, the canvas scrolls that way, the faster the closer the pointer is to the edge
 * (`edgeScroll`).
 */

export const ZOOM_STEP = 0.1;
export const ZOOM_MIN = 0.3;
export const ZOOM_MAX = 3;
export const CLICK_DELAY_MS = 260;
export const DRAG_THRESHOLD_PX = 5;

/** `zoom` within 0.3–3, on the 0.1 grid (no floating-point drift after many steps). */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  const stepped = Math.round(zoom / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Number(stepped.toFixed(1))));
}

/** One step in (+1) or out (-1). */
export const stepZoom = (zoom: number, direction: 1 | -1): number => clampZoom(zoom + direction * ZOOM_STEP);

/** Ctrl + wheel: wheel up (negative deltaY) zooms in one step, wheel down out; no movement, no change. */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return clampZoom(zoom);
  return stepZoom(zoom, deltaY < 0 ? 1 : -1);
}

/** Below this a phone's chart is too small to read: it opens at this zoom and scrolls sideways instead. */
export const READABLE_ZOOM = 0.8;

/**
 * The zoom that fits `content` px into `available` px: at most 100 %, on the 0.1 grid, rounded down; never
 * below `floor`.
 */
export function fitZoom(content: number, available: number, floor = ZOOM_MIN): number {
  if (content <= 0 || available <= 0 || content <= available) return 1;
  return clampZoom(Math.max(floor, Math.floor((available / content) * 10 + 1e-9) / 10));
}

/** Whether the pointer has moved far enough from where it was pressed to start a drag. */
export function isDrag(start: { x: number; y: number }, now: { x: number; y: number }): boolean {
  return Math.hypot(now.x - start.x, now.y - start.y) > DRAG_THRESHOLD_PX;
}

/** Within this many px of an edge of the canvas, a drag scrolls it (less on a small canvas). */
export const EDGE_ZONE_PX = 48;
/** The fastest scroll, at the edge or beyond it, in px per animation frame (≈ 1,200 px/s at 60 Hz). */
export const EDGE_SPEED_MAX_PX = 20;

/**
 * The scroll speed along one axis for a pointer at `pos` on a canvas spanning `start`–`end`: 0 away
 * from the edges; inside the zone of the start edge negative (towards it), of the end edge positive,
 * growing in proportion to closeness, to the maximum at the edge and beyond it.
 */
export function edgeSpeed(pos: number, start: number, end: number): number {
  const size = end - start;
  if (!(size > 0) || !Number.isFinite(pos)) return 0;
  const zone = Math.min(EDGE_ZONE_PX, size / 4);
  const speed = (distance: number) => Math.round(EDGE_SPEED_MAX_PX * Math.min(1, 1 - distance / zone));
  if (pos - start < zone) return -speed(Math.max(0, pos - start)) || 0; // never -0
  if (end - pos < zone) return speed(Math.max(0, end - pos));
  return 0;
}

/** How far to scroll the canvas (its visible box `rect`) in this frame for a drag at `pointer`. */
export function edgeScroll(
  pointer: { x: number; y: number },
  rect: { left: number; top: number; right: number; bottom: number },
): { dx: number; dy: number } {
  return { dx: edgeSpeed(pointer.x, rect.left, rect.right), dy: edgeSpeed(pointer.y, rect.top, rect.bottom) };
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Tells a click from a double click: `press(key)` waits `CLICK_DELAY_MS`; a second press of the same
 * key before then cancels the click and calls `onDouble` instead; a press of another key first runs
 * the pending click at once.
 */
export function clickGate<K>(onClick: (key: K) => void, onDouble: (key: K) => void, timers: Timers = browserTimers) {
  let pending: { key: K; handle: unknown } | null = null;
  const flush = () => {
    if (!pending) return;
    const { key, handle } = pending;
    pending = null;
    timers.clearTimeout(handle);
    onClick(key);
  };
  return {
    press(key: K) {
      if (pending && pending.key === key) {
        timers.clearTimeout(pending.handle);
        pending = null;
        onDouble(key);
        return;
      }
      flush();
      const handle = timers.setTimeout(() => {
        pending = null;
        onClick(key);
      }, CLICK_DELAY_MS);
      pending = { key, handle };
    },
    /** Forget a pending click (e.g. a drag started, or the page is leaving). */
    cancel() {
      if (pending) timers.clearTimeout(pending.handle);
      pending = null;
    },
  };
}
