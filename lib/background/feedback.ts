import { CallError } from '../api/call-error';
import type { CreateFeedbackInput } from '../api/contract';
import { feedbackApi } from '../api/routes/feedbacks';
import { tagApi } from '../api/routes/tags';
import { uploadApi } from '../api/routes/uploads';
import { api } from './api-client';
import { userItem } from './stores';

/** Tag creation as the spec has it: body data{tag, users}; the new tag is the answer's data. */
export async function createTag(input: { tag: string }) {
  const user = await userItem.getValue();
  const body = { data: { tag: input.tag, users: user ? [user.id] : [] } };
  return (await api.call(tagApi.create, { body })).data;
}

function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new CallError({ kind: 'invalid', status: 400, message: 'The image could not be read.' });
  const [, type, base64, payload = ''] = match;
  const bytes = base64
    ? Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(payload));
  return new Blob([bytes], { type: type || 'application/octet-stream' });
}

/** Uploads one bug-report image (multipart field `files`, flagged isFeedbackImg); its link is `data.media[0]`. */
export async function uploadFeedbackImage(input: { name: string; dataUrl: string }) {
  const form = new FormData();
  form.append('files', dataUrlToBlob(input.dataUrl), input.name);
  form.append('isFeedbackImg', 'true');
  const { data } = await api.call(uploadApi.upload, { body: form });
  const [link] = data.media;
  const [upload] = data.uploads;
  if (!link || !upload) throw new CallError({ kind: 'server', status: 500, message: 'The server stored no image.' });
  return { link, upload };
}

export const deleteUploadedImage = async (input: { id: number }) => {
  await api.call(uploadApi.delete, { params: { id: input.id } });
  return { id: input.id };
};

export const submitFeedback = async (input: CreateFeedbackInput) =>
  (await api.call(feedbackApi.create, { body: { data: input }, query: { populate: '*' } })).data;
