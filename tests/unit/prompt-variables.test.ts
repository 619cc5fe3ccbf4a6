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

  it('fills every occurrence of a repeated variable, dropdown or not', () => {
    expect(fillPromptVariables('{{Name}}, {{ Name }} and {{Name|A, B}}', { Name: 'Ann' })).toBe('Ann, Ann and Ann');
  });

  it('leaves a variable without a value as written, and fills an empty value as empty', () => {
    expect(fillPromptVariables('Dear {{Name}}, {{Greeting | Hi, Hello}}!', {})).toBe(
      'Dear {{Name}}, {{Greeting | Hi, Hello}}!',
    );
    expect(fillPromptVariables('[{{Name}}]', { Name: '' })).toBe('[]');
    expect(fillPromptVariables('{{toString}} {{constructor}}', {})).toBe('{{toString}} {{constructor}}');
  });

  it('leaves malformed placeholders alone', () => {
    const malformed = '{{Name} {Name}} {{}} {{ | A, B}} {{Name';
    expect(fillPromptVariables(malformed, { Name: 'Ann', '': 'x' })).toBe(malformed);
    expect(promptVariables(malformed)).toEqual([]);
  });

  it('fills the innermost placeholder of nested braces and keeps the braces around it', () => {
    expect(fillPromptVariables('{{{Name}}}', { Name: 'Ann' })).toBe('{Ann}');
    expect(fillPromptVariables('{{Outer {{Name}} }}', { Name: 'Ann', Outer: 'x' })).toBe('{{Outer Ann }}');
    expect(promptVariables('{{Outer {{Name}} }}')).toEqual([{ name: 'Name', options: null }]);
  });

  it('inserts values literally: no second pass over filled text, no replacement patterns', () => {
    expect(fillPromptVariables('{{A}} {{B}}', { A: '{{B}}', B: '$& $1' })).toBe('{{B}} $& $1');
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

  it('trims each part and drops blank ones, leading and trailing separators included', () => {
    expect(promptQueue('\n---\n  Intro  \n\n---\n\n\t\n---\nOutro\n---\n')).toEqual(['Intro', 'Outro']);
    expect(promptQueue('  One part only \n')).toEqual(['One part only']);
    expect(promptQueue('Line one\nline two\n---\nNext')).toEqual(['Line one\nline two', 'Next']);
  });

  it('does not split on dashes inside a line, nor on more or fewer than three', () => {
    expect(promptQueue('Write a---b\n--- not alone\n-- \n- - -\nEnd')).toHaveLength(1);
    expect(promptQueue('x ---\n---x')).toEqual(['x ---\n---x']);
  });

  it('splits text with Windows line ends', () => {
    expect(promptQueue('First\r\n---\r\nSecond\r\n --- \r\nThird')).toEqual(['First', 'Second', 'Third']);
  });
});
