/** The Report Bug dialog's categories. The spec's default is the second entry. */
export const FEEDBACK_CATEGORIES = ['Feature request', 'Bug', 'Improvement', 'Question', 'Other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const DEFAULT_FEEDBACK_CATEGORY: FeedbackCategory = FEEDBACK_CATEGORIES[1];
