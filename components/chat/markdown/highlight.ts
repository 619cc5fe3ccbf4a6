/**
 * The lazily loaded half of code highlighting: lowlight (highlight.js grammars, plain JavaScript, no
 * WebAssembly) with the common languages, its tree turned into React elements, never into HTML.
 */
import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

// Aliases come with the grammars: js, ts, sh, py, html, yml, golang, rs, h, cc…
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
});

/** The code as highlighted React elements, or undefined for a language not registered here. */
export function highlight(code: string, language: string): ReactNode | undefined {
  if (!lowlight.registered(language)) return undefined;
  const tree: Root = lowlight.highlight(language, code);
  return toJsxRuntime(tree, { Fragment, jsx, jsxs });
}
