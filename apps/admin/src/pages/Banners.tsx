import { useMutation, useQuery } from '@tanstack/react-query';
import { ActiveBadge } from '../components/ActiveBadge';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['banners']['create']>()([
  { name: 'identifier', label: 'Identifier', kind: 'text', required: true },
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'subtitle', label: 'Subtitle', kind: 'text', nullable: true },
  { name: 'image_url', label: 'Image URL', kind: 'text', required: true },
  {
    name: 'link_type',
    label: 'Opens',
    kind: 'select',
    defaultValue: 'none',
    options: [
      { value: 'none', label: 'Nothing' },
      { value: 'product', label: 'A product' },
      { value: 'category', label: 'A category' },
      { value: 'url', label: 'A web page' },
    ],
  },
  {
    name: 'link_value',
    label: 'Link',
    kind: 'text',
    nullable: true,
    pickBy: 'link_type',
    description: 'The product or category (searchable), or an http(s) URL',
  },
  { name: 'position', label: 'Position', kind: 'number' },
  { name: 'starts_at', label: 'Shown from', kind: 'datetime', nullable: true },
  { name: 'ends_at', label: 'Shown until', kind: 'datetime', nullable: true },
  { name: 'active', label: 'Active', kind: 'checkbox', defaultValue: true },
]);

export function BannersPage() {
  const trpc = useTRPC();
  return (
    <ResourcePage
      title="Banners"
      noun="banner"
      query={useQuery({
        ...trpc.admin.banners.list.queryOptions(undefined),
        select: (result) => result.data,
      })}
      rowKey={(b) => b.id}
      rowName={(b) => b.title}
      columns={[
        { label: 'Title', render: (b) => b.title },
        { label: 'Identifier', render: (b) => b.identifier },
        { label: 'Position', render: (b) => b.position },
        { label: 'Until', render: (b) => dateTime(b.ends_at) },
        {
          label: 'State',
          render: (b) => <ActiveBadge active={b.active} />,
        },
      ]}
      fields={FIELDS}
      create={useMutation(trpc.admin.banners.create.mutationOptions())}
      update={{
        mutation: useMutation(trpc.admin.banners.update.mutationOptions()),
        input: (b, input) => ({ id: b.id, ...input }),
      }}
      remove={{
        label: 'Delete',
        mutation: useMutation(trpc.admin.banners.delete.mutationOptions()),
        input: (b) => ({ id: b.id }),
      }}
    />
  );
}
