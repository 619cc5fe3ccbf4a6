/**
 * Whether anyone has been signed in with this browser's Trove: a new user starts on Create account, a returning one
 * on Sign in. Kept in the extension origin's localStorage, which all its pages share.
 */
const KEY = 'trove:signed-in-here';

export const signedInHereBefore = () => globalThis.localStorage?.getItem(KEY) === 'yes';

export const rememberSignedInHere = () => globalThis.localStorage?.setItem(KEY, 'yes');
