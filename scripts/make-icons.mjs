// Writes the web app's install icons (apps/web/public/icons) from the logo in favicon.svg:
// `any` icons at 192 and 512 px (the rounded tile, as the favicon), and a maskable 512 px one
// whose gradient fills the square and whose book sits inside the central safe circle (80%), so
// a launcher may crop it to any shape. Run after changing the logo: node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const logo = readFileSync(`${web}favicon.svg`, 'utf8');
const artwork = logo.replace(/^[\s\S]*?<\/defs>/, '').replace(/<\/svg>\s*$/, '');
const defs = /<defs>[\s\S]*?<\/defs>/.exec(logo)?.[0] ?? '';
const book = artwork.replace(/<rect[^>]*\/>/, '');

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}
  <rect width="64" height="64" fill="url(#g)"/>
  <g transform="translate(32 32) scale(0.72) translate(-32 -32)">${book}</g>
</svg>`;

async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${web}icons/${file}`);
}

await png(logo, 192, 'icon-192.png');
await png(logo, 512, 'icon-512.png');
await png(maskable, 512, 'icon-maskable-512.png');
