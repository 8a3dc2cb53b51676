/** Requests of the back-office page auth/group (admin groups), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({
  index: sdk.authGroupIndex,
  editRow: sdk.authGroupEditRow,
  add: sdk.authGroupAdd,
  edit: sdk.authGroupEdit,
  del: sdk.authGroupDel,
});

/** Designed tables whose rows name rows of other tables: `{rule path: titles of those tables}`. */
export function relations(): Promise<Record<string, string[]>> {
  return call(sdk.authGroupRelations, {}, { showErrorMessage: false, showCodeMessage: false }).then((res) =>
    Object.fromEntries((res.data as { list: { table: string; related: string[] }[] }).list.map((r) => [r.table, r.related])),
  );
}
