import { type ShortcutAction, shortcutFor } from '@/lib/chat/shortcuts';

/**
 * The side panel draws its composer up to three times as it loads: in its HTML (typeable before any
 * script has run), in React's skeleton while the session is asked, then the real one. Each hands what
 * the user did to the next: the text, the caret, focus, and an Enter pressed before anything could be
 * sent (sent as soon as it can be). React-free: the panel's first script uses it.
 */
export interface ComposerState {
  text: string;
  start: number;
  end: number;
  focused: boolean;
  sendRequested: boolean;
}

/** The composer in the panel's HTML (entrypoints/sidepanel/index.html), until React replaces it. */
export const SHELL_COMPOSER_SELECTOR = '[data-panel-shell] textarea';

let left: ComposerState | null = null;
let shellSendRequested = false;

/** Keeps the state of `textarea`, still in the document, for the composer drawn next. */
export function leaveComposer(textarea: HTMLTextAreaElement, sendRequested: boolean) {
  left = {
    text: textarea.value,
    start: textarea.selectionStart,
    end: textarea.selectionEnd,
    focused: textarea.ownerDocument.activeElement === textarea,
    sendRequested,
  };
}

/** Keeps the HTML composer's state, if it is still in the document (called as React renders, before it replaces it). */
export function leaveShellComposer() {
  const shell = document.querySelector<HTMLTextAreaElement>(SHELL_COMPOSER_SELECTOR);
  if (shell) leaveComposer(shell, shellSendRequested);
}

/** The state the previous composer left, once. */
export function takeComposer(): ComposerState | null {
  const state = left;
  left = null;
  return state;
}

/**
 * The shortcut a composer that could not open drawers (the HTML's, the skeleton) was typed: a trigger just
 * before the caret, at the start or after a space, in the focused box. The real composer fires it on taking over.
 */
export function heldShortcut({ text, start, end, focused }: ComposerState): ShortcutAction | null {
  if (!focused || start !== end || start === 0) return null;
  return shortcutFor(text.charAt(start - 1), text, start - 1);
}

/** `state` without its held shortcut's character, the caret where it was typed. */
export const withoutTrigger = (state: ComposerState): ComposerState => ({
  ...state,
  text: state.text.slice(0, state.start - 1) + state.text.slice(state.start),
  start: state.start - 1,
  end: state.start - 1,
});

/** Enter starts a question; Shift+Enter and an input method's Enter do not. */
export const isSendKey = (event: KeyboardEvent) => event.key === 'Enter' && !event.shiftKey && !event.isComposing;

/**
 * Focuses the HTML composer (the panel opens ready for a question, not on its body) and makes it keep an Enter for
 * later: it cannot send, and must not add a line the question does not have.
 */
export function wireShellComposer(root: ParentNode = document) {
  const shell = root.querySelector<HTMLTextAreaElement>(SHELL_COMPOSER_SELECTOR);
  shell?.focus();
  shell?.addEventListener('keydown', (event) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    shellSendRequested = true;
  });
}
