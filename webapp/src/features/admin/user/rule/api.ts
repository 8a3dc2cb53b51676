/** Requests of the back-office page user/rule (its menu rule's path), declared once. */
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({
  index: sdk.userRuleIndex,
  editRow: sdk.userRuleEditRow,
  add: sdk.userRuleAdd,
  edit: sdk.userRuleEdit,
  del: sdk.userRuleDel,
  sortable: sdk.userRuleSortable,
});
