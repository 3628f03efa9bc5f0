import '@mantine/dropzone/styles.css';
import { Alert, Group, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import { fileToBase64 } from '../../lib/file-base64';
import { useTRPC } from '../../trpc';

/** The server's limit (as for avatars): checked here too, so a big file is refused at once. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * Drop or pick several images: each is sent in turn to admin.products.images.upload, which
 * re-encodes it and appends it (docs/admin-panel.md, "Product images").
 */
export function ImageDropzone({ productId }: { productId: number }) {
  const trpc = useTRPC();
  const upload = useMutation(trpc.admin.products.images.upload.mutationOptions());
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async (files: File[]) => {
    setBusy(true);
    try {
      for (const file of files) {
        await upload.mutateAsync({ product_id: productId, image_base64: await fileToBase64(file) });
      }
    } catch {
      // The server's message shows below.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Dropzone
        mt="md"
        multiple
        loading={busy}
        accept={IMAGE_MIME_TYPE}
        maxSize={MAX_BYTES}
        onDrop={(files) => {
          setRefused([]);
          void send(files);
        }}
        onReject={(rejections) =>
          setRefused(rejections.map((r) => `${r.file.name}: ${r.errors[0]?.message ?? 'refused'}`))
        }
        aria-label="Upload images"
      >
        <Group justify="center" mih={80}>
          <div>
            <Text>Drop images here or click to choose</Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG, WebP or GIF, at most 2 MB each; several at once
            </Text>
          </div>
        </Group>
      </Dropzone>
      {refused.length > 0 ? (
        <Alert color="red" mt="sm" title="Not uploaded">
          {refused.join('; ')}
        </Alert>
      ) : null}
      <ErrorAlert error={upload.error} />
    </>
  );
}
