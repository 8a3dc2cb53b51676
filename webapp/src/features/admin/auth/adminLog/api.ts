/** Requests of the back-office page auth/adminLog (its menu rule's path), declared once. */
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/auth/adminLog');
