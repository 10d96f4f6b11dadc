import { imageFormatOf } from './images';

describe('imageFormatOf', () => {
  it('given PNG or JPEG magic bytes, then png or jpg; given anything else, then undefined', () => {
    expect(imageFormatOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageFormatOf(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpg');
    expect(imageFormatOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageFormatOf(Buffer.from('<svg'))).toBeUndefined();
    expect(imageFormatOf(Buffer.alloc(0))).toBeUndefined();
  });
});
