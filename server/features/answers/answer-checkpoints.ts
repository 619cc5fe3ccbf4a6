import { CHECKPOINT_MS } from '../chats/chats';
import { checkpointAnswer, type Persist } from './answer-store';
import type { Generation } from './generations';

/** Writes the growing answer to the row, at most every CHECKPOINT_MS, one write at a time. */
export class Checkpoints {
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private written = -1;

  constructor(
    private readonly persist: Persist,
    private readonly generation: Generation,
  ) {}

  touch() {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.flush();
      },
      Math.max(0, this.last + CHECKPOINT_MS - Date.now()),
    );
  }

  private flush() {
    const text = this.generation.text;
    if (text.length === this.written) return;
    this.written = text.length;
    this.last = Date.now();
    this.chain = this.chain
      .then(async () => {
        const written = await checkpointAnswer(this.persist, text);
        // Stopped by a request another server copy handled: end here too.
        if (!written && !this.generation.controller.signal.aborted) this.generation.stop();
      })
      .catch((error: unknown) =>
        console.error(`[trove] checkpoint of message ${this.persist.messageId} failed:`, error),
      );
  }

  async close() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }
}
