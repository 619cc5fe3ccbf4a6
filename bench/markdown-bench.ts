import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type OutputFile } from 'esbuild';
import puppeteer from 'puppeteer';
import type { Mode, StreamTimings } from './markdown-harness';
import { percentile } from './stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const UPDATES = Number(process.env.BENCH_MARKDOWN_UPDATES ?? 200);

/** A ~40 KB answer: headings, prose with inline marks and links, lists, a table, code blocks. */
export function longAnswer(size = 40_000): string {
  const parts: string[] = [];
  const code = [
    '```ts\nexport async function load(id: number): Promise<Gem | undefined> {\n  const response = await fetch("/api/gems/" + id);\n  if (!response.ok) return undefined;\n  // The server answers { data }.\n  const { data } = (await response.json()) as { data: Gem };\n  return { ...data, loadedAt: Date.now() };\n}\n```',
    '```python\ndef summarise(rows: list[dict]) -> dict:\n    """Totals per kind."""\n    totals = {}\n    for row in rows:\n        totals[row["kind"]] = totals.get(row["kind"], 0) + row["size"]\n    return totals\n```',
    '```bash\nnpm install\nnpm run build && npm test -- --reporter=dot\necho "done: $(date)"\n```',
    '```json\n{ "name": "trove", "version": "0.1.0", "tags": ["a", "b"], "nested": { "ok": true, "n": 3 } }\n```',
  ];
  for (let i = 1; parts.join('\n\n').length < size; i++) {
    parts.push(`## ${i}. Part ${i} of the answer`);
    parts.push(
      `This paragraph explains **point ${i}** with some *emphasis*, a bit of \`inline code\`, and a [link to the docs](https://example.com/docs/${i}). ` +
        'It goes on for a few sentences so that it wraps over several lines in a narrow side panel, as real answers do. ' +
        'Models like to write long paragraphs, with ~~struck~~ words now and then and references to earlier parts.',
    );
    parts.push(
      `- the first consideration for part ${i}\n- a second one, with \`code\`\n  - and a nested detail\n- a third`,
    );
    parts.push(code[i % code.length] as string);
    if (i % 4 === 0)
      parts.push(
        '| Option | Speed | Cost | Notes |\n|:-------|------:|-----:|-------|\n' +
          Array.from({ length: 6 }, (_, r) => `| option ${r} | ${r * 10} ms | $${r}.00 | fine for ${r} users |`).join(
            '\n',
          ),
      );
    if (i % 3 === 0) parts.push(`> A quoted remark about part ${i},\n> over two lines.`);
  }
  return `${parts.join('\n\n')}\n`;
}

const gz = (file: OutputFile | undefined) => (file ? gzipSync(file.contents).length / 1000 : 0);

/**
 * Min+gzip of the renderer with React external, split as the extension would load it: what
 * Markdown.tsx imports statically, and the chunk the highlighter is loaded from on first use.
 */
export async function markdownSizes(): Promise<{ initial: number; highlight: number; css: number }> {
  const result = await build({
    entryPoints: ['components/chat/markdown/Markdown.tsx'],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    outdir: '/markdown-size',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const meta = result.metafile as Metafile;
  const byPath = new Map(result.outputFiles.map((file) => [file.path, file]));
  const entry = Object.keys(meta.outputs).find((path) => meta.outputs[path]?.entryPoint?.endsWith('Markdown.tsx'));
  const closure = (from: string, kinds: string[], seen = new Set<string>()) => {
    if (seen.has(from)) return seen;
    seen.add(from);
    for (const imported of meta.outputs[from]?.imports ?? [])
      if (kinds.includes(imported.kind) && !imported.external) closure(imported.path, ['import-statement'], seen);
    return seen;
  };
  const file = (path: string) => byPath.get(resolve(path));
  if (!entry) throw new Error('markdown size: no entry output');
  const initial = closure(entry, ['import-statement']);
  const lazy = [...closure(entry, ['import-statement', 'dynamic-import'])].filter((path) => !initial.has(path));
  const sum = (paths: Iterable<string>) =>
    [...paths].filter((p) => p.endsWith('.js')).reduce((n, p) => n + gz(file(p)), 0);
  const css = Object.keys(meta.outputs).find((path) => path.endsWith('.css'));
  return { initial: sum(initial), highlight: sum(lazy), css: css ? gz(file(css)) : 0 };
}

async function harnessPage(dir: string): Promise<string> {
  const result = await build({
    entryPoints: ['bench/markdown-harness.tsx'],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    outdir: dir,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const page = join(dir, 'markdown.html');
  writeFileSync(join(dir, 'harness.js'), js);
  writeFileSync(join(dir, 'harness.css'), css);
  writeFileSync(
    page,
    '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="harness.css"></head>' +
      '<body style="width:400px"><script src="harness.js"></script></body></html>',
  );
  return pathToFileURL(page).href;
}

function line(name: string, timings: StreamTimings) {
  const f = (n: number) => `${n.toFixed(2)} ms`.padStart(9);
  const longest = timings.longTasks.length ? Math.max(...timings.longTasks) : 0;
  return [
    `${name.padEnd(34)} render+commit p50 ${f(percentile(timings.render, 50))}  p95 ${f(percentile(timings.render, 95))}  max ${f(Math.max(...timings.render))}  (goal p50 ≤ 5 ms)`,
    `${''.padEnd(34)} + style/layout p50 ${f(percentile(timings.withLayout, 50))}  p95 ${f(percentile(timings.withLayout, 95))}  max ${f(Math.max(...timings.withLayout))}`,
    `${''.padEnd(34)} tasks over 50 ms: ${timings.longTasks.length}${timings.longTasks.length ? `, longest ${longest.toFixed(0)} ms` : ''}  (goal: none)`,
  ];
}

/**
 * A ~40 KB answer streamed into the chat's markdown renderer in Chromium (400 px wide) in ~200
 * updates, against the budget (≤ 5 ms per update, no main-thread task over 50 ms), beside one
 * react-markdown of the whole text per update; and the renderer's download cost.
 */
export async function benchMarkdown(): Promise<string[]> {
  const text = longAnswer();
  const sizes = await markdownSizes();
  const dir = mkdtempSync(join(tmpdir(), 'trove-markdown-bench-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 400, height: 800 });
    await page.goto(await harnessPage(dir));
    const run = (mode: Mode, updates: number, answer = text) =>
      page.evaluate((m, t, u) => window.markdownBench.stream(m, t, u), mode, answer, updates);
    // Warm up the JIT on a short answer first, as a panel that has rendered an answer before would be.
    await run('blocks', 20, text.slice(0, 4000));
    await run('naive', 20, text.slice(0, 4000));
    const blocks = await run('blocks', UPDATES);
    const naive = await run('naive', UPDATES);
    return [
      `markdown: ${(text.length / 1000).toFixed(1)} kB answer in ${blocks.render.length} updates, Chromium at 400 px`,
      ...line('  block-memoised (Markdown.tsx)', blocks),
      `${''.padEnd(34)} code blocks highlighted at the end: ${blocks.highlighted}`,
      ...line('  naive (one react-markdown)', naive),
      `markdown renderer: ${sizes.initial.toFixed(1)} kB gzip (React external), highlight chunk ${sizes.highlight.toFixed(1)} kB gzip (loaded on the first closed fence), css ${sizes.css.toFixed(1)} kB gzip`,
    ];
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
