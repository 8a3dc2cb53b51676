/**
 * The build-task terminal's state machine (SPEC §3 "Terminal task/settings", §4 "Terminal task
 * status", §9 defaults). It lives in src/lib because the back office's loading route hands it the
 * server's terminal settings (GET /admin/index/index → terminal) and the panel
 * (features/admin/routine/terminal) shows it.
 *
 * Rules (SPEC §4):
 * - Statuses: Waiting 0, Connecting 1, Executing 2, Success 3, Failed 4, Unknown 5. A task starts Waiting.
 * - startTask: the first Waiting task starts, unless an earlier task is Connecting or Executing, or an
 *   earlier Failed/Unknown task has blockOnFailure; a failed task without blocking is skipped.
 * - A started task is Connecting; stream messages drive it: command-link-success → Executing,
 *   command-exec-success → Success, command-exec-error → Failed, command-exec-completed closes the
 *   stream and sets Failed unless Success; other messages are output lines. A stream error → Failed.
 * - On reload (init) Connecting and Executing tasks become Unknown.
 * - A Failed or Unknown task with blockOnFailure shows its messages.
 * - Retry clears the messages and sets Waiting; delete is refused while Connecting or Executing;
 *   clearing removes Success tasks, and runs when a task is added and automaticCleanupTask is '1'.
 * - After each task ends its callback gets Success or Failed, then the next task starts.
 * - Adding a task while the panel is hidden lights the header dot, and says so when the new task is
 *   blocked: 'Newly added tasks will never start because they are blocked by failed tasks'.
 * Only showDot, taskList and automaticCleanupTask are saved in local storage (key TERMINAL_CONFIG);
 * callbacks are not (a reloaded task has none).
 *
 * Streams: GET {apiUrl}/admin/Terminal/index?command=&uuid=&extend=&batoken=&lang= as EventSource.
 * Before opening one the store runs `prepare` (a plain call through the request client, which refreshes
 * an expired token). When a server closes a response on purpose (AWS: each response replays the job's
 * log and ends) EventSource reconnects by itself with Last-Event-ID: an error while it is reconnecting
 * is not a failure, unless it keeps failing (MAX_RECONNECTS in a row without a message).
 */
import { OPENAPI_PREFIX } from './api/transport';
import type { AdminTerminalIndexData, TerminalSettings } from './api/generated/types.gen';
import { adminSession } from './auth-tokens';
import { currentLanguage, t } from './i18n';
import { notify } from './notify';
import { getSiteConfig } from './site';
import { TERMINAL_CONFIG } from './storage-keys';
import { readJson, writeJson } from './storage';

export const TaskStatus = { Waiting: 0, Connecting: 1, Executing: 2, Success: 3, Failed: 4, Unknown: 5 } as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];

export const FLAGS = {
  linkSuccess: 'command-link-success',
  execSuccess: 'command-exec-success',
  execError: 'command-exec-error',
  execCompleted: 'command-exec-completed',
} as const;

export const BLOCKED_KEY = 'blocked';
/** The English text of BLOCKED_KEY (SPEC §8). */
export const BLOCKED_MESSAGE = 'Newly added tasks will never start because they are blocked by failed tasks';
export const TERMINAL_NS = 'admin/terminal';
export const PACKAGE_MANAGERS = ['npm', 'cnpm', 'pnpm', 'yarn', 'ni'] as const;
export const MAX_RECONNECTS = 5;

export type TaskCallback = (status: typeof TaskStatus.Success | typeof TaskStatus.Failed) => void;

export interface TerminalTask {
  uuid: string;
  createtime: string;
  status: TaskStatusValue;
  command: string;
  message: string[];
  showMessage: boolean;
  blockOnFailure: boolean;
  extend: string;
  callback?: TaskCallback;
}

export interface TerminalState {
  show: boolean;
  showDot: boolean;
  taskList: TerminalTask[];
  packageManager: string;
  showPackageManagerDialog: boolean;
  showConfig: boolean;
  automaticCleanupTask: '0' | '1';
  port: string;
  /** Where the server runs the tasks: "local" (make run) or "aws" (jobs of the rebuild function). */
  mode: 'local' | 'aws';
  /** The task names the server runs here for this admin (null until the server said; empty: none
   * the admin may run, e.g. an admin holding only the terminal on AWS). */
  tasks: string[] | null;
}

/** What GET /admin/index/index answers as `terminal`. */
/** The terminal's settings as the API answers them (the shell's index, a settings change); tests pass a part. */
export type ServerTerminalConfig = Partial<TerminalSettings>;

/** The part of EventSource the store uses (tests pass a fake). */
export interface StreamLike {
  readyState: number;
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

export interface TerminalDeps {
  openStream: (url: string) => StreamLike;
  /** Runs before a stream opens; a rejection fails the task (the request client showed why). */
  prepare: () => Promise<unknown>;
  streamUrl: (task: TerminalTask) => string;
  notify: (text: string) => void;
  translate: (key: string) => string;
  load: () => Partial<Pick<TerminalState, 'showDot' | 'taskList' | 'automaticCleanupTask'>> | null;
  save: (value: Pick<TerminalState, 'showDot' | 'taskList' | 'automaticCleanupTask'>) => void;
  uuid: () => string;
  now: () => string;
}

const CLOSED = 2;

export function defaultState(): TerminalState {
  return {
    show: false,
    showDot: false,
    taskList: [],
    packageManager: 'pnpm',
    showPackageManagerDialog: false,
    showConfig: false,
    automaticCleanupTask: '1',
    port: '8000',
    mode: 'local',
    tasks: null,
  };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** year-month-day hour:minute:second (SPEC §9 default date format). */
export function timeNow(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 10)}`;
}

/** The stream operation's URL, checked against the generated client (EventSource cannot go through it). */
const TERMINAL_STREAM_URL: AdminTerminalIndexData['url'] = '/srv/admin/Terminal/index';

export function buildTerminalUrl(
  task: Pick<TerminalTask, 'command' | 'uuid' | 'extend'>,
  token: string,
  apiUrl = '/srv',
  lang = 'zh-cn',
): string {
  const query = new URLSearchParams({ command: task.command, uuid: task.uuid, extend: task.extend, batoken: token, lang });
  return `${apiUrl}${TERMINAL_STREAM_URL.slice(OPENAPI_PREFIX.length)}?${query.toString()}`;
}

function sanitizeTask(value: unknown): TerminalTask | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.uuid !== 'string' || typeof v.command !== 'string') return null;
  const status = Number(v.status);
  return {
    uuid: v.uuid,
    createtime: typeof v.createtime === 'string' ? v.createtime : '',
    status: (status >= 0 && status <= 5 ? status : TaskStatus.Unknown) as TaskStatusValue,
    command: v.command,
    message: Array.isArray(v.message) ? v.message.filter((m): m is string => typeof m === 'string') : [],
    showMessage: Boolean(v.showMessage),
    blockOnFailure: v.blockOnFailure !== false,
    extend: typeof v.extend === 'string' ? v.extend : '',
  };
}

export type TerminalStore = ReturnType<typeof createTerminalStore>;

export function createTerminalStore(deps: TerminalDeps) {
  let state: TerminalState = defaultState();
  const listeners = new Set<() => void>();
  let stream: StreamLike | null = null;

  const stored = deps.load();
  if (stored) {
    state = {
      ...state,
      showDot: Boolean(stored.showDot),
      taskList: Array.isArray(stored.taskList) ? stored.taskList.map(sanitizeTask).filter((x): x is TerminalTask => x !== null) : [],
      automaticCleanupTask: stored.automaticCleanupTask === '0' ? '0' : '1',
    };
  }

  function persist() {
    const { showDot, taskList, automaticCleanupTask } = state;
    // Callbacks are functions: JSON drops them, as intended.
    deps.save({ showDot, taskList: taskList.map(({ callback: _callback, ...task }) => task), automaticCleanupTask });
  }

  function set(patch: Partial<TerminalState>) {
    state = { ...state, ...patch };
    persist();
    listeners.forEach((listener) => listener());
  }

  function patchTask(idx: number, patch: Partial<TerminalTask>) {
    const taskList = state.taskList.slice();
    taskList[idx] = { ...taskList[idx], ...patch };
    set({ taskList });
  }

  /** On reload: what was Connecting or Executing has an unknown result. */
  function init() {
    state.taskList.forEach((task, idx) => {
      if (task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing) setTaskStatus(idx, TaskStatus.Unknown);
    });
  }

  function toggle(value = !state.show) {
    set({ show: value });
    if (value) toggleDot(false);
  }

  function toggleDot(value = !state.showDot) {
    set({ showDot: value });
  }

  function toggleConfigDialog(value = !state.showConfig) {
    toggle(!value);
    set({ showConfig: value });
  }

  function togglePackageManagerDialog(value = !state.showPackageManagerDialog) {
    toggle(!value);
    set({ showPackageManagerDialog: value });
  }

  function changePackageManager(value: string) {
    set({ packageManager: value });
  }

  function changePort(value: string) {
    set({ port: value });
  }

  function changeAutomaticCleanupTask(value: '0' | '1') {
    set({ automaticCleanupTask: value });
  }

  function applyServerConfig(config: ServerTerminalConfig | null | undefined) {
    if (!config) return;
    set({
      packageManager: config.npm_package_manager || state.packageManager,
      port: config.install_service_port || state.port,
      mode: config.mode === 'aws' ? 'aws' : 'local',
      tasks: Array.isArray(config.tasks) ? config.tasks : state.tasks,
    });
  }

  function setTaskStatus(idx: number, status: TaskStatusValue) {
    const task = state.taskList[idx];
    if (!task) return;
    const blocks = (status === TaskStatus.Failed || status === TaskStatus.Unknown) && task.blockOnFailure;
    patchTask(idx, blocks ? { status, showMessage: true } : { status });
  }

  function setTaskShowMessage(idx: number, value = !state.taskList[idx]?.showMessage) {
    if (state.taskList[idx]) patchTask(idx, { showMessage: value });
  }

  function addTaskMessage(idx: number, message: string) {
    if (!state.show) toggleDot(true);
    const task = state.taskList[idx];
    if (task) patchTask(idx, { message: task.message.concat(message) });
  }

  function taskCompleted(idx: number) {
    const task = state.taskList[idx];
    if (!task || typeof task.callback !== 'function') return;
    if (task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown) task.callback(TaskStatus.Failed);
    else if (task.status === TaskStatus.Success) task.callback(TaskStatus.Success);
  }

  /** Whether a task at `idx` could never start because an earlier failed task blocks the queue. */
  function isBlocked(idx: number): boolean {
    return state.taskList
      .slice(0, idx)
      .some((task) => (task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown) && task.blockOnFailure);
  }

  function addTask(command: string, blockOnFailure = true, extend = '', callback?: TaskCallback) {
    if (!state.show) toggleDot(true);
    const task: TerminalTask = {
      uuid: deps.uuid(),
      createtime: deps.now(),
      status: TaskStatus.Waiting,
      command,
      message: [],
      showMessage: false,
      blockOnFailure,
      extend,
      callback,
    };
    set({ taskList: state.taskList.concat(task) });
    if (Number.parseInt(state.automaticCleanupTask, 10) === 1) clearSuccessTask();
    if (!state.show && isBlocked(state.taskList.length - 1)) deps.notify(deps.translate(BLOCKED_KEY));
    startTask();
  }

  /** A task of the chosen package manager: "web-build" → "web-build.pnpm". */
  function addTaskPM(command: string, blockOnFailure = true, extend = '', callback?: TaskCallback) {
    addTask(`${command}.${state.packageManager}`, blockOnFailure, extend, callback);
  }

  function delTask(idx: number) {
    const task = state.taskList[idx];
    if (task && task.status !== TaskStatus.Connecting && task.status !== TaskStatus.Executing) {
      set({ taskList: state.taskList.filter((_, i) => i !== idx) });
    }
    startTask();
  }

  function startTask() {
    let next: number | null = null;
    for (const [idx, task] of state.taskList.entries()) {
      if (task.status === TaskStatus.Waiting) {
        next = idx;
        break;
      }
      if (task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing) break;
      if ((task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown) && task.blockOnFailure) break;
    }
    if (next === null) return;
    setTaskStatus(next, TaskStatus.Connecting);
    startEventSource(state.taskList[next].uuid);
  }

  function indexOf(uuid: string): number {
    return state.taskList.findIndex((task) => task.uuid === uuid);
  }

  /** The task ends: close its stream, report to its callback, start the next one. */
  function finish(uuid: string, status?: TaskStatusValue) {
    const idx = indexOf(uuid);
    if (idx < 0) return;
    if (status !== undefined) setTaskStatus(idx, status);
    taskCompleted(idx);
    startTask();
  }

  function startEventSource(uuid: string) {
    const closeStream = () => {
      stream?.close();
      stream = null;
    };
    deps.prepare().then(
      () => {
        const idx = indexOf(uuid);
        if (idx < 0 || state.taskList[idx].status !== TaskStatus.Connecting) return;
        const source = deps.openStream(deps.streamUrl(state.taskList[idx]));
        stream = source;
        let failures = 0;
        source.onmessage = (event) => {
          failures = 0;
          let payload: { data?: string; uuid?: string } | null = null;
          try {
            payload = JSON.parse(event.data) as { data?: string; uuid?: string };
          } catch {
            return;
          }
          if (!payload || !payload.data || payload.uuid !== uuid) return;
          const at = indexOf(uuid);
          if (at < 0) return;
          switch (payload.data) {
            case FLAGS.linkSuccess:
              setTaskStatus(at, TaskStatus.Executing);
              break;
            case FLAGS.execSuccess:
              setTaskStatus(at, TaskStatus.Success);
              break;
            case FLAGS.execError:
              setTaskStatus(at, TaskStatus.Failed);
              break;
            case FLAGS.execCompleted: {
              if (source === stream) closeStream();
              else source.close();
              finish(uuid, state.taskList[at].status === TaskStatus.Success ? undefined : TaskStatus.Failed);
              break;
            }
            default:
              addTaskMessage(at, payload.data);
          }
        };
        source.onerror = () => {
          failures += 1;
          // Reconnecting (the server ended a response on purpose, or a blip): EventSource comes back
          // with Last-Event-ID by itself. A refused or repeatedly failing stream is a stream error.
          if (source.readyState !== CLOSED && failures <= MAX_RECONNECTS) return;
          if (source === stream) closeStream();
          else source.close();
          const at = indexOf(uuid);
          if (at < 0) return;
          const status = state.taskList[at].status;
          if (status === TaskStatus.Connecting || status === TaskStatus.Executing) finish(uuid, TaskStatus.Failed);
        };
      },
      () => finish(uuid, TaskStatus.Failed),
    );
  }

  function retryTask(idx: number) {
    if (!state.taskList[idx]) return;
    patchTask(idx, { message: [] });
    setTaskStatus(idx, TaskStatus.Waiting);
    startTask();
  }

  function clearSuccessTask() {
    set({ taskList: state.taskList.filter((task) => task.status !== TaskStatus.Success) });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    init,
    toggle,
    toggleDot,
    toggleConfigDialog,
    togglePackageManagerDialog,
    changePackageManager,
    changePort,
    changeAutomaticCleanupTask,
    applyServerConfig,
    setTaskStatus,
    setTaskShowMessage,
    addTaskMessage,
    addTask,
    addTaskPM,
    delTask,
    startTask,
    retryTask,
    clearSuccessTask,
    isBlocked,
  };
}

let prepareStream: () => Promise<unknown> = () => Promise.resolve();

/** The panel plugs in the call made before each stream (GET /admin/Terminal/check). */
export function setTerminalPrepare(prepare: () => Promise<unknown>): void {
  prepareStream = prepare;
}

/** The app's terminal (browser deps); created on first use. */
let instance: TerminalStore | null = null;
export function terminal(): TerminalStore {
  if (!instance) {
    instance = createTerminalStore({
      openStream: (url) => new EventSource(url) as unknown as StreamLike,
      prepare: () => prepareStream(),
      streamUrl: (task) => buildTerminalUrl(task, adminSession.getToken('auth'), getSiteConfig().apiUrl || '/srv', currentLanguage()),
      notify: (text) => notify('error', text),
      translate: (key) => t(`${TERMINAL_NS}:${key}`),
      load: () => readJson(TERMINAL_CONFIG),
      save: (value) => writeJson(TERMINAL_CONFIG, value),
      uuid: randomUuid,
      now: () => timeNow(),
    });
    instance.init();
  }
  return instance;
}
