/**
 * antd's Tabs put buttons inside their tablist (the "more" button that lists the tabs that do not fit, an
 * editable tab's "×"), and a tablist may hold only tabs (axe aria-required-children). Keyboard users reach
 * every tab with the arrow keys — the strip scrolls to the focused tab — so these buttons are mouse-only
 * conveniences: hidden from assistive technology, out of the Tab order, with a title for the mouse.
 */
import { useLayoutEffect, useRef } from 'react';
import type { TabsRef } from 'antd';

export function mouseOnly(button: Element | null, label: string): void {
  button?.setAttribute('aria-hidden', 'true');
  button?.setAttribute('tabindex', '-1');
  button?.setAttribute('title', label);
}

/**
 * A ref for a Tabs whose "more" button is made mouse-only after each render (rc-tabs always renders the
 * button and only hides it while every tab fits; React leaves alone the attributes it does not set).
 */
export function useMouseOnlyMore(label: string) {
  const root = useRef<TabsRef>(null);
  useLayoutEffect(() => {
    mouseOnly(root.current?.nativeElement?.querySelector('.ant-tabs-nav-more') ?? null, label);
  });
  return root;
}
