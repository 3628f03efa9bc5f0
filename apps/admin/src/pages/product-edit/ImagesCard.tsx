import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import type { AdminProduct } from '../../lib/api-types';
import { fieldErrors } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** The product's images in order (the first is the main one): added by URL, removed one by one. */
export function ImagesCard({ product }: { product: AdminProduct }) {
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
