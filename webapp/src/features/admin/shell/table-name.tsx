/** A logged table's title with its rule path (the security pages' rows name tables this way). */
import { Typography } from 'antd';
import type { Row } from '../../../lib/table-api';

export function TableName({ row }: { row: Row }) {
  return (
    <>
      {String(row.table_title)} <Typography.Text type="secondary">{String(row.table)}</Typography.Text>
    </>
  );
}
