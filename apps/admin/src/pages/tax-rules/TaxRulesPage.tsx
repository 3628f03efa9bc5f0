import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { ErrorAlert, QueryState } from '../../components/QueryState';
import type { Outputs } from '../../lib/api-types';
import {
  ANY,
  describeComponents,
  draftFromRule,
  emptyRuleDraft,
  type RuleInput,
  totalRate,
} from '../../lib/tax-form';
import { useTRPC } from '../../trpc';
import { GstPresetCard } from './GstPresetCard';
import { RuleForm } from './RuleForm';

type Rule = Outputs['admin']['taxRules']['list']['data'][number];

/** "IN / KA / GST18", the row's name in its buttons ("Edit IN / KA / GST18"). */
const ruleName = (rule: Rule) => `${rule.country} / ${rule.region} / ${rule.tax_category}`;

/**
 * Tax rules: (country, region, category) → components, the most specific rule winning
 * (docs/tax.md); the India GST preset above the list.
 */
export function TaxRulesPage() {
  const trpc = useTRPC();
  const rules = useQuery({
    ...trpc.admin.taxRules.list.queryOptions(undefined),
    select: (result) => result.data,
  });
  const categories = useQuery({
    ...trpc.admin.taxCategories.list.queryOptions(undefined),
    select: (result) => result.data.map((c) => c.code),
  });
  const create = useMutation(trpc.admin.taxRules.create.mutationOptions());
  const update = useMutation(trpc.admin.taxRules.update.mutationOptions());
  const remove = useMutation(trpc.admin.taxRules.delete.mutationOptions());
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const mutation = editing === 'new' ? create : update;
  const close = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };
  const submit = (input: RuleInput) => {
    if (editing === null) return;
    const call =
      editing === 'new'
        ? create.mutateAsync(input)
        : update.mutateAsync({ id: editing.id, ...input });
    call.then(close, () => {});
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Tax rules</Title>
        <Button onClick={() => setEditing('new')}>New tax rule</Button>
      </Group>
      <GstPresetCard />
      <ErrorAlert error={remove.error} />
      <QueryState
        query={rules}
        isEmpty={(rows) => rows.length === 0}
        empty="No tax rules yet: orders are charged no tax until one matches."
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              {
                label: 'Country',
                render: (r) => (r.country === ANY ? 'Every country' : r.country),
              },
              { label: 'Region', render: (r) => (r.region === ANY ? 'All' : r.region) },
              {
                label: 'Category',
                render: (r) => (r.tax_category === ANY ? 'All' : r.tax_category),
              },
              { label: 'Components', render: (r) => describeComponents(r.components) },
              { label: 'Total', render: (r) => `${totalRate(r.components)}%` },
              {
                label: 'Actions',
                render: (r) => (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${ruleName(r)}`}
                      onClick={() => setEditing(r)}
                    >
                      Edit
                    </Button>
                    <ConfirmButton
                      aria-label={`Delete ${ruleName(r)}`}
                      loading={remove.isPending}
                      question={`Delete the rule ${ruleName(r)}?`}
                      onConfirm={() => remove.mutate({ id: r.id })}
                    >
                      Delete
                    </ConfirmButton>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Text size="sm" c="dimmed">
        The most specific rule wins: an exact country beats *, then an exact region, then an exact
        category. A product without a tax category is taxed by the rules whose category is *.
      </Text>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? 'New tax rule' : editing ? `Edit ${ruleName(editing)}` : ''}
        size="lg"
      >
        {editing !== null ? (
          <RuleForm
            initial={editing === 'new' ? emptyRuleDraft() : draftFromRule(editing)}
            categories={categories.data ?? []}
            submitLabel={editing === 'new' ? 'Create tax rule' : 'Save'}
            pending={mutation.isPending}
            error={mutation.error}
            onSubmit={submit}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
