/** Requests of the back-office page auth/group (admin groups), declared once. */
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/auth/group');
