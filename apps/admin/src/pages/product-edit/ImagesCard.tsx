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
import { moved } from '../../lib/file-base64';
import { useTRPC } from '../../trpc';
import { ImageDropzone } from './ImageDropzone';

/**
 * The product's images in order (the first is the main one): uploaded (drag and drop, several)
 * or added by URL, moved earlier or later, removed one by one.
 */
export function ImagesCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.admin.products.images.add.mutationOptions());
  const remove = useMutation(trpc.admin.products.images.remove.mutationOptions());
  const reorder = useMutation(trpc.admin.products.images.reorder.mutationOptions());
  const ids = product.images.map((image) => image.id);
  const move = (index: number, step: -1 | 1) =>
    reorder.mutate({ product_id: product.id, image_ids: moved(ids, index, step) });
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
            <Group gap={4} grow>
              <Button
                size="xs"
                variant="default"
                disabled={index === 0}
                aria-label={`Move image ${index + 1} earlier`}
                onClick={() => move(index, -1)}
              >
                ←
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={index === ids.length - 1}
                aria-label={`Move image ${index + 1} later`}
                onClick={() => move(index, 1)}
              >
                →
              </Button>
            </Group>
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
      <ImageDropzone productId={product.id} />
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
      <ErrorAlert
        error={
          Object.keys(errors).length === 0 ? (add.error ?? remove.error ?? reorder.error) : null
        }
      />
    </Card>
  );
}
