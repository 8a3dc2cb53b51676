/**
 * The operators of the common search (issue 36 item 2): which ones a column's filter offers, the one it
 * starts with (the fixed operator it had before, so nothing changes for an editor who does not touch it),
 * what value each takes and the search conditions the filters make (`functions/services/crud_table.py`
 * reads them; a negated operator keeps exactly the rows its positive one leaves out, empty values
 * included).
 *
 * By the kind of filter (ColumnSchema.filter):
 * | kind                          | operators (the first is the default)                  |
 * |-------------------------------|-------------------------------------------------------|
 * | text (`input`)                | contains, does not contain, =, ≠, in, not in, empty, not empty |
 * | choice (`select`: select, radio, status, switch; `remote`: relations) | =, ≠, in, not in, empty, not empty |
 * | number, money (`range`), date (`dateRange`), date and time (`timeRange`) | between, not between, =, ≠, >, ≥, <, ≤, empty, not empty |
 *
 * A column may start with another operator (`filterOperator`, e.g. `=` for a text that is a code) or
 * offer fewer (`filterOperators`: a switch only = and ≠, one related row no empty / not empty, a prefix
 * picked from a list only contains and does not contain). A date-and-time column is searched by day: "= a day" is every time of that day,
 * "> a day" after its end, "≥ a day" from its start.
 */
import dayjs from '../../lib/dayjs-locale';
import type { ColumnSchema } from './schema';

export const OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'notlike',
  'in',
  'notin',
  'range',
  'notrange',
  'null',
  'notnull',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** What an operator's value is: one value, a list, a from–to pair, or none. */
export type ValueShape = 'one' | 'many' | 'two' | 'none';

const TEXT: Operator[] = ['like', 'notlike', 'eq', 'ne', 'in', 'notin', 'null', 'notnull'];
const CHOICE: Operator[] = ['eq', 'ne', 'in', 'notin', 'null', 'notnull'];
const ORDERED: Operator[] = ['range', 'notrange', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'null', 'notnull'];

/** The operators a column's filter offers, its default first. */
export function operatorsOf(col: ColumnSchema): Operator[] {
  const all =
    col.filterOperators ?? (col.filter === 'input' ? TEXT : col.filter === 'select' || col.filter === 'remote' ? CHOICE : ORDERED);
  const first = col.filterOperator && all.includes(col.filterOperator) ? col.filterOperator : all[0];
  return [first, ...all.filter((op) => op !== first)];
}

export function defaultOperator(col: ColumnSchema): Operator {
  return operatorsOf(col)[0];
}

export function shapeOf(operator: Operator): ValueShape {
  if (operator === 'in' || operator === 'notin') return 'many';
  if (operator === 'range' || operator === 'notrange') return 'two';
  if (operator === 'null' || operator === 'notnull') return 'none';
  return 'one';
}

/** A column's filter: its operator and value (one text, a list, "from,to"; unused for empty / not empty). */
export interface Filter {
  operator: Operator;
  val: string | string[];
}

/** Whether a filter narrows the list (a value given, or an operator that takes none). */
export function isActive(filter: Filter | undefined): boolean {
  if (!filter) return false;
  if (shapeOf(filter.operator) === 'none') return true;
  return Array.isArray(filter.val) ? filter.val.length > 0 : filter.val !== '';
}

/** The filter after its operator changed: the value stays when it has the same shape. */
export function withOperator(filter: Filter | undefined, operator: Operator): Filter {
  const keep = filter && shapeOf(filter.operator) === shapeOf(operator);
  return { operator, val: keep ? filter.val : shapeOf(operator) === 'many' ? [] : '' };
}

/** A day of a date-and-time column as the server's condition on Unix seconds. */
function dayCondition(operator: Operator, day: string): { operator: Operator; val: string | number } {
  const start = dayjs(day).startOf('day').unix();
  const end = dayjs(day).endOf('day').unix();
  if (operator === 'eq') return { operator: 'range', val: `${start},${end}` };
  if (operator === 'ne') return { operator: 'notrange', val: `${start},${end}` };
  return { operator, val: operator === 'gt' || operator === 'lte' ? end : start };
}

/** The search conditions (JSON, "" for none) of the column filters. */
export function searchOf(filters: Record<string, Filter>, columns: ColumnSchema[]): string {
  const conditions = Object.entries(filters)
    .filter(([, filter]) => isActive(filter))
    .map(([field, { operator, val }]) => {
      const col = columns.find((c) => c.key === field);
      if (shapeOf(operator) === 'none') return { field, operator };
      if (col?.filter === 'timeRange' && shapeOf(operator) === 'one') return { field, ...dayCondition(operator, String(val)) };
      return { field, val, operator };
    });
  return conditions.length ? JSON.stringify(conditions) : '';
}
