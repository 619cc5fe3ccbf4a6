/**
 * PDF readers are shared fairly between users (server/features/chat-files/pdf-read.ts): one user's flood of PDF
 * uploads fills only their own share of the waiting room, and another user's PDF is read at the next
 * free reader, not after the flood's backlog; the server answers other requests meanwhile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { chatFileUploadResponseSchema } from '../../lib/api/contract';
import { makePdf } from '../fixtures/documents';
import { chatUser, setupFakeProvider } from './chat-helpers';
import { expectError, setupTestServer } from './harness';
import { uploadPdf } from './pdf-helpers';

const fake = setupFakeProvider();
const t = setupTestServer();

describe('PDF readers shared between users', () => {
  it("reads another user's PDF during one user's flood, at the next free reader (no 503)", {
    timeout: 180_000,
  }, async () => {
    const flooder = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    const answered: string[] = [];
    let firstRefusal: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      firstRefusal = resolve;
    });
    const flood = Array.from({ length: 12 }, async (_, i) => {
      const res = await uploadPdf(t.url, flooder.token, flooder.modelId, makePdf(`Flood ${i}`), `flood-${i}.pdf`);
      answered.push(`flood ${res.status}`);
      if (res.status === 503) firstRefusal();
      return res;
    });
    // The flooder's own waiting room is full: everything it can have waiting is in.
    await refused;

    let otherDone = false;
    const read = uploadPdf(t.url, other.token, other.modelId, makePdf('Mine'), 'mine.pdf').then((res) => {
      answered.push(`other ${res.status}`);
      otherDone = true;
      return res;
    });
    let health = 0;
    while (!otherDone) {
      const res = await fetch(`${t.url}/api/health`);
      if (res.status === 200) health++;
      await res.body?.cancel();
      await sleep(50);
    }
    const mine = await read;
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(chatFileUploadResponseSchema.parse(mine.body).data[0]).toMatchObject({ format: 'pdf', chars: 4 });
    expect(health).toBeGreaterThanOrEqual(5);

    const results = await Promise.all(flood);
    const accepted = results.filter((res) => res.status === 201).length;
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(expectError(res, 503).message).toBe(
        'Too many of your PDFs are waiting to be read; try again once they are done',
      );
    }
    expect(accepted).toBeGreaterThanOrEqual(3);
    // Read at the next free reader: most of the flood's accepted PDFs were still unread when it was answered.
    const floodReadBefore = answered.slice(0, answered.indexOf('other 201')).filter((a) => a === 'flood 201').length;
    expect(accepted - floodReadBefore, answered.join(', ')).toBeGreaterThanOrEqual(2);
  });
});
