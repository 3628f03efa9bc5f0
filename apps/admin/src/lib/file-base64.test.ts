import { describe, expect, it } from 'vitest';
import { fileToBase64, moved } from './file-base64';

describe('moved', () => {
  it('swaps an image with its neighbour and leaves the ends alone', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('fileToBase64', () => {
  it("answers the file's bytes as base64, without the data URL's prefix", async () => {
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect(await fileToBase64(file)).toBe('iVBORw==');
  });
});
