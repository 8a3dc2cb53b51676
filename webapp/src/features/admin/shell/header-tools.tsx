/**
 * The header's tools: close all tabs, reload the tab, full screen, clear cache, language, theme and
 * layout settings. On a wide screen they sit in the header; on a narrow one (below antd's lg) one
 * "Tools" button opens them in a drawer, each with its name written out, so nothing is squeezed.
 */
import { useState, type ReactNode } from 'react';
import { Button, Drawer, Flex, Tooltip, Typography } from 'antd';
import { AppstoreOutlined, CloseCircleOutlined, FullscreenOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ClearCacheMenu } from '../../../components/clear-cache-menu';
import { LanguageSwitch } from '../../../components/language-switch';
import { ThemeSwitch } from '../../../components/theme-switch';

export interface HeaderToolsProps {
  compact: boolean;
  canCloseAll: boolean;
  onCloseAll: () => void;
  onReload: () => void;
  onFullScreen: () => void;
  onSettings: () => void;
}

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  run: () => void;
}

export function HeaderTools({ compact, canCloseAll, onCloseAll, onReload, onFullScreen, onSettings }: HeaderToolsProps) {
  const { t } = useTranslation('admin/common');
  const { t: tg } = useTranslation('general');
  const [open, setOpen] = useState(false);
  const actions: Action[] = [
    ...(canCloseAll ? [{ key: 'closeAll', label: t('shell.closeAll'), icon: <CloseCircleOutlined aria-hidden />, run: onCloseAll }] : []),
    { key: 'reload', label: t('shell.reloadTab'), icon: <ReloadOutlined aria-hidden />, run: onReload },
    { key: 'fullScreen', label: t('shell.fullScreen'), icon: <FullscreenOutlined aria-hidden />, run: onFullScreen },
  ];
  const settings: Action = { key: 'settings', label: t('shell.layoutSettings'), icon: <SettingOutlined aria-hidden />, run: onSettings };

  if (!compact) {
    return (
      <Flex align="center" gap={8} style={{ lineHeight: 'normal', whiteSpace: 'nowrap', flex: 'none' }}>
        {actions.map((action) => (
          <Tooltip key={action.key} title={action.label}>
            <Button type="text" aria-label={action.label} icon={action.icon} onClick={action.run} />
          </Tooltip>
        ))}
        <ClearCacheMenu />
        <LanguageSwitch />
        <ThemeSwitch />
        <Tooltip title={settings.label}>
          <Button type="text" aria-label={settings.label} icon={settings.icon} onClick={settings.run} />
        </Tooltip>
      </Flex>
    );
  }

  // Actions that open something else or change the page close the drawer; language and theme keep it
  // open, so the change can be seen and undone.
  const run = (action: Action) => () => {
    setOpen(false);
    action.run();
  };
  return (
    <>
      <Button
        type="text"
        aria-label={t('shell.tools')}
        aria-haspopup="dialog"
        icon={<AppstoreOutlined aria-hidden />}
        onClick={() => setOpen(true)}
      />
      <Drawer title={t('shell.tools')} placement="right" size={300} open={open} onClose={() => setOpen(false)}>
        <Flex vertical gap={16}>
          <Flex vertical gap={6} align="flex-start">
            <Typography.Text>{tg('language.label')}</Typography.Text>
            <LanguageSwitch />
          </Flex>
          <Flex vertical gap={6} align="flex-start">
            <Typography.Text>{tg('theme.label')}</Typography.Text>
            <ThemeSwitch />
          </Flex>
          <div>
            <ClearCacheMenu />
          </div>
          <Flex vertical gap={8}>
            {[...actions, settings].map((action) => (
              <Button key={action.key} icon={action.icon} onClick={run(action)} style={{ justifyContent: 'flex-start' }} block>
                {action.label}
              </Button>
            ))}
          </Flex>
        </Flex>
      </Drawer>
    </>
  );
}
