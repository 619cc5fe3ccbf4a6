import flourite from 'flourite';

// Programming-language ids for code gems: a declared language read from a code block's markup, or
// one detected from the text. Pure functions of the DOM / strings, like the rest of lib/page.

/** Aliases and highlighter spellings → the common lower-case id we store. Ids that map to themselves are listed too. */
const ALIASES: Record<string, string> = {
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ecmascript: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  typescript: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  py: 'python',
  python: 'python',
  python3: 'python',
  py3: 'python',
  gyp: 'python',
  sh: 'bash',
  bash: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  'shell-session': 'bash',
  shellsession: 'bash',
  terminal: 'bash',
  shellscript: 'bash',
  go: 'go',
  golang: 'go',
  rs: 'rust',
  rust: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  kotlin: 'kotlin',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  csharp: 'csharp',
  'c#': 'csharp',
  swift: 'swift',
  dart: 'dart',
  scala: 'scala',
  groovy: 'groovy',
  objc: 'objectivec',
  objectivec: 'objectivec',
  'objective-c': 'objectivec',
  rb: 'ruby',
  ruby: 'ruby',
  php: 'php',
  pl: 'perl',
  perl: 'perl',
  lua: 'lua',
  r: 'r',
  jl: 'julia',
  julia: 'julia',
  ex: 'elixir',
  exs: 'elixir',
  elixir: 'elixir',
  erl: 'erlang',
  erlang: 'erlang',
  clj: 'clojure',
  clojure: 'clojure',
  hs: 'haskell',
  haskell: 'haskell',
  ml: 'ocaml',
  ocaml: 'ocaml',
  fs: 'fsharp',
  fsharp: 'fsharp',
  zig: 'zig',
  pascal: 'pascal',
  delphi: 'pascal',
  sol: 'solidity',
  solidity: 'solidity',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  xml: 'xml',
  svg: 'xml',
  css: 'css',
  scss: 'scss',
  sass: 'sass',
  less: 'less',
  vue: 'vue',
  svelte: 'svelte',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  ini: 'ini',
  sql: 'sql',
  psql: 'sql',
  pgsql: 'sql',
  mysql: 'sql',
  graphql: 'graphql',
  gql: 'graphql',
  proto: 'protobuf',
  protobuf: 'protobuf',
  md: 'markdown',
  markdown: 'markdown',
  tex: 'latex',
  latex: 'latex',
  diff: 'diff',
  patch: 'diff',
  docker: 'dockerfile',
  dockerfile: 'dockerfile',
  make: 'makefile',
  makefile: 'makefile',
  mk: 'makefile',
  ps1: 'powershell',
  pwsh: 'powershell',
  powershell: 'powershell',
  bat: 'batch',
  cmd: 'batch',
  nginx: 'nginx',
  text: 'plaintext',
  txt: 'plaintext',
  plain: 'plaintext',
  plaintext: 'plaintext',
};

/** Class values that say "no language given" rather than naming one. */
const NO_LANGUAGE = new Set(['none', 'nohighlight', 'no-highlight', 'default', 'auto', 'source', 'undefined', 'null']);

/** Normalises a declared language: aliases mapped, unknown but plausible ids kept lower-cased, junk → null. */
export function normalizeLanguage(raw: string | null | undefined): string | null {
  const id = raw?.trim().toLowerCase();
  if (!id || NO_LANGUAGE.has(id) || !/^[a-z0-9][a-z0-9#+._-]{0,31}$/.test(id)) return null;
  return ALIASES[id] ?? id;
}

const known = (raw: string) => ALIASES[raw.trim().toLowerCase()] ?? null;

/**
 * The language named by one element's markup, or null. Conventions: `data-lang` / `data-language`;
 * classes `language-xx`, `lang-xx`, `highlight-xx`, GitHub's `highlight-source-xx` / `highlight-text-xx-…`,
 * SyntaxHighlighter's `brush: xx`, and a bare known language class next to `hljs` or `sourceCode` (Pandoc).
 */
export function declaredLanguage(el: Element, knownOnly = false): string | null {
  const normalize = knownOnly ? (raw: string | null | undefined) => (raw ? known(raw) : null) : normalizeLanguage;
  for (const attr of ['data-lang', 'data-language']) {
    const value = normalize(el.getAttribute(attr));
    if (value) return value;
  }
  const className = el.getAttribute('class') ?? '';
  const brush = /(?:^|[\s;])brush:\s*([\w#+.-]+)/i.exec(className)?.[1];
  if (brush) return normalize(brush);
  const classes = className.split(/\s+/).filter(Boolean);
  for (const c of classes) {
    const github = /^highlight-(?:source|text)-([a-z0-9#+]+)/i.exec(c)?.[1];
    const prefixed = github ?? /^(?:language|lang|highlight)-([\w#+.-]+)$/i.exec(c)?.[1];
    const value = normalize(prefixed);
    if (value) return value;
  }
  if (classes.some((c) => /^(hljs|sourceCode)$/i.test(c))) {
    for (const c of classes) {
      const value = known(c);
      if (value) return value;
    }
  }
  return null;
}

/**
 * The declared language of a code block: the `<code>`, the `<pre>`, then up to 3 ancestors of the outermost
 * of them. Ancestors only count with a known id, so a wrapper's `lang-en` / `data-lang="fr"` is not a language.
 */
export function blockLanguage(block: Element): string | null {
  const pre = block.closest('pre');
  const code = block.tagName.toLowerCase() === 'code' ? block : (pre ?? block).querySelector('code');
  const outer = pre ?? block;
  for (const el of new Set([code, pre, block])) {
    const value = el && declaredLanguage(el);
    if (value) return value;
  }
  let ancestor = outer.parentElement;
  for (
    let i = 0;
    i < 3 && ancestor && ancestor.tagName.toLowerCase() !== 'body';
    i++, ancestor = ancestor.parentElement
  ) {
    const value = declaredLanguage(ancestor, true);
    if (value) return value;
  }
  return null;
}

const SHEBANG = /^#!\s*\/(?:usr\/)?(?:local\/)?bin\/(?:env\s+)?(ba|z|k|da)?sh\b/;
const PROMPT = /^\s*[$%❯]\s+\S/;
const SHELL_COMMAND =
  /^\s*(?:sudo\s+)?(?:npm|npx|pnpm|yarn|bun|bunx|deno|git|gh|cd|curl|wget|pip3?|pipx|uv|poetry|brew|apt(?:-get)?|dnf|yum|docker(?:-compose)?|kubectl|helm|make|mkdir|rm|cp|mv|ls|cat|echo|export|source|chmod|chown|ssh|scp|tar|unzip|cargo|rustup|node|python3?|gem|bundle|composer|go\s+(?:run|build|get|install|mod|test|vet|work)|touch|grep|sed|awk|systemctl|openssl|aws|gcloud|terraform)(?:\s|$)/;
const SHELL_SYNTAX =
  /^\s*(?:for\s+\w+\s+in\b|while\s|if\s+\[|then$|else$|fi$|do$|done\b|case\s|esac$|[A-Z_][A-Z0-9_]*=\S*)/;

/** Shell commands: a shebang, or every line a command, prompt, shell keyword, comment or continuation. */
function isShell(lines: string[], preformatted: boolean): boolean {
  if (SHEBANG.test(lines[0] ?? '')) return true;
  let commands = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (PROMPT.test(line)) commands++;
    else if (!preformatted)
      return false; // Outside a code block only prompted lines are trusted to be commands.
    else if (SHELL_COMMAND.test(line)) commands++;
    else if (!SHELL_SYNTAX.test(line) && !/^\s*#/.test(line) && !/\\$/.test(lines[i - 1] ?? '')) return false;
  }
  return commands > 0;
}

const CODE_LINE = [
  /[{};]\s*$/, // block or statement ends
  /^\s*[})\]]/, // closers
  /^\s*end\s*$|\sdo(?:\s*\|[^|]*\|)?\s*$/, // Ruby / Lua / Elixir blocks
  /[A-Za-z_$][\w$]*\((?!s\))/, // calls / definitions: name( — but not "item(s)"
  /=>|->|::|:=|===?|!==?|&&|\|\||[+\-*/]=|<=|>=/, // operators
  /[\w\])]\s*=\s*[^\s=]/, // assignment
  /^\s*(?:\/\/|\/\*|\*\s|#\s|--\s|<!--)/, // comments
  /<\/?[a-z][\w-]*(?:\s[^<>]*)?>/i, // markup tags
  /\[[^\]]+\]\([^)\s]+\)/, // markdown links
  /^\s*(?:import\s+(?:["'{*]|[\w.]+;?\s*$|\w+\s+from\s)|from\s+[\w.]+\s+import\s|package\s+[\w.]+;?\s*$|#include\s|def\s+\w+|fn\s+\w+|func\s|function\b|(?:const|let|var|val)\s+\w+\s*[:=])/,
  /^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH)\s|^(?:FROM|RUN|COPY|ADD|WORKDIR|CMD|ENTRYPOINT|ENV|EXPOSE|ARG)\s/, // SQL, Dockerfile
];

/** Only meaningful when line breaks and indentation are real (in a <pre> or textarea). */
const PREFORMATTED_LINE = [
  /^(?:\t| {2,})\S/, // indentation
  /^\s*[\w"'.-]+:(?:\s|$)/, // YAML / config keys
  /^\s*[-*+]\s+\S/, // list items (YAML, Markdown)
  /,\s*$/, // continued argument / column lists
];

/**
 * Whether text looks like code rather than prose: at least half of its non-empty lines show code syntax.
 * Indentation, `key:` lines and list markers only count in preformatted text (outside <pre> the source's
 * line breaks and indentation mean nothing, and prose has "Note: …").
 */
export function looksLikeCode(lines: string[], preformatted: boolean): boolean {
  if (!lines.length) return false;
  const codeLike = lines.filter(
    (line) => CODE_LINE.some((re) => re.test(line)) || (preformatted && PREFORMATTED_LINE.some((re) => re.test(line))),
  );
  return codeLike.length * 2 >= lines.length;
}

const isJson = (text: string) => {
  if (!/^\s*[{[]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Max characters handed to flourite: the language is clear long before, and it keeps big selections fast. */
const DETECT_LIMIT = 20_000;
const MIN_SCORE = 2;

/**
 * Detects the language of unlabelled code, or null when it is not confidently code. Rules, in order:
 * 1. a shell script or session (shebang; or every line a known command / shell keyword when preformatted,
 *    or a `$ ` prompt anywhere) → 'bash' (flourite has no shell support and calls it Lua or PHP);
 * 2. valid JSON object/array → 'json' (flourite says JavaScript);
 * 3. otherwise the text must look like code (see `looksLikeCode`): flourite labels plain English as Lua,
 *    Python or C on words like "print", "import", "end";
 * 4. flourite's best score must be ≥ 2 and strictly ahead of the next language (a JavaScript/TypeScript
 *    tie is 'javascript'); 'Unknown' and other ties → null.
 */
export function detectLanguage(text: string, preformatted: boolean): string | null {
  const sample = text.slice(0, DETECT_LIMIT);
  const lines = sample.split(/\r?\n/).filter((line) => line.trim());
  if (!lines.length) return null;
  if (isShell(lines, preformatted)) return 'bash';
  if (isJson(sample)) return 'json';
  if (!looksLikeCode(lines, preformatted)) return null;
  let result: ReturnType<typeof flourite>;
  try {
    result = flourite(sample, { noUnknown: true });
  } catch {
    return null;
  }
  const ranked = Object.entries(result.statistics).sort((a, b) => b[1] - a[1]);
  const [best, next] = ranked;
  if (!best || best[1] < MIN_SCORE) return null;
  const bestId = normalizeLanguage(best[0]);
  if (next && next[1] === best[1]) {
    const tied = new Set(ranked.filter(([, score]) => score === best[1]).map(([name]) => normalizeLanguage(name)));
    return tied.size === 2 && tied.has('javascript') && tied.has('typescript') ? 'javascript' : null;
  }
  return bestId;
}
