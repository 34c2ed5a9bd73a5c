/**
 * A minimal PNG reader for the browser tests' screenshots (8-bit RGB or RGBA, non-interlaced, as Chromium writes
 * them): inflate the IDAT stream (node:zlib) and undo the per-row filters (PNG spec, section 9).
 * @module
 */
import { inflateSync } from 'node:zlib';

/** Decoded image: width, height and RGBA bytes (row-major). */
export interface RgbaImage {
  /** Pixels per row. */
  width: number;
  /** Rows. */
  height: number;
  /** 4 bytes per pixel. */
  data: Uint8Array;
}

/** Decodes a PNG file's bytes. */
export function decodePng(png: Uint8Array): RgbaImage {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let offset = 8, width = 0, height = 0, channels = 0;
  const idat: Uint8Array[] = [];
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const bitDepth = body[8], colorType = body[9], interlace = body[12];
      if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) throw new Error(`decodePng: only 8-bit RGB/RGBA non-interlaced, got depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`);
      channels = colorType === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      let p: number;
      if (filter === 0) p = 0;
      else if (filter === 1) p = a;
      else if (filter === 2) p = b;
      else if (filter === 3) p = (a + b) >> 1;
      else {
        const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[i] = (line[i] + p) & 255;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let k = 0; k < width * height; k++) {
    for (let ch = 0; ch < 3; ch++) data[4 * k + ch] = rows[channels * k + ch];
    data[4 * k + 3] = channels === 4 ? rows[4 * k + 3] : 255;
  }
  return { width, height, data };
}

/** Share of pixels whose RGB differ between two images of the same size (any channel by more than `threshold`). */
export function differingPixelShare(a: RgbaImage, b: RgbaImage, threshold = 0): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`differingPixelShare: sizes differ, ${a.width}×${a.height} and ${b.width}×${b.height}`);
  let differing = 0;
  for (let k = 0; k < a.width * a.height; k++) {
    if (Math.abs(a.data[4 * k] - b.data[4 * k]) > threshold || Math.abs(a.data[4 * k + 1] - b.data[4 * k + 1]) > threshold || Math.abs(a.data[4 * k + 2] - b.data[4 * k + 2]) > threshold) differing++;
  }
  return differing / (a.width * a.height);
}
