/**
 * Reads the pixels of a screenshot, to check what a person would see. Just enough PNG (ISO/IEC 15948) for what
 * Chromium writes: 8-bit truecolour with or without alpha, not interlaced; anything else is refused.
 */
import { inflateSync } from 'node:zlib';

export interface Pixels {
  width: number;
  height: number;
  /** [r, g, b] of the pixel at (x, y). */
  at(x: number, y: number): [number, number, number];
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(png: Buffer): Pixels {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (out[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const corner = x >= channels && y > 0 ? (out[(y - 1) * stride + x - channels] ?? 0) : 0;
      const value = line[x] ?? 0;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, corner);
      out[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    at(x, y) {
      const i = y * stride + x * channels;
      return [out[i] ?? 0, out[i + 1] ?? 0, out[i + 2] ?? 0];
    },
  };
}

/** The reader's own page colour (the default theme), as a screenshot shows it. */
export const READER_BACKGROUND = [251, 250, 247] as const;

/**
 * Of a grid of a screenshot's pixels (every 16th, both ways): how many are a covering page's bright red, and
 * what share is the reader's page colour.
 */
export function coverAndReader(png: Buffer): { red: number; reader: number } {
  const shot = decodePng(png);
  const near = (value: number, target: number): boolean => Math.abs(value - target) <= 2;
  let red = 0;
  let reader = 0;
  let samples = 0;
  for (let y = 2; y < shot.height; y += 16) {
    for (let x = 2; x < shot.width; x += 16) {
      const [r, g, b] = shot.at(x, y);
      samples += 1;
      if (r > 200 && g < 80 && b < 80) red += 1;
      if (near(r, READER_BACKGROUND[0]) && near(g, READER_BACKGROUND[1]) && near(b, READER_BACKGROUND[2]))
        reader += 1;
    }
  }
  return { red, reader: reader / samples };
}
