import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActiveBadge } from '../components/ActiveBadge';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import { NewVariantRows, VariantFields } from '../components/VariantRows';
import type { AdminProduct } from '../lib/api-types';
import { flattenTree } from '../lib/categories';
import { fieldErrors } from '../lib/errors';
import { emptyVariantRow, formatOptions, type VariantRow, variantInput } from '../lib/product-form';
import { useTRPC } from '../trpc';
import { PRODUCT_FIELDS } from './product-fields';

function CategoryPicker(props: { value: string[]; onChange: (ids: string[]) => void }) {
  const trpc = useTRPC();
  const tree = useQuery(trpc.categories.tree.queryOptions(undefined));
  const categories = flattenTree(tree.data?.data ?? []);
  if (categories.length === 0) return null;
  return (
    <Checkbox.Group label="Categories" value={props.value} onChange={props.onChange}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {categories.map((category) => (
          <Checkbox key={category.id} value={String(category.id)} label={category.path} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function NewProduct() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const create = useMutation(trpc.admin.products.create.mutationOptions());
  const [type, setType] = useState<'simple' | 'configurable'>('simple');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [rows, setRows] = useState<VariantRow[]>([emptyVariantRow()]);
  const [rowErrors, setRowErrors] = useState<(string | undefined)[]>([]);
  const submit = (input: Record<string, unknown>) => {
    let variants: unknown[] | undefined;
    if (type === 'configurable') {
      const parsed = rows.map(variantInput);
      setRowErrors(parsed.map((p) => ('error' in p ? p.error : undefined)));
      const inputs = parsed.flatMap((p) => ('input' in p ? [p.input] : []));
      if (inputs.length < parsed.length) return;
      variants = inputs;
    }
    create
      .mutateAsync({
        ...input,
        category_ids: categoryIds.map(Number),
        ...(variants ? { variants } : {}),
      } as never)
      .then(
        (created) => navigate(`/products/${created.data.id}`),
        () => {},
      );
  };
  return (
    <Stack>
      <Title order={2}>New product</Title>
      <SegmentedControl
        aria-label="Product type"
        value={type}
        onChange={(value) => setType(value as typeof type)}
        data={[
          { value: 'simple', label: 'Simple' },
          { value: 'configurable', label: 'Configurable (variants)' },
        ]}
        w="fit-content"
      />
      <SpecForm
        fields={PRODUCT_FIELDS}
        mode="create"
        submitLabel="Create product"
        pending={create.isPending}
        error={create.error}
        onSubmit={submit}
      >
        <CategoryPicker value={categoryIds} onChange={setCategoryIds} />
        {type === 'configurable' ? (
          <NewVariantRows
            rows={rows}
            errors={rowErrors}
            onChange={setRows}
            onAdd={() => setRows([...rows, emptyVariantRow()])}
          />
        ) : null}
      </SpecForm>
    </Stack>
  );
}

function StockCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const setStock = useMutation(trpc.admin.products.setStock.mutationOptions());
  const [stock, setValue] = useState(String(product.stock_quantity));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStock.mutate({ id: product.id, stock: Number(stock) });
  };
  return (
    <Card withBorder component="section" aria-label="Stock">
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label="Units in stock"
            type="number"
            value={stock}
            error={fieldErrors(setStock.error).stock}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <Button type="submit" loading={setStock.isPending}>
            Set stock
          </Button>
        </Group>
      </form>
    </Card>
  );
}

function StoredVariant({ product, index }: { product: AdminProduct; index: number }) {
  const trpc = useTRPC();
  const variant = product.variants[index];
  const update = useMutation(trpc.admin.products.variants.update.mutationOptions());
  const remove = useMutation(trpc.admin.products.variants.remove.mutationOptions());
  const [row, setRow] = useState<VariantRow>(() => ({
    id: variant?.id,
    sku: variant?.sku ?? '',
    price: String(variant?.price ?? ''),
    special_price: variant?.special_price === null ? '' : String(variant?.special_price ?? ''),
    stock: String(variant?.stock_quantity ?? 0),
    options: formatOptions(variant?.options ?? {}),
  }));
  const [error, setError] = useState<string>();
  if (!variant) return null;
  const save = () => {
    const parsed = variantInput(row);
    setError('error' in parsed ? parsed.error : undefined);
    if ('input' in parsed) {
      update.mutate({ product_id: product.id, variant_id: variant.id, ...parsed.input });
    }
  };
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <VariantFields index={index} row={row} error={error} onChange={setRow} />
        <Button size="xs" onClick={save} loading={update.isPending}>
          Save
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={remove.isPending}
          aria-label={`Remove variant ${index + 1}`}
          onClick={() => remove.mutate({ product_id: product.id, variant_id: variant.id })}
        >
          Remove
        </Button>
      </Group>
      <ErrorAlert error={update.error ?? remove.error} />
    </Stack>
  );
}

function VariantsCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.admin.products.variants.add.mutationOptions());
  const [row, setRow] = useState<VariantRow>(emptyVariantRow);
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = variantInput(row);
    setError('error' in parsed ? parsed.error : undefined);
    if ('input' in parsed) {
      add.mutateAsync({ product_id: product.id, ...parsed.input }).then(
        () => setRow(emptyVariantRow()),
        () => {},
      );
    }
  };
  return (
    <Card withBorder component="section" aria-label="Variants">
      <Title order={3} size="h4" mb="sm">
        Variants
      </Title>
      <Stack>
        {product.variants.map((variant, index) => (
          <StoredVariant key={variant.id} product={product} index={index} />
        ))}
        <Group align="flex-end" wrap="nowrap">
          <VariantFields
            index={product.variants.length}
            row={row}
            error={error}
            onChange={setRow}
          />
          <Button size="xs" onClick={submit} loading={add.isPending}>
            Add variant
          </Button>
        </Group>
        <ErrorAlert error={add.error} />
      </Stack>
    </Card>
  );
}

function ImagesCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.admin.products.images.add.mutationOptions());
  const remove = useMutation(trpc.admin.products.images.remove.mutationOptions());
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const errors = fieldErrors(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutateAsync({ product_id: product.id, url, ...(alt.trim() ? { alt } : {}) }).then(
      () => {
        setUrl('');
        setAlt('');
      },
      () => {},
    );
  };
  return (
    <Card withBorder component="section" aria-label="Images">
      <Title order={3} size="h4" mb="sm">
        Images
      </Title>
      {product.images.length === 0 ? <Text c="dimmed">No images yet.</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {product.images.map((image, index) => (
          <Stack key={image.id} gap={4}>
            <Image src={image.url} alt={image.alt} h={100} fit="contain" />
            {index === 0 ? <Badge size="xs">Main image</Badge> : null}
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Remove image ${index + 1}`}
              onClick={() => remove.mutate({ product_id: product.id, image_id: image.id })}
            >
              Remove
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      <form onSubmit={submit}>
        <Group align="flex-end" mt="md">
          <TextInput
            label="Image URL"
            type="url"
            value={url}
            error={errors.url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            w={320}
          />
          <TextInput label="Alt text" value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
          <Button type="submit" loading={add.isPending}>
            Add image
          </Button>
        </Group>
      </form>
      <ErrorAlert error={Object.keys(errors).length === 0 ? (add.error ?? remove.error) : null} />
    </Card>
  );
}

/** Runs the description generation (with an agent's profile, if chosen) and applies it. */
function WriteWithAiCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.admin.aiAgents.list.queryOptions(undefined));
  const generate = useMutation(trpc.ai.generateDescription.mutationOptions());
  const apply = useMutation(trpc.admin.products.applyDescription.mutationOptions());
  const [agent, setAgent] = useState('');
  const draft = generate.data?.data;
  return (
    <Card withBorder component="section" aria-label="Write with AI">
      <Title order={3} size="h4" mb="sm">
        Description by AI
      </Title>
      <Group align="flex-end">
        <NativeSelect
          label="Agent"
          value={agent}
          onChange={(e) => setAgent(e.currentTarget.value)}
          data={[
            { value: '', label: 'Default' },
            ...(agents.data?.data ?? [])
              .filter((a) => a.active)
              .map((a) => ({ value: a.name, label: a.name })),
          ]}
        />
        <Button
          loading={generate.isPending}
          onClick={() => {
            apply.reset();
            generate.mutate({ id: product.id, ...(agent ? { agent } : {}) });
          }}
        >
          Write with AI
        </Button>
      </Group>
      <ErrorAlert error={generate.error ?? apply.error} title="No description" />
      {draft ? (
        <Stack mt="md">
          <Text size="sm" fw={500}>
            Short description
          </Text>
          <Text size="sm">{draft.short_description}</Text>
          <Text size="sm" fw={500}>
            Description
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {draft.description}
          </Text>
          <Group>
            <Button
              loading={apply.isPending}
              disabled={apply.isSuccess}
              onClick={() => apply.mutate({ id: product.id, ...draft })}
            >
              {apply.isSuccess ? 'Applied' : 'Apply description'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}

/** The product's own fields and its categories, saved together. */
function ProductDetailsForm(props: {
  product: AdminProduct;
  update: ReturnType<typeof useProductUpdate>;
}) {
  const { product, update } = props;
  const [categoryIds, setCategoryIds] = useState(() => product.category_ids.map(String));
  return (
    <SpecForm
      fields={PRODUCT_FIELDS}
      mode="update"
      record={product}
      submitLabel="Save product"
      pending={update.isPending}
      error={update.error}
      onSubmit={(input) =>
        update.mutate({ id: product.id, ...input, category_ids: categoryIds.map(Number) } as never)
      }
    >
      <CategoryPicker value={categoryIds} onChange={setCategoryIds} />
    </SpecForm>
  );
}

function useProductUpdate() {
  const trpc = useTRPC();
  return useMutation(trpc.admin.products.update.mutationOptions());
}

function EditProduct({ id }: { id: number }) {
  const trpc = useTRPC();
  const product = useQuery(trpc.admin.products.get.queryOptions({ id }));
  const update = useProductUpdate();
  const deactivate = useMutation(trpc.admin.products.deactivate.mutationOptions());
  return (
    <QueryState query={product}>
      {({ data }) => (
        <Stack>
          <Group justify="space-between">
            <Title order={2}>{data.name}</Title>
            <Group>
              <ActiveBadge active={data.active} />
              <Button
                color="red"
                variant="light"
                disabled={!data.active}
                loading={deactivate.isPending}
                onClick={() => deactivate.mutate({ id })}
              >
                Deactivate
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            SKU {data.sku} · /{data.slug} ·{' '}
            {data.type === 'simple' ? 'Simple product' : 'Configurable product'}
          </Text>
          <ErrorAlert error={deactivate.error} />
          {update.isSuccess ? (
            <Text c="green" size="sm" role="status">
              Saved.
            </Text>
          ) : null}
          <Card withBorder component="section" aria-label="Details">
            <ProductDetailsForm
              // A fresh form when the stored product changes (after a save or an AI apply).
              key={data.updated_at}
              product={data}
              update={update}
            />
          </Card>
          {data.type === 'simple' ? (
            <StockCard key={`stock-${data.updated_at}`} product={data} />
          ) : (
            <VariantsCard key={`variants-${data.updated_at}`} product={data} />
          )}
          <ImagesCard product={data} />
          <WriteWithAiCard product={data} />
        </Stack>
      )}
    </QueryState>
  );
}

export function ProductEditPage() {
  const { id } = useParams();
  return (
    <Stack>
      <Anchor component={Link} to="/products" size="sm">
        ← Products
      </Anchor>
      {id === undefined ? <NewProduct /> : <EditProduct id={Number(id)} />}
    </Stack>
  );
}
