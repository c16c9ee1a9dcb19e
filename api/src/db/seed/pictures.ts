import sharp from 'sharp';

// Pictures for the demo content, drawn as SVG and rendered locally by sharp: conveyor
// illustrations in a few views, category covers and client logos. No downloads, no fonts.
// Written as plain JPEG (mozjpeg would take several times as long, for files the site
// re-encodes anyway) and stored as they are (ImageStore.saveDrawn): a first start draws all of
// them before the server listens, and the pages show re-encoded copies of them.

/** A small seeded random generator (mulberry32), so every run draws the same pictures. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${h % 360} ${s}% ${l}%)`;

function defs(hue: number): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 35, 94)}"/><stop offset="1" stop-color="${hsl(hue, 30, 78)}"/>
    </linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f2f4f7"/><stop offset="0.5" stop-color="#a9b1bc"/><stop offset="1" stop-color="#5f6874"/>
    </linearGradient>
    <linearGradient id="metalH" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#5f6874"/><stop offset="0.5" stop-color="#eef1f5"/><stop offset="1" stop-color="#5f6874"/>
    </linearGradient>
    <radialGradient id="drum"><stop offset="0" stop-color="#dfe3e8"/><stop offset="1" stop-color="#59616c"/></radialGradient>
  </defs>`;
}

function box(x: number, y: number, w: number, h: number, rnd: () => number): string {
  const tone = 28 + Math.round(rnd() * 10);
  return `<g>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${hsl(tone, 45, 58)}" stroke="${hsl(tone, 40, 38)}" stroke-width="3"/>
    <rect x="${x + w * 0.42}" y="${y}" width="${w * 0.16}" height="${h}" fill="${hsl(tone, 30, 78)}" opacity="0.8"/>
  </g>`;
}

/** A belt conveyor seen from the side, loaded with boxes. */
function sideView(w: number, h: number, rnd: () => number, frameHue: number): string {
  const y = h * 0.55;
  const x0 = w * 0.08;
  const x1 = w * 0.92;
  const legs = [0.15, 0.38, 0.62, 0.85]
    .map((f) => {
      const x = x0 + (x1 - x0) * f;
      return `<rect x="${x - 10}" y="${y + 30}" width="20" height="${h * 0.3}" fill="${hsl(frameHue, 20, 35)}"/>
        <rect x="${x - 30}" y="${y + 30 + h * 0.3}" width="60" height="10" fill="${hsl(frameHue, 15, 25)}"/>`;
    })
    .join('');
  let boxes = '';
  for (let x = x0 + 40; x < x1 - 160; x += 150 + rnd() * 120) {
    const bw = 90 + rnd() * 70;
    const bh = 60 + rnd() * 90;
    boxes += box(x, y - 18 - bh, bw, bh, rnd);
  }
  return `<rect x="0" y="${h * 0.88}" width="${w}" height="${h * 0.12}" fill="#00000018"/>
    ${legs}
    <rect x="${x0}" y="${y - 18}" width="${x1 - x0}" height="36" rx="18" fill="#22262b"/>
    <rect x="${x0 + 10}" y="${y + 18}" width="${x1 - x0 - 20}" height="26" fill="${hsl(frameHue, 45, 45)}"/>
    <circle cx="${x0 + 18}" cy="${y}" r="30" fill="url(#drum)" stroke="#30363d" stroke-width="4"/>
    <circle cx="${x1 - 18}" cy="${y}" r="30" fill="url(#drum)" stroke="#30363d" stroke-width="4"/>
    <rect x="${x1 - 60}" y="${y + 40}" width="70" height="60" rx="8" fill="${hsl(frameHue, 30, 30)}"/>
    ${boxes}`;
}

/** A roller conveyor seen from above at an angle: metal rollers between two side frames. */
function rollers(w: number, h: number, rnd: () => number, frameHue: number): string {
  let out = '';
  const count = 9 + Math.floor(rnd() * 4);
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const y = h * 0.12 + t * h * 0.76;
    const half = w * (0.18 + t * 0.22);
    const thick = 18 + t * 26;
    out += `<rect x="${w / 2 - half}" y="${y - thick / 2}" width="${half * 2}" height="${thick}" rx="${thick / 2}" fill="url(#metal)"/>`;
  }
  const side = (sign: number) => {
    const top = w / 2 + sign * w * 0.2;
    const bottom = w / 2 + sign * w * 0.42;
    return `<polygon points="${top},${h * 0.08} ${top + sign * 24},${h * 0.08} ${bottom + sign * 50},${h} ${bottom},${h}" fill="${hsl(frameHue, 50, 42)}"/>`;
  };
  return `${out}${side(-1)}${side(1)}`;
}

/** Parcels travelling on a belt, seen from above. */
function topView(w: number, h: number, rnd: () => number, frameHue: number): string {
  let parcels = '';
  for (let x = w * 0.05; x < w * 0.9; x += 170 + rnd() * 110) {
    const s = 90 + rnd() * 60;
    const y = h / 2 - s / 2 + (rnd() - 0.5) * 40;
    const angle = (rnd() - 0.5) * 24;
    parcels += `<g transform="rotate(${angle.toFixed(1)} ${x + s / 2} ${y + s / 2})">${box(x, y, s, s, rnd)}
      <rect x="${x}" y="${y + s * 0.44}" width="${s}" height="${s * 0.12}" fill="#ffffff55"/></g>`;
  }
  return `<rect x="0" y="${h * 0.25}" width="${w}" height="${h * 0.5}" fill="#2b3036"/>
    <rect x="0" y="${h * 0.22}" width="${w}" height="${h * 0.04}" fill="${hsl(frameHue, 50, 45)}"/>
    <rect x="0" y="${h * 0.74}" width="${w}" height="${h * 0.04}" fill="${hsl(frameHue, 50, 45)}"/>
    ${Array.from({ length: 24 }, (_, i) => `<rect x="${(i * w) / 24}" y="${h * 0.25}" width="3" height="${h * 0.5}" fill="#ffffff10"/>`).join('')}
    ${parcels}`;
}

/** A technical drawing of the conveyor on blueprint paper. */
function blueprint(w: number, h: number): string {
  const grid = Array.from({ length: 30 }, (_, i) => {
    const x = (i * w) / 30;
    const y = (i * h) / 30;
    return `<line x1="${x}" y1="0" x2="${x}" y2="${h}" stroke="#ffffff22"/><line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="#ffffff22"/>`;
  }).join('');
  const y = h * 0.5;
  return `<rect width="${w}" height="${h}" fill="#1d4e89"/>${grid}
    <g fill="none" stroke="#e8f1ff" stroke-width="4">
      <rect x="${w * 0.1}" y="${y - 25}" width="${w * 0.8}" height="50" rx="25"/>
      <circle cx="${w * 0.1 + 25}" cy="${y}" r="40"/><circle cx="${w * 0.9 - 25}" cy="${y}" r="40"/>
      <line x1="${w * 0.25}" y1="${y + 25}" x2="${w * 0.25}" y2="${h * 0.85}"/>
      <line x1="${w * 0.75}" y1="${y + 25}" x2="${w * 0.75}" y2="${h * 0.85}"/>
    </g>
    <g stroke="#e8f1ff" stroke-width="2" stroke-dasharray="12 8">
      <line x1="${w * 0.1}" y1="${h * 0.2}" x2="${w * 0.9}" y2="${h * 0.2}"/>
      <line x1="${w * 0.1}" y1="${h * 0.15}" x2="${w * 0.1}" y2="${h * 0.25}"/>
      <line x1="${w * 0.9}" y1="${h * 0.15}" x2="${w * 0.9}" y2="${h * 0.25}"/>
    </g>`;
}

const VIEWS = ['side', 'rollers', 'top', 'incline', 'blueprint'] as const;

/** The size of a product's picture as drawn. */
const PRODUCT_PICTURE = { width: 800, height: 600 } as const;

/** One picture of a product, in one of five views; `variant` picks the view. */
export async function productPicture(hue: number, variant: number, seed: number): Promise<Buffer> {
  const w = 1200;
  const h = 900;
  const rnd = random(seed);
  const view = VIEWS[variant % VIEWS.length];
  let body: string;
  if (view === 'rollers') body = rollers(w, h, rnd, hue);
  else if (view === 'top') body = topView(w, h, rnd, hue);
  else if (view === 'blueprint') body = blueprint(w, h);
  else if (view === 'incline')
    body = `<g transform="rotate(-14 ${w / 2} ${h / 2}) translate(0 60)">${sideView(w, h, rnd, hue)}</g>`;
  else body = sideView(w, h, rnd, hue);
  // drawn on a 1200 x 900 canvas, rendered at the largest size the site shows a product's
  // picture (its gallery's 800 px): half the pixels to draw, decode and scale
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_PICTURE.width}" height="${PRODUCT_PICTURE.height}" viewBox="0 0 ${w} ${h}">
    ${defs(hue)}<rect width="${w}" height="${h}" fill="url(#bg)"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A category cover: the category's colour and a conveyor scene. */
export async function categoryPicture(hue: number, seed: number): Promise<Buffer> {
  const w = 960;
  const h = 640;
  const rnd = random(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${defs(hue)}<rect width="${w}" height="${h}" fill="${hsl(hue, 55, 40)}"/>
    <circle cx="${w * 0.85}" cy="${h * 0.1}" r="${h * 0.55}" fill="${hsl(hue, 55, 50)}"/>
    <g transform="translate(${w * 0.04} ${h * 0.08}) scale(0.92)">${sideView(w, h, rnd, hue + 180)}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** An invented client's logo: an emblem and bars standing in for the lettering. */
export async function clientLogo(
  hue: number,
  shape: 'circle' | 'hexagon' | 'diamond' | 'triangle',
  seed: number,
): Promise<Buffer> {
  const w = 480;
  const h = 240;
  const rnd = random(seed);
  const cx = 110;
  const cy = 120;
  const r = 70;
  const color = hsl(hue, 65, 42);
  const emblem = {
    circle: `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.45}" fill="#fff"/>`,
    hexagon: `<polygon points="${[0, 60, 120, 180, 240, 300].map((a) => `${cx + r * Math.cos((a * Math.PI) / 180)},${cy + r * Math.sin((a * Math.PI) / 180)}`).join(' ')}" fill="${color}"/>
      <rect x="${cx - 25}" y="${cy - 25}" width="50" height="50" fill="#fff" transform="rotate(45 ${cx} ${cy})"/>`,
    diamond: `<rect x="${cx - r * 0.7}" y="${cy - r * 0.7}" width="${r * 1.4}" height="${r * 1.4}" rx="12" fill="${color}" transform="rotate(45 ${cx} ${cy})"/>
      <circle cx="${cx}" cy="${cy}" r="22" fill="#fff"/>`,
    triangle: `<polygon points="${cx},${cy - r} ${cx + r},${cy + r * 0.75} ${cx - r},${cy + r * 0.75}" fill="${color}"/>
      <polygon points="${cx},${cy - r * 0.2} ${cx + r * 0.35},${cy + r * 0.45} ${cx - r * 0.35},${cy + r * 0.45}" fill="#fff"/>`,
  }[shape];
  const bars = [0, 1]
    .map(
      (i) =>
        `<rect x="210" y="${88 + i * 44}" width="${150 + rnd() * 100 - i * 60}" height="${i ? 18 : 30}" rx="6" fill="${i ? '#6b7280' : '#1f2937'}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${emblem}${bars}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
