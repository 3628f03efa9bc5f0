import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import type { FieldSpec } from '../lib/form-spec';
import { SpecForm } from './SpecForm';

/** A shipping method's create input, as the server's router types it. */
interface MethodInput {
  code: string;
  rate: number;
  min_subtotal?: number | null;
  active?: boolean;
}

const fields: FieldSpec<MethodInput>[] = [
  { name: 'code', label: 'Code', kind: 'text', required: true, createOnly: true },
  { name: 'rate', label: 'Rate', kind: 'number', required: true },
  { name: 'min_subtotal', label: 'Offered from subtotal', kind: 'number', nullable: true },
  { name: 'active', label: 'Active', kind: 'checkbox', defaultValue: true },
];

function validationFailure(errors: Record<string, string[]>) {
  return TRPCClientError.from({
    error: {
      message: 'The given data was invalid.',
      code: -32600,
      data: { httpStatus: 422, error_code: 'VALIDATION_ERROR', errors },
    },
  });
}

const renderForm = (props: Partial<Parameters<typeof SpecForm<MethodInput>>[0]> = {}) => {
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <SpecForm fields={fields} mode="create" submitLabel="Create" onSubmit={onSubmit} {...props} />
    </MantineProvider>,
  );
  return onSubmit;
};

describe('SpecForm', () => {
  it('submits what was typed as the procedure input', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/Code/), ' express ');
    await userEvent.type(screen.getByLabelText(/^Rate/), '9.5');
    await userEvent.click(screen.getByLabelText('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith({
      code: 'express',
      rate: 9.5,
      min_subtotal: null,
      active: false,
    });
  });

  it('edits a record without its key, starting from the stored values', async () => {
    const onSubmit = renderForm({
      mode: 'update',
      submitLabel: 'Save',
      record: { code: 'standard', rate: 4.99, min_subtotal: 50, active: true },
    });
    expect(screen.queryByLabelText(/Code/)).toBeNull();
    expect(screen.getByLabelText(/Offered from subtotal/)).toHaveProperty('value', '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ rate: 4.99, min_subtotal: 50, active: true });
  });

  it("shows the server's field messages under the fields, and other errors above the button", () => {
    renderForm({ error: validationFailure({ rate: ['Must be at least 0.'] }) });
    expect(screen.getByText('Must be at least 0.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    screen.getByRole('button', { name: 'Create' });
  });

  it('shows a message no field owns in an alert', () => {
    renderForm({ error: validationFailure({ code: ['This code is taken.'], other: ['Odd.'] }) });
    expect(screen.getByRole('alert').textContent).toContain('The given data was invalid.');
  });
});
