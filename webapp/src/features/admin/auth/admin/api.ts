/** Requests of the back-office page auth/admin (admins), declared once. */
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({
  index: sdk.authAdminIndex,
  editRow: sdk.authAdminEditRow,
  add: sdk.authAdminAdd,
  edit: sdk.authAdminEdit,
  del: sdk.authAdminDel,
});
/** The groups an admin may be put in (the admin group table, as options). */
export const groupOptions = tableApi({ index: sdk.authGroupIndex }).options;
