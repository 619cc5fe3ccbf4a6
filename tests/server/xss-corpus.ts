/** The XSS corpus the server's own HTML pages are tested with (public pages, share links). */

/** Payloads in every field a page or feed shows. */
export const XSS = [
  '<script>alert("title")</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(2)>",
  '<a href="javascript:alert(3)">click</a>',
  '<iframe src="data:text/html,<script>alert(4)</script>"></iframe>',
  '</style><style>body{background:url(https://evil.example/css)}</style>',
  '<div style="background-image:url(https://evil.example/bg)">x',
  '<!-- unclosed <b><i>broken &amp &lt markup',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<link rel=stylesheet href=https://evil.example/s.css>',
  '<object data="https://evil.example/o"></object>',
  'javascript:alert(5)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==',
  '<img src=https://evil.example/p.png>',
  '\u0000\u0007 control \u000b chars',
];

/** The tags the public pages are made of. */
export const OWN_TAGS = new Set(
  '!doctype html head meta title link style body div header p a h1 h2 h3 form label input button aside nav ul ol li span strong main time mark img footer'.split(
    ' ',
  ),
);
