/** Puppeteer cannot download a browser here: the tests use Debian's Chromium (/usr/bin/chromium). */
module.exports = { skipDownload: true };
