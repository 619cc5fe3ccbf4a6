import { z } from 'zod';
import { fitUrlToLimit } from '@/lib/api/fit-url';
import { messages, urlSchema } from '@/lib/api/validators';
import { DEFAULT_FEEDBACK_CATEGORY, FEEDBACK_CATEGORIES } from '@/lib/feedback/categories';

export const reportFormSchema = z.object({
  title: z.string().trim().min(1, messages.required).max(300, messages.tooLong),
  url: urlSchema,
  description: z.string().max(20_000, messages.tooLong),
  category: z.enum(FEEDBACK_CATEGORIES),
  includeDiagnostics: z.boolean(),
});
export type ReportFormValues = z.infer<typeof reportFormSchema>;

/** A new report about the page at `url`, which the extension fills in itself: fitted to the contract's limit. */
export const emptyReport = (url: string): ReportFormValues => ({
  title: '',
  url: fitUrlToLimit(url),
  description: '',
  category: DEFAULT_FEEDBACK_CATEGORY,
  includeDiagnostics: true,
});
