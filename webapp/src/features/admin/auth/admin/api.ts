/** Requests of the back-office page auth/admin (admins), declared once. */
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi('/admin/auth/admin');
/** The groups an admin may be put in (the admin group table, as options). */
export const groupOptions = tableApi('/admin/auth/group').options;
