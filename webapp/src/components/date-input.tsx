/**
 * A calendar date as the API stores it ("YYYY-MM-DD", "" for none) in antd's date picker, in the page's
 * language. The one date field of the app: the schema table's `date` input and the member profile use it.
 */
import { DatePicker } from 'antd';
import dayjs from '../lib/dayjs-locale';

export function DateInput({
  id,
  value,
  onChange,
  past = false,
}: {
  id?: string;
  value?: unknown;
  onChange?: (value: string) => void;
  /** Only days up to today (a birthday). */
  past?: boolean;
}) {
  const day = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      value={day?.isValid() ? day : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
      disabledDate={past ? (d) => d.isAfter(dayjs(), 'day') : undefined}
      style={{ width: '100%', maxWidth: 240 }}
    />
  );
}
