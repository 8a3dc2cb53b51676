/** Requests of the back-office page crud/log (the CRUD log), declared once. */
import { sdk } from '../../../../lib/api/client';
import { tableApi } from '../../../../lib/table-api';

export const table = tableApi({ index: sdk.crudLogIndex });
