/** Requests of the back-office page auth/rule (its menu rule's path), declared once. */
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({
  index: sdk.authRuleIndex,
  editRow: sdk.authRuleEditRow,
  add: sdk.authRuleAdd,
  edit: sdk.authRuleEdit,
  del: sdk.authRuleDel,
  sortable: sdk.authRuleSortable,
});
