import { type RefObject, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { ShortcutAction } from '@/lib/chat/shortcuts';
import {
  type ComposerState,
  heldShortcut,
  leaveComposer,
  leaveShellComposer,
  takeComposer,
  withoutTrigger,
} from './composer-handover';

/**
 * Takes up what the composer drawn before this one left (its text, caret, focus and an early Enter: see
 * composer-handover.ts), and leaves the same when it goes. `sendRequested`: an Enter pressed before a
 * question could be sent, for the composer to send once it can. With `onShortcut` (the composer that opens
 * drawers), a shortcut typed before it came is fired now, its character dropped as typing it here would.
 */
export function useComposerHandover(
  ref: RefObject<HTMLTextAreaElement | null>,
  setDraft: (text: string) => void,
  onShortcut?: (action: ShortcutAction) => boolean,
) {
  // React's first render runs while the HTML's composer is still in the document, with its focus and caret.
  useState(leaveShellComposer);
  const [sendRequested, setSendRequested] = useState(false);
  const requested = useRef(sendRequested);
  requested.current = sendRequested;
  const fireHeld = useEffectEvent((state: ComposerState): ComposerState => {
    const action = onShortcut ? heldShortcut(state) : null;
    return action && onShortcut?.(action) ? withoutTrigger(state) : state;
  });
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    const taken = takeComposer();
    const state = taken && fireHeld(taken);
    // Nothing had the focus (the panel opened without its HTML composer): the question box takes it.
    if (!state && textarea.ownerDocument.activeElement === textarea.ownerDocument.body) textarea.focus();
    if (state) {
      if (textarea.value !== state.text) {
        // Set on the element first, so React, finding the same value, leaves the caret alone.
        textarea.value = state.text;
        setDraft(state.text);
      }
      if (state.focused) textarea.focus();
      textarea.setSelectionRange(state.start, state.end);
      if (state.sendRequested) setSendRequested(true);
    }
    return () => leaveComposer(textarea, requested.current);
  }, [ref, setDraft]);
  return {
    sendRequested,
    requestSend: () => setSendRequested(true),
    clearSendRequest: () => setSendRequested(false),
  };
}
