import type { Plugin } from 'vite';

/**
 * Store-ready bundles: Mozilla's add-ons linter warns about every HTML sink and `Function` call in
 * the shipped code, and three libraries carry some we never use or can do without. Each rewrite
 * below keeps the library's behaviour in an extension page, and the build fails if a pattern is no
 * longer found (a library upgrade must be looked at, not silently shipped with the sink back in).
 */
interface Rewrite {
  /** The module's path ends with this. */
  file: string;
  from: string;
  to: string;
  /** How many times `from` must occur. */
  count: number;
  why: string;
}

const REWRITES: Rewrite[] = [
  {
    file: '/zod/v4/core/util.js',
    from: `    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }`,
    to: '    return false;',
    count: 1,
    why: "zod's JIT probe: extension pages forbid eval (MV3's CSP), so it always answered false",
  },
  {
    file: '/react-dom/cjs/react-dom-client.production.js',
    from: '(domElement.innerHTML = key)',
    to: '(() => { throw new Error("dangerouslySetInnerHTML is not available in Trove: render text"); })()',
    count: 2,
    why: "React's dangerouslySetInnerHTML: Trove renders page and model content as text, never as raw HTML",
  },
  {
    file: '/@mozilla/readability/Readability.js',
    from: 'var pageCacheHtml = page.innerHTML;',
    to: 'var pageCache = page.cloneNode(true);',
    count: 1,
    why: 'Readability keeps the page to retry on: a clone instead of its serialised HTML',
  },
  {
    file: '/@mozilla/readability/Readability.js',
    from: 'page.innerHTML = pageCacheHtml;',
    to: 'page.replaceChildren(...pageCache.cloneNode(true).childNodes);',
    count: 1,
    why: '… and puts the clone back instead of re-parsing that HTML',
  },
  {
    file: '/@mozilla/readability/Readability.js',
    from: 'tmp.innerHTML = noscript.innerHTML;',
    to: 'tmp.replaceChildren(...new DOMParser().parseFromString(noscript.innerHTML, "text/html").body.childNodes);',
    count: 1,
    why: 'Readability reads <noscript> images: parsed in an inert document (its scripts can never run)',
  },
  {
    file: '/decode-named-character-reference/index.dom.js',
    from: `  element.innerHTML = characterReference
  const character = element.textContent`,
    to: "  const character = new DOMParser().parseFromString(characterReference, 'text/html').body.textContent",
    count: 1,
    why: 'the markdown parser decodes a named character reference (&amp;…;): read in an inert document, not through innerHTML',
  },
  {
    file: '/highlight.js/lib/core.js',
    from: 'element.innerHTML = result.value;',
    to: 'throw new Error("highlightElement is not available in Trove: highlighting goes through lowlight as a tree");',
    count: 1,
    why: "highlight.js's DOM helper, which lowlight never calls (Trove turns the highlighted tree into React elements)",
  },
  {
    file: '/mdast-util-from-markdown/lib/index.js',
    from: '  return compiler(options)(postprocess(parse(options).document().write(preprocess()(value, encoding, true))));',
    to: '  const tokenizer = parse(options).document();\n  return compiler(options)(postprocess(tokenizer.write(preprocess()(value, encoding, true))));',
    count: 1,
    why: "the markdown tokenizer's own write() method, which the linter takes for document.write",
  },
  {
    file: '/prosemirror-view/dist/index.js',
    from: 'elt.innerHTML = maybeWrapTrusted(html);',
    to: 'doc = new DOMParser().parseFromString(html, "text/html");\n    elt = doc.body;',
    count: 1,
    why: "the prompt editor reads pasted HTML: parsed by DOMParser into an inert document (as ProseMirror's detached one is), without an innerHTML sink",
  },
  {
    file: '/@tiptap/core/dist/index.js',
    from: 'styleNode.innerHTML = style;',
    to: 'styleNode.textContent = style;',
    count: 1,
    why: "the prompt editor's own stylesheet: a <style> element's text is CSS, set as text rather than parsed as HTML",
  },
];

export function storeSafeBundles(): Plugin {
  return {
    name: 'trove-store-safe-bundles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      const rewrites = REWRITES.filter((r) => path.endsWith(r.file));
      if (!rewrites.length) return null;
      let out = code;
      for (const rewrite of rewrites) {
        const found = out.split(rewrite.from).length - 1;
        if (found !== rewrite.count) {
          throw new Error(
            `store-safe-bundles: expected ${rewrite.count} × ${JSON.stringify(rewrite.from)} in ${path}, found ${found} (${rewrite.why})`,
          );
        }
        out = out.split(rewrite.from).join(rewrite.to);
      }
      return { code: out, map: null };
    },
  };
}
