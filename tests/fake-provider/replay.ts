/**
 * Replays recorded provider answers byte for byte: a real HTTP server on 127.0.0.1 (port 0) that answers each
 * request with the next queued recording (its status, headers and body, the body written in its recorded pieces so
 * the client reads it as it would off the wire). When the queue is empty the last recording is played again (an AI
 * SDK retry meets the same answer). The recordings are files in tests/fixtures/provider-streams/, written from each
 * provider's published wire format (listed in its README.md).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recording {
  status?: number;
  headers?: Record<string, string>;
  /** The body in the pieces it is written in (one SSE event or one NDJSON line each). */
  body: string[];
}

export interface Replayed {
  method: string;
  path: string;
  body: unknown;
}

export interface Replay {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  requests: Replayed[];
  play(...recordings: Recording[]): void;
  close(): Promise<void>;
}

const FIXTURES = new URL('../fixtures/provider-streams/', import.meta.url);

/** A recorded body cut after each `separator` ("\n\n" between SSE events, "\n" between NDJSON lines), kept whole. */
export function recorded(file: string, separator: '\n' | '\n\n' | null): string[] {
  const text = readFileSync(new URL(file, FIXTURES), 'utf8');
  if (!separator) return [text];
  const pieces = text.split(separator).map((piece) => piece + separator);
  const last = pieces.pop() as string;
  const rest = last.slice(0, -separator.length);
  return rest ? [...pieces, rest] : pieces;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startReplay(): Promise<Replay> {
  const queue: Recording[] = [];
  let last: Recording | undefined;
  const requests: Replayed[] = [];
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    requests.push({
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://replay').pathname,
      body: raw ? JSON.parse(raw) : undefined,
    });
    const recording = queue.shift() ?? last;
    last = recording;
    if (!recording) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('nothing to replay');
      return;
    }
    res.writeHead(recording.status ?? 200, recording.headers);
    for (const piece of recording.body) {
      res.write(piece);
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    play: (...recordings) => {
      queue.push(...recordings);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
