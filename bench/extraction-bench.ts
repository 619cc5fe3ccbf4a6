import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { build } from 'esbuild';
import { JSDOM, VirtualConsole } from 'jsdom';
import puppeteer from 'puppeteer';
import { extractPage } from '../lib/page/extract';
import { type Scores, score, tokenize } from './extraction-score';
import { percentile } from './stats';

interface BenchPage {
  id: string;
  url: string;
  truth: string;
  html: string;
}

interface Run {
  texts: string[];
  ms: number[];
  /** In Chromium: each page's first extraction alone. */
  firstMs?: number[];
}

const HOW_TO_GET =
  "page text: BENCH_EXTRACTION_DATA is not set to a folder of Zyte's article-extraction benchmark (scrapinghub/article-extraction-benchmark, MIT licence: its ground-truth.json and html/); clone it and set the variable to see the extractor's F1";

function loadPages(folder: string): BenchPage[] {
  const truth = JSON.parse(readFileSync(join(folder, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { articleBody?: string; url?: string }
  >;
  return Object.entries(truth).map(([id, page]) => ({
    id,
    url: page.url ?? 'https://example.test/',
    truth: page.articleBody ?? '',
    html: gunzipSync(readFileSync(join(folder, 'html', `${id}.html.gz`))).toString('utf8'),
  }));
}

/**
 * In jsdom (what the unit tests use): Trove's extractor timed on the parsed page, and Readability.js alone as the
 * benchmark's own script runs it (`textContent`), whose published F1 (0.947) checks this replication.
 */
function runInJsdom(pages: BenchPage[]): { trove: Run; readability: string[] } {
  const trove: Run = { texts: [], ms: [] };
  const readability: string[] = [];
  const quiet = new VirtualConsole();
  for (const page of pages) {
    const doc = new JSDOM(page.html, { url: page.url, virtualConsole: quiet }).window.document;
    const started = performance.now();
    trove.texts.push(extractPage(doc, page.url).text);
    trove.ms.push(performance.now() - started);
    readability.push(new Readability(doc).parse()?.textContent ?? '');
  }
  return { trove, readability };
}

/**
 * In Chromium, on the DOM the extension's content script gets: the page loaded with JavaScript off and every
 * sub-request refused (the benchmark's HTML was saved with JavaScript off), then the extractor bundled as the
 * extension bundles it, run and timed inside the page `runs` times (a page's time is the median of its runs, so
 * that a moment of load from the machine's other work does not land on one page).
 */
async function runInChromium(pages: BenchPage[], runs: number): Promise<Run> {
  const bundle = await build({
    stdin: {
      contents:
        "import { extractPage } from './lib/page/extract'; globalThis.benchExtract = (url) => { const started = performance.now(); const text = extractPage(document, url).text; return { text, ms: performance.now() - started }; };",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const run: Run = { texts: [], ms: [], firstMs: [] };
  try {
    const tab = await browser.newPage();
    await tab.setJavaScriptEnabled(false);
    await tab.setRequestInterception(true);
    tab.on('request', (request) => void (request.isNavigationRequest() ? request.continue() : request.abort()));
    for (const page of pages) {
      await tab.setContent(page.html, { waitUntil: 'domcontentloaded' });
      await tab.evaluate(script);
      const results = [];
      for (let i = 0; i < runs; i++)
        results.push(
          await tab.evaluate(
            (url) =>
              (globalThis as unknown as { benchExtract: (u: string) => { text: string; ms: number } }).benchExtract(
                url,
              ),
            page.url,
          ),
        );
      run.texts.push(results[0]?.text ?? '');
      run.firstMs?.push(results[0]?.ms ?? Number.NaN);
      run.ms.push(
        percentile(
          results.map((result) => result.ms),
          50,
        ),
      );
    }
  } finally {
    await browser.close();
  }
  return run;
}

const row = (name: string, s: Scores) =>
  `${name.padEnd(44)} F1 ${s.f1.toFixed(3)} ± ${s.f1Std.toFixed(3)}  precision ${s.precision.toFixed(3)} ± ${s.precisionStd.toFixed(3)}  recall ${s.recall.toFixed(3)} ± ${s.recallStd.toFixed(3)}  exact ${s.accuracy.toFixed(3)}`;

const timing = (name: string, ms: number[]) =>
  `${name.padEnd(44)} n=${String(ms.length).padStart(4)}  p50 ${percentile(ms, 50).toFixed(1)} ms  p95 ${percentile(ms, 95).toFixed(1)} ms  max ${percentile(ms, 100).toFixed(1)} ms  (budget 100 ms)`;

/**
 * Page text quality on Zyte's article-extraction benchmark (181 article pages with their body text written by hand),
 * scored as its evaluate.py scores (see extraction-score.ts), and the extractor's time a page. BENCH_EXTRACTION_DATA is
 * a folder of that repository; without it the bench says how to get it. BENCH_EXTRACTION_RUNS: the extractions of
 * each page in Chromium (default 3).
 */
export async function benchExtraction(folder = process.env.BENCH_EXTRACTION_DATA): Promise<string[]> {
  if (!folder || !existsSync(join(folder, 'ground-truth.json'))) return [HOW_TO_GET];
  const pages = loadPages(folder);
  const scored = (texts: string[]) => score(pages.map((page, i) => ({ truth: page.truth, predicted: texts[i] ?? '' })));
  const jsdom = runInJsdom(pages);
  const chromium = await runInChromium(pages, Number(process.env.BENCH_EXTRACTION_RUNS ?? 3));
  const differing = pages.filter(
    (_, i) => tokenize(jsdom.trove.texts[i] ?? '').join(' ') !== tokenize(chromium.texts[i] ?? '').join(' '),
  ).length;
  return [
    `page text on the article-extraction benchmark (${pages.length} pages):`,
    row('Trove extractPage, in Chromium', scored(chromium.texts)),
    row('Trove extractPage, in jsdom', scored(jsdom.trove.texts)),
    row('Readability.js alone, in jsdom (published 0.947)', scored(jsdom.readability)),
    `pages whose words differ between Chromium and jsdom: ${differing}`,
    timing('extractPage time a page, in Chromium (median of runs)', chromium.ms),
    timing('extractPage time a page, in Chromium (first run)', chromium.firstMs ?? []),
    timing('extractPage time a page, in jsdom', jsdom.trove.ms),
  ];
}

if (process.argv[1]?.endsWith('extraction-bench.ts')) {
  for (const line of await benchExtraction()) console.log(line);
}
