import { imageTypeOf } from './photos';

describe('imageTypeOf', () => {
  it('given PNG or JPEG magic bytes, then png or jpg; given anything else, then undefined', () => {
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpg');
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageTypeOf(Buffer.from('<svg'))).toBeUndefined();
    expect(imageTypeOf(Buffer.alloc(0))).toBeUndefined();
  });
});
