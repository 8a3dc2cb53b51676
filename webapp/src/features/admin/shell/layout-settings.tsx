/** The layout settings drawer: every field of the persisted layout config (SPEC §3). */
import { Button, ColorPicker, Divider, Drawer, Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LAYOUT, setLayoutConfig, setLayoutMode, useLayoutConfig, type ColorPair, type LayoutConfig } from '../../../lib/theme';
import { IconPicker } from '../../../components/icon-picker';
import { ICON_CHOICE } from './icons';

type PairKey = {
  [K in keyof LayoutConfig]: LayoutConfig[K] extends ColorPair ? K : never;
}[keyof LayoutConfig];

const PAIRS: PairKey[] = [
  'menuBackground',
  'menuColor',
  'menuActiveBackground',
  'menuActiveColor',
  'menuTopBarBackground',
  'headerBarBackground',
  'headerBarHoverBackground',
  'headerBarTabColor',
  'headerBarTabActiveBackground',
  'headerBarTabActiveColor',
];

export function LayoutSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin/common');
  const layout = useLayoutConfig();
  const index = layout.isDark ? 1 : 0;
  const setPair = (key: PairKey, color: string) => {
    const pair: ColorPair = [...layout[key]];
    pair[index] = color;
    setLayoutConfig({ [key]: pair } as Partial<LayoutConfig>);
  };
  return (
    <Drawer title={t('layout.title')} open={open} onClose={onClose} size={320}>
      <Form layout="vertical" size="small">
        <Form.Item label={t('layout.mode')}>
          <Radio.Group value={layout.layoutMode} onChange={(e) => setLayoutMode(e.target.value as LayoutConfig['layoutMode'])}>
            <Radio.Button value="Default">{t('layout.default')}</Radio.Button>
            <Radio.Button value="Classic">{t('layout.classic')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('layout.dark')}>
          <Switch checked={layout.isDark} onChange={(isDark) => setLayoutConfig({ isDark })} aria-label={t('layout.dark')} />
        </Form.Item>
        <Divider />
        <Form.Item label={t('layout.menuWidth')}>
          <InputNumber min={150} max={400} value={layout.menuWidth} onChange={(v) => setLayoutConfig({ menuWidth: Number(v) || 200 })} />
        </Form.Item>
        <Form.Item label={t('layout.collapse')}>
          <Switch checked={layout.menuCollapse} onChange={(menuCollapse) => setLayoutConfig({ menuCollapse })} />
        </Form.Item>
        <Form.Item label={t('layout.uniqueOpened')}>
          <Switch checked={layout.menuUniqueOpened} onChange={(menuUniqueOpened) => setLayoutConfig({ menuUniqueOpened })} />
        </Form.Item>
        <Form.Item label={t('layout.showTopBar')}>
          <Switch checked={layout.menuShowTopBar} onChange={(menuShowTopBar) => setLayoutConfig({ menuShowTopBar })} />
        </Form.Item>
        <Form.Item label={t('layout.defaultIcon')} htmlFor="layout-default-icon">
          <IconPicker
            id="layout-default-icon"
            value={layout.menuDefaultIcon}
            onChange={(menuDefaultIcon) => setLayoutConfig({ menuDefaultIcon })}
            choice={ICON_CHOICE}
          />
        </Form.Item>
        <Divider>{layout.isDark ? t('layout.darkColours') : t('layout.lightColours')}</Divider>
        {PAIRS.map((key) => (
          <Form.Item key={key} label={t(`layout.${key}`)}>
            <ColorPicker value={layout[key][index]} onChangeComplete={(c) => setPair(key, c.toHexString())} showText />
          </Form.Item>
        ))}
        <Button block onClick={() => setLayoutConfig({ ...DEFAULT_LAYOUT, isDark: layout.isDark })}>
          {t('layout.reset')}
        </Button>
      </Form>
    </Drawer>
  );
}
