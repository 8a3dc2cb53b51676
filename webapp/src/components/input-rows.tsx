/**
 * A list edited as rows of text inputs side by side (key-value pairs of a schema field, the options of a
 * generated table's field): each row with a button that removes it, and a button under the rows that adds
 * an empty one. Every input and button is named with its row's number for screen readers.
 */
import { Button, Input, Space, type ButtonProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

/** One input of each row. */
export interface RowInput<R> {
  /** Its name in row `n` (from 1). */
  label: (n: number) => string;
  placeholder: string;
  maxLength?: number;
  get: (row: R) => string | undefined;
  set: (row: R, text: string) => R;
}

export function InputRows<R>({
  id,
  label,
  rows,
  onChange,
  inputs,
  removeLabel,
  blank,
  addText,
  addButton,
  max = Infinity,
  rowGap,
}: {
  id?: string;
  /** The name of the whole list. */
  label: string;
  rows: R[];
  onChange: (rows: R[]) => void;
  inputs: RowInput<R>[];
  /** The remove button's name in row `n` (from 1). */
  removeLabel: (n: number) => string;
  /** A new row. */
  blank: () => R;
  addText: string;
  addButton?: Pick<ButtonProps, 'type' | 'size'>;
  /** No add button once there are this many rows. */
  max?: number;
  /** Space under each row (px). */
  rowGap: number;
}) {
  return (
    <div id={id} role="group" aria-label={label}>
      {rows.map((row, index) => (
        <Space.Compact key={index} block style={{ marginBottom: rowGap }}>
          {inputs.map((input, column) => (
            <Input
              key={column}
              aria-label={input.label(index + 1)}
              placeholder={input.placeholder}
              value={input.get(row)}
              maxLength={input.maxLength}
              onChange={(e) => onChange(rows.map((r, i) => (i === index ? input.set(r, e.target.value) : r)))}
            />
          ))}
          <Button
            aria-label={removeLabel(index + 1)}
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      {rows.length < max && (
        <Button {...addButton} icon={<PlusOutlined aria-hidden />} onClick={() => onChange([...rows, blank()])}>
          {addText}
        </Button>
      )}
    </div>
  );
}
