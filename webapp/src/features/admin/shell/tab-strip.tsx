/**
 * The back office's tab strip (SPEC §2 "Admin shell tab strip") on antd's editable-card Tabs: the
 * strip scrolls, brings the active tab into view and lists the tabs that do not fit in its "more"
 * menu; the tabs are reached by keyboard (Tab to the active one, arrows, Home/End, Enter; Delete
 * closes); each tab has a labelled close button and a context menu (right click or Shift+F10:
 * reload, close, close others, close all). The pages are the tab panels: a tab's page mounts the
 * first time it is shown and then stays mounted, so it keeps its state.
 */
import { cloneElement, useLayoutEffect, useRef, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { Dropdown, Tabs, type TabsRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TabRoute } from '../../../lib/admin-tabs';

const STRIP_CLASS = 'admin-tab-strip';

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

  // antd's Tabs takes no label for its tablist or its "more" button, and one label for every close
  // button: name them here, after each render (React leaves attributes it does not own alone).
  useLayoutEffect(() => {
    const node = root.current?.nativeElement;
    if (!node) return;
    node.querySelector('[role="tablist"]')?.setAttribute('aria-label', t('shell.tabs'));
    node.querySelector('.ant-tabs-nav-more')?.setAttribute('aria-label', t('shell.moreTabs'));
    for (const tab of tabs) {
      const remove = node.querySelector(`[data-node-key="${CSS.escape(tab.path)}"] .ant-tabs-tab-remove`);
      remove?.setAttribute('aria-label', t('shell.closeNamed', { title: tab.title }));
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
      <Dropdown key={path} trigger={['contextMenu']} menu={{ items: menuItems, onClick: ({ key }) => onAction(key as TabAction, path) }}>
        {cloneElement(node, { style: { ...node.props.style, background: isActive ? colours.activeBackground : undefined } })}
      </Dropdown>
    );
  };

  return (
    <>
      {/* rc-tabs puts an English "Tab 2 of 5" live region inside the focused tab, which becomes part of
          its name; the tablist already gives screen readers the position, in their own language. */}
      <style>{`.${STRIP_CLASS} [role="tab"] > [aria-live] { display: none; }`}</style>
      <Tabs
        ref={root}
        className={STRIP_CLASS}
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
