import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type AuditFilter, AuditTable } from '../components/AuditTable';

/** The date field's local date → the ISO instant the API filters on (start or end of the day). */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/** Activity: who changed what, every admin mutation (docs/admin-panel.md "Audit log"). */
export function ActivityPage() {
  const [draft, setDraft] = useState({ actor: '', type: '', id: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const apply = () =>
    setFilter({
      actor_id: draft.actor ? Number(draft.actor) : undefined,
      target_type: draft.type || undefined,
      target_id: draft.id || undefined,
      from: dayBound(draft.from, false),
      to: dayBound(draft.to, true),
    });
  const field = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value }),
  });
  return (
    <Stack>
      <Title order={2}>Activity</Title>
      <Group align="end">
        <NumberInput
          label="Staff member id"
          value={draft.actor}
          onChange={(value) => setDraft({ ...draft, actor: String(value) })}
          w={140}
        />
        <TextInput label="Target type" placeholder="order" {...field('type')} w={140} />
        <TextInput label="Target id" {...field('id')} w={120} />
        <TextInput label="From" type="date" {...field('from')} />
        <TextInput label="To" type="date" {...field('to')} />
        <Button onClick={apply}>Filter</Button>
      </Group>
      <AuditTable key={JSON.stringify(filter)} filter={filter} />
    </Stack>
  );
}
