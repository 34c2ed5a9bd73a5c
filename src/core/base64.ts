/**
 * Base64 (RFC 4648, with padding) of bytes, without Node's Buffer or the browser's btoa, so that the
 * scene and VTK encoders run the same everywhere.
 * @module
 */
import { FlexdynError } from './errors.ts';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const decodeTable = new Int16Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) decodeTable[alphabet.charCodeAt(i)] = i;

/** Base64 text of bytes (or of any typed array's bytes). */
export function encodeBase64(data: ArrayBufferView): string {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const n = bytes.length;
  const parts: string[] = [];
  const chunk = 3 * 4096;
  for (let start = 0; start < n; start += chunk) {
    const end = Math.min(n, start + chunk);
    const codes = new Uint16Array(4 * Math.ceil((end - start) / 3));
    let k = 0;
    for (let i = start; i < end; i += 3) {
      const b0 = bytes[i];
      const b1 = i + 1 < end ? bytes[i + 1] : 0;
      const b2 = i + 2 < end ? bytes[i + 2] : 0;
      codes[k++] = alphabet.charCodeAt(b0 >> 2);
      codes[k++] = alphabet.charCodeAt(((b0 & 3) << 4) | (b1 >> 4));
      codes[k++] = i + 1 < end ? alphabet.charCodeAt(((b1 & 15) << 2) | (b2 >> 6)) : 61; // '='
      codes[k++] = i + 2 < end ? alphabet.charCodeAt(b2 & 63) : 61;
    }
    parts.push(String.fromCharCode.apply(null, codes as unknown as number[]));
  }
  return parts.join('');
}

/** Bytes of base64 text (padding optional; whitespace is not allowed). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  let length = text.length;
  while (length > 0 && text.charCodeAt(length - 1) === 61) length--;
  if (length % 4 === 1 || text.length - length > 2) throw new FlexdynError(`base64: text must be groups of 4 characters (the last one padded with at most two '='), got ${text.length} characters`);
  const out = new Uint8Array(Math.floor((length * 3) / 4));
  let bits = 0;
  let value = 0;
  let k = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? decodeTable[c] : -1;
    if (d < 0) throw new FlexdynError(`base64: character ${i} must be one of A–Z a–z 0–9 + /, got ${JSON.stringify(text[i])}`);
    value = ((value << 6) | d) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (value >> bits) & 255;
    }
  }
  return out;
}
