import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmButton } from '../components/ConfirmButton';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { type CategoryNode, type FlatCategory, flattenTree, subtreeIds } from '../lib/categories';
import { fieldErrors } from '../lib/errors';
import { useTRPC } from '../trpc';

type Dialog =
  | { kind: 'new' }
  | { kind: 'rename'; category: FlatCategory }
  | { kind: 'move'; category: FlatCategory };

function parentOptions(all: FlatCategory[], moving?: CategoryNode) {
  const excluded = moving ? subtreeIds(moving) : new Set<number>();
  return [
    { value: '', label: 'Top level' },
    ...all.filter((c) => !excluded.has(c.id)).map((c) => ({ value: String(c.id), label: c.path })),
  ];
}

function CategoryDialog(props: { dialog: Dialog; all: FlatCategory[]; onClose: () => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.admin.categories.create.mutationOptions());
  const update = useMutation(trpc.admin.categories.update.mutationOptions());
  const { dialog } = props;
  const current = dialog.kind === 'new' ? undefined : dialog.category;
  const [name, setName] = useState(current?.name ?? '');
  const [parent, setParent] = useState(current?.parent_id ? String(current.parent_id) : '');
  const mutation = dialog.kind === 'new' ? create : update;
  const errors = fieldErrors(mutation.error);
  const parentId = parent === '' ? null : Number(parent);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const call =
      dialog.kind === 'new'
        ? create.mutateAsync({ name, parent_id: parentId })
        : dialog.kind === 'rename'
          ? update.mutateAsync({ id: dialog.category.id, name })
          : update.mutateAsync({ id: dialog.category.id, parent_id: parentId });
    call.then(props.onClose, () => {});
  };
  const title =
    dialog.kind === 'new'
      ? 'New category'
      : dialog.kind === 'rename'
        ? `Rename ${dialog.category.name}`
        : `Move ${dialog.category.name}`;
  return (
    <Modal opened onClose={props.onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {dialog.kind !== 'move' ? (
            <TextInput
              label="Name"
              required
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          ) : null}
          {dialog.kind !== 'rename' ? (
            <NativeSelect
              label="Parent"
              value={parent}
              error={errors.parent_id}
              onChange={(e) => setParent(e.currentTarget.value)}
              data={parentOptions(props.all, current?.node)}
            />
          ) : null}
          {Object.keys(errors).length === 0 ? <ErrorAlert error={mutation.error} /> : null}
          <Button type="submit" loading={mutation.isPending}>
            {dialog.kind === 'new' ? 'Create category' : 'Save'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

export function CategoriesPage() {
  const trpc = useTRPC();
  const tree = useQuery(trpc.categories.tree.queryOptions(undefined));
  const remove = useMutation(trpc.admin.categories.delete.mutationOptions());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const all = flattenTree(tree.data?.data ?? []);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Categories</Title>
        <Button onClick={() => setDialog({ kind: 'new' })}>New category</Button>
      </Group>
      <ErrorAlert error={remove.error} />
      {remove.data ? (
        <Text size="sm" role="status">
          Category deleted; {remove.data.data.unlinked_product_ids.length} products were taken out
          of it and kept.
        </Text>
      ) : null}
      <QueryState query={tree} isEmpty={(r) => r.data.length === 0} empty="No categories yet.">
        {() => (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {all.map((category) => (
              <Group
                key={category.id}
                component="li"
                justify="space-between"
                pl={category.depth * 24}
                py={4}
              >
                <Text>
                  {category.name}{' '}
                  <Text span c="dimmed" size="sm">
                    /{category.node.slug}
                  </Text>
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Rename ${category.name}`}
                    onClick={() => setDialog({ kind: 'rename', category })}
                  >
                    Rename
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Move ${category.name}`}
                    onClick={() => setDialog({ kind: 'move', category })}
                  >
                    Move
                  </Button>
                  <ConfirmButton
                    aria-label={`Delete ${category.name}`}
                    question={`Delete ${category.name}? Its products are kept.`}
                    onConfirm={() => remove.mutate({ id: category.id })}
                  >
                    Delete
                  </ConfirmButton>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      {dialog ? <CategoryDialog dialog={dialog} all={all} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
