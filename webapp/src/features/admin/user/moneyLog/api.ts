/** Requests of the back-office page user/moneyLog (its menu rule's path), declared once. */
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({ index: sdk.userMoneyLogIndex, add: sdk.userMoneyLogAdd });
