import { z } from 'zod';
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

export const emptyReport = (url: string): ReportFormValues => ({
  title: '',
  url,
  description: '',
  category: DEFAULT_FEEDBACK_CATEGORY,
  includeDiagnostics: true,
});
