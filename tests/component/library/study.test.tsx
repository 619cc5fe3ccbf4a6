import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { LibraryApiProvider } from '@/components/library/library-api-context';
import { StudyPanel } from '@/components/library/study/StudyPanel';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from '../chat/live-server';

/**
 * The gem sheet's study aids against the live server, its house model answered by the fake provider: a summary
 * streamed then stored, flash cards flipped by click and keys, a quiz checked, a malformed answer said, and axe on each.
 */

const fake = setupFakeProvider();
const live = setupLiveServer(houseAnsweredBy(fake));

const CARDS = {
  cards: [
    { front: 'What do chloroplasts hold?', back: 'Chlorophyll' },
    { front: 'Which light does chlorophyll absorb?', back: 'Blue and red' },
  ],
};
const QUIZ = {
  questions: [
    { question: 'What is made?', choices: ['Sugar', 'Salt'], answer: 0, explanation: 'Sugar and oxygen.' },
    { question: 'Where?', choices: ['Roots', 'Chloroplasts'], answer: 1, explanation: 'In the chloroplasts.' },
  ],
};
const pieces = (text: string) => text.match(/[\s\S]{1,20}/g) ?? [];

async function renderStudy(prefix: string) {
  const person = await live.signedIn(prefix);
  const gem = await person.call('gems', 'POST', {
    data: { title: 'Photosynthesis', url: 'https://example.test/leaf', text: 'Chloroplasts hold chlorophyll.' },
  });
  const rendered = person.render(
    <LibraryApiProvider api={createLibraryApi(person.access)}>
      <StudyPanel gemId={gem.data.id} />
    </LibraryApiProvider>,
  );
  await screen.findByRole('tablist', { name: 'Study aids' });
  return rendered;
}

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

describe('study aids in the gem sheet', () => {
  it('a summary is generated, streamed into the tab, then stored with Regenerate', async () => {
    const { user, container } = await renderStudy('sum');
    fake.script({ chunks: ['Plants make sugar', ' from light.'] });
    await user.click(await screen.findByRole('button', { name: 'Generate summary' }));
    await screen.findByText('Plants make sugar from light.');
    await screen.findByRole('button', { name: 'Regenerate' });
    expect(screen.getByText(/^By /).textContent).toMatch(/^By .+, /);
    await expectNoAxeViolations(container);
  });

  it('flash cards flip with a click and Space, and ← → change the card', async () => {
    const { user, container } = await renderStudy('cards');
    await user.click(screen.getByRole('tab', { name: 'Flash cards' }));
    fake.script({ chunks: pieces(JSON.stringify(CARDS)) });
    await user.click(await screen.findByRole('button', { name: 'Generate flash cards' }));
    const card = await screen.findByRole('button', { name: /What do chloroplasts hold\?/ });
    const count = screen.getByText(/^Card \d of \d$/);
    expect(count.textContent).toBe('Card 1 of 2');
    expect(card.textContent).toBe('QuestionWhat do chloroplasts hold?');
    await user.click(card);
    expect(card.textContent).toBe('AnswerChlorophyll');
    await user.keyboard(' ');
    expect(card.textContent).toBe('QuestionWhat do chloroplasts hold?');
    await user.keyboard('{ArrowRight}');
    expect(card.textContent).toBe('QuestionWhich light does chlorophyll absorb?');
    expect(count.textContent).toBe('Card 2 of 2');
    await user.keyboard('{Enter}');
    expect(card.textContent).toBe('AnswerBlue and red');
    await user.keyboard('{ArrowLeft}');
    expect(card.textContent).toBe('QuestionWhat do chloroplasts hold?');
    await expectNoAxeViolations(container);
  });

  it('a quiz is answered and checked: each question marked, the score said', async () => {
    const { user, container } = await renderStudy('quiz');
    await user.click(screen.getByRole('tab', { name: 'Quiz' }));
    fake.script({ chunks: pieces(JSON.stringify(QUIZ)) });
    await user.click(await screen.findByRole('button', { name: 'Generate quiz' }));
    const first = await screen.findByRole('group', { name: 'What is made?' });
    await user.click(within(first).getByRole('radio', { name: 'Sugar' }));
    await user.click(within(screen.getByRole('group', { name: 'Where?' })).getByRole('radio', { name: 'Roots' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Check answers' }));
    expect((await screen.findByRole('status')).textContent).toBe('1 of 2 right');
    expect(screen.getByText(/^Right\./).textContent).toBe('Right. Sugar and oxygen.');
    expect(screen.getByText(/^Wrong/).textContent).toBe('Wrong: the answer is “Chloroplasts”. In the chloroplasts.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("a model's answer that is not flash cards is said, and nothing is shown as stored", async () => {
    const { user } = await renderStudy('garbage');
    await user.click(screen.getByRole('tab', { name: 'Flash cards' }));
    fake.script({ chunks: ['Sorry, here is ', 'some prose instead.'] });
    await user.click(await screen.findByRole('button', { name: 'Generate flash cards' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/did not answer with flash cards in the form asked for/);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Generate flash cards' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('button', { name: /^Question/ })).toBeNull();
  });
});
