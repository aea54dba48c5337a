/** Articles as the extractor hands them to the reader: clean, allow-listed HTML with absolute URLs. */
import type { Article } from '../../src/types.ts';

// A small chart as a data: URL, so the figure shows a real image without any network request.
const CHART = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600">' +
    '<rect width="1200" height="600" fill="#e9eef3"/>' +
    '<g fill="#3d6b99">' +
    '<rect x="120" y="380" width="110" height="160"/><rect x="290" y="330" width="110" height="210"/>' +
    '<rect x="460" y="260" width="110" height="280"/><rect x="630" y="200" width="110" height="340"/>' +
    '<rect x="800" y="150" width="110" height="390"/><rect x="970" y="90" width="110" height="450"/></g>' +
    '<line x1="80" y1="540" x2="1120" y2="540" stroke="#55606b" stroke-width="3"/></svg>',
)}`;

const diagnostics: Article['diagnostics'] = {
  method: 'segments',
  styled: true,
  segmentCount: 42,
  run: { start: 6, end: 31, score: 18.5 },
  dropped: 2,
  truncated: false,
  capped: [],
  pageChoice: null,
  listing: null,
  timings: {},
  rule: null,
  fingerprints: [],
  template: 0,
  attempts: [],
};

export const sampleArticle: Article = {
  title: 'The quiet return of the neighbourhood library',
  byline: 'Maren Holt',
  siteName: 'The Harbour Review',
  published: '2024-03-05',
  lang: 'en',
  dir: 'ltr',
  url: 'https://news.test/library-return/',
  kind: 'article',
  records: 0,
  leadImage: null,
  excerpt:
    'Branch libraries that were written off a decade ago are busier than they have been in thirty years.',
  content: `
<p>Ten years ago the branch library on Alder Street was on a list of buildings the council expected to sell. This
winter it opened on Sunday mornings for the first time since 1987, and by half past ten there was a queue for the
study tables.</p>
<p>Across the city, visits to branch libraries rose by a third last year, according to <a
href="https://news.test/reports/libraries-2023">the council’s annual report</a>. Loans of printed books rose too,
which surprised almost everyone who works in them.<sup><a href="https://news.test/library-return/#fn1">1</a></sup></p>
<h2>What changed</h2>
<p>Librarians describe three shifts, none of them planned:</p>
<ul>
<li>Remote workers looking for a quiet room that is neither home nor a café.</li>
<li>Students priced out of paid study spaces near the university.</li>
<li>Families using the free weekend programmes as a warm place to spend an afternoon.</li>
</ul>
<blockquote><p>“We used to count success in loans. Now we count it in how long people stay, and the answer is: all
day.”</p></blockquote>
<p>The libraries have had to adapt. Opening hours were the first thing to move, followed by the Wi-Fi, which was
never meant for forty laptops at once. The branch system’s booking service now reports occupancy in real time:</p>
<pre><code class="language-javascript">// Seats free at Alder Street, as the booking service counts them
const { seats, taken } = await fetch('/api/branches/alder-street/occupancy').then((r) => r.json());
console.log(\`\${seats - taken} of \${seats} free\`, true, null);</code></pre>
<figure><img src="${CHART}" alt="Bar chart: branch visits rising every year from 2018 to 2023" width="1200"
height="600"><figcaption>Branch visits per year, 2018–2023. Source: city library service.</figcaption></figure>
<h2>The numbers</h2>
<table>
<thead><tr><th>Branch</th><th>Visits 2022</th><th>Visits 2023</th><th>Change</th></tr></thead>
<tbody>
<tr><td>Alder Street</td><td>48,200</td><td>66,900</td><td>+39%</td></tr>
<tr><td>Harbour Road</td><td>31,750</td><td>40,100</td><td>+26%</td></tr>
<tr><td>North Common</td><td>22,400</td><td>29,800</td><td>+33%</td></tr>
</tbody>
</table>
<p>Not every branch has the staff to match. Harbour Road still closes at five on weekdays, and its manager says
she turns people away most evenings. The council will decide in April whether to fund longer hours across the
whole system or only at the five busiest branches.</p>
<p>For now, the queue on Alder Street forms a little earlier each week. “People ask whether the library is
coming back,” the branch manager said. “It never left. It was just waiting for someone to need it.”</p>
<hr>
<ol><li id="fn1">Loans of printed books rose 8% year on year; e-book loans rose 21%.</li></ol>
`,
  text: 'Ten years ago the branch library on Alder Street was on a list of buildings the council expected to sell.',
  wordCount: 1234,
  readingMinutes: 6,
  diagnostics,
};

export const rtlArticle: Article = {
  ...sampleArticle,
  title: 'عودة المكتبة إلى الحي',
  byline: 'ليلى حداد',
  siteName: 'مجلة الميناء',
  lang: 'ar',
  dir: 'rtl',
  content:
    '<p>قبل عشر سنوات كانت مكتبة الحي على قائمة المباني المعروضة للبيع.</p>' +
    '<blockquote><p>كنا نقيس النجاح بعدد الكتب المعارة.</p></blockquote>',
};

export const japaneseArticle: Article = {
  ...sampleArticle,
  title: '図書館の静かな復活',
  byline: '山田 花子',
  siteName: 'ハーバー・レビュー',
  lang: 'ja',
  content:
    '<p>十年前、アルダー通りの分館は売却予定の建物の一覧に載っていた。この冬、一九八七年以来初めて日曜日の朝に開館し、十時半には自習机を待つ列ができていた。</p>',
};
