/**
 * The drawing of the organisation chart: nodes placed by `layout` (tree.ts) on a scrollable canvas,
 * connector lines in an SVG behind them, the zoom applied with CSS `zoom` (so scrolling follows the
 * zoomed size). Pointer rules (interaction.ts): a press that moves more than 5 px drags the node (a
 * ghost follows the pointer; dropping it on another node moves it there; near an edge of the canvas
 * the canvas scrolls, once per animation frame, until the drag ends), otherwise it is a click —
 * acted on after 260 ms, or a double click (rename). Ctrl + wheel zooms. Each node has a menu button
 * (the keyboard's way to every action, "Move to…" included) and the same menu on right click.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import { EyeInvisibleOutlined, LockOutlined, MinusOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrgNode } from './api';
import { READABLE_ZOOM, ZOOM_MIN, clickGate, edgeScroll, fitZoom, isDrag, wheelZoom } from './interaction';
import { canMove, layout, NODE_H, NODE_W, type Limits } from './tree';
import { VISUALLY_HIDDEN } from '../../../../components/visually-hidden';
import { useNarrowScreen } from '../../../../lib/theme';

const NS = 'admin/routine/orgChart';

interface Props {
  tree: OrgNode;
  limits: Limits;
  zoom: number;
  onZoom: (zoom: number) => void;
  selected: string | null;
  onSelect: (id: string) => void;
  /** Double click on a node. */
  onOpen: (id: string) => void;
  onMove: (id: string, targetId: string) => void;
  onToggle: (id: string) => void;
  menu: (node: OrgNode) => MenuProps;
  /** A name in the interface's language. */
  nameOf: (node: OrgNode) => string;
  otherNameOf: (node: OrgNode) => string;
  /** Whether nodes may be changed (the admin holds the save permission). */
  editable: boolean;
  /** Changing it fits the chart's width into the canvas (also done once when the canvas appears). */
  fitKey: number;
}

interface Drag {
  id: string;
  x: number;
  y: number;
  target: string | null;
  valid: boolean;
}

export const CLASS_COLOURS: Record<string, string> = {
  '': '#8c8c8c',
  'org-lead': '#0b5d4b',
  'org-division': '#12745f',
  'org-support': '#f2b632',
};

const nodeAt = (x: number, y: number): string | null =>
  (document.elementFromPoint(x, y)?.closest('[data-org-node]') as HTMLElement | null)?.dataset.orgNode ?? null;

export function ChartCanvas(props: Props) {
  const { tree, zoom, selected, onToggle, menu, nameOf, otherNameOf, editable, fitKey } = props;
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const canvas = useRef<HTMLDivElement>(null);
  const placed = useMemo(() => layout(tree), [tree]);
  const [drag, setDrag] = useState<Drag | null>(null);
  const press = useRef<{ id: string; x: number; y: number; dragging: boolean } | null>(null);
  /** The pointer of the drag in progress and the animation frame that scrolls the canvas near an edge. */
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<number | null>(null);
  const phone = useNarrowScreen();
  const latest = useRef({ ...props, phone });
  const zoomRef = useRef(zoom);
  useLayoutEffect(() => {
    latest.current = { ...props, phone };
    zoomRef.current = zoom;
  });

  const gate = useRef<ReturnType<typeof clickGate<string>> | null>(null);
  useEffect(() => {
    const made = clickGate<string>(
      (id) => latest.current.onSelect(id),
      (id) => latest.current.onOpen(id),
    );
    gate.current = made;
    return () => made.cancel();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // The layout's width at zoom 1, into the canvas less its scroll bar and a margin; on a phone no smaller
    // than readable, scrolled so that the top of the chart (its middle) is in view.
    const { phone } = latest.current;
    latest.current.onZoom(fitZoom(layout(latest.current.tree).width, element.clientWidth - 8, phone ? READABLE_ZOOM : ZOOM_MIN));
    if (!phone) return;
    const frame = requestAnimationFrame(() => {
      element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [fitKey]);

  // Ctrl + wheel zooms (a non-passive listener: the page must not zoom or scroll instead).
  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      latest.current.onZoom(wheelZoom(zoomRef.current, event.deltaY));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const stopEdgeScroll = () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    pointer.current = null;
  };
  useEffect(() => stopEdgeScroll, []);

  /** The ghost and the drop target under the pointer (which changes when the canvas scrolls under it). */
  const track = (id: string, x: number, y: number) => {
    const target = nodeAt(x, y);
    const current = latest.current;
    const valid = target !== null && target !== id && canMove(current.tree, id, target, current.limits);
    setDrag({ id, x, y, target: target === id ? null : target, valid });
  };

  // One frame of a drag: scroll the canvas when the pointer is near one of its edges (inside the
  // scroll bars), then go on every frame until the drag ends (`stopEdgeScroll`).
  const edgeFrame = () => {
    const element = canvas.current;
    const start = press.current;
    const at = pointer.current;
    if (!element || !start?.dragging || !at) {
      frame.current = null;
      return;
    }
    const box = element.getBoundingClientRect();
    const left = box.left + element.clientLeft;
    const top = box.top + element.clientTop;
    const { dx, dy } = edgeScroll(at, { left, top, right: left + element.clientWidth, bottom: top + element.clientHeight });
    if (dx || dy) {
      const before = [element.scrollLeft, element.scrollTop];
      element.scrollLeft += dx;
      element.scrollTop += dy;
      if (element.scrollLeft !== before[0] || element.scrollTop !== before[1]) track(start.id, at.x, at.y);
    }
    frame.current = requestAnimationFrame(edgeFrame);
  };

  const onPointerDown = (event: ReactPointerEvent, node: OrgNode) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    press.current = { id: node.id, x: event.clientX, y: event.clientY, dragging: false };
    const draggable = editable && node.pid !== '' && !node.disabled;
    const onMovePointer = (move: PointerEvent) => {
      const start = press.current;
      if (!start) return;
      if (!start.dragging) {
        if (!draggable || !isDrag(start, { x: move.clientX, y: move.clientY })) return;
        start.dragging = true;
        gate.current?.cancel();
      }
      move.preventDefault();
      track(start.id, move.clientX, move.clientY);
      pointer.current = { x: move.clientX, y: move.clientY };
      if (frame.current === null) frame.current = requestAnimationFrame(edgeFrame);
    };
    const finish = (up: PointerEvent | null) => {
      window.removeEventListener('pointermove', onMovePointer);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey);
      const start = press.current;
      press.current = null;
      stopEdgeScroll();
      setDrag(null);
      if (!start || !up) return;
      if (!start.dragging) {
        gate.current?.press(start.id);
        return;
      }
      const target = nodeAt(up.clientX, up.clientY);
      const current = latest.current;
      if (target && target !== start.id && canMove(current.tree, start.id, target, current.limits)) current.onMove(start.id, target);
    };
    const onUp = (up: PointerEvent) => finish(up);
    const onCancel = () => finish(null);
    const onKey = (key: KeyboardEvent) => {
      if (key.key === 'Escape') finish(null);
    };
    window.addEventListener('pointermove', onMovePointer);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey);
  };

  const dragged = drag ? placed.nodes.find((p) => p.node.id === drag.id)?.node : undefined;
  return (
    <div
      ref={canvas}
      data-testid="org-canvas"
      style={{
        position: 'relative',
        overflow: 'auto',
        height: 'min(68vh, 760px)',
        minHeight: 320,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: `radial-gradient(${token.colorBorderSecondary} 1px, transparent 1px) 0 0 / 20px 20px, ${token.colorBgContainer}`,
        cursor: drag ? 'grabbing' : undefined,
        userSelect: drag ? 'none' : undefined,
      }}
    >
      <div
        data-testid="org-zoom"
        data-zoom={zoom}
        style={{ zoom, position: 'relative', width: placed.width, height: placed.height, margin: '0 auto' }}
      >
        <svg width={placed.width} height={placed.height} aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
          {placed.lines.map((line, index) => (
            <line key={index} {...line} stroke={token.colorTextQuaternary} strokeWidth={2} />
          ))}
        </svg>
        <ul aria-label={t('chartLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {placed.nodes.map(({ node, x, y, level, parent }) => {
            const isSelected = selected === node.id;
            const isTarget = drag?.target === node.id;
            const accent = node.style.borderColor || CLASS_COLOURS[node.className] || CLASS_COLOURS[''];
            const side = isSelected ? token.colorPrimary : token.colorBorder;
            const card: CSSProperties = {
              position: 'absolute',
              left: x,
              top: y,
              width: NODE_W,
              height: NODE_H,
              boxSizing: 'border-box',
              padding: '6px 30px 6px 10px',
              borderRadius: 8,
              // Longhands only: a changed shorthand would reset the accent on top.
              borderStyle: 'solid',
              borderWidth: '4px 1px 1px',
              borderColor: `${accent} ${side} ${side}`, // top, left and right, bottom
              background: node.className === 'org-lead' ? token.colorPrimaryBg : token.colorBgContainer,
              boxShadow: isSelected ? `0 0 0 2px ${token.colorPrimaryBorder}` : token.boxShadowTertiary,
              outline: isTarget
                ? `3px ${drag?.valid ? 'solid' : 'dashed'} ${drag?.valid ? token.colorSuccess : token.colorError}`
                : undefined,
              opacity: node.hidden || drag?.id === node.id ? 0.55 : 1,
              cursor: editable && node.pid !== '' && !node.disabled ? 'grab' : 'pointer',
              touchAction: 'none',
              userSelect: 'none',
              lineHeight: 1.35,
            };
            const name = nameOf(node);
            const folded = !node.expand && node.children.length > 0;
            return (
              <li key={node.id} style={{ display: 'contents' }}>
                <Dropdown menu={menu(node)} trigger={['contextMenu']}>
                  <div
                    data-org-node={node.id}
                    data-testid={`org-node-${node.id}`}
                    data-selected={isSelected || undefined}
                    aria-current={isSelected || undefined}
                    title={`${name}\n${otherNameOf(node)}`}
                    style={card}
                    onPointerDown={(event) => onPointerDown(event, node)}
                  >
                    <div
                      style={{
                        fontWeight: 600,
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        color: token.colorText,
                      }}
                    >
                      {name}
                    </div>
                    <div
                      style={{
                        fontSize: 12,
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        // On the tinted lead units the secondary grey falls under 4.5:1.
                        color: node.className === 'org-lead' ? token.colorText : token.colorTextSecondary,
                      }}
                    >
                      {node.hidden && <EyeInvisibleOutlined aria-label={t('hiddenTag')} style={{ marginInlineEnd: 4 }} />}
                      {node.disabled && <LockOutlined aria-label={t('lockedTag')} style={{ marginInlineEnd: 4 }} />}
                      {otherNameOf(node)}
                    </div>
                    <span style={VISUALLY_HIDDEN}>{parent ? t('levelUnder', { level, parent: nameOf(parent) }) : t('levelTop')}</span>
                    <Dropdown menu={menu(node)} trigger={['click']} autoFocus>
                      <Button
                        type="text"
                        size="small"
                        icon={<MoreOutlined />}
                        aria-label={t('actionsFor', { name })}
                        data-testid={`org-menu-${node.id}`}
                        style={{ position: 'absolute', top: 2, right: 2 }}
                      />
                    </Dropdown>
                    {node.children.length > 0 && (
                      <Button
                        size="small"
                        shape="circle"
                        icon={folded ? <PlusOutlined /> : <MinusOutlined />}
                        aria-expanded={!folded}
                        aria-label={t(folded ? 'expandNode' : 'collapseNode', { name, count: node.children.length })}
                        onClick={() => onToggle(node.id)}
                        style={{ position: 'absolute', left: NODE_W / 2 - 12, bottom: -13, width: 24, minWidth: 24, height: 24, zIndex: 1 }}
                      />
                    )}
                  </div>
                </Dropdown>
              </li>
            );
          })}
        </ul>
      </div>
      {drag && dragged && (
        <div
          role="status"
          style={{
            position: 'fixed',
            left: drag.x + 12,
            top: drag.y + 12,
            zIndex: 1000,
            pointerEvents: 'none',
            padding: '4px 10px',
            borderRadius: 6,
            background: drag.valid ? token.colorSuccessBg : token.colorBgElevated,
            border: `1px solid ${drag.valid ? token.colorSuccessBorder : token.colorBorder}`,
            boxShadow: token.boxShadowSecondary,
            whiteSpace: 'nowrap',
          }}
        >
          {drag.valid && drag.target
            ? t('dropInto', { name: nameOf(dragged), target: nameOf(placed.nodes.find((p) => p.node.id === drag.target)!.node) })
            : t('dragging', { name: nameOf(dragged) })}
        </div>
      )}
    </div>
  );
}
