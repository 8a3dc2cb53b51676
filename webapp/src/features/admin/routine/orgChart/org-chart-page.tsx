/**
 * routine/orgChart: the organisation chart editor (SPEC §3 tree node, §5, §9). The chart is loaded
 * whole, edited here and saved whole (button "Save"; the server checks it again and publishes the
 * site's /about/organization shortly after).
 *
 * - Drag a unit onto another to move it under it (a drag starts after 5 px); click selects (after
 *   260 ms), double click renames; the ⋯ button or a right click opens the menu: add a child unit,
 *   rename, move to…, move earlier / later among its siblings, hide from / show on the site, disable (lock) / enable, delete (not the root).
 * - Zoom: the − / + buttons and Ctrl + wheel, in steps of 0.1 from 30 % to 300 %.
 * - Unsaved changes: marked beside the title; leaving or reloading the browser page, closing or
 *   reloading the tab (lib/unsaved) and "Reload" ask first.
 */
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Skeleton, Tag, theme, Tooltip, Typography, type MenuProps } from 'antd';
import {
  ColumnWidthOutlined,
  CompressOutlined,
  ExpandOutlined,
  ReloadOutlined,
  SaveOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RoutePathContext, useAuth } from '../../../../components/permission';
import { currentLanguage } from '../../../../lib/i18n';
import { RequestError } from '../../../../lib/request';
import { setUnsaved } from '../../../../lib/unsaved';
import { loadChart, saveChart, type OrgChart, type OrgNode } from './api';
import { ChartCanvas } from './chart-canvas';
import { stepZoom, ZOOM_MAX, ZOOM_MIN } from './interaction';
import { MoveDialog, NodeDialog, type NodeValues } from './node-dialogs';
import { addChild, allows, countNodes, height, locate, move, remove, shift, update, type Action } from './tree';

const NS = 'admin/routine/orgChart';

type Editing = { mode: 'add' | 'rename'; id: string } | null;

function setAll(node: OrgNode, expand: boolean): OrgNode {
  return { ...node, expand, children: node.children.map((child) => setAll(child, expand)) };
}

export default function OrgChartPage() {
  const { t } = useTranslation(NS);
  const [modal, holder] = Modal.useModal();
  const { token } = theme.useToken();
  const editable = useAuth('edit');
  const tabPath = useContext(RoutePathContext);
  const [chart, setChart] = useState<OrgChart | null>(null);
  const [tree, setTree] = useState<OrgNode | null>(null);
  const [savedJson, setSavedJson] = useState('');
  const [loadError, setLoadError] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [fitKey, setFitKey] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const en = currentLanguage() === 'en';
  const nameOf = useCallback((node: OrgNode) => (en ? node.label_en : node.label), [en]);
  const otherNameOf = useCallback((node: OrgNode) => (en ? node.label : node.label_en), [en]);
  const limits = chart?.limits ?? { maxNodes: 300, maxDepth: 10, labelMax: 60, classNames: [''] };
  const dirty = tree !== null && JSON.stringify(tree) !== savedJson;

  const show = useCallback((loaded: OrgChart) => {
    setChart(loaded);
    setTree(loaded.tree);
    setSavedJson(JSON.stringify(loaded.tree));
  }, []);

  const reload = useCallback(async () => {
    setLoadError(false);
    try {
      show(await loadChart());
    } catch {
      setLoadError(true);
    }
  }, [show]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Closing or reloading this tab asks first (the shell reads lib/unsaved).
  useEffect(() => {
    setUnsaved(tabPath, dirty);
    return () => setUnsaved(tabPath, false);
  }, [tabPath, dirty]);

  // Leaving or reloading the browser page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const askReload = () => {
    if (!dirty) return void reload();
    void modal.confirm({
      title: t('discardTitle'),
      content: t('discardText'),
      okText: t('discard'),
      cancelText: t('form.cancel'),
      okButtonProps: { danger: true },
      onOk: () => reload(),
    });
  };

  const save = async () => {
    if (!tree || !chart) return;
    setSaving(true);
    try {
      show(await saveChart(tree, chart.version));
    } catch (error) {
      const node = error instanceof RequestError ? (error.body?.data as { node?: string } | null)?.node : undefined;
      if (node) setSelected(node);
    } finally {
      setSaving(false);
    }
  };

  const act = (node: OrgNode, action: Action) => {
    if (!tree) return;
    if (action === 'add' || action === 'rename') setEditing({ mode: action, id: node.id });
    if (action === 'move') setMoving(node.id);
    if (action === 'earlier' || action === 'later') setTree(shift(tree, node.id, action === 'earlier' ? -1 : 1));
    if (action === 'hide') setTree(update(tree, node.id, { hidden: !node.hidden }));
    if (action === 'disable') setTree(update(tree, node.id, { disabled: !node.disabled }));
    if (action === 'delete') {
      const count = countNodes(node) - 1;
      void modal.confirm({
        title: t('deleteTitle', { name: nameOf(node) }),
        content: count ? t('deleteWithChildren', { count }) : t('deleteOne'),
        okText: t('menu.delete'),
        cancelText: t('form.cancel'),
        okButtonProps: { danger: true },
        onOk: () => {
          setTree((current) => (current ? remove(current, node.id) : current));
          setSelected((current) => (current && locate(node, current) ? null : current));
        },
      });
    }
  };

  const menu = (node: OrgNode): MenuProps => {
    const root = node.pid === '';
    const ok = (action: Action) => editable && tree !== null && allows(tree, node.id, action, limits);
    const items: MenuProps['items'] = [
      { key: 'add', label: t('menu.add'), disabled: !ok('add') },
      { key: 'rename', label: t('menu.rename'), disabled: !ok('rename') },
      { key: 'move', label: t('menu.move'), disabled: !ok('move') },
      { key: 'earlier', label: t('menu.earlier'), disabled: !ok('earlier') },
      { key: 'later', label: t('menu.later'), disabled: !ok('later') },
      { type: 'divider' },
      { key: 'hide', label: t(node.hidden ? 'menu.show' : 'menu.hide'), disabled: !ok('hide') },
      { key: 'disable', label: t(node.disabled ? 'menu.enable' : 'menu.disable'), disabled: !ok('disable') },
      { type: 'divider' },
      { key: 'delete', label: t(root ? 'menu.deleteRoot' : 'menu.delete'), danger: !root, disabled: !ok('delete') },
    ];
    return { items, onClick: ({ key }) => act(node, key as Action) };
  };

  const editingNode = editing && tree ? locate(tree, editing.id)?.node : undefined;
  const dialogInitial = useMemo<NodeValues>(() => {
    if (!editing || !editingNode) return { label: '', label_en: '', className: '' };
    if (editing.mode === 'add')
      return { label: '', label_en: '', className: editingNode.className === 'org-lead' ? '' : editingNode.className };
    return {
      label: editingNode.label,
      label_en: editingNode.label_en,
      className: editingNode.className,
      borderColor: editingNode.style.borderColor,
    };
  }, [editing, editingNode]);

  const submitNode = (values: NodeValues) => {
    if (!tree || !editing) return;
    const fields = {
      label: values.label,
      label_en: values.label_en,
      className: values.className ?? '',
      style: values.borderColor ? { borderColor: values.borderColor.toLowerCase() } : {},
    };
    if (editing.mode === 'add') {
      const next = addChild(tree, editing.id, fields);
      setTree(next);
      const parent = locate(next, editing.id)?.node;
      setSelected(parent?.children[parent.children.length - 1]?.id ?? null);
    } else setTree(update(tree, editing.id, fields));
    setEditing(null);
  };

  const open = (id: string) => {
    setSelected(id);
    if (editable && tree && allows(tree, id, 'rename', limits)) setEditing({ mode: 'rename', id });
  };

  const selectedInfo = selected && tree ? locate(tree, selected) : null;
  const movingNode = moving && tree ? (locate(tree, moving)?.node ?? null) : null;

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap="wrap">
          {t('title')}
          {dirty && (
            <Tag color="warning" data-testid="org-unsaved">
              {t('unsaved')}
            </Tag>
          )}
        </Flex>
      }
    >
      {holder}
      <Typography.Paragraph style={{ color: token.colorTextSecondary }}>{t('intro')}</Typography.Paragraph>
      {loadError && (
        <Alert type="error" showIcon title={t('loadFailed')} action={<Button onClick={() => void reload()}>{t('reload')}</Button>} />
      )}
      {!tree && !loadError && <Skeleton active />}
      {tree && (
        <Flex vertical gap={12}>
          <Flex gap={8} wrap="wrap" align="center" role="toolbar" aria-label={t('toolbar')}>
            {editable && (
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={!dirty}
                loading={saving}
                onClick={() => void save()}
                data-testid="org-save"
              >
                {t('save')}
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={askReload}>
              {t('reload')}
            </Button>
            <Tooltip title={t('zoomOut')}>
              <Button
                icon={<ZoomOutOutlined />}
                aria-label={t('zoomOut')}
                disabled={zoom <= ZOOM_MIN}
                onClick={() => setZoom((z) => stepZoom(z, -1))}
              />
            </Tooltip>
            {/* The name starts with the level shown, so that voice control finds the button by what it says. */}
            <Button
              onClick={() => setZoom(1)}
              aria-label={t('zoomReset', { level: Math.round(zoom * 100) })}
              data-testid="org-zoom-level"
              style={{ minWidth: 64 }}
            >
              {Math.round(zoom * 100)}%
            </Button>
            <Tooltip title={t('zoomIn')}>
              <Button
                icon={<ZoomInOutlined />}
                aria-label={t('zoomIn')}
                disabled={zoom >= ZOOM_MAX}
                onClick={() => setZoom((z) => stepZoom(z, 1))}
              />
            </Tooltip>
            <Button icon={<ColumnWidthOutlined />} onClick={() => setFitKey((k) => k + 1)}>
              {t('fit')}
            </Button>
            <Button icon={<ExpandOutlined />} onClick={() => setTree(setAll(tree, true))}>
              {t('expandAll')}
            </Button>
            <Button icon={<CompressOutlined />} onClick={() => setTree(setAll(tree, false))}>
              {t('collapseAll')}
            </Button>
            <Typography.Text style={{ color: token.colorTextSecondary }} data-testid="org-stats">
              {t('stats', { count: countNodes(tree), max: limits.maxNodes, depth: height(tree), maxDepth: limits.maxDepth })}
            </Typography.Text>
          </Flex>
          <ChartCanvas
            tree={tree}
            limits={limits}
            zoom={zoom}
            onZoom={setZoom}
            selected={selected}
            onSelect={setSelected}
            onOpen={open}
            onMove={(id, target) => setTree(move(tree, id, target, limits))}
            onToggle={(id) => {
              const node = locate(tree, id)?.node;
              if (node) setTree(update(tree, id, { expand: !node.expand }));
            }}
            menu={menu}
            nameOf={nameOf}
            otherNameOf={otherNameOf}
            editable={editable}
            fitKey={fitKey}
          />
          <Typography.Text data-testid="org-selected" aria-live="polite">
            {selectedInfo
              ? t(selectedInfo.parent ? 'selectedUnder' : 'selectedTop', {
                  name: nameOf(selectedInfo.node),
                  parent: selectedInfo.parent ? nameOf(selectedInfo.parent) : '',
                  level: selectedInfo.level,
                  count: selectedInfo.node.children.length,
                })
              : t('nothingSelected')}
          </Typography.Text>
        </Flex>
      )}
      {tree && (
        <>
          <NodeDialog
            open={editing !== null && editingNode !== undefined}
            title={editing?.mode === 'add' && editingNode ? t('form.addTitle', { parent: nameOf(editingNode) }) : t('form.renameTitle')}
            initial={dialogInitial}
            classNames={limits.classNames}
            labelMax={limits.labelMax}
            onCancel={() => setEditing(null)}
            onSubmit={submitNode}
          />
          <MoveDialog
            tree={tree}
            moving={movingNode}
            limits={limits}
            nameOf={nameOf}
            onCancel={() => setMoving(null)}
            onSubmit={(target) => {
              if (moving) setTree(move(tree, moving, target, limits));
              setMoving(null);
            }}
          />
        </>
      )}
    </Card>
  );
}
