/** Requests of the back-office page user/scoreLog (its menu rule's path), declared once. */
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({ index: sdk.userScoreLogIndex, add: sdk.userScoreLogAdd });
