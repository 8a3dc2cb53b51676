import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';
import { initI18n, loadNamespaces } from '../lib/i18n';

// findBy*/waitFor wait up to 5 s (default 1 s): antd forms validate asynchronously, and on a busy CI
// machine a message can take longer than a second to appear. A test still fails if it never does.
configure({ asyncUtilTimeout: 5000 });

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-cn');
  await loadNamespaces('zh-cn', ['general']);
  await loadNamespaces('en', ['general']);
});
afterEach(() => {
  server.resetHandlers();
  cleanup();
  window.localStorage.clear();
});
afterAll(() => server.close());
