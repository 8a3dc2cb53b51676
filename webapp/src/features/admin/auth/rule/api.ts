/** Requests of the back-office page auth/rule (its menu rule's path), declared once. */
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/auth/rule');
