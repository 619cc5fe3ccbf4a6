import type { Element, ElementContent } from 'hast';
import { type ComponentProps, createContext, type MouseEvent, memo, useContext } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { openInNewTab } from '../open-url';
import { fenceClosed } from './blocks';
import { CodeBlock } from './CodeBlock';
import { RemoteImage } from './RemoteImage';
import { safeUrl } from './urls';

/** The block being rendered: its source, and whether it is the last block of an answer still streaming. */
const BlockSource = createContext({ raw: '', live: false });

/**
 * How a link in the text is opened (a new tab unless Markdown is told otherwise). Read only by the
 * links: a new value renders them again, never a block's markdown.
 */
export const OpenLink = createContext<(url: string) => void>(openInNewTab);

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

function Pre({ node }: ComponentProps<'pre'> & ExtraProps) {
  const { raw, live } = useContext(BlockSource);
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties.className;
  const language = Array.isArray(classes)
    ? classes
        .find((name) => String(name).startsWith('language-'))
        ?.toString()
        .slice('language-'.length)
    : undefined;
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  // While the answer streams, an unclosed fence in the last block is still being written: plain text until it closes.
  const closed = !live || (start !== undefined && end !== undefined && fenceClosed(raw.slice(start, end)));
  return <CodeBlock code={code ? textOf(code).replace(/\n$/, '') : ''} language={language} closed={closed} />;
}

function Link({ href, title, children }: ComponentProps<'a'> & ExtraProps) {
  const open = useContext(OpenLink);
  // safeUrl removed any address that is not http(s) or mailto: the link is shown as its text.
  if (!href) return <>{children}</>;
  // A click (or Enter, which clicks) opens the link in a new tab through `open`, mailto: too: the panel
  // itself never navigates. A click with a modifier and a middle click are left to the browser (a tab
  // in the background, a window); target and rel keep those without opener or referrer.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Checked again, should anything but safeUrl ever give a link its address.
    const url = safeUrl(href, 'href');
    if (!url) return event.preventDefault();
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(url);
  };
  return (
    <a
      href={href}
      title={title || href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      onAuxClick={onClick}
    >
      {children}
    </a>
  );
}

function Image({ src, alt }: ComponentProps<'img'> & ExtraProps) {
  if (typeof src !== 'string' || !src) return alt ? <span className="md-image-alt">{alt}</span> : null;
  return <RemoteImage src={src} alt={alt ?? ''} />;
}

function Table({ node: _node, ...props }: ComponentProps<'table'> & ExtraProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways; keyboard users must be able to reach it to scroll
    <section className="md-table" tabIndex={0} aria-label="Table (scrolls sideways)">
      <table {...props} />
    </section>
  );
}

const components: Components = { a: Link, img: Image, pre: Pre, table: Table };
const remarkPlugins = [remarkGfm];

export interface BlockProps {
  /** The block's markdown. */
  raw: string;
  /** The last block while the answer streams. */
  live: boolean;
  /** The answer's link reference definitions, which a block may use wherever they were written. */
  definitions: string;
}

/** One top-level block. Memoised on its props: while an answer streams, only its last block renders again. */
export const Block = memo(function Block({ raw, live, definitions }: BlockProps) {
  return (
    <BlockSource value={{ raw, live }}>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={safeUrl}>
        {definitions ? `${raw}\n\n${definitions}` : raw}
      </ReactMarkdown>
    </BlockSource>
  );
});
