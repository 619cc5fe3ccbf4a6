import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Markdown } from '@/components/chat/markdown/Markdown';

const renderDone = (text: string) => render(<Markdown text={text} streaming={false} />);

/** The tabs the extension opens from now on (the fake browser's), as they are created. */
function tabsOpened() {
  const opened: Pick<Browser.tabs.Tab, 'url' | 'active'>[] = [];
  fakeBrowser.tabs.onCreated.addListener(({ url, active }) => void opened.push({ url, active }));
  return opened;
}

/** For each click (or middle click) that reaches the document from now on: whether the browser's own action (following the link) was prevented. */
function clicksPrevented() {
  const prevented: boolean[] = [];
  const record = (event: Event) => void prevented.push(event.defaultPrevented);
  for (const type of ['click', 'auxclick']) document.addEventListener(type, record);
  onTestFinished(() => {
    for (const type of ['click', 'auxclick']) document.removeEventListener(type, record);
  });
  return prevented;
}

describe('Markdown: untrusted text', () => {
  it.each([
    ['an inline tag with a handler', 'Hi <img src=x onerror=alert(1)> there'],
    ['a block tag with a handler', '<img src=x onerror=alert(1)>'],
    ['a script block', '<script>alert(1)</script>'],
    ['an inline script', 'text <script>alert(1)</script> more'],
    [
      'an iframe and a styled div',
      '<iframe src="https://evil.example"></iframe>\n\n<div style="position:fixed">x</div>',
    ],
    ['a raw link', '<a href="javascript:alert(1)">click</a>'],
    ['an svg with a handler', '<svg onload=alert(1)><circle r=1 /></svg>'],
  ])('shows raw HTML (%s) as text and creates none of its elements', (_, text) => {
    const { container } = renderDone(text);
    expect(container.querySelector('img, script, iframe, svg, a, [style], [onerror], [onload]')).toBeNull();
    expect(container.textContent).toContain(text.includes('<img') ? '<img src=x onerror=alert(1)>' : '<');
  });

  it.each([
    ['javascript:', '[click me](javascript:alert(1))'],
    ['JavaScript: in mixed case', '[click me](JaVaScRiPt:alert(1))'],
    ['javascript: with an entity for the colon', '[click me](javascript&#58;alert(1))'],
    ['data:', '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[click me](vbscript:msgbox(1))'],
    ['chrome-extension:', '[click me](chrome-extension://abcdefghijklmnop/options.html)'],
    ['file:', '[click me](file:///etc/passwd)'],
    ['a relative path (it would open inside the extension)', '[click me](/options.html#danger)'],
    ['an in-page anchor', '[click me](#top)'],
  ])('turns a %s link into plain text', (_, text) => {
    const { container } = renderDone(text);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click me');
  });

  it('turns an autolink to javascript: into plain text', () => {
    const { container } = renderDone('<javascript:alert(1)>');
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('javascript:alert(1)');
  });

  it.each([
    ['https://example.com/a?b=c', '[docs](https://example.com/a?b=c)'],
    ['http://example.com/', '[docs](http://example.com)'],
    ['mailto:someone@example.com', '[docs](mailto:someone@example.com)'],
    ['http://www.example.com/', 'see www.example.com'],
  ])('keeps a link to %s, opening in a new tab without opener or referrer', (href, text) => {
    renderDone(text);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(href);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('title')).toBe(href);
  });

  it('resolves a reference link whose definition is in another block', () => {
    renderDone('See [the docs][docs].\n\nMore text.\n\n[docs]: https://example.com/docs "The docs"');
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('title')).toBe('The docs');
  });

  it('does not add the definitions to code, even to an unclosed fence at the end', () => {
    const { container } = renderDone('[docs]: https://example.com/docs\n\nSee [docs].\n\n```js\nconst list = [docs];');
    expect(screen.getByRole('link', { name: 'docs' }).getAttribute('href')).toBe('https://example.com/docs');
    expect(container.querySelector('pre code')?.textContent).toBe('const list = [docs];');
  });

  it('does not fetch a remote image until its button is clicked, then loads it without a referrer', async () => {
    const user = userEvent.setup();
    const { container } = renderDone('Look: ![a red square](https://images.example.com/square.png)');
    expect(container.querySelector('img')).toBeNull();
    screen.getByText('a red square');
    await user.click(screen.getByRole('button', { name: 'Load image from images.example.com' }));
    const image = screen.getByRole('img', { name: 'a red square' });
    expect(image.getAttribute('src')).toBe('https://images.example.com/square.png');
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads only the image clicked, and a click on an image inside a link does not follow the link', async () => {
    const user = userEvent.setup();
    const { container } = renderDone(
      '[![first](https://a.example/1.png)](https://a.example/page) and ![second](https://b.example/2.png)',
    );
    await user.click(screen.getByRole('button', { name: 'Load image from a.example' }));
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://a.example/1.png',
    ]);
    screen.getByRole('button', { name: 'Load image from b.example' });
  });

  it.each([
    ['data:', '![pixel](data:image/png;base64,iVBORw0KGgo=)'],
    ['javascript:', '![pixel](javascript:alert(1))'],
    ['a relative path', '![pixel](/icon.png)'],
  ])('shows a %s image as its alt text only', (_, text) => {
    const { container } = renderDone(text);
    expect(container.querySelector('img, button')).toBeNull();
    expect(container.textContent).toBe('pixel');
  });
});

describe('Markdown: opening links', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it.each([
    ['https://example.com/a?b=c&d=%C3%A9#part', '[docs](https://example.com/a?b=c&d=%C3%A9#part)'],
    ['mailto:someone@example.com?subject=Tides', '[docs](mailto:someone@example.com?subject=Tides)'],
  ])('a click opens %s in a new tab, in front, and the panel itself does not follow the link', async (url, text) => {
    const user = userEvent.setup();
    const opened = tabsOpened();
    const prevented = clicksPrevented();
    renderDone(`See ${text} for more.`);
    await user.click(screen.getByRole('link', { name: 'docs' }));
    await waitFor(() => expect(opened).toEqual([{ url, active: true }]));
    expect(prevented).toEqual([true]);
  });

  it('Enter on a focused link opens it in a new tab too', async () => {
    const user = userEvent.setup();
    const opened = tabsOpened();
    const prevented = clicksPrevented();
    renderDone('First [the tides](https://tides.example/harbour) then [the map](https://maps.example/).');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'the map' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(opened).toEqual([{ url: 'https://maps.example/', active: true }]));
    expect(prevented).toEqual([true]);
  });

  it('a link to javascript: opens nothing, clicked or with Enter: it is text, not a link', async () => {
    const user = userEvent.setup();
    const opened = tabsOpened();
    const { container } = renderDone('Do not [click me](javascript:alert(1)) please.');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a, [href], [onclick]')).toBeNull();
    await user.click(screen.getByText('Do not click me please.'));
    await user.tab();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Enter}');
    // Given the time a tab would take to open.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toEqual([]);
  });

  it('a click with Ctrl or a middle click is left to the browser (its tab in the background)', async () => {
    const user = userEvent.setup();
    const opened = tabsOpened();
    const prevented = clicksPrevented();
    renderDone('[docs](https://example.com/docs)');
    const link = screen.getByRole('link', { name: 'docs' });
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    await user.pointer({ keys: '[MouseMiddle]', target: link });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prevented).toEqual([false, false]);
    expect(opened).toEqual([]);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('Markdown: GitHub-flavoured markdown', () => {
  it('renders a table (in a wrapper that scrolls), strikethrough and a task list', () => {
    const { container } = renderDone(
      '| Name | Size |\n|:-----|-----:|\n| a.txt | 1 kB |\n| b.txt | 2 kB |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do',
    );
    const table = screen.getByRole('table');
    expect(table.parentElement?.className).toBe('md-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Size']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    within(table).getByRole('cell', { name: '2 kB' });
    expect(container.querySelector('del')?.textContent).toBe('old');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
  });

  it('renders headings, lists, quotes and inline code', () => {
    renderDone('## Steps\n\n1. first\n2. second with `code`\n\n> quoted');
    screen.getByRole('heading', { level: 2, name: 'Steps' });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['first', 'second with code']);
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByText('quoted').closest('blockquote')).not.toBeNull();
  });
});
