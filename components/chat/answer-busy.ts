/** Why what would start another answer, or open another chat, waits: one answer streams at a time. */
export const WAIT_FOR_ANSWER = 'Wait for the answer or stop it';

/** The props that disable such a control while an answer streams, saying why. */
export const waitWhile = (busy: boolean) => ({ disabled: busy, title: busy ? WAIT_FOR_ANSWER : undefined });
