import { vi } from 'vitest';
import { createRequestClient, type ClientDeps, type TokenStore } from '../lib/request';

/** A token store that holds nothing. */
export const NO_TOKENS: TokenStore = { getToken: () => '', setToken: () => undefined, removeToken: () => undefined };

/**
 * A request client for unit tests, answered by the MSW server (src/testing/server): a member-center
 * page, online, no tokens, its messages, navigation and log recorded; `overrides` change any of it.
 */
export function testRequestClient(overrides: Partial<ClientDeps> = {}) {
  const notifier = { success: vi.fn(), error: vi.fn() };
  const navigate = vi.fn();
  const logger = vi.fn();
  const client = createRequestClient({
    notifier,
    navigate,
    logger,
    tokens: { admin: NO_TOKENS, user: NO_TOKENS },
    isAdminApp: () => false,
    currentPath: () => '/user/account',
    isOnline: () => true,
    fetch: (input, init) => fetch(new URL(String(input), window.location.origin), init),
    ...overrides,
  });
  return { client, notifier, navigate, logger };
}
