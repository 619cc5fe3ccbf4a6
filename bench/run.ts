/**
 * `npm run bench`: prints numbers against the budgets in ARCHITECTURE.md. It never fails on time;
 * the machines are shared and noisy. BENCH_GEMS sets the library size (default 100000);
 * BENCH_CHAT_RUNS / BENCH_CHAT_CHUNKS the chat proxy's runs (default 30) and chunks per answer (default 200);
 * BENCH_LOAD_SECONDS the length of each load run (default 20; see load-bench.ts); BENCH_PANEL_RUNS the side
 * panel openings (default 20); BENCH_MARKDOWN_UPDATES the streamed answer's updates (default 200);
 * BENCH_RETRIEVAL_GEMS the collection ranked for a question (default 1000); BENCH_HYBRID_GEMS the gems embedded and
 * searched by meaning (default 1000, see hybrid-bench.ts); BENCH_SEARCH_RUNS the library searches
 * per database (default 200, see search-bench.ts; BENCH_OTHER_GEMS another user's gems beside them, default BENCH_GEMS);
 * BENCH_PUBLIC_RUNS the fetches of each public collection page (default 200, see public-page-bench.ts); the search as
 * a member of 20 shared collections holding BENCH_GEMS gems takes BENCH_SEARCH_RUNS too (member-search-bench.ts);
 * BENCH_BULK_GEMS the gems bulk-tagged (default 10000); BENCH_IMPORT_URLS the addresses imported from a bookmarks file (default
 * 50000, see import-bench.ts); BENCH_EXPORT_GEMS the gems exported as JSON (default BENCH_GEMS); BENCH_LIBRARY_GEMS the
 * library page's gems in Chromium (default
 * BENCH_GEMS) and BENCH_LIBRARY_RUNS its openings (default 20, see library-bench.ts); BENCH_OCR_RUNS the images read
 * of each size (default 5, see ocr-bench.ts); BENCH_EXTRACTION_DATA a folder of Zyte's article-extraction benchmark for
 * the page text's F1, and BENCH_EXTRACTION_RUNS the extractions of each page (default 3, see extraction-bench.ts).
 */
import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { benchBulk } from './bulk-bench';
import { benchChat } from './chat-bench';
import { benchExport } from './export-bench';
import { benchExtension } from './extension-bench';
import { benchExtraction } from './extraction-bench';
import { benchHybrid } from './hybrid-bench';
import { benchImport } from './import-bench';
import { benchLibrary } from './library-bench';
import { benchLoad } from './load-bench';
import { benchMarkdown } from './markdown-bench';
import { benchMemberSearch } from './member-search-bench';
import { benchOcr } from './ocr-bench';
import { benchPageFloor } from './page-floor';
import { benchPanel } from './panel-bench';
import { benchPublicPage } from './public-page-bench';
import { benchRetrieval } from './retrieval-bench';
import { benchSearch } from './search-bench';
import { benchServer } from './server-bench';
import { benchSuggestions } from './suggestion-bench';

const gemCount = Number(process.env.BENCH_GEMS ?? 100_000);
const print = (lines: string[]) => {
  for (const line of lines) console.log(line);
};

console.log(`Trove bench — ${new Date().toISOString()} — node ${process.version}\n`);
print(await benchServer(gemCount));
console.log('');
print(await benchSearch(gemCount));
console.log('');
print(await benchPublicPage(gemCount));
console.log('');
print(await benchMemberSearch(gemCount));
console.log('');
print(await benchLoad(Number(process.env.BENCH_LOAD_SECONDS ?? 20)));
console.log('');
print(await benchChat());
console.log('');
print(await benchRetrieval(Number(process.env.BENCH_RETRIEVAL_GEMS ?? 1000)));
console.log('');
print(await benchHybrid(Number(process.env.BENCH_HYBRID_GEMS ?? 1000)));
console.log('');
print(await benchBulk(Number(process.env.BENCH_BULK_GEMS ?? 10_000)));
console.log('');
print(await benchImport(Number(process.env.BENCH_IMPORT_URLS ?? 50_000)));
console.log('');
print(await benchExport(Number(process.env.BENCH_EXPORT_GEMS ?? gemCount)));

console.log('');
print(await benchMarkdown());
console.log('');
print(await benchOcr(Number(process.env.BENCH_OCR_RUNS ?? 5)));
console.log('');
print(await benchSuggestions());
console.log('');
print(await benchExtraction());

console.log('\nBuilding and zipping the extension…');
const zip = spawnSync('node_modules/.bin/wxt', ['zip'], { stdio: 'ignore' });
if (zip.status === 0) {
  const file = readdirSync('.output').find((f) => f.endsWith('-chrome.zip'));
  if (file)
    console.log(
      `extension package (${file}): ${(statSync(`.output/${file}`).size / 1024).toFixed(1)} kB  (budget 1024 kB)`,
    );
  print(await benchExtension(Number(process.env.BENCH_SAVES ?? 30), Number(process.env.BENCH_QUEUED ?? 50)));
  console.log('');
  print(await benchPanel(Number(process.env.BENCH_PANEL_RUNS ?? 20)));
  console.log('');
  print(await benchPageFloor(Number(process.env.BENCH_PANEL_RUNS ?? 20)));
  console.log('');
  print(
    await benchLibrary(
      Number(process.env.BENCH_LIBRARY_GEMS ?? gemCount),
      Number(process.env.BENCH_LIBRARY_RUNS ?? 20),
    ),
  );
} else {
  console.log('wxt zip failed; skipping the package size and the extension measurements');
}
