import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM } from 'tesseract.js';
import { type OcrReply, OVER_MEMORY_EXIT } from './ocr-reply';

/**
 * The text recognition's process (started by ocr-read.ts; built as its own file by scripts/build-server.ts): loads
 * tesseract.js with the English data of the npm package @tesseract.js-data/eng (nothing is downloaded), says 'ready',
 * recognises the one image it is then sent and answers with an OcrReply (ocr-reply.ts). Tesseract runs in a thread of this process;
 * this thread watches the whole process's memory (WebAssembly's included, which --max-old-space-size does not bound)
 * and ends it past `TROVE_OCR_MEMORY_MB`.
 */

const send = (message: 'ready' | OcrReply) => process.send?.(message);

const memoryMb = Number(process.env.TROVE_OCR_MEMORY_MB) || 512;
setInterval(() => {
  if (process.memoryUsage.rss() > memoryMb * 1024 * 1024) {
    process.stderr.write(`over ${memoryMb} MB of memory\n`);
    process.exit(OVER_MEMORY_EXIT);
  }
}, 50).unref();

// the LSTM model only (4.0.0_best_int): a third of the size of the package's default folder, read in a third of the time
const eng = createRequire(import.meta.url)('@tesseract.js-data/eng') as { langPath: string };
const worker = await createWorker('eng', OEM.LSTM_ONLY, {
  langPath: join(dirname(eng.langPath), '4.0.0_best_int'),
  gzip: true,
  cacheMethod: 'none',
});

process.once('message', async (bytes: Uint8Array) => {
  let reply: OcrReply;
  try {
    const { data } = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    reply = { text: data.text.trim(), confidence: data.confidence };
  } catch (error) {
    reply = { problem: error instanceof Error ? error.message : String(error) };
  }
  send(reply);
});
process.once('disconnect', () => process.exit()); // the server ended
send('ready');
