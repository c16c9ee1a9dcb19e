import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real JPEG of the given size (a colour gradient, so it compresses like a photo). */
export async function jpeg(
  width = 640,
  height = 480,
  options: { exif?: boolean } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect width="${width / 4}" height="${height / 4}" fill="#0f0"/></svg>`;
  let image = sharp(Buffer.from(svg));
  if (options.exif) {
    // Orientation 6 (rotate 90° clockwise to view), a camera model and a GPS position.
    image = image.withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'TestCam', Model: 'Secret Model 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '41/1 18/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '69/1 16/1 0/1',
        },
      },
    });
  }
  return image.jpeg({ quality: 80 }).toBuffer();
}

export async function png(width = 320, height = 240): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.8 } },
  })
    .png()
    .toBuffer();
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of width × height, all black: a few tens of kilobytes on disk,
 * but a decoder would have to produce width × height pixels (a decompression bomb).
 */
export function pngBomb(width = 16000, height = 16000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(row * height); // filter byte 0 and zero pixels on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function file(data: Buffer | string, name: string, type: string): File {
  return new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type });
}
