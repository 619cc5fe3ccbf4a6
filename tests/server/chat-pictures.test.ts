/**
 * The picture tool: an OpenAI image model (through the AI SDK's image generation against the fake provider's
 * `/v1/images/generations`) makes pictures that are stored as the chat's uploads, served by link, kept as a
 * message, saved as an Image gem in one call, and deleted with the chat.
 */
import { describe, expect, it } from 'vitest';
import { chatUser, modelIdOf, setupFakeProvider, storedMessages } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const fetchPicture = (url: string) => fetch(url);

describe('the picture tool', () => {
  it('makes two landscape pictures, stores and serves them, and keeps them as a message', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');

    const res = await t.api(`/api/chats/${chatId}/pictures`, {
      token,
      body: { prompt: 'A lighthouse at dusk', modelId: imageModel, shape: 'landscape', count: 2 },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/images/generations');
    expect(request?.body).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'A lighthouse at dusk',
      n: 2,
      size: '1536x1024',
    });
    const images = res.body.data.images as { url: string; mediaType: string; width: number; height: number }[];
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image).toMatchObject({ mediaType: 'image/png', width: 1, height: 1 });
      expect(image.url).toMatch(new RegExp(`^${t.url}/uploads/[A-Za-z0-9_-]{22}\\.png$`));
      const served = await fetchPicture(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({
      userText: 'A lighthouse at dusk',
      status: 'done',
      text: '',
      images,
      displayName: 'GPT Image 1',
      context: { options: { tool: 'picture', shape: 'landscape', count: 2 } },
    });
  });

  it('saves a picture as an Image gem in one call', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    const made = await t.api(`/api/chats/${chatId}/pictures`, {
      token,
      body: { prompt: 'A red kite', modelId: imageModel },
    });
    expect(made.body.data.images).toHaveLength(1);
    expect(fake.requests.at(-1)?.body).toMatchObject({ n: 1, size: '1024x1024' });

    const saved = await t.api(`/api/messages/${made.body.data.id}/image-gem`, { token, body: { index: 0 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ title: 'A red kite', media_type: 'Image' });
    // The gem has its own copy: deleting the chat leaves the gem's image served.
    expect(saved.body.data.image).not.toBe(made.body.data.images[0].url);
    expect((await t.api(`/api/gems/${chatId}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await fetchPicture(made.body.data.images[0].url)).status).toBe(404);
    expect((await fetchPicture(saved.body.data.image)).status).toBe(200);

    expectError(await t.api(`/api/messages/${made.body.data.id}/image-gem`, { token, body: { index: 0 } }), 404);
  });

  it('refuses a text model, a picture the message lacks, too many pictures and another user’s chat', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    expectFieldError(
      await t.api(`/api/chats/${chatId}/pictures`, { token, body: { prompt: 'A cat', modelId } }),
      'modelId',
      'GPT-4o mini does not make pictures: choose an image model',
    );
    expectFieldError(
      await t.api(`/api/chats/${chatId}/pictures`, { token, body: { prompt: 'Cats', modelId: imageModel, count: 5 } }),
      'count',
    );
    expectFieldError(
      await t.api(`/api/chats/${chatId}/pictures`, { token, body: { prompt: ' ', modelId: imageModel } }),
      'prompt',
    );
    const made = await t.api(`/api/chats/${chatId}/pictures`, { token, body: { prompt: 'One', modelId: imageModel } });
    expectError(await t.api(`/api/messages/${made.body.data.id}/image-gem`, { token, body: { index: 1 } }), 404);

    const other = await chatUser(t, fake);
    expectError(
      await t.api(`/api/chats/${chatId}/pictures`, {
        token: other.token,
        body: { prompt: 'Mine?', modelId: imageModel },
      }),
      404,
    );
    expectError(
      await t.api(`/api/messages/${made.body.data.id}/image-gem`, { token: other.token, body: { index: 0 } }),
      404,
    );
  });

  it('gives a duplicate its own copies of the pictures, and exports them as images', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    const made = await t.api(`/api/chats/${chatId}/pictures`, {
      token,
      body: { prompt: 'A [bold] harbor', modelId: imageModel },
    });
    const original = made.body.data.images[0].url as string;

    const markdown = await fetch(`${t.url}/api/chats/${chatId}/export?format=markdown`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await markdown.text()).toContain(`![A  bold  harbor](${original})`);

    const copy = await t.api(`/api/chats/${chatId}/duplicate`, { method: 'POST', token });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const [copied] = await storedMessages(t, token, copy.body.data.id);
    const copiedUrl = copied?.images?.[0]?.url as string;
    expect(copiedUrl).toMatch(/\/uploads\/[A-Za-z0-9_-]{22}\.png$/);
    expect(copiedUrl).not.toBe(original);
    expect((await t.api(`/api/gems/${chatId}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await fetchPicture(original)).status).toBe(404);
    expect((await fetchPicture(copiedUrl)).status).toBe(200);
  });

  it('shows the pictures on the chat’s share page (this server’s images only)', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    const made = await t.api(`/api/chats/${chatId}/pictures`, {
      token,
      body: { prompt: 'A "quoted" <b>', modelId: imageModel },
    });
    const shared = await t.api(`/api/chats/${chatId}/share`, { method: 'POST', token });
    const html = await (await fetch(shared.body.data.url)).text();
    const file = (made.body.data.images[0].url as string).split('/').at(-1);
    expect(html).toContain(
      `<img src="${shared.body.data.token}/pictures/${file}" alt="A &quot;quoted&quot; &lt;b&gt;">`,
    );
  });

  it('stops serving the share page’s pictures when the link is turned off (the owner’s own links still work)', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    const made = await t.api(`/api/chats/${chatId}/pictures`, {
      token,
      body: { prompt: 'A harbour at night', modelId: imageModel },
    });
    const ownLink = made.body.data.images[0].url as string;
    const shared = await t.api(`/api/chats/${chatId}/share`, { method: 'POST', token });
    const pageUrl = shared.body.data.url as string;
    const src = /<img src="([^"]+)"/.exec(await (await fetch(pageUrl)).text())?.[1] as string;
    const pictureUrl = new URL(src.replaceAll('&amp;', '&'), pageUrl).href;
    const before = await fetch(pictureUrl);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/png');
    expect(before.headers.get('cache-control')).toBe('no-store');

    expect((await t.api(`/api/chats/${chatId}/share`, { method: 'DELETE', token })).status).toBe(200);
    expect((await fetch(pageUrl)).status).toBe(404);
    expect((await fetch(pictureUrl)).status).toBe(404);
    expect((await fetchPicture(ownLink)).status).toBe(200);
  });

  it('says what the provider answered when it fails', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    fake.script({ chunks: [], status: 400, errorMessage: 'Your request was rejected by the safety system.' });
    const failed = expectError(
      await t.api(`/api/chats/${chatId}/pictures`, { token, body: { prompt: 'Something', modelId: imageModel } }),
      502,
    );
    expect(failed.message).toBe('OpenAI answered 400: Your request was rejected by the safety system.');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
  });
});
