/** The conversation's scrolling region, the same whether it holds turns or what to do first. */
export const CONVERSATION_LOG = {
  className: 'message-list',
  role: 'log',
  'aria-label': 'Conversation',
  'aria-live': 'off',
} as const;
