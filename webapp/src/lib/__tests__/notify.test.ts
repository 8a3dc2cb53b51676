import { describe, expect, it, vi } from 'vitest';
import { appNotifier, attachNoticeSink, onNoticeDemand } from '../notify';

describe('notifier queue', () => {
  it('asks for the message host on the first message and flushes the queue once it is attached', () => {
    const demand = vi.fn();
    const off = onNoticeDemand(demand);
    appNotifier.error('Server exception!');
    appNotifier.success('Operation successful');
    expect(demand).toHaveBeenCalled();
    const sink = vi.fn();
    attachNoticeSink(sink);
    expect(sink.mock.calls).toEqual([[{ type: 'error', text: 'Server exception!' }], [{ type: 'success', text: 'Operation successful' }]]);
    appNotifier.error('again');
    expect(sink).toHaveBeenLastCalledWith({ type: 'error', text: 'again' });
    attachNoticeSink(null);
    off();
  });
});
