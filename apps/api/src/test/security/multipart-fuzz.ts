import fc from 'fast-check';
import sharp from 'sharp';
import { hostileString, NASTY_STRINGS, PROTO_KEYS } from './arbitraries.js';

/** One part of a multipart body, possibly malformed (names and file names are not escaped). */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Encodes parts with `boundary`; `lf` uses bare LF line ends, `closed` adds the final boundary. */
export function encodeParts(parts: Part[], boundary: string, lf = false, closed = true): Buffer {
  const eol = lf ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}${eol}`;
    chunks.push(
      Buffer.from(`--${boundary}${eol}Content-Disposition: ${disposition}${eol}${type}${eol}`),
    );
    chunks.push(part.data, Buffer.from(eol));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

export const FILE_FIELDS = ['cover', 'file', 'profile_pic', 'image'] as const;

/** File names that try to climb out of the upload directory or confuse a parser. */
const FILE_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\system32\\config\\sam',
  '/etc/shadow',
  '....//....//tmp/x.png',
  '%2e%2e%2f%2e%2e%2fx.png',
  'x.png\u0000.php',
  'cover.php',
  'cover.svg',
  '.htaccess',
  'CON',
  'a"; name="injected',
  'a\r\nContent-Type: text/html',
  `${'long'.repeat(300)}.png`,
  'ｃｏｖｅｒ.png',
  '',
];

const CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'text/html',
  'application/x-php',
  'application/octet-stream',
  'multipart/mixed',
  '',
  'image/png; charset=../../x',
];

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/**
 * Image files no upload may store: empty, cut short (the first half of a real JPEG or PNG, or
 * only its header) or not an image at all.
 */
export async function unreadableImages(): Promise<Record<string, Buffer>> {
  const photo = sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  const [jpeg, png] = [await photo.clone().jpeg().toBuffer(), await photo.clone().png().toBuffer()];
  return {
    empty: Buffer.alloc(0),
    'half a JPEG': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    'half a PNG': png.subarray(0, Math.floor(png.length / 2)),
    'a JPEG header alone': jpeg.subarray(0, 200),
    'a PNG signature alone': png.subarray(0, 8),
    'random bytes': Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 97 + 13) % 256)),
  };
}

/** A file no upload may store, made from a valid `image`: empty, cut short, or not one. */
export const brokenImage = (image: Buffer): fc.Arbitrary<Buffer> =>
  fc.oneof(
    fc.constant(Buffer.alloc(0)),
    fc.constant(image.subarray(0, Math.floor(image.length / 2))),
    fc.constant(image.subarray(0, 8)),
    fc.integer({ min: 1, max: image.length - 1 }).map((end) => image.subarray(0, end)),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  );

/** How the body is broken on top of its content. */
const BREAKS = [
  'none',
  'truncated',
  'other boundary',
  'no boundary',
  'bare LF',
  'no closing boundary',
  'junk before',
  'junk only',
  'empty',
] as const;

export interface MultipartProbe {
  payload: Buffer;
  contentType: string;
  breakage: (typeof BREAKS)[number];
}

/** Multipart bodies with hostile fields and files, often malformed as a whole. */
export function hostileMultipart(fields: readonly string[], image: Buffer) {
  const fileData = fc.oneof(
    fc.constant(image),
    brokenImage(image),
    fc.constant(SVG),
    fc.constant(HTML),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  );
  const filePart = fc.record({
    name: fc.oneof(fc.constantFrom(...FILE_FIELDS), fc.constantFrom(...PROTO_KEYS)),
    filename: fc.oneof(fc.constantFrom(...FILE_NAMES), hostileString),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    data: fileData,
  });
  const fieldPart = fc.record({
    name: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, ...NASTY_STRINGS.slice(0, 12)) },
    ),
    data: hostileString.map((s) => Buffer.from(s)),
  });
  return fc
    .record({
      parts: fc.array(
        fc.oneof({ weight: 3, arbitrary: fieldPart }, { weight: 1, arbitrary: filePart }),
        {
          maxLength: 8,
        },
      ),
      many: fc.boolean(),
      boundary: fc.constantFrom('x', '----storyloomfuzz', 'b'.repeat(70), 'a b', "'q'"),
      breakage: fc.constantFrom(...BREAKS),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ parts, many, boundary, breakage, cut }): MultipartProbe => {
      // `many`: past the parts and files limits of every upload route.
      const all = many
        ? [
            ...parts,
            ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })),
          ]
        : parts;
      const body = encodeParts(
        all,
        boundary,
        breakage === 'bare LF',
        breakage !== 'no closing boundary',
      );
      const header = `multipart/form-data; boundary=${boundary}`;
      switch (breakage) {
        case 'truncated':
          return {
            payload: body.subarray(0, Math.floor(body.length * cut)),
            contentType: header,
            breakage,
          };
        case 'other boundary':
          return {
            payload: body,
            contentType: 'multipart/form-data; boundary=somethingelse',
            breakage,
          };
        case 'no boundary':
          return { payload: body, contentType: 'multipart/form-data', breakage };
        case 'junk before':
          return {
            payload: Buffer.concat([Buffer.from('garbage\r\n\r\n'), body]),
            contentType: header,
            breakage,
          };
        case 'junk only':
          return {
            payload: Buffer.from(`--${boundary}\r\nnot a header\r\n\r\n`),
            contentType: header,
            breakage,
          };
        case 'empty':
          return { payload: Buffer.alloc(0), contentType: header, breakage };
        default:
          return { payload: body, contentType: header, breakage };
      }
    });
}
