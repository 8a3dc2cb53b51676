/** Requests of the back-office page user/user (members), declared once. */
import { call, sdk } from '../../../../lib/api/client';
import type { MoneyAdjust, ScoreAdjust } from '../../../../lib/api/generated/types.gen';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({
  index: sdk.userUserIndex,
  editRow: sdk.userUserEditRow,
  add: sdk.userUserAdd,
  edit: sdk.userUserEdit,
  del: sdk.userUserDel,
});
/** The member groups, as options. */
export const groupOptions = tableApi({ index: sdk.userGroupIndex }).options;

/** Adds to (or takes from) a member's balance or points: a row of user/moneyLog or user/scoreLog. */
export const adjust = (kind: 'money' | 'score', data: Record<string, unknown>) =>
  kind === 'money'
    ? call(sdk.userMoneyLogAdd, { body: data as unknown as MoneyAdjust }, { showSuccessMessage: true })
    : call(sdk.userScoreLogAdd, { body: data as unknown as ScoreAdjust }, { showSuccessMessage: true });
