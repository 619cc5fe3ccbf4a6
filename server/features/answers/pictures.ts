import type { z } from 'zod';
import {
  createImageGemData,
  type GeneratedImage,
  type Message,
  type PictureShape,
  type pictureBody,
  type pictureGemBody,
} from '../../../lib/api/contract';
import { detectImageType } from '../../../lib/files/image-type';
import { drawPictures } from '../../ai/draw-pictures';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { FileStore } from '../../storage/file-store';
import { modelAccess } from '../ai-settings/model-access';
import { getOwnedChat, getOwnedMessage, toMessage } from '../chats/chats';
import { gemOwner } from '../gems/gems';
import { createImageGem } from '../gems/image-gems';
import { checkImage } from '../uploads/image-dimensions';
import { linkOf, parseLink } from '../uploads/upload-files';
import { type AcceptedFile, storeUploads } from '../uploads/uploads';
import { holdRequest, settleRequest } from './request-charge';

/** What a picture is counted as when its provider reports no usage: about what a 1024 px picture takes (OpenAI). */
const PICTURE_TOKENS = 1_000;

/** The picture tool: pictures made by an image model, stored as the chat's uploads, kept as a message. */

export interface Files {
  store: FileStore;
  /** The base of the uploads' links. */
  base: string;
}

/** The provider's bytes as checked images (a reply that is not one is the provider's fault: 502). */
function checkedImages(provider: string, pictures: Uint8Array[]): AcceptedFile[] {
  return pictures.map((bytes) => {
    const mime = detectImageType(bytes);
    const image = mime ? checkImage(bytes, mime) : null;
    if (!mime || !image?.ok) throw new ApiError(502, `${provider} sent back something that is not an image`);
    return { bytes, mime, dimensions: image.dimensions };
  });
}

/** `POST /api/chats/{id}/pictures`: the pictures and the message that shows them (status 'done'). */
export async function makePictures(
  { db, ai, files, userId }: RequestContext,
  chatId: number,
  input: z.output<typeof pictureBody>,
): Promise<Message> {
  await getOwnedChat(db, userId, chatId);
  const { model, access, team } = await modelAccess(db, ai, userId, input.modelId, undefined, { team: true });
  // through a team's key, each picture holds an answer's share of the allowance until the provider says what they took
  const held = await holdRequest(db, userId, model, team, ai.leaseSeconds, input.count);
  let images: AcceptedFile[];
  try {
    const drawn = await drawPictures(model, access, input);
    images = checkedImages(access.name, drawn.pictures);
    await settleRequest(db, held, drawn.usage ?? { input: 0, output: PICTURE_TOKENS * images.length });
  } catch (error) {
    await settleRequest(db, held, null);
    throw error;
  }
  const stored = await storeUploads(db, files.store, userId, 'chat', images, chatId);
  const [row] = await db
    .insert(messages)
    .values({
      chatGemId: chatId,
      ownerId: userId,
      userText: input.prompt,
      status: 'done',
      modelId: model.id,
      model: model.model,
      displayName: model.displayName,
      provider: model.provider,
      images: stored.map((upload, index) => ({
        url: linkOf(files.base, upload),
        mediaType: upload.mime,
        width: images[index]?.dimensions.width ?? null,
        height: images[index]?.dimensions.height ?? null,
      })),
      context: { options: { tool: 'picture', shape: input.shape satisfies PictureShape, count: input.count } },
    })
    .returning();
  if (!row) throw new Error('message insert returned no row');
  return toMessage(row);
}

/** A stored picture's bytes, or null when its link is not to this server's uploads or the file is gone. */
async function pictureBytes(files: Files, picture: GeneratedImage): Promise<Uint8Array | null> {
  const name = parseLink(files.base, picture.url);
  const file = name ? await files.store.get(`${name.key}.${name.ext}`) : null;
  return file ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null;
}

/**
 * Copies of a message's pictures for another chat of the user (duplicate, fork): each chat owns its files, so
 * deleting one chat leaves the other's pictures. A picture whose file is gone is left out.
 */
export async function copyPictures(
  db: Db,
  files: Files,
  userId: number,
  pictures: GeneratedImage[],
  toChatId: number,
): Promise<GeneratedImage[]> {
  const copies: { picture: GeneratedImage; bytes: Uint8Array }[] = [];
  for (const picture of pictures) {
    const bytes = await pictureBytes(files, picture);
    if (bytes) copies.push({ picture, bytes });
  }
  const stored = await storeUploads(
    db,
    files.store,
    userId,
    'chat',
    copies.map((c) => ({ bytes: c.bytes, mime: c.picture.mediaType })),
    toChatId,
  );
  return stored.map((upload, i) => ({ ...(copies[i]?.picture as GeneratedImage), url: linkOf(files.base, upload) }));
}

/** `POST /api/messages/{id}/image-gem`: one of the user's pictures saved as an Image gem (its own copy of the file). */
export async function savePictureAsGem(
  { db, files, userId }: RequestContext,
  messageId: number,
  input: z.output<typeof pictureGemBody>,
) {
  const message = await getOwnedMessage(db, userId, messageId);
  const picture = message.images?.[input.index];
  if (!picture) throw fieldError(404, 'index', `Message ${messageId} has no picture ${input.index + 1}`);
  const bytes = await pictureBytes(files, picture);
  if (!bytes) throw fieldError(404, 'index', `Picture ${input.index + 1} of message ${messageId} is gone`);
  const [image] = checkedImages(message.provider, [bytes]);
  if (!image) throw new Error('no image checked');
  const title = message.userText.length > 200 ? `${message.userText.slice(0, 199)}…` : message.userText;
  const gem = createImageGemData.parse({
    title,
    description: `Made with ${message.displayName}`,
    url: picture.url,
    media_type: 'Image',
    media: { mediaUrl: picture.url, width: image.dimensions.width, height: image.dimensions.height },
    collectionId: input.collectionId,
  });
  return createImageGem(db, files, await gemOwner(db, userId), gem, image);
}
