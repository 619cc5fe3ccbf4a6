import { describe, expect, it } from 'vitest';
import { shortcutFor } from '../../lib/chat/shortcuts';

describe('shortcutFor', () => {
  it('fires at the start of the composer and after a space or a new line', () => {
    expect(shortcutFor('\\', '', 0)).toBe('history');
    expect(shortcutFor('/', 'summarise ', 10)).toBe('prompts');
    expect(shortcutFor('@', 'hello\n', 6)).toBe('agents');
    expect(shortcutFor('+', 'add\t', 4)).toBe('attach');
  });

  it('stays an ordinary character inside words, URLs, paths and code', () => {
    expect(shortcutFor('/', 'and', 3)).toBeNull();
    expect(shortcutFor('/', 'https:', 6)).toBeNull();
    expect(shortcutFor('\\', 'C:', 2)).toBeNull();
    expect(shortcutFor('@', 'me', 2)).toBeNull();
    expect(shortcutFor('+', '1', 1)).toBeNull();
  });

  it('looks at the character before the caret, not the end of the text', () => {
    expect(shortcutFor('\\', 'word more', 4)).toBeNull();
    expect(shortcutFor('\\', 'word more', 5)).toBe('history');
  });

  it('ignores other keys', () => {
    expect(shortcutFor('#', '', 0)).toBeNull();
  });
});
