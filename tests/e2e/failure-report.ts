import { mkdirSync } from 'node:fs';
import { beforeEach } from 'vitest';
import { describeBrowsers, FAILURES } from './open-browsers';

/**
 * When a journey fails, what each open browser showed at that moment: every page's address and the start of its
 * visible text, printed (a CI log keeps only text), and a screenshot of each in test-output/failures/. A wait that
 * runs out says only what it waited for; this says what was on screen instead. Setup file of the e2e project.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    mkdirSync(FAILURES, { recursive: true });
    const lines = await describeBrowsers(task.name);
    console.error(`[failure report] "${task.name}": the open pages\n${lines.join('\n') || '  (no browser open)'}`);
  });
});
