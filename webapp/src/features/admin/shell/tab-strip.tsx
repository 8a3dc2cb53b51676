/**
 * The back office's tab strip (SPEC §2 "Admin shell tab strip") on antd's editable-card Tabs: the
 * strip scrolls, brings the active tab into view and lists the tabs that do not fit in its "more"
 * menu. The pages are the tab panels: a tab's page mounts the first time it is shown and then stays
 * mounted, so it keeps its state.
 *
 * Keyboard and screen readers (the ARIA tabs pattern): Tab reaches the selected tab, arrows / Home /
 * End move along the strip (which scrolls to the focused tab), Enter opens it, Delete closes it, and
 * Shift+F10 (or a right click) opens its menu — reload, close, close others, close all; each tab
 * describes these keys. A tablist may hold only tabs, so the mouse-only conveniences antd adds inside
 * it — each tab's "×" and the "more" button — are hidden from assistive technology and left out of the
 * Tab order; the header's labelled "Close all" button stays.
 */
import { cloneElement, useLayoutEffect, useRef, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { Dropdown, Tabs, type TabsRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TabRoute } from '../../../lib/admin-tabs';
import { mouseOnly } from '../../../components/tabs-more';

const STRIP_CLASS = 'admin-tab-strip';
const POPUP_CLASS = 'admin-tab-strip-more';
const HINT_ID = 'admin-tab-keys';

export type TabAction = 'reload' | 'close' | 'others' | 'all';

export interface TabStripColours {
  bar: string;
  tab: string;
  activeTab: string;
  activeBackground: string;
}

interface TabStripProps {
  tabs: TabRoute[];
  /** The active tab's path; '' when the page shown is not a tab (the 404 inside the shell). */
  active: string;
  /** The page of a tab, or null while it has never been shown. */
  panel: (tab: TabRoute) => ReactNode;
  onSelect: (path: string) => void;
  onAction: (action: TabAction, path: string) => void;
  colours: TabStripColours;
  /** Space kept free at the end of the strip (for the full-screen exit button). */
  endGap?: number;
  contentStyle?: CSSProperties;
}

export function TabStrip({ tabs, active, panel, onSelect, onAction, colours, endGap = 0, contentStyle }: TabStripProps) {
  const { t } = useTranslation('admin/common');
  const root = useRef<TabsRef>(null);

  // antd's Tabs takes no label for its tablist and puts buttons inside it: fix both after each
  // render (React leaves alone the attributes it does not set; those it sets, it sets again on the
  // next render, which runs this again).
  useLayoutEffect(() => {
    const node = root.current?.nativeElement;
    if (!node) return;
    node.querySelector('[role="tablist"]')?.setAttribute('aria-label', t('shell.tabs'));
    mouseOnly(node.querySelector('.ant-tabs-nav-more'), t('shell.moreTabs'));
    for (const tab of tabs) {
      const item = node.querySelector(`[data-node-key="${CSS.escape(tab.path)}"]`);
      item?.querySelector('[role="tab"]')?.setAttribute('aria-describedby', HINT_ID);
      mouseOnly(item?.querySelector('.ant-tabs-tab-remove') ?? null, t('shell.closeNamed', { title: tab.title }));
    }
  });

  const menuItems = [
    { key: 'reload', label: t('shell.reloadTab') },
    { key: 'close', label: t('shell.closeTab') },
    { key: 'others', label: t('shell.closeOthers') },
    { key: 'all', label: t('shell.closeAll') },
  ];

  const withMenu = (element: ReactElement): ReactElement => {
    // The tab's own element (rc-tabs' TabNode): a div with a style.
    const node = element as ReactElement<{ style?: CSSProperties }>;
    const path = String(node.key);
    const isActive = path === active;
    return (
      <Dropdown
        key={path}
        trigger={['contextMenu']}
        autoFocus
        menu={{ items: menuItems, onClick: ({ key }) => onAction(key as TabAction, path) }}
      >
        {cloneElement(node, {
          style: {
            ...node.props.style,
            background: isActive ? colours.activeBackground : undefined,
            // rc-tabs rounds widths down: when the tabs overflow by less than a pixel it scrolls them by
            // that fraction, counts the first tab (at 0) as scrolled away, shows the "more" button and
            // leaves the last tab under it. One pixel before the first tab keeps it counted as visible.
            ...(path === tabs[0]?.path ? { marginInlineStart: 1 } : {}),
          },
        })}
      </Dropdown>
    );
  };

  return (
    <>
      {/* rc-tabs puts an English "Tab 2 of 5" live region inside the focused tab, which becomes part of
          its name; the tablist already gives screen readers the position, in their own language. */}
      {/* The "more" menu lists the tabs with a "×" each: an option holds no button (close from the tab). */}
      <style>{`.${STRIP_CLASS} [role="tab"] > [aria-live], .${POPUP_CLASS} [role="option"] button { display: none; }`}</style>
      <span id={HINT_ID} hidden>
        {t('shell.tabKeys')}
      </span>
      <Tabs
        ref={root}
        className={STRIP_CLASS}
        classNames={{ popup: { root: POPUP_CLASS } }}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={onSelect}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onAction('close', key)}
        locale={{ removeAriaLabel: t('shell.closeTab'), dropdownAriaLabel: t('shell.moreTabs') }}
        tabBarExtraContent={{
          left: <span aria-hidden style={{ display: 'block', width: 12 }} />,
          right: <span aria-hidden style={{ display: 'block', width: 12 + endGap }} />,
        }}
        renderTabBar={(props, DefaultTabBar) => <DefaultTabBar {...props}>{withMenu}</DefaultTabBar>}
        styles={{
          root: { minWidth: 0 },
          // No side padding here: rc-tabs measures the bar with it and would let the last tab slip
          // under the edge instead of offering the "more" menu. The spacers below make the margins.
          header: { margin: 0, paddingTop: 6, background: colours.bar },
          content: contentStyle,
        }}
        items={tabs.map((tab) => {
          const isActive = tab.path === active;
          return {
            key: tab.path,
            forceRender: true,
            label: (
              <span style={{ color: isActive ? colours.activeTab : colours.tab, fontWeight: isActive ? 600 : undefined }}>{tab.title}</span>
            ),
            children: panel(tab),
          };
        })}
      />
    </>
  );
}
