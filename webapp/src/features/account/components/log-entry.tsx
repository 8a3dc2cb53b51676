/** One balance or points change as a list item: memo and time, the signed change (red when negative), and
 * optionally the value before → after. Used by the overview and by the logs on phones. */
import { theme } from 'antd';
import { timeFormat } from '../../../lib/time';
import type { LogRow } from '../api/account-api';
import { signed } from './week-data';

export function LogEntry({ row, beforeAfter }: { row: LogRow; beforeAfter?: string }) {
  const { token } = theme.useToken();
  const change = String(row.change);
  return (
    <li
      style={{
        display: 'flex',
        gap: 12,
        justifyContent: 'space-between',
        padding: '10px 0',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {row.memo || '—'}
        <br />
        <small style={{ color: token.colorTextSecondary }}>{timeFormat(row.create_time)}</small>
      </span>
      <span style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        <strong style={{ color: change.startsWith('-') ? token.colorErrorText : token.colorPrimaryText }}>{signed(change)}</strong>
        {beforeAfter && (
          <>
            <br />
            <small style={{ color: token.colorTextSecondary }}>{beforeAfter}</small>
          </>
        )}
      </span>
    </li>
  );
}
