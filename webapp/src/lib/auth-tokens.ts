/**
 * Admin and member sessions as persisted in local storage (SPEC §3, §4).
 *
 * Each audience holds an access token (kind 'auth', sent as a header) and a refresh token (kind
 * 'refresh'); each can be read, replaced and cleared. A member counts as logged in only when both
 * an id and an access token are stored.
 */
import { ADMIN_INFO, USER_INFO } from './storage-keys';
import { readJson, removeKey, writeJson } from './storage';

export type TokenKind = 'auth' | 'refresh';

export interface AdminInfo {
  id: number | string;
  username: string;
  nickname: string;
  avatar: string;
  lastlogintime: string | number | null;
  token: string;
  refreshToken: string;
  super: boolean;
  group_arr: Array<string | number>;
}

export interface MemberInfo {
  id: number | string;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  /** 0 unknown, 1 male, 2 female */
  gender: 0 | 1 | 2;
  birthday: string;
  money: number;
  score: number;
  lastlogintime: string | number | null;
  lastloginip: string;
  jointime: string | number;
  motto: string;
  /** Province / city / district division codes, top down ([] = not set), and their names. */
  region: string[];
  region_names: string[];
  token: string;
  refreshToken: string;
}

type Listener = () => void;

export interface SessionStore<T extends { token: string; refreshToken: string }> {
  readonly storageKey: string;
  get(): Partial<T>;
  set(info: Partial<T>): void;
  /** Merges the fields into the stored info. */
  update(info: Partial<T>): void;
  getToken(kind?: TokenKind): string;
  setToken(value: string, kind?: TokenKind): void;
  removeToken(kind?: TokenKind | 'all'): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

function field(kind: TokenKind): 'token' | 'refreshToken' {
  return kind === 'auth' ? 'token' : 'refreshToken';
}

function createSessionStore<T extends { token: string; refreshToken: string }>(storageKey: string): SessionStore<T> {
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  const store: SessionStore<T> = {
    storageKey,
    get: () => readJson<Partial<T>>(storageKey) ?? {},
    set(info) {
      writeJson(storageKey, info);
      emit();
    },
    update(info) {
      store.set({ ...store.get(), ...info });
    },
    getToken(kind = 'auth') {
      const value = store.get()[field(kind)];
      return typeof value === 'string' ? value : '';
    },
    setToken(value, kind = 'auth') {
      store.update({ [field(kind)]: value } as Partial<T>);
    },
    removeToken(kind = 'all') {
      const info = { ...store.get() };
      if (kind === 'all' || kind === 'auth') delete info.token;
      if (kind === 'all' || kind === 'refresh') delete info.refreshToken;
      store.set(info);
    },
    clear() {
      removeKey(storageKey);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export const adminSession = createSessionStore<AdminInfo>(ADMIN_INFO);
export const memberSession = createSessionStore<MemberInfo>(USER_INFO);

export function isMemberLoggedIn(): boolean {
  const info = memberSession.get();
  return Boolean(info.id) && Boolean(info.token);
}

export function isAdminLoggedIn(): boolean {
  return Boolean(adminSession.getToken('auth'));
}
