/** Requests of the build-task terminal (SPEC §7), declared once. The stream itself is an EventSource
 * opened by src/lib/terminal-store (GET /admin/Terminal/index). */
import { call, sdk } from '../../../../lib/api/client';
import type { ApiResponse } from '../../../../lib/request';
import type { ServerTerminalConfig } from '../../../../lib/terminal-store';

export interface TerminalConfigChange {
  manager?: string;
  port?: string;
  automaticCleanupTask?: '0' | '1';
}

/** Made right before each stream opens: refreshes an expired token, shows a refusal. */
export const checkTerminal = () => call(sdk.adminTerminalCheck) as Promise<ApiResponse<{ mode: string; tasks: string[] }>>;

export const changeTerminalConfig = (body: TerminalConfigChange) =>
  call(sdk.adminAjaxChangeTerminalConfig, { body }) as Promise<ApiResponse<ServerTerminalConfig>>;
