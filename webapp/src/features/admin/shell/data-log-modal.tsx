/** The view of one security-log row (the recycle bin, the sensitive-data log): who changed it, when
 * and from where, then what the page shows of it; Cancel and the page's own action below. */
import type { ReactNode } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { Row } from '../../../lib/table-api';
import { timeFormat } from '../../../lib/time';
import { useAdminT } from './page-kit';

export function DataLogModal({
  row,
  title,
  action,
  note,
  onClose,
  children,
}: {
  /** The row shown; undefined: closed. */
  row: Row | undefined;
  title: (row: Row) => string;
  action: ReactNode;
  /** Said after who, when and where (e.g. that it was rolled back). */
  note?: (row: Row) => ReactNode;
  onClose: () => void;
  children: (row: Row) => ReactNode;
}) {
  const tc = useAdminT();
  return (
    <Modal
      open={row !== undefined}
      title={row ? title(row) : ''}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{tc('common.cancel')}</Button>
          {action}
        </>
      }
      width={720}
      destroyOnHidden
    >
      {row && (
        <>
          <Typography.Paragraph type="secondary">
            {String(row.username)} · {timeFormat(row.create_time as number)} · {String(row.ip)}
            {note?.(row)}
          </Typography.Paragraph>
          {children(row)}
        </>
      )}
    </Modal>
  );
}
