import { Image } from '@mantine/core';

/** A product's main image in a list row or a picker (decorative: the name is next to it). */
export function Thumbnail({ url, size = 40 }: { url: string | null | undefined; size?: number }) {
  return url ? (
    <Image src={url} alt="" w={size} h={size} fit="contain" radius="sm" loading="lazy" />
  ) : (
    <div style={{ width: size, height: size }} aria-hidden />
  );
}
