/**
 * The notifier behind the request client's messages. The antd message host is a separate chunk,
 * loaded the first time a message is shown, so it is not part of the first page load; messages
 * raised before it is mounted wait in a queue.
 */
export type NoticeType = 'success' | 'error' | 'warning';
export interface Notice {
  type: NoticeType;
  text: string;
}

type Sink = (notice: Notice) => void;
let sink: Sink | null = null;
const queue: Notice[] = [];
const demandListeners = new Set<() => void>();

export function notify(type: NoticeType, text: string): void {
  if (sink) {
    sink({ type, text });
    return;
  }
  queue.push({ type, text });
  demandListeners.forEach((l) => l());
}

/** Called by the message host once mounted; flushes the queue. */
export function attachNoticeSink(next: Sink | null): void {
  sink = next;
  if (next) queue.splice(0).forEach((notice) => next(notice));
}

/** Lets the provider know a message waits (so it can load the host). */
export function onNoticeDemand(listener: () => void): () => void {
  demandListeners.add(listener);
  if (queue.length) listener();
  return () => demandListeners.delete(listener);
}

export const appNotifier = {
  success: (text: string) => notify('success', text),
  error: (text: string) => notify('error', text),
};
