/**
 * The build-task terminal (SPEC §2 "terminal panel"): a header button (with a dot when a task wrote
 * something while the panel was closed) that opens the panel — the task list with each task's
 * status, log, retry and delete; the task buttons; the package-manager dialog and the settings dialog.
 * The state machine is src/lib/terminal-store (SPEC §4); the tasks themselves are the server's
 * whitelist (functions/services/terminal.py). Shown to admins holding the button rule routine/terminal.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ComponentRef, type ReactNode, type RefObject } from 'react';
import { Alert, Badge, Button, Empty, Flex, Form, Input, InputNumber, Modal, Radio, Space, Tag, Tooltip, Typography } from 'antd';
import { CodeOutlined, DeleteOutlined, DownOutlined, RedoOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAdminState, type MenuNode } from '../../../../lib/admin-store';
import {
  PACKAGE_MANAGERS,
  setTerminalPrepare,
  TaskStatus,
  terminal,
  TERMINAL_NS,
  type TerminalState,
  type TerminalTask,
} from '../../../../lib/terminal-store';
import { RequestError } from '../../../../lib/request';
import { useNamespace } from '../../shell/use-admin-i18n';
import { changeTerminalConfig, checkTerminal } from './api';

export const TERMINAL_RULE = 'routine/terminal';

setTerminalPrepare(checkTerminal);

function useTerminal(): TerminalState {
  const store = terminal();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

function holds(menus: MenuNode[], name: string): boolean {
  return menus.some((node) => node.name === name || holds(node.children ?? [], name));
}

/** The header button; renders nothing for admins without the terminal rule. */
export function TerminalButton() {
  const { menus } = useAdminState();
  return holds(menus, TERMINAL_RULE) ? <Terminal /> : null;
}

const STATUS_COLOR: Record<number, string> = {
  [TaskStatus.Waiting]: 'default',
  [TaskStatus.Connecting]: 'warning',
  [TaskStatus.Executing]: 'processing',
  [TaskStatus.Success]: 'success',
  [TaskStatus.Failed]: 'error',
  [TaskStatus.Unknown]: 'error',
};

interface TaskButton {
  key: string;
  /** The task name the server must offer (its package manager added for `pm` tasks). */
  task: string;
  pm?: boolean;
  blockOnFailure?: boolean;
  confirm?: boolean;
}

// The order of the panel's buttons; each is shown only when the server can run it here.
const TASK_BUTTONS: TaskButton[] = [
  { key: 'test', task: 'test', pm: true, blockOnFailure: false },
  { key: 'install', task: 'web-install', pm: true },
  { key: 'webBuild', task: 'web-build', pm: true, confirm: true },
  { key: 'publish', task: 'publish' },
  { key: 'dataUpgrade', task: 'data-upgrade' },
  { key: 'cdnClear', task: 'cdn-clear' },
  { key: 'testPython', task: 'test-python' },
  { key: 'testWeb', task: 'test-web', pm: true },
];

function Terminal() {
  const ready = useNamespace(TERMINAL_NS);
  const { t } = useTranslation(TERMINAL_NS);
  const state = useTerminal();
  const store = terminal();
  const label = state.showDot ? t('newOutput') : t('open');
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Tooltip title={ready ? label : undefined}>
        <Button
          type="text"
          aria-label={ready ? label : 'Terminal'}
          aria-haspopup="dialog"
          ref={opener}
          data-testid="terminal-button"
          onClick={() => store.toggle(true)}
          style={{ flex: 'none', paddingInline: 6 }}
          icon={
            <Badge dot={state.showDot} offset={[2, 0]}>
              <CodeOutlined aria-hidden style={{ fontSize: 16 }} />
            </Badge>
          }
        />
      </Tooltip>
      {ready ? (
        <>
          <TerminalDialog state={state} opener={opener} />
          <PackageManagerDialog state={state} />
          <ConfigDialog state={state} />
        </>
      ) : null}
    </>
  );
}

export function TerminalDialog({ state, opener }: { state: TerminalState; opener: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation(TERMINAL_NS);
  const store = terminal();
  const [modal, holder] = Modal.useModal();
  const listLabel = useId();
  const offered = (button: TaskButton) => {
    if (button.pm && state.packageManager === 'none') return false;
    const name = button.pm ? `${button.task}.${state.packageManager}` : button.task;
    return state.tasks === null || state.tasks.includes(name);
  };
  const run = (button: TaskButton) => {
    const add = () =>
      button.pm ? store.addTaskPM(button.task, button.blockOnFailure ?? true) : store.addTask(button.task, button.blockOnFailure ?? true);
    if (!button.confirm) return add();
    void modal.confirm({
      title: t('reminder'),
      content: t('confirmRepublish'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: add,
    });
  };
  const portMismatch = state.mode === 'local' && typeof window !== 'undefined' && (window.location.port || '80') !== state.port;
  return (
    <Modal
      open={state.show}
      title={t('title')}
      onCancel={() => store.toggle(false)}
      // The panel hands the focus back itself, and only when it closed for good: closed for its settings or
      // package-manager dialog, a focus sent out of that open dialog made its focus trap put it on Close —
      // mid-typing, so Enter closed the dialog. Reopened from one of them, antd would return it to that
      // dialog's hidden button.
      focusTriggerAfterClose={false}
      afterClose={() => {
        const { show, showConfig, showPackageManagerDialog } = store.getState();
        if (!show && !showConfig && !showPackageManagerDialog) opener.current?.focus();
      }}
      footer={null}
      width="min(760px, 94vw)"
      destroyOnHidden={false}
      data-testid="terminal-panel"
    >
      {holder}
      {state.mode === 'aws' ? <Alert type="info" showIcon title={t('awsNote')} style={{ marginBottom: 12 }} /> : null}
      {portMismatch ? <Alert type="warning" showIcon title={t('portWarning')} style={{ marginBottom: 12 }} /> : null}
      <Typography.Title level={2} id={listLabel} style={{ fontSize: 15, marginTop: 0 }}>
        {t('tasks')}
      </Typography.Title>
      {state.taskList.length ? (
        <ol aria-labelledby={listLabel} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 10 }}>
          {state.taskList.map((task, idx) => (
            <TaskItem key={task.uuid} task={task} idx={idx} />
          ))}
        </ol>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      )}
      <Flex wrap gap={8} style={{ marginTop: 16 }} role="group" aria-label={t('actions.more')}>
        {TASK_BUTTONS.filter(offered).map((button) => (
          // A native title, not a tooltip: on a phone a tooltip stays over the list after a tap.
          <Button key={button.key} onClick={() => run(button)} data-task={button.task} title={t(`describe.${button.key}`)}>
            {t(`actions.${button.key}`)}
          </Button>
        ))}
        <Button icon={<DeleteOutlined aria-hidden />} onClick={() => store.clearSuccessTask()}>
          {t('actions.clear')}
        </Button>
        {state.mode === 'local' ? (
          <Button onClick={() => store.togglePackageManagerDialog(true)}>
            {t('actions.packageManager')} {state.packageManager.toUpperCase()}
          </Button>
        ) : null}
        <Button onClick={() => store.toggleConfigDialog(true)}>{t('actions.settings')}</Button>
      </Flex>
      {state.tasks !== null && !TASK_BUTTONS.some(offered) ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('noTaskAllowed')}
        </Typography.Paragraph>
      ) : null}
      {state.packageManager === 'none' && state.mode === 'local' ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('pm.manualNote')}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}

function TaskItem({ task, idx }: { task: TerminalTask; idx: number }) {
  const { t } = useTranslation(TERMINAL_NS);
  const store = terminal();
  const logId = useId();
  const running = task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing;
  const failed = task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown;
  const logOpen = running || (task.status > TaskStatus.Executing && task.showMessage);
  return (
    <li
      data-testid="terminal-task"
      data-status={task.status}
      data-command={task.command}
      style={{ border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8, padding: 10 }}
    >
      <Flex wrap align="center" gap={6}>
        <Tag color={STATUS_COLOR[task.status]} style={{ marginInlineEnd: 0 }}>
          {t(`status.${task.status}`)}
        </Tag>
        {failed && task.blockOnFailure ? <Tag color="warning">{t('blocking')}</Tag> : null}
        {running ? <Tag color="error">{t('noRefresh')}</Tag> : null}
        <Typography.Text strong code style={{ wordBreak: 'break-all' }}>
          {task.command}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {task.createtime}
        </Typography.Text>
        <Space size={4} style={{ marginInlineStart: 'auto' }}>
          {failed ? (
            <Tooltip title={t('retry')}>
              <Button
                size="small"
                shape="circle"
                icon={<RedoOutlined aria-hidden />}
                aria-label={t('retryNamed', { command: task.command })}
                onClick={() => store.retryTask(idx)}
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('delete')}>
            <Button
              size="small"
              shape="circle"
              danger
              disabled={running}
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('deleteNamed', { command: task.command })}
              onClick={() => store.delTask(idx)}
            />
          </Tooltip>
        </Space>
      </Flex>
      {task.status !== TaskStatus.Waiting ? (
        <>
          {!running ? (
            <Button
              type="link"
              size="small"
              aria-expanded={logOpen}
              aria-controls={logId}
              onClick={() => store.setTaskShowMessage(idx)}
              style={{ paddingInline: 0, marginTop: 6 }}
              icon={logOpen ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              iconPlacement="end"
            >
              {t('commandLog')}
            </Button>
          ) : null}
          {logOpen ? (
            <pre
              id={logId}
              role="log"
              aria-live={running ? 'polite' : 'off'}
              aria-label={t('commandLog')}
              tabIndex={0}
              data-testid="terminal-log"
              ref={(el) => {
                if (el && running) el.scrollTop = el.scrollHeight;
              }}
              style={{
                background: '#2b2b36',
                color: '#e8e8ee',
                fontSize: 12,
                lineHeight: '18px',
                padding: 8,
                margin: '8px 0 0',
                minHeight: 30,
                maxHeight: 240,
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                borderRadius: 4,
              }}
            >
              {task.message.map((line, i) => (
                <div key={i}>{line}</div>
              ))}
            </pre>
          ) : null}
        </>
      ) : null}
    </li>
  );
}

/** A dialog opened from the panel (package manager, settings): narrower than the panel, no footer. */
function SmallDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width="min(560px, 94vw)">
      {children}
    </Modal>
  );
}

function PackageManagerDialog({ state }: { state: TerminalState }) {
  const { t } = useTranslation(TERMINAL_NS);
  const store = terminal();
  const choose = (manager: string) => {
    void changeTerminalConfig({ manager }).then(
      (res) => {
        if (res.code === 1) store.changePackageManager(manager);
      },
      () => undefined,
    );
    store.togglePackageManagerDialog(false);
  };
  return (
    <SmallDialog open={state.showPackageManagerDialog} title={t('pm.title')} onClose={() => store.togglePackageManagerDialog(false)}>
      <Typography.Paragraph>{t('pm.intro')}</Typography.Paragraph>
      <Flex wrap gap={8} justify="center" role="group" aria-label={t('pm.title')}>
        {PACKAGE_MANAGERS.map((manager) => (
          <Button
            key={manager}
            type={state.packageManager === manager ? 'primary' : 'default'}
            aria-pressed={state.packageManager === manager}
            onClick={() => choose(manager)}
          >
            {manager}
          </Button>
        ))}
        <Button
          type={state.packageManager === 'none' ? 'primary' : 'default'}
          aria-pressed={state.packageManager === 'none'}
          onClick={() => choose('none')}
        >
          {t('pm.manual')}
        </Button>
      </Flex>
    </SmallDialog>
  );
}

export function ConfigDialog({ state }: { state: TerminalState }) {
  const { t } = useTranslation(TERMINAL_NS);
  const store = terminal();
  const [port, setPort] = useState(state.port);
  useEffect(() => setPort(state.port), [state.port]);
  // The port being saved: Enter then leaving the field must not send the same save twice (the request
  // client would cancel the first, and its rejection must not put the old port back).
  const saving = useRef<string | null>(null);
  // Reads the field itself, not the last render's state: Enter right after typing saves what is shown.
  const field = useRef<ComponentRef<typeof InputNumber>>(null);
  const savePort = () => {
    const typed = (field.current?.value ?? '').trim();
    const value = /^\d+$/.test(typed) ? String(Number(typed)) : port;
    if (!value || value === state.port || value === saving.current) return;
    saving.current = value;
    const settle = (saved: boolean) => {
      if (saving.current === value) saving.current = null;
      if (saved) store.changePort(value);
      else if (saving.current === null) setPort(store.getState().port);
    };
    void changeTerminalConfig({ port: value }).then(
      (res) => settle(res.code === 1),
      (error: unknown) => {
        if (!(error instanceof RequestError && error.kind === 'canceled')) settle(false);
      },
    );
  };
  const changeCleanup = (value: '0' | '1') => {
    store.changeAutomaticCleanupTask(value);
    void changeTerminalConfig({ automaticCleanupTask: value }).catch(() => undefined);
  };
  const startCommand = state.port === '8000' ? 'make run' : `make run PORT=${state.port}`;
  const serviceUrl = `http://127.0.0.1:${state.port}`;
  return (
    <SmallDialog open={state.showConfig} title={t('config.title')} onClose={() => store.toggleConfigDialog(false)}>
      <Form layout="vertical">
        {state.mode === 'local' ? (
          <>
            <Form.Item label={t('config.port')} help={t('config.portHelp')} htmlFor="terminal-port">
              <InputNumber
                id="terminal-port"
                ref={field}
                min={1}
                max={65535}
                precision={0}
                value={Number(port) || null}
                onChange={(value) => setPort(value ? String(value) : '')}
                onBlur={savePort}
                onPressEnter={savePort}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item label={t('config.startCommand')} help={t('config.startHelp')} htmlFor="terminal-start">
              <Input id="terminal-start" readOnly value={startCommand} />
            </Form.Item>
            <Form.Item label={t('config.url')} help={t('config.urlHelp')} htmlFor="terminal-url">
              <Input id="terminal-url" readOnly value={serviceUrl} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item label={t('config.cleanup')}>
          <Radio.Group
            value={state.automaticCleanupTask}
            onChange={(e) => changeCleanup(e.target.value as '0' | '1')}
            options={[
              { value: '0', label: t('config.disable') },
              { value: '1', label: t('config.enable') },
            ]}
            optionType="button"
            aria-label={t('config.cleanup')}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button onClick={() => store.toggleConfigDialog(false)}>{t('config.back')}</Button>
      </Flex>
    </SmallDialog>
  );
}
