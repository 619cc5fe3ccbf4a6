import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { countWords, detectPageMediaType, mainMedia, mediaTypeFromUrl } from '../../lib/page/media-type';

// Node environment (no DOM globals): detectPageMediaType only uses the Document, URL and content type given.

function fixture(name: string, url: string): Document {
  const html = readFileSync(new URL(`../fixtures/pages/${name}.html`, import.meta.url), 'utf8');
  return new JSDOM(html, { url }).window.document;
}

const doc = (html = '<p>Hello.</p>', url = 'https://example.test/') => new JSDOM(html, { url }).window.document;
const detect = (url: string, html?: string, contentType?: string) =>
  detectPageMediaType(doc(html, url), url, contentType);

/** An ordinary paragraph of about 30 words. */
const PARA =
  '<p>The harbour committee met on Tuesday to discuss the new mooring fees, the repairs to the north pier, and a proposal to extend the summer ferry timetable into October.</p>';

describe('PDF', () => {
  test('content type application/pdf (parameters ignored)', () => {
    expect(detect('https://files.test/download?id=7', '', 'application/pdf; charset=binary')).toEqual({
      mediaType: 'PDF',
      mediaUrl: 'https://files.test/download?id=7',
    });
  });

  test('a URL path ending in .pdf, any case, query and hash ignored', () => {
    expect(detect('https://papers.test/files/Report.PDF?x=1#page=2')).toEqual({
      mediaType: 'PDF',
      mediaUrl: 'https://papers.test/files/Report.PDF?x=1#page=2',
    });
    expect(detect('https://papers.test/report.pdf.html').mediaType).toBe('Link');
    expect(detect('https://papers.test/view?file=report.pdf').mediaType).toBe('Link');
  });

  test('the browser PDF viewer: an <embed type="application/pdf"> filling the body', () => {
    // Chrome's viewer document; its embed src is about:blank, so the page URL is the PDF.
    const viewer =
      '<body style="height:100%;width:100%;overflow:hidden;margin:0"><embed name="A1B2" style="position:absolute;left:0;top:0;" width="100%" height="100%" src="about:blank" type="application/pdf" internalid="A1B2"></body>';
    expect(detect('https://files.test/download?id=7', viewer, 'text/html')).toEqual({
      mediaType: 'PDF',
      mediaUrl: 'https://files.test/download?id=7',
    });
    // A page that is nothing but an embedded PDF: the embed's src is the PDF.
    expect(
      detect('https://files.test/wrap', '<body><embed type="application/pdf" src="/docs/guide.pdf"></body>'),
    ).toEqual({
      mediaType: 'PDF',
      mediaUrl: 'https://files.test/docs/guide.pdf',
    });
    // A small PDF preview inside a page does not make the page a PDF.
    expect(
      detect(
        'https://files.test/p',
        `<h1>Minutes</h1>${PARA}<embed type="application/pdf" src="/m.pdf" width="600" height="400">`,
      ).mediaType,
    ).toBe('Link');
  });
});

describe('known video and audio hosts (mediaUrl = the page)', () => {
  const video = [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/abcDEF12345',
    'https://vimeo.com/76979871',
    'https://vimeo.com/channels/staffpicks/76979871',
    'https://player.vimeo.com/video/76979871',
    'https://www.dailymotion.com/video/x8abc12',
    'https://www.twitch.tv/videos/1234567890',
    'https://www.twitch.tv/somestreamer/clip/FunnyClipSlug',
    'https://www.loom.com/share/0123456789abcdef',
    'https://www.tiktok.com/@someone/video/7234567890123456789',
    'https://www.ted.com/talks/some_speaker_some_talk',
  ];
  test.each(video)('%s → Video', (url) => {
    expect(detect(url)).toEqual({ mediaType: 'Video', mediaUrl: url });
  });

  const audio = [
    'https://soundcloud.com/some-artist/night-drive',
    'https://soundcloud.com/some-artist/night-drive/s-AbCdEf',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://open.spotify.com/episode/7makk4oTQel546B0PZlDM5?si=abc',
    'https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://podcasts.apple.com/us/podcast/the-daily/id1200361736?i=1000650000000',
    'https://someband.bandcamp.com/track/low-tide',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
  ];
  test.each(audio)('%s → Audio', (url) => {
    expect(detect(url)).toEqual({ mediaType: 'Audio', mediaUrl: url });
  });

  const neither = [
    'https://www.youtube.com/@somechannel',
    'https://www.youtube.com/watch',
    'https://vimeo.com/about',
    'https://www.twitch.tv/somestreamer',
    'https://soundcloud.com/some-artist',
    'https://soundcloud.com/some-artist/sets/summer',
    'https://soundcloud.com/discover/sets',
    'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3',
    'https://podcasts.apple.com/us/podcast/the-daily/id1200361736',
    'https://someband.bandcamp.com/album/tides',
  ];
  test.each(neither)('%s → not media', (url) => {
    expect(detect(url).mediaType).toBe('Link');
  });
});

describe('Open Graph', () => {
  test('og:video → Video with the og:video URL (secure_url preferred, resolved)', () => {
    const head =
      '<meta property="og:type" content="website"><meta property="og:video" content="/v/clip.mp4"><meta property="og:video:secure_url" content="https://cdn.example.test/v/clip.mp4">';
    expect(detect('https://example.test/clips/1', head)).toEqual({
      mediaType: 'Video',
      mediaUrl: 'https://cdn.example.test/v/clip.mp4',
    });
    expect(detect('https://example.test/clips/1', '<meta property="og:video" content="/v/clip.mp4">').mediaUrl).toBe(
      'https://example.test/v/clip.mp4',
    );
  });

  test('og:type video.* without a video URL → Video, mediaUrl the page', () => {
    expect(detect('https://films.test/title/42', '<meta property="og:type" content="video.movie">')).toEqual({
      mediaType: 'Video',
      mediaUrl: 'https://films.test/title/42',
    });
  });

  test('og:type music.* or og:audio → Audio', () => {
    expect(
      detect('https://tunes.test/s/9', '<meta property="og:type" content="music.song"><audio src="/a/9.ogg"></audio>'),
    ).toEqual({
      mediaType: 'Audio',
      mediaUrl: 'https://tunes.test/a/9.ogg',
    });
    expect(
      detect('https://tunes.test/s/9', '<meta property="og:audio" content="https://cdn.tunes.test/9.mp3">'),
    ).toEqual({
      mediaType: 'Audio',
      mediaUrl: 'https://cdn.tunes.test/9.mp3',
    });
  });
});

describe('media elements', () => {
  test('a page whose main content is a <video>: decorative loops and asides ignored, first <source> is the media', () => {
    const page = fixture('capture-video', 'https://talks.harbour.test/2024/tide-tables');
    expect(mainMedia(page, 'video')?.id).toBe('talk');
    expect(detectPageMediaType(page, 'https://talks.harbour.test/2024/tide-tables', 'text/html')).toEqual({
      mediaType: 'Video',
      mediaUrl: 'https://talks.harbour.test/media/tide-tables-1080.mp4',
    });
  });

  test('a sole <video>; a blob: stream falls back to the page URL', () => {
    expect(detect('https://example.test/watch/1', '<h1>Clip</h1><video controls src="clip.webm"></video>')).toEqual({
      mediaType: 'Video',
      mediaUrl: 'https://example.test/watch/clip.webm',
    });
    expect(detect('https://example.test/watch/2', '<video src="blob:https://example.test/1f2e"></video>')).toEqual({
      mediaType: 'Video',
      mediaUrl: 'https://example.test/watch/2',
    });
  });

  test('several small videos: none is the main one', () => {
    expect(
      detect(
        'https://example.test/gallery',
        '<video src="/1.mp4" controls></video><video src="/2.mp4" controls></video>',
      ).mediaType,
    ).toBe('Link');
  });

  test('a podcast episode page with a main <audio>', () => {
    const page = fixture('capture-audio', 'https://shoreline.test/episodes/41');
    expect(detectPageMediaType(page, 'https://shoreline.test/episodes/41')).toEqual({
      mediaType: 'Audio',
      mediaUrl: 'https://media.shoreline.test/episodes/041-lighthouse-keepers.mp3',
    });
  });

  test('a clip embedded in a long article keeps the page an Article', () => {
    const page = fixture('capture-article', 'https://coastline.test/2024/ferry');
    expect(mainMedia(page, 'video')).not.toBeNull();
    expect(detectPageMediaType(page, 'https://coastline.test/2024/ferry', 'text/html')).toEqual({
      mediaType: 'Article',
      mediaUrl: null,
    });
  });
});

describe('Article or Link', () => {
  test('ordinary articles → Article', () => {
    const news = 'https://www.harborledger.test/local/2024/05/14/council-approves-seawall';
    expect(detectPageMediaType(fixture('news-article', news), news).mediaType).toBe('Article');
    const blog = 'https://priya.notebook.test/posts/sourdough-altitude/';
    expect(detectPageMediaType(fixture('blog-post', blog), blog).mediaType).toBe('Article');
  });

  test('an <article> over 200 words; paragraphs in <main> over 200 words; JSON-LD Article body', () => {
    expect(detect('https://example.test/a', `<article>${PARA.repeat(8)}</article>`).mediaType).toBe('Article');
    expect(detect('https://example.test/a', `<main><div>${PARA.repeat(8)}</div></main>`).mediaType).toBe('Article');
    const body = 'word '.repeat(250);
    const ld = `<script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":["BlogPosting"],"articleBody":"${body}"}]}</script>`;
    expect(detect('https://example.test/a', `${ld}<p>Teaser only.</p>`).mediaType).toBe('Article');
  });

  test('short pages, and words only in navigation or footers → Link', () => {
    expect(detect('https://example.test/', '<h1>Welcome</h1><p>Sign in to continue.</p>')).toEqual({
      mediaType: 'Link',
      mediaUrl: null,
    });
    expect(detect('https://example.test/', `<article>${PARA.repeat(5)}</article>`).mediaType).toBe('Link'); // ~150 words
    expect(
      detect('https://example.test/', `<nav>${PARA.repeat(10)}</nav><footer>${PARA.repeat(10)}</footer>`).mediaType,
    ).toBe('Link');
    const meta = 'https://atelier-lumen.test/reserver';
    expect(detectPageMediaType(fixture('meta-only', meta), meta).mediaType).toBe('Link');
  });

  test('word counting', () => {
    expect(countWords('  one two,  three — 4 ')).toBe(4);
    expect(countWords('海上の灯台について話します')).toBe(6);
    expect(countWords('')).toBe(0);
  });
});

test('odd inputs do not throw, and the document is never mutated', () => {
  const page = fixture('capture-video', 'https://talks.harbour.test/2024/tide-tables');
  const before = page.documentElement.outerHTML;
  detectPageMediaType(page, 'https://talks.harbour.test/2024/tide-tables');
  detectPageMediaType(page, 'not a url', 'weird/type');
  expect(page.documentElement.outerHTML).toBe(before);
  expect(detectPageMediaType(doc('<html></html>'), 'not a url')).toEqual({ mediaType: 'Link', mediaUrl: null });
  expect(detectPageMediaType(doc('<embed type="application/pdf">'), 'file:///tmp/a.pdf')).toEqual({
    mediaType: 'PDF',
    mediaUrl: null,
  });
});

describe('mediaTypeFromUrl (tabs whose document cannot be read, e.g. the PDF viewer)', () => {
  test.each([
    ['https://example.com/papers/attention.PDF?download=1#page=3', 'PDF'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Video'],
    ['https://vimeo.com/76979871', 'Video'],
    ['https://soundcloud.com/artist/track-name', 'Audio'],
    ['https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk', 'Audio'],
  ])('%s → %s', (url, mediaType) => {
    expect(mediaTypeFromUrl(url)).toEqual({ mediaType, mediaUrl: new URL(url).href });
  });

  test.each(['https://example.com/article', 'https://example.com/pdf-guide', 'file:///tmp/a.pdf', 'not a url'])(
    '%s → null',
    (url) => {
      expect(mediaTypeFromUrl(url)).toBeNull();
    },
  );
});
