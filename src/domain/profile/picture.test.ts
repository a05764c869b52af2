import { describe, expect, it } from 'vitest';
import { isPictureType, sniffPictureType } from './picture';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('picture types', () => {
  it('knows a picture by its magic number, not its name', () => {
    expect(sniffPictureType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffPictureType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffPictureType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffPictureType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image/webp');
    expect(sniffPictureType(bytes('hello, I am a .png'))).toBeUndefined();
    expect(sniffPictureType(bytes())).toBeUndefined();
  });
  it('needs the whole signature: one matching byte, or RIFF without WEBP, is not a picture', () => {
    expect(sniffPictureType(bytes(0xff, 0x00, 0x00))).toBeUndefined();
    expect(sniffPictureType(bytes(0x89, 'PNx', 0x0d, 0x0a, 0x1a, 0x0a))).toBeUndefined();
    expect(sniffPictureType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffPictureType(bytes('RIFX', 0, 0, 0, 0, 'WEBP'))).toBeUndefined();
    expect(sniffPictureType(bytes('GIF87a'))).toBe('image/gif');
  });
  it('accepts the four picture content types only', () => {
    expect(isPictureType('image/png')).toBe(true);
    expect(isPictureType('image/svg+xml')).toBe(false);
  });
});
