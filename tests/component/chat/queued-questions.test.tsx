/**
 * A question sent while an answer is on its way is queued, not dropped: shown as queued above the question box,
 * removable, and sent when the answer ends, one at a time.
 */
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FakeBackground } from '../fake-background';
import { makeUser } from '../fixtures';
import { ComposerAsInPanel, modelsShown, question, renderInPanel } from './composer-harness';

/** The composer, busy until "Answer ends" is pressed; each question sent makes it busy again, as an answer would. */
function BusyComposer({ onSend }: { onSend: (text: string) => void }) {
  const [busy, setBusy] = useState(true);
  return (
    <>
      <ComposerAsInPanel
        busy={busy}
        onSend={(text) => {
          onSend(text);
          setBusy(true);
        }}
      />
      <button type="button" onClick={() => setBusy(false)}>
        Answer ends
      </button>
    </>
  );
}

const queuedTexts = () => {
  const list = screen.queryByRole('region', { name: 'Queued questions' });
  if (!list) return [];
  // Each shows the "Queued" badge before its text.
  return within(list)
    .getAllByRole('listitem')
    .map(
      (item) =>
        `${item.querySelector('.queued-question-badge')?.textContent}: ${item.querySelector('.queued-question-text')?.textContent}`,
    );
};

describe('Questions sent while an answer streams', () => {
  it('are queued in order, can be removed, and are sent one at a time as each answer ends', async () => {
    const onSend = vi.fn<(text: string) => void>();
    const { user } = renderInPanel(<BusyComposer onSend={onSend} />, new FakeBackground({ user: makeUser() }));
    await modelsShown();

    await user.type(question(), 'First follow-up{Enter}');
    await user.type(question(), 'Second thought{Enter}');
    await user.type(question(), 'Third one{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(question().value).toBe('');
    expect(queuedTexts()).toEqual(['Queued: First follow-up', 'Queued: Second thought', 'Queued: Third one']);

    await user.click(screen.getByRole('button', { name: 'Remove queued question: Second thought' }));
    expect(queuedTexts()).toEqual(['Queued: First follow-up', 'Queued: Third one']);

    await user.click(screen.getByRole('button', { name: 'Answer ends' }));
    expect(onSend.mock.calls).toEqual([['First follow-up']]);
    expect(queuedTexts()).toEqual(['Queued: Third one']);

    await user.click(screen.getByRole('button', { name: 'Answer ends' }));
    expect(onSend.mock.calls).toEqual([['First follow-up'], ['Third one']]);
    expect(screen.queryByRole('region', { name: 'Queued questions' })).toBeNull();
  });
});
