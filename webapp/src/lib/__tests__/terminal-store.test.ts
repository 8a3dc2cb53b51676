/** The terminal's state machine, rule by rule (SPEC §3, §4, §9), with a fake EventSource. */
import { describe, expect, it, vi } from 'vitest';
import {
  BLOCKED_MESSAGE,
  buildTerminalUrl,
  createTerminalStore,
  defaultState,
  FLAGS,
  MAX_RECONNECTS,
  TaskStatus,
  timeNow,
  type StreamLike,
  type TerminalDeps,
  type TerminalTask,
} from '../terminal-store';

class FakeStream implements StreamLike {
  readyState = 1;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(public url: string) {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  send(uuid: string, data: string) {
    this.onmessage?.({ data: JSON.stringify({ data, uuid, extend: '', key: 'x' }) });
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.({});
  }
}

function setup(stored: unknown = null, prepare: () => Promise<unknown> = () => Promise.resolve()) {
  const streams: FakeStream[] = [];
  const saved: unknown[] = [];
  const notices: string[] = [];
  let n = 0;
  const deps: TerminalDeps = {
    openStream: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream;
    },
    prepare,
    streamUrl: (task) => buildTerminalUrl(task, 'tok'),
    notify: (text) => notices.push(text),
    translate: (key) => (key === 'blocked' ? BLOCKED_MESSAGE : key),
    load: () => stored as ReturnType<TerminalDeps['load']>,
    save: (value) => saved.push(JSON.parse(JSON.stringify(value))),
    uuid: () => `u${++n}`,
    now: () => '2026-01-02 03:04:05',
  };
  const store = createTerminalStore(deps);
  return { store, streams, saved, notices, s: () => store.getState() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store with task `a` added (`callback` hears how it ends), then the tasks `more`, and the first stream open. */
async function started(blockOnFailure: boolean, ...more: string[]) {
  const callback = vi.fn();
  const run = setup();
  run.store.addTask('a', blockOnFailure, '', callback);
  for (const command of more) run.store.addTask(command);
  await flush();
  return { ...run, callback };
}

function task(status: number, extra: Partial<TerminalTask> = {}): TerminalTask {
  return {
    uuid: `t${status}-${Math.random()}`,
    createtime: '',
    status: status as TerminalTask['status'],
    command: 'test.npm',
    message: [],
    showMessage: false,
    blockOnFailure: true,
    extend: '',
    ...extra,
  };
}

describe('defaults (SPEC §3, §9)', () => {
  it('uses pnpm, port 8000 and automatic cleanup on', () => {
    const d = defaultState();
    expect(d.packageManager).toBe('pnpm');
    expect(d.port).toBe('8000');
    expect(d.automaticCleanupTask).toBe('1');
    expect(d.show).toBe(false);
    expect(d.showPackageManagerDialog).toBe(false);
    expect(d.showConfig).toBe(false);
  });
  it('status numbers', () => {
    expect(TaskStatus).toEqual({ Waiting: 0, Connecting: 1, Executing: 2, Success: 3, Failed: 4, Unknown: 5 });
  });
});

describe('persistence', () => {
  it('saves only showDot, taskList and automaticCleanupTask, without callbacks', async () => {
    const { store, saved } = setup();
    store.changePackageManager('npm');
    store.changePort('9000');
    store.addTask('test.npm', true, '', () => undefined);
    await flush();
    const last = saved.at(-1) as Record<string, unknown>;
    expect(Object.keys(last).sort()).toEqual(['automaticCleanupTask', 'showDot', 'taskList']);
    expect((last.taskList as Record<string, unknown>[])[0]).not.toHaveProperty('callback');
  });
  it('reads them back, and a reload turns Connecting and Executing into Unknown', () => {
    const stored = {
      showDot: true,
      automaticCleanupTask: '0',
      taskList: [
        task(TaskStatus.Connecting),
        task(TaskStatus.Executing, { blockOnFailure: false }),
        task(TaskStatus.Success),
        task(TaskStatus.Waiting),
      ],
      packageManager: 'yarn',
    };
    const { store, s } = setup(stored);
    store.init();
    expect(s().showDot).toBe(true);
    expect(s().automaticCleanupTask).toBe('0');
    expect(s().packageManager).toBe('pnpm'); // not persisted
    expect(s().taskList.map((t) => t.status)).toEqual([TaskStatus.Unknown, TaskStatus.Unknown, TaskStatus.Success, TaskStatus.Waiting]);
    // Unknown with blockOnFailure shows its message; without, it does not.
    expect(s().taskList[0].showMessage).toBe(true);
    expect(s().taskList[1].showMessage).toBe(false);
  });
  it('ignores broken stored entries', () => {
    const { s } = setup({ taskList: [null, { uuid: 1 }, task(TaskStatus.Waiting)], automaticCleanupTask: 'x' });
    expect(s().taskList).toHaveLength(1);
    expect(s().automaticCleanupTask).toBe('1');
  });
});

describe('starting tasks', () => {
  it('a new task starts Waiting and the first Waiting task is started (Connecting) with its stream', async () => {
    const { store, streams, s } = setup();
    store.addTask('test.npm', false, 'ext');
    expect(s().taskList[0]).toMatchObject({
      command: 'test.npm',
      status: TaskStatus.Connecting,
      extend: 'ext',
      blockOnFailure: false,
      createtime: '2026-01-02 03:04:05',
    });
    await flush();
    expect(streams).toHaveLength(1);
    expect(streams[0].url).toBe('/srv/admin/Terminal/index?command=test.npm&uuid=u1&extend=ext&batoken=tok&lang=zh-cn');
  });
  it('does not start while an earlier task is Connecting or Executing', async () => {
    const { store, streams, s } = setup();
    store.addTask('a');
    store.addTask('b');
    await flush();
    expect(s().taskList.map((t) => t.status)).toEqual([TaskStatus.Connecting, TaskStatus.Waiting]);
    streams[0].send('u1', FLAGS.linkSuccess);
    store.startTask();
    expect(s().taskList[1].status).toBe(TaskStatus.Waiting);
    expect(streams).toHaveLength(1);
  });
  it('an earlier Failed or Unknown task with blockOnFailure blocks; without it, it is skipped', async () => {
    for (const failed of [TaskStatus.Failed, TaskStatus.Unknown]) {
      const blocked = setup({ taskList: [task(failed), task(TaskStatus.Waiting)] });
      blocked.store.startTask();
      expect(blocked.s().taskList[1].status).toBe(TaskStatus.Waiting);
      const skipped = setup({ taskList: [task(failed, { blockOnFailure: false }), task(TaskStatus.Success), task(TaskStatus.Waiting)] });
      skipped.store.startTask();
      expect(skipped.s().taskList[2].status).toBe(TaskStatus.Connecting);
    }
  });
  it('addTaskPM appends the package manager', () => {
    const { store, s } = setup();
    store.changePackageManager('npm');
    store.addTaskPM('web-build');
    expect(s().taskList[0].command).toBe('web-build.npm');
  });
  it('a failing prepare call fails the task and calls back Failed', async () => {
    const callback = vi.fn();
    const { store, streams, s } = setup(null, () => Promise.reject(new Error('401')));
    store.addTask('a', true, '', callback);
    await flush();
    expect(streams).toHaveLength(0);
    expect(s().taskList[0].status).toBe(TaskStatus.Failed);
    expect(callback).toHaveBeenCalledWith(TaskStatus.Failed);
  });
});

describe('stream messages', () => {
  it('link success → Executing, lines are messages, exec success → Success, completed closes and calls back, next starts', async () => {
    const { callback, streams, s } = await started(true, 'b');
    const [first] = streams;
    first.send('u1', FLAGS.linkSuccess);
    expect(s().taskList[0].status).toBe(TaskStatus.Executing);
    first.send('u1', '> npm --version');
    first.send('u1', '10.8.2');
    first.send('other-task', 'not mine');
    expect(s().taskList[0].message).toEqual(['> npm --version', '10.8.2']);
    first.send('u1', FLAGS.execSuccess);
    expect(s().taskList[0].status).toBe(TaskStatus.Success);
    expect(callback).not.toHaveBeenCalled();
    first.send('u1', FLAGS.execCompleted);
    expect(first.closed).toBe(true);
    expect(callback).toHaveBeenCalledWith(TaskStatus.Success);
    expect(s().taskList[1].status).toBe(TaskStatus.Connecting);
    await flush();
    expect(streams).toHaveLength(2);
  });
  it('exec error → Failed; completed keeps Failed, shows the message of a blocking task, calls back Failed', async () => {
    const { callback, streams, s } = await started(true);
    streams[0].send('u1', FLAGS.linkSuccess);
    streams[0].send('u1', FLAGS.execError);
    expect(s().taskList[0].status).toBe(TaskStatus.Failed);
    expect(s().taskList[0].showMessage).toBe(true);
    streams[0].send('u1', FLAGS.execCompleted);
    expect(callback).toHaveBeenCalledWith(TaskStatus.Failed);
    expect(streams[0].closed).toBe(true);
  });
  it('completed without success sets Failed', async () => {
    const { store, streams, s } = setup();
    store.addTask('a', false);
    await flush();
    streams[0].send('u1', FLAGS.linkSuccess);
    streams[0].send('u1', FLAGS.execCompleted);
    expect(s().taskList[0].status).toBe(TaskStatus.Failed);
    expect(s().taskList[0].showMessage).toBe(false); // not blocking: stays folded
  });
  it('a stream error (closed) sets Failed and calls back; the next task starts', async () => {
    const { callback, streams, s } = await started(false, 'b');
    streams[0].fail(2);
    expect(s().taskList[0].status).toBe(TaskStatus.Failed);
    expect(callback).toHaveBeenCalledWith(TaskStatus.Failed);
    expect(s().taskList[1].status).toBe(TaskStatus.Connecting);
  });
  it('an error while EventSource reconnects (Lambda replay) is not a failure, unless it keeps failing', async () => {
    const { store, streams, s } = setup();
    store.addTask('a');
    await flush();
    streams[0].send('u1', FLAGS.linkSuccess);
    for (let i = 0; i < MAX_RECONNECTS; i += 1) streams[0].fail(0);
    expect(s().taskList[0].status).toBe(TaskStatus.Executing);
    streams[0].send('u1', 'line after reconnect'); // a message resets the count
    for (let i = 0; i < MAX_RECONNECTS; i += 1) streams[0].fail(0);
    expect(s().taskList[0].status).toBe(TaskStatus.Executing);
    streams[0].fail(0);
    expect(s().taskList[0].status).toBe(TaskStatus.Failed);
    expect(streams[0].closed).toBe(true);
  });
  it('output while the panel is hidden lights the dot; opening the panel clears it', async () => {
    const { store, streams, s } = setup();
    store.addTask('a');
    await flush();
    store.toggleDot(false);
    streams[0].send('u1', 'hello');
    expect(s().showDot).toBe(true);
    store.toggle(true);
    expect(s().showDot).toBe(false);
    streams[0].send('u1', 'more');
    expect(s().showDot).toBe(false);
  });
});

describe('retry, delete, clear, automatic cleanup, blocked notice', () => {
  it('retry clears the messages and sets Waiting, then starts it', async () => {
    const { store, streams, s } = setup({ taskList: [task(TaskStatus.Failed, { message: ['old'], uuid: 'r1' })] });
    store.retryTask(0);
    expect(s().taskList[0].message).toEqual([]);
    expect(s().taskList[0].status).toBe(TaskStatus.Connecting);
    await flush();
    expect(streams).toHaveLength(1);
  });
  it('delete is refused while Connecting or Executing, allowed otherwise', () => {
    for (const status of [TaskStatus.Connecting, TaskStatus.Executing]) {
      const { store, s } = setup({ taskList: [task(status)] });
      store.delTask(0);
      expect(s().taskList).toHaveLength(1);
    }
    for (const status of [TaskStatus.Waiting, TaskStatus.Success, TaskStatus.Failed, TaskStatus.Unknown]) {
      const { store, s } = setup({ taskList: [task(status), task(TaskStatus.Success)] });
      store.delTask(0);
      expect(s().taskList).toHaveLength(1);
    }
  });
  it('deleting the blocking task lets the queue go on', () => {
    const { store, s } = setup({ taskList: [task(TaskStatus.Failed), task(TaskStatus.Waiting)] });
    store.delTask(0);
    expect(s().taskList[0].status).toBe(TaskStatus.Connecting);
  });
  it('clearing removes Success tasks only', () => {
    const { store, s } = setup({
      taskList: [task(TaskStatus.Success), task(TaskStatus.Failed), task(TaskStatus.Success), task(TaskStatus.Unknown)],
    });
    store.clearSuccessTask();
    expect(s().taskList.map((t) => t.status)).toEqual([TaskStatus.Failed, TaskStatus.Unknown]);
  });
  it("adding a task clears Success tasks when the cleanup setting is '1', not when '0'", () => {
    const on = setup({ taskList: [task(TaskStatus.Success)], automaticCleanupTask: '1' });
    on.store.addTask('a');
    expect(on.s().taskList.map((t) => t.command)).toEqual(['a']);
    const off = setup({ taskList: [task(TaskStatus.Success)], automaticCleanupTask: '0' });
    off.store.addTask('a');
    expect(off.s().taskList).toHaveLength(2);
    off.store.changeAutomaticCleanupTask('1');
    expect(off.s().automaticCleanupTask).toBe('1');
  });
  it('adding a task behind a blocking failure while the panel is hidden says it will never start', () => {
    const { store, notices, s } = setup({ taskList: [task(TaskStatus.Failed)] });
    store.addTask('a');
    expect(notices).toEqual([BLOCKED_MESSAGE]);
    expect(s().taskList[1].status).toBe(TaskStatus.Waiting);
    expect(s().showDot).toBe(true);
    const open = setup({ taskList: [task(TaskStatus.Failed, { blockOnFailure: false })] });
    open.store.addTask('a');
    expect(open.notices).toEqual([]);
  });
});

describe('dialogs and server settings', () => {
  it('the package-manager and config dialogs hide the panel while open and bring it back', () => {
    const { store, s } = setup();
    store.toggle(true);
    store.togglePackageManagerDialog(true);
    expect(s()).toMatchObject({ show: false, showPackageManagerDialog: true });
    store.togglePackageManagerDialog(false);
    expect(s()).toMatchObject({ show: true, showPackageManagerDialog: false });
    store.toggleConfigDialog(true);
    expect(s()).toMatchObject({ show: false, showConfig: true });
    store.toggleConfigDialog(false);
    expect(s()).toMatchObject({ show: true, showConfig: false });
  });
  it('takes the package manager, port, mode and tasks from the server', () => {
    const { store, s } = setup();
    expect(s().tasks).toBeNull(); // not known yet
    store.applyServerConfig({ npm_package_manager: 'npm', install_service_port: '8080', mode: 'aws', tasks: ['publish'] });
    expect(s()).toMatchObject({ packageManager: 'npm', port: '8080', mode: 'aws', tasks: ['publish'] });
    store.applyServerConfig({ mode: 'aws', tasks: [] }); // an admin who may run none of them
    expect(s().tasks).toEqual([]);
  });
  it('formats the creation time as year-month-day hour:minute:second', () => {
    expect(timeNow(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
});
