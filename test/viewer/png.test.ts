import { describe, it, expect } from 'vitest';
import { deflateSync } from 'node:zlib';
import { decodePng, differingPixelShare } from './png.ts';

/** PNG of RGB(A) pixels with row y filtered by filter type y % 5 (the CRCs are not checked by the reader and left 0). */
function encodePng(width: number, height: number, channels: 3 | 4, pixels: Uint8Array): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const x = pixels[y * stride + i];
      const a = i >= channels ? pixels[y * stride + i - channels] : 0, b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels] : 0;
      const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      raw[y * (stride + 1) + 1 + i] = (x - predictor) & 255;
    }
  }
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    new DataView(out.buffer).setUint32(0, body.length);
    out.set([...type].map((ch) => ch.charCodeAt(0)), 4);
    out.set(body, 8);
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

describe('PNG reader of the browser tests', () => {
  it('decodes RGB and RGBA images with all five row filters to the encoded pixels', () => {
    for (const channels of [3, 4] as const) {
      const width = 7, height = 10;
      const pixels = Uint8Array.from({ length: width * height * channels }, (_, i) => (i * 37 + (i >> 3) * 11) & 255);
      const image = decodePng(encodePng(width, height, channels, pixels));
      expect([image.width, image.height]).toEqual([width, height]);
      for (let k = 0; k < width * height; k++) {
        expect(Array.from(image.data.subarray(4 * k, 4 * k + 4))).toEqual([pixels[channels * k], pixels[channels * k + 1], pixels[channels * k + 2], channels === 4 ? pixels[4 * k + 3] : 255]);
      }
    }
  });

  it('counts the pixels whose colour differs', () => {
    const a = { width: 2, height: 2, data: new Uint8Array(16).fill(100) };
    const b = { width: 2, height: 2, data: Uint8Array.from(a.data) };
    b.data[4] = 103; // pixel 1, red
    b.data[14] = 90; // pixel 3, blue
    b.data[11] = 0; // pixel 2, alpha only: not a colour difference
    expect(differingPixelShare(a, b)).toBe(0.5);
    expect(differingPixelShare(a, b, 5)).toBe(0.25);
  });
});
