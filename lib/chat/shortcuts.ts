/**
 * The composer's shortcuts: '/' prompts, '\' chat history, '@' agents
 * and brand voices, '+' attach gems. A trigger fires only when typed at the start of the text or
 * right after whitespace, so it stays an ordinary character inside words, URLs and code
 * ("and/or", "C:\dir", "a@b.c", "1+1").
 */
export const SHORTCUTS = {
  '/': 'prompts',
  '\\': 'history',
  '@': 'agents',
  '+': 'attach',
} as const;
export type ShortcutKey = keyof typeof SHORTCUTS;
export type ShortcutAction = (typeof SHORTCUTS)[ShortcutKey];

/** The action for `key` typed at `caret` (the position it is inserted at) in `text`, or null. */
export function shortcutFor(key: string, text: string, caret: number): ShortcutAction | null {
  if (!(key in SHORTCUTS)) return null;
  const before = caret > 0 ? text[caret - 1] : undefined;
  if (before !== undefined && !/\s/.test(before)) return null;
  return SHORTCUTS[key as ShortcutKey];
}
