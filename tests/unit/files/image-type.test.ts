import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../../server/src/modules/booking-rooms/image-type';
import { TINY_JPEG, TINY_WEBP, makePng } from './image-fixtures';

describe('sniffImage: the type an image proves by its bytes', () => {
  it('recognises real PNG, JPEG and WebP files', () => {
    expect(sniffImage(makePng())).toBe('image/png');
    expect(sniffImage(TINY_JPEG)).toBe('image/jpeg');
    expect(sniffImage(TINY_WEBP)).toBe('image/webp');
  });

  it('refuses text, other containers and truncated signatures whatever the file is called', () => {
    expect(sniffImage(Buffer.from('not really a png'))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeUndefined();
    // A RIFF that is not WEBP (a WAV file) is not an image.
    expect(sniffImage(Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeUndefined();
    expect(sniffImage(makePng().subarray(0, 7))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});
