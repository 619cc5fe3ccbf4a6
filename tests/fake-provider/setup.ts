import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeProvider, startFakeProvider } from './server';

/**
 * One fake provider for the calling test file: started before its tests, reset before each, closed
 * after. The returned object forwards to it, so it can be used at the top of a file like a variable.
 */
export function setupFakeProvider(): FakeProvider {
  let running: FakeProvider | undefined;
  beforeAll(async () => {
    running = await startFakeProvider();
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => {
    running?.reset();
  });
  return new Proxy({} as FakeProvider, {
    get(_, key) {
      if (!running) throw new Error('the fake provider is not running (use it inside tests or hooks)');
      const value = Reflect.get(running, key);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
