import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { cleanArticle } from '../../lib/page/article-cleanup';
import { blockText } from '../../lib/page/block-text';
import { extractPage } from '../../lib/page/extract';

const STORY = [
  'The river rose two metres overnight and the old bridge closed before dawn, the first closure in forty years.',
  'Engineers spent the morning checking the piers while ferries carried commuters across the brown water.',
  'By evening the council had approved repairs and promised the bridge would reopen before the spring market.',
];
const paragraphs = STORY.map((sentence) => `<p>${sentence}</p>`).join('');
const storyText = STORY.join('\n\n');

/** The text of an article element after the cleanup. */
function cleaned(articleHtml: string): string {
  const root = new JSDOM(`<body><div id="article">${articleHtml}</div></body>`).window.document.getElementById(
    'article',
  ) as Element;
  cleanArticle(root);
  return blockText(root);
}

describe('cleanArticle', () => {
  test('figure captions go, the figure and its image stay', () => {
    const html = `${paragraphs}<figure><img src="bridge.jpg" alt="The bridge"><figcaption>The bridge at dawn. Photo: A. Lee</figcaption></figure>`;
    expect(cleaned(html)).toBe(storyText);
    const url = 'https://news.example.test/bridge';
    const page = extractPage(
      new JSDOM(`<html><body><article><h1>Bridge closed</h1>${html}</article></body></html>`, { url }).window.document,
      url,
    );
    expect(page.text).not.toContain('The bridge at dawn');
    expect(page.markdown).toContain('![The bridge](https://news.example.test/bridge.jpg)');
  });

  test('elements named as captions or credits go, camelCase names included', () => {
    const html = `<div class="ArticleCaption">Ferries on the river.</div>${paragraphs}<span class="image-credit">Photo: Harbour Agency</span>`;
    expect(cleaned(html)).toBe(storyText);
  });

  test("the article's own <header> (headline, standfirst, dates) and <nav> go", () => {
    const html = `<header><h1>Bridge closed</h1><p class="standfirst">A night of rising water.</p></header><nav><a href="/">News</a> › <a href="/local">Local</a></nav>${paragraphs}`;
    expect(cleaned(html)).toBe(storyText);
  });

  test('author boxes, share bars, newsletter and related-story blocks go', () => {
    const html = `<div class="share-bar"><a href="#">Facebook</a> <a href="#">Email</a></div>${paragraphs}
      <div class="author-bio"><p>Ana writes about the city's rivers and roads.</p></div>
      <p class="newsletter-signup">Get the morning briefing in your inbox.</p>
      <ul id="related-stories"><li><a href="/a">Ferry fares rise</a></li></ul>
      <div class="post_tags"><a href="/t/river">river</a></div>`;
    expect(cleaned(html)).toBe(storyText);
  });

  test('print-only and screen-reader elements go; a class merely containing "hidden" stays', () => {
    const html = `<p class="sr-only">Advertisement</p>${paragraphs}<div class="d-none d-print-block">Printed from the website.</div><p class="overflow-hidden">The repairs will cost four million.</p>`;
    expect(cleaned(html)).toBe(`${storyText}\n\nThe repairs will cost four million.`);
  });

  test('dates and meta lines go only while short; a long paragraph named "meta" stays', () => {
    const longMeta = `${STORY[0]} ${STORY[1]}`;
    const html = `<p class="entry-date">Published 18 November 2019</p><time datetime="2019-11-18">Nov 18</time>${paragraphs}<p class="meta">${longMeta}</p>`;
    expect(cleaned(html)).toBe(`${storyText}\n\n${longMeta}`);
  });

  test('a list whose every item is mostly a link goes; a list with one item of text stays', () => {
    const links = `<ul><li><a href="/a">Ferry fares rise again</a></li><li><a href="/b">Market moves to the square</a> ›</li></ul>`;
    const mixed = `<ol><li><a href="/c">Harbour walls</a></li><li>Check the piers after every flood.</li></ol>`;
    expect(cleaned(`${paragraphs}${links}${mixed}`)).toBe(
      `${storyText}\n\nHarbour walls\nCheck the piers after every flood.`,
    );
  });

  test('an element inside a sentence stays, whatever its tag or name', () => {
    const sentence =
      'On <time datetime="2019-11-18">18 November</time> the <span class="caption">harbour</span> council met <a class="share" href="/x">again</a>.';
    expect(cleaned(`${paragraphs}<p>${sentence}</p>`)).toBe(
      `${storyText}\n\nOn 18 November the harbour council met again.`,
    );
  });

  test('an element holding a large share of the article stays, whatever its name', () => {
    const html = `<div class="post-author-content">${paragraphs}</div><p>One more line of the story.</p>`;
    expect(cleaned(html)).toBe(`${storyText}\n\nOne more line of the story.`);
  });
});
