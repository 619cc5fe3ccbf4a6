/**
 * User Timing marks of the side panel's opening (read by `npm run bench`): its composer takes typing (the
 * HTML's, drawn before React loads), and a question can be sent (the models it goes to are known).
 */
export const PANEL_MARKS = { typeable: 'trove:panel-composer-typeable', ready: 'trove:panel-composer-ready' } as const;
