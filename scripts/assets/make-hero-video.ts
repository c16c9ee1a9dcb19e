// Draws the home page's hero video (a belt conveyor carrying boxes, a seamless 4-second loop)
// and its poster, so the site bundles no footage we do not own. Run once by hand after changing
// the drawing: `node scripts/assets/make-hero-video.ts` (needs ffmpeg; the output is committed).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1280;
const H = 720;
const FPS = 24;
const SECONDS = 4;
const PITCH = 320; // boxes are this far apart: the loop moves them exactly one pitch
const out = (name: string) =>
  fileURLToPath(new URL(`../../site/src/assets/${name}`, import.meta.url));

function frame(t: number): string {
  const shift = (t * PITCH) % PITCH;
  const boxes: string[] = [];
  const rollers: string[] = [];
  for (let x = -PITCH; x < W + PITCH; x += PITCH) {
    const bx = x + shift;
    const tone = 32; // one colour: a box that wraps round at the loop point must look the same
    boxes.push(`<g transform="translate(${bx},0)">
      <rect x="40" y="300" width="200" height="150" rx="6" fill="hsl(${tone},55%,58%)" stroke="hsl(${tone},45%,35%)" stroke-width="4"/>
      <rect x="118" y="300" width="44" height="150" fill="hsl(${tone},40%,78%)" opacity=".8"/></g>`);
  }
  for (let x = 0; x <= W + 80; x += 80) {
    const angle = (t * 360 * 4) % 360;
    rollers.push(
      `<g transform="translate(${x},478) rotate(${angle})"><circle r="26" fill="#3b4148"/><rect x="-3" y="-24" width="6" height="48" fill="#8b949e"/></g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b2540"/><stop offset="1" stop-color="#1d4f7a"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <g fill="#ffffff10">${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 150}" y="60" width="90" height="160" rx="4"/>`).join('')}</g>
    <rect y="452" width="${W}" height="52" fill="#22262b"/>
    ${rollers.join('')}
    ${boxes.join('')}
    <rect y="504" width="${W}" height="${H - 504}" fill="#14181d"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 180 + 60}" y="504" width="24" height="160" fill="#30363d"/>`).join('')}
  </svg>`;
}

const ffmpeg = spawn(
  'ffmpeg',
  [
    '-y',
    '-f',
    'image2pipe',
    '-framerate',
    String(FPS),
    '-i',
    '-',
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '30',
    '-preset',
    'veryslow',
    '-movflags',
    '+faststart',
    '-an',
    out('hero.mp4'),
  ],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
for (let i = 0; i < FPS * SECONDS; i++) {
  const png = await sharp(Buffer.from(frame(i / (FPS * SECONDS))))
    .png()
    .toBuffer();
  if (!ffmpeg.stdin.write(png)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
}
ffmpeg.stdin.end();
await new Promise((resolve, reject) =>
  ffmpeg.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error(`ffmpeg ${code}`)))),
);
await sharp(Buffer.from(frame(0)))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(out('hero-poster.jpg'));
console.log('wrote site/src/assets/hero.mp4 and hero-poster.jpg');
