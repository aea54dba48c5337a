/** Pages no extension may read, as the restricted-page tests open them, and how to serve the ones we can. */
import type { BrowserContext } from '@playwright/test';
import { FIXTURE_ORIGIN } from '../support/index.ts';
import { NEWS } from './pages.ts';

/** The smallest well-formed PDF with one line of text: enough for Chromium to open its viewer. */
const PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 44>>stream
BT /F1 18 Tf 20 100 Td (Hello PDF) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF`;

/** Keeps the Web Store off the network (serve.ts leaves it unrouted: intercepting it closes Chromium). */
export const RESTRICTED_ARGS = ['--host-resolver-rules=MAP chromewebstore.google.com ~NOTFOUND'];

export const RESTRICTED_PAGES = [
  { name: 'a browser page', url: 'chrome://version' },
  { name: 'view-source:', url: `view-source:${NEWS.url}` },
  { name: 'the Web Store', url: 'https://chromewebstore.google.com/detail/lectern/abcdefghijklmnop' },
  { name: 'a PDF', url: `${FIXTURE_ORIGIN}/files/report.pdf` },
  // arXiv's /pdf/<id> links: only the response type says PDF.
  { name: 'a PDF without .pdf in its URL', url: `${FIXTURE_ORIGIN}/files/paper-2301` },
] as const;

/** Serves every https://news.test/files/* as a PDF (registered after serveFixtures, so it is asked first). */
export async function servePdfs(context: BrowserContext): Promise<void> {
  await context.route(`${FIXTURE_ORIGIN}/files/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: PDF }),
  );
}
