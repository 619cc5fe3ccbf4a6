import { describe, expect, it } from 'vitest';
import { fillPromptVariables, promptQueue, promptVariables, variableProblems } from '../../lib/api/prompt-variables';

describe('prompt variables', () => {
  it('finds {{Name}} and {{Tone | A, B}} once each, in order', () => {
    expect(
      promptVariables('Hi {{ Name }}, in a {{Tone | Formal, Friendly ,Direct}} tone. Bye {{Name}}. {{Empty |}}'),
    ).toEqual([
      { name: 'Name', options: null },
      { name: 'Tone', options: ['Formal', 'Friendly', 'Direct'] },
      { name: 'Empty', options: null },
    ]);
    expect(promptVariables('no variables, {single} braces, {{}}')).toEqual([]);
  });

  it('fills the variables given and leaves the others as written', () => {
    expect(fillPromptVariables('{{Name}} in {{Tone | A, B}} for {{Who}}', { Name: 'Ann', Tone: 'B' })).toBe(
      'Ann in B for {{Who}}',
    );
  });

  it('names unknown variables and dropdown values not offered', () => {
    const variables = promptVariables('{{Name}} {{Tone | A, B}}');
    expect(variableProblems(variables, { Name: 'x', Tone: 'A' })).toEqual([]);
    expect(variableProblems(variables, { Nope: 'x', Tone: 'C' })).toEqual([
      ['Nope', 'the prompt has no variable "Nope"'],
      ['Tone', 'must be one of A, B'],
    ]);
  });

  it('splits a queue on lines of three dashes only', () => {
    expect(promptQueue('First\n---\nSecond\n  ---  \n\n---\nThird')).toEqual(['First', 'Second', 'Third']);
    expect(promptQueue('A --- B\n----\nC')).toEqual(['A --- B\n----\nC']);
  });
});
