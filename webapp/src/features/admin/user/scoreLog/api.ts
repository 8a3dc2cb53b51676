/** Requests of the back-office page user/scoreLog (its menu rule's path), declared once. */
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/user/scoreLog');
