/**
 * The hostile fixture set: markup a page may hold, each placed inside an otherwise normal article
 * (page.ts) so the extractor keeps its surroundings. Every payload that can run calls `top.__xss(this)`, which
 * the page defines (page.ts); nothing here should ever reach the reader, the clipboard or `article.content`
 * alive.
 * Sources: the OWASP XSS filter evasion cheat sheet, cure53/DOMPurify's test/fixtures/expect.mjs and its
 * published bypasses (2.0.0 form/math, 2.0.17 mglyph, 2.2.2 noscript/title), PortSwigger's XSS cheat sheet.
 */

export interface Vector {
  name: string;
  html: string;
}

const X = 'top.__xss(this)';

export const VECTORS: readonly Vector[] = [
  // Mutation XSS: markup that parses differently after serialise → reparse, or in another namespace.
  {
    name: 'noscript title breakout',
    html: `<noscript><p title="</noscript><img src=x onerror=${X}>"></noscript>`,
  },
  { name: 'noscript payload', html: `<noscript><img src=x onerror=${X}><script>${X}</script></noscript>` },
  { name: 'template payload', html: `<template><img src=x onerror=${X}><script>${X}</script></template>` },
  { name: 'title rawtext breakout', html: `<p>Tip<title><img src=x onerror=${X}></title> in a title.</p>` },
  {
    name: 'textarea rawtext breakout',
    html: `<p>Note</p><textarea><p title="</textarea><img src=x onerror=${X}>"></textarea>`,
  },
  { name: 'style rawtext breakout', html: `<style><p title="</style><img src=x onerror=${X}>"></style>` },
  {
    name: 'svg style namespace confusion',
    html: `<svg></p><style><a id="</style><img src=1 onerror=${X}>">`,
  },
  {
    name: 'math mtext table mglyph style',
    html: `<math><mtext><table><mglyph><style><img src=x onerror=${X}></style></mglyph></table></mtext></math>`,
  },
  {
    name: 'form math namespace confusion',
    // Closed after the payload: in the live page the HTML <style> would otherwise swallow the rest of the article.
    html: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${X}></style></mglyph></form></mtext></math>`,
  },
  {
    name: 'math annotation-xml html',
    html: `<p>Formula <math><semantics><mi>x</mi><annotation-xml encoding="text/html"><img src=x onerror=${X}></annotation-xml></semantics></math> here.</p>`,
  },
  { name: 'math href', html: `<p>See <math href="javascript:${X}"><mi>y</mi></math> for the sum.</p>` },
  {
    name: 'svg foreignObject',
    html: `<svg><foreignObject><img src=x onerror=${X}><iframe srcdoc="<script>${X}</script>"></iframe></foreignObject></svg>`,
  },
  { name: 'svg script', html: `<svg><script>${X}</script></svg>` },
  { name: 'svg onload', html: `<svg onload=${X}><circle r=4 /></svg>` },
  {
    name: 'svg animate href javascript',
    html: `<svg><a><animate attributeName=href values=javascript:${X} /><text x=20 y=20>Tap here</text></a></svg>`,
  },
  {
    name: 'svg use data url',
    html: `<svg><use href="data:image/svg+xml,&lt;svg id='x' xmlns='http://www.w3.org/2000/svg'&gt;&lt;image href='1' onerror='${X}' /&gt;&lt;/svg&gt;#x" /></svg>`,
  },
  { name: 'comment breakout', html: `<p>Quoted <!--</p><img src=x onerror=${X}>--> text.</p>` },
  // URL tricks.
  { name: 'javascript with tab', html: `<p>Read <a href="jav&#x09;ascript:${X}">the report</a> now.</p>` },
  {
    name: 'entity-encoded javascript',
    html: `<p>Read <a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${X}">the memo</a> too.</p>`,
  },
  { name: 'mixed case javascript', html: `<p>Open <a href="  JaVaScRiPt:${X}">the file</a> here.</p>` },
  { name: 'vbscript', html: `<p>Run <a href="vbscript:msgbox(1)">the macro</a> first.</p>` },
  {
    name: 'data text/html link',
    html: `<p>View <a href="data:text/html,&lt;script&gt;${X}&lt;/script&gt;">the page</a> again.</p>`,
  },
  {
    name: 'srcset javascript and data',
    html: `<figure><img srcset="javascript:${X} 1x, data:text/html,x 2x" alt="Chart"><figcaption>The chart.</figcaption></figure>`,
  },
  {
    name: 'formaction',
    html: `<form><button formaction="javascript:${X}">Send</button><input type=image formaction="javascript:${X}" src=x></form>`,
  },
  { name: 'base href', html: `<base href="javascript:${X}//"><p>See <a href="notes">the notes</a>.</p>` },
  { name: 'meta refresh', html: `<meta http-equiv="refresh" content="0;url=javascript:${X}">` },
  {
    name: 'link around image',
    html: `<p><a href="javascript:${X}"><img src="photo.jpg" alt="Photo"></a></p>`,
  },
  // Event handlers.
  { name: 'img onerror', html: `<p>Before <img src=x onerror=${X} alt=""> after.</p>` },
  {
    name: 'details ontoggle',
    html: `<details open ontoggle=${X}><summary>More</summary>Details text.</details>`,
  },
  { name: 'autofocus onfocus', html: `<p tabindex=0 autofocus onfocus=${X}>A focused paragraph.</p>` },
  { name: 'video source onerror', html: `<video><source onerror=${X}></video>` },
  { name: 'handlers on text', html: `<p onclick=${X} onmouseover=${X}>A paragraph with handlers.</p>` },
  // Embedding.
  { name: 'iframe srcdoc', html: `<iframe srcdoc="<script>${X}</script>"></iframe>` },
  { name: 'object data', html: `<object data="data:text/html,&lt;script&gt;${X}&lt;/script&gt;"></object>` },
  { name: 'embed', html: `<embed src="data:text/html,&lt;script&gt;${X}&lt;/script&gt;">` },
  {
    name: 'form',
    html: `<form action="javascript:${X}"><label>Email <input name=q></label><button>Sign up</button></form>`,
  },
  {
    name: 'link rel=import',
    html: `<link rel=import href="data:text/html,&lt;script&gt;${X}&lt;/script&gt;">`,
  },
  // CSS that escapes the article or calls home.
  {
    name: 'style position fixed',
    html: `<p style="position:fixed;inset:0;z-index:2147483647;background:#c00">A paragraph that covers the page.</p>`,
  },
  {
    name: 'style url beacon',
    html: `<p style="background:url(//beacon.test/b.gif)">A paragraph that calls home.</p>`,
  },
  {
    name: 'style element import',
    html: `<style>@import url(//beacon.test/i.css); p { position: fixed; inset: 0 }</style>`,
  },
  // DOM clobbering.
  { name: 'img name clobbering', html: `<p>Icon <img name=getElementById src=x alt=""> inline.</p>` },
  { name: 'form id clobbering', html: `<form id=attributes><input id=attributes name=attributes></form>` },
  // Text, not markup: prose that quotes a tag must stay text in every copy (turndown left `<` unescaped).
  {
    name: 'prose quoting a script tag',
    html: `<p>Never paste &lt;script&gt;${X}&lt;/script&gt; or &lt;img src=x onerror=${X}&gt; into a comment box.</p>`,
  },
];
