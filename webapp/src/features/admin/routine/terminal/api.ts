/** Requests of the build-task terminal (SPEC §7), declared once. The stream itself is an EventSource
 * opened by src/lib/terminal-store (GET /admin/Terminal/index). */
import { call, sdk } from '../../../../lib/api/client';
import type { TerminalCheck, TerminalConfigBody } from '../../../../lib/api/generated/types.gen';
import type { ApiResponse } from '../../../../lib/request';
import type { ServerTerminalConfig } from '../../../../lib/terminal-store';

export type TerminalConfigChange = TerminalConfigBody;

/** Made right before each stream opens: refreshes an expired token, shows a refusal. */
export const checkTerminal = () => call(sdk.adminTerminalCheck) as Promise<ApiResponse<TerminalCheck>>;

export const changeTerminalConfig = (body: TerminalConfigChange) =>
  call(sdk.adminAjaxChangeTerminalConfig, { body }) as Promise<ApiResponse<ServerTerminalConfig>>;
