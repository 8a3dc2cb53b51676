/**
 * A designed float field: typed as text and checked by the `float` validator, whose message is SPEC §5's
 * 'Floating point number'; its bounds are checked on the number; empty is no value.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesignDoc } from '../../../lib/api/generated/types.gen';
import { i18n } from '../../../lib/i18n';
import type { Translate } from '../../../lib/validators';
import { designedSchema } from '../design-schema';
import { FieldInput } from '../field-input';
import type { FieldSchema } from '../schema';
import { fieldRules } from '../schema-table';

const design: DesignDoc = {
  name: 'business/gauge',
  title: { zh: '仪表', en: 'Gauges' },
  description: { zh: '', en: '' },
  fields: [{ name: 'ratio', title: { zh: '比例', en: 'Ratio' }, type: 'float', min: 0, max: 1 }],
};

function Harness({ field, onSubmit }: { field: FieldSchema; onSubmit: (values: Record<string, unknown>) => void }) {
  const { t } = useTranslation('admin/common');
  return (
    <Form onFinish={onSubmit}>
      <Form.Item name={field.name} label={field.label} rules={fieldRules(field, t as unknown as Translate)}>
        <FieldInput field={field} />
      </Form.Item>
      <Button htmlType="submit">OK</Button>
    </Form>
  );
}

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('zh-cn');
  });
});

describe('a float field', () => {
  it('is a text field checked by the float validator', () => {
    const t = (key: string) => key;
    const field = designedSchema(design, 'en', t).fields[0];
    expect(field).toMatchObject({ input: 'decimal', rules: ['float'], min: 0, max: 1 });
  });

  it('says "Floating point number" for text that is not one, then checks the bounds', { timeout: 30_000 }, async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    const field = designedSchema(design, 'en', (k) => k).fields[0];
    const sent: Record<string, unknown>[] = [];
    const user = userEvent.setup();
    render(<Harness field={field} onSubmit={(v) => sent.push(v)} />);
    const input = screen.getByRole('textbox', { name: 'Ratio' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, '1.2.3');
    expect(await screen.findByText('Floating point number')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1.5');
    expect(await screen.findByText('Enter a number from 0 to 1')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Floating point number')).not.toBeInTheDocument());
    await user.clear(input);
    await user.type(input, '.25');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(sent).toEqual([{ ratio: '.25' }]));
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ ratio: null }));
  });
});
