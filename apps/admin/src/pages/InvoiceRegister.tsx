import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../components/QueryState';
import { fieldErrors } from '../lib/errors';
import { monthToDate, registerFileName } from '../lib/tax-form';
import { useTRPC } from '../trpc';

/** Hands the CSV to the browser as a file; the address is freed once the download has it. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The invoices and credit notes of a date range as the accountant files them: the server's CSV
 * (`admin.orders.invoices`) downloaded as is, its row count said here.
 */
export function InvoiceRegister() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => monthToDate(new Date()));
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'pending' }
    | { kind: 'done'; rows: number; file: string }
    | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' });
  const errors = state.kind === 'failed' ? fieldErrors(state.error) : {};
  const download = (event: FormEvent) => {
    event.preventDefault();
    const asked = { ...range };
    setState({ kind: 'pending' });
    // A read, not a change: fetched (not a mutation) so nothing else is refetched after it.
    queryClient.fetchQuery(trpc.admin.orders.invoices.queryOptions(asked, { staleTime: 0 })).then(
      ({ data }) => {
        const file = registerFileName(asked);
        saveFile(file, data.csv);
        setState({ kind: 'done', rows: data.rows.length, file });
      },
      (error: unknown) => setState({ kind: 'failed', error }),
    );
  };
  return (
    <Card withBorder component="section" aria-labelledby="invoice-register">
      <Title order={3} size="h4" id="invoice-register" mb="sm">
        Invoice register
      </Title>
      <form onSubmit={download} aria-label="Invoice register">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Invoices from"
            type="date"
            value={range.from}
            error={errors.from}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
          />
          <TextInput
            label="Invoices to"
            type="date"
            value={range.to}
            error={errors.to}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
          />
          <Button type="submit" variant="default" loading={state.kind === 'pending'}>
            Download invoice register
          </Button>
        </Group>
      </form>
      {state.kind === 'failed' && !errors.from && !errors.to ? (
        <ErrorAlert error={state.error} />
      ) : null}
      {state.kind === 'done' ? (
        <Text size="sm" role="status" mt="sm">
          {state.rows === 1 ? '1 row' : `${state.rows} rows`} (invoices and credit notes) in{' '}
          {state.file}.
        </Text>
      ) : null}
    </Card>
  );
}
