import { styleSource } from '../../http/html';

/** The public pages' one inline style sheet (allowed by its hash): light and dark by the visitor's setting. */
export const PUBLIC_STYLE = [
  ':root{color-scheme:light dark;--bg:#f7f7f8;--card:#fff;--text:#1f2328;--muted:#57606a;--line:#d0d7de;--link:#0b5cad;--mark:#fff3b0}',
  '@media (prefers-color-scheme:dark){:root{--bg:#16181c;--card:#1f2228;--text:#e6e8eb;--muted:#a3abb5;--line:#363b44;--link:#7cb7ff;--mark:#5a4a00}}',
  '*{box-sizing:border-box}',
  'body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'a{color:var(--link)}',
  '.page{max-width:64rem;margin:0 auto;padding:1.5rem 1rem 3rem;display:grid;gap:1.5rem;grid-template-columns:minmax(0,1fr)}',
  '@media (min-width:48rem){.page{grid-template-columns:minmax(0,1fr) 15rem}.side{grid-column:2;grid-row:2/span 3}}',
  'header{grid-column:1/-1}',
  '.crumbs{margin:0;color:var(--muted);font-size:.875rem}',
  'h1{font-size:1.75rem;line-height:1.25;margin:.25rem 0;overflow-wrap:anywhere}',
  'h2{font-size:1rem;margin:0 0 .5rem}',
  '.lead{margin:0;color:var(--muted);overflow-wrap:anywhere}',
  'form{display:flex;align-items:center;gap:.5rem;margin-top:1rem;max-width:36rem}',
  'input{flex:1;min-width:0;font:inherit;padding:.4rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--text)}',
  'button{font:inherit;padding:.4rem .9rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--text)}',
  '.note{margin:.5rem 0 0;color:var(--muted)}',
  '.side ul{list-style:none;margin:0 0 1.5rem;padding:0}',
  '.side li{margin:.2rem 0;overflow-wrap:anywhere}',
  '.count{color:var(--muted);font-size:.875rem}',
  '.gems{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}',
  '.gem{display:flex;gap:1rem;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem}',
  '.gem img{flex:none;width:120px;height:90px;object-fit:cover;border-radius:6px;background:var(--line)}',
  '.gem div{min-width:0}',
  '.gem h3{font-size:1.05rem;margin:0;overflow-wrap:anywhere}',
  '.gem p{margin:.25rem 0 0;overflow-wrap:anywhere}',
  '.site{color:var(--muted);font-size:.875rem}',
  '.tags{list-style:none;margin:.5rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.35rem}',
  '.tags a{display:inline-block;font-size:.8125rem;padding:0 .5rem;border:1px solid var(--line);border-radius:999px;text-decoration:none}',
  'mark{background:var(--mark);color:inherit}',
  '.pages{display:flex;gap:1rem;align-items:center;justify-content:space-between;margin-top:1rem}',
  'footer{grid-column:1/-1;color:var(--muted);font-size:.8125rem}',
  '@media (max-width:30rem){.gem{flex-direction:column}.gem img{width:100%;height:auto;aspect-ratio:4/3}}',
].join('');

const STYLE_SOURCE = styleSource(PUBLIC_STYLE);

/**
 * Headers of every public page: nothing runs, only its own style sheet and images (this server's, or https) load,
 * the search form submits only here, and nothing about the visit leaks on.
 */
export const PUBLIC_PAGE_SECURITY = {
  'Content-Security-Policy': `default-src 'none'; img-src 'self' https:; style-src ${STYLE_SOURCE}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;
