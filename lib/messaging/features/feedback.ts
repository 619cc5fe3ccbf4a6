import type { CreateFeedbackInput, Diagnostics, Feedback, Upload } from '../../api/contract';
import type { Result } from '../types';

/** The Report Bug dialog. */
export interface FeedbackMessages {
  /** An image as a data: URL (runtime messages carry JSON, not bytes). */
  uploadFeedbackImage(input: { name: string; dataUrl: string }): Result<{ link: string; upload: Upload }>;
  deleteUploadedImage(input: { id: number }): Result<{ id: number }>;
  submitFeedback(input: CreateFeedbackInput): Result<Feedback>;
  getDiagnostics(): Result<Diagnostics>;
}
