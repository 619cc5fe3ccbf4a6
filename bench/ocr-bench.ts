import puppeteer from 'puppeteer';
import { recognizeText } from '../server/features/ocr/ocr-read';
import { percentile } from './stats';

const LINES = [
  'Quarterly harvest report lists seven orchards',
  'and twelve rivers near the northern valley.',
  'Marmalade volcano expedition departs Tuesday',
  'from Harbour Gate with forty lanterns aboard.',
];

/** Two sizes of image: a snippet (640×140, two lines) and a screenshot of a page (1280×800, text in columns). */
const SHOTS = {
  snippet: { width: 640, height: 140, lines: LINES.slice(0, 2), html: LINES.slice(0, 2).join('<br>') },
  screenshot: {
    width: 1280,
    height: 800,
    lines: LINES,
    html: `<div style="columns: 2; gap: 40px">${Array.from({ length: 14 }, () => `<p>${LINES.join(' ')}</p>`).join('')}</div>`,
  },
};

const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * Text from images (server/features/ocr/): each image read as the server reads it, in a process of its own
 * (its start, tesseract's English model loaded, the recognition), one after another; and the share of the known words
 * found. BENCH_OCR_RUNS images of each size (default 5).
 */
export async function benchOcr(runs = 5): Promise<string[]> {
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const images: Record<string, Uint8Array> = {};
  try {
    const page = await browser.newPage();
    for (const [name, shot] of Object.entries(SHOTS)) {
      await page.setViewport({ width: shot.width, height: shot.height });
      await page.setContent(`<body style="margin: 24px; font: 18px sans-serif">${shot.html}</body>`);
      images[name] = new Uint8Array(await page.screenshot({ type: 'png' }));
    }
  } finally {
    await browser.close();
  }
  const lines: string[] = [];
  for (const [name, bytes] of Object.entries(images)) {
    const samples: number[] = [];
    let accuracy = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const { text } = await recognizeText(bytes, 'bench');
      samples.push(performance.now() - started);
      const found = new Set(words(text));
      const wanted = words(SHOTS[name as keyof typeof SHOTS].lines.join(' '));
      accuracy = wanted.filter((w) => found.has(w)).length / wanted.length;
    }
    lines.push(
      `OCR one ${name} (${(bytes.byteLength / 1024).toFixed(0)} kB PNG)`.padEnd(44) +
        ` n=${String(runs).padStart(4)}  p50 ${percentile(samples, 50).toFixed(0)} ms  p99 ${percentile(samples, 99).toFixed(0)} ms  words found ${(accuracy * 100).toFixed(0)}%`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchOcr()) console.log(line);
