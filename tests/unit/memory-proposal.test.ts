import { describe, expect, it } from 'vitest';
import { MemoryProposalFilter, splitMemoryProposal } from '../../server/ai/memory-proposal';

/** Streams `chunks` through a filter: what is passed on, and the proposal. */
function run(chunks: string[]) {
  const filter = new MemoryProposalFilter();
  const passed = chunks.map((chunk) => filter.push(chunk));
  passed.push(filter.end());
  return { text: passed.join(''), passed, proposal: filter.proposal };
}

describe('MemoryProposalFilter', () => {
  it('takes the last REMEMBER: line and the line breaks before it off the answer', () => {
    expect(splitMemoryProposal('Noted.\n\nREMEMBER: The user is vegetarian')).toEqual({
      answer: 'Noted.',
      proposal: 'The user is vegetarian',
    });
    expect(splitMemoryProposal('Noted.\nremember:   likes tea  \n')).toEqual({
      answer: 'Noted.',
      proposal: 'likes tea',
    });
  });

  it('finds the marker split across chunks, whatever the split', () => {
    const answer = 'Sure thing.\n\nREMEMBER: Works nights';
    for (let i = 1; i < answer.length; i++) {
      for (let j = i + 1; j < answer.length; j++) {
        const result = run([answer.slice(0, i), answer.slice(i, j), answer.slice(j)]);
        expect(result, `split at ${i}, ${j}`).toMatchObject({ text: 'Sure thing.', proposal: 'Works nights' });
      }
    }
  });

  it('holds back only what could still be the marker, and passes everything else on at once', () => {
    const result = run(['Hello', ' world\nRe', 'ally fine\n', 'R']);
    expect(result.passed).toEqual(['Hello', ' world', '\nReally fine', '', '\nR']);
    expect(result).toMatchObject({ text: 'Hello world\nReally fine\nR', proposal: null });
  });

  it('keeps an answer without a marker exactly, trailing breaks and a mid-line REMEMBER: included', () => {
    for (const answer of ['Plain answer\n\n', 'Say REMEMBER: mid-line', 'REMEMBERING things\nok', '', '\n\n\n']) {
      expect(splitMemoryProposal(answer)).toEqual({ answer, proposal: null });
    }
  });

  it('drops an empty marker line without proposing, and keeps text after a marker line', () => {
    expect(splitMemoryProposal('A\nREMEMBER:\n')).toEqual({ answer: 'A\n', proposal: null });
    expect(splitMemoryProposal('A\nREMEMBER: fact\nB')).toEqual({ answer: 'A\nB', proposal: 'fact' });
  });
});
