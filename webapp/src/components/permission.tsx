/**
 * The permission hook and component (SPEC §6): an element is removed unless the current route's
 * allowed actions contain the route path plus the action name (e.g. "/admin/auth/admin" + "/add").
 * The shell provides the current route path; the authorised nodes come from the admin store.
 * The API enforces every permission anyway: this only hides what would be refused.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useAdminState } from '../lib/admin-store';

export const RoutePathContext = createContext<string>('');

export function allowed(authNode: Record<string, string[]>, routePath: string, action: string): boolean {
  return (authNode[routePath] ?? []).includes(`${routePath}/${action}`);
}

/** Whether the current route allows `action` ("add", "edit", …). */
export function useAuth(action: string): boolean {
  const routePath = useContext(RoutePathContext);
  const { authNode } = useAdminState();
  return allowed(authNode, routePath, action);
}

export function Auth({ name, children }: { name: string; children: ReactNode }) {
  return useAuth(name) ? <>{children}</> : null;
}
