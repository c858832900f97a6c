import { describe, expect, it } from 'vitest';
import { ackFormPage, ackPageHtml } from '../../server/oncall/phone-pages/ack-page.ts';
import { queuePage } from '../../server/oncall/phone-pages/queue-page.ts';
import { linksInSms, pageLinkOf, readPage, referencesIn, refreshSecondsOf } from './pages.mjs';

const site = 'http://storm.test';

describe('what the storm reads from an SMS', () => {
  it('finds the link of a single page and of a digest, without the sentence around it', () => {
    expect(linksInSms('AKUT SK-7F3K2Q: Vandskade\nTag den: http://storm.test/vagt/abc.def')).toEqual([
      'http://storm.test/vagt/abc.def',
    ]);
    expect(
      linksInSms('AKUT: 14 nye - 3 kritiske. Ældste 6 min. Se listen: http://storm.test/vagt/liste/u.1.s.'),
    ).toEqual(['http://storm.test/vagt/liste/u.1.s']);
    expect(linksInSms('SK-7F3K2Q er taget af Anna Holm.')).toEqual([]);
  });

  it('reads references in the alphabet of our references only', () => {
    expect(referencesIn('SK-7F3K2Q, SK-7F3K2Q og SK-ABCDEF; ikke SK-0OIL11 eller XSK-7F3K2Q')).toEqual([
      'SK-7F3K2Q',
      'SK-ABCDEF',
    ]);
  });
});

describe('what the storm reads from a page', () => {
  it("takes today's page of one emergency with its button and form token", () => {
    const lead = {
      reference: 'SK-7F3K2Q',
      name: 'Jens Hansen',
      phone: '+4512345678',
      details: { skadetype: 'vandskade', adresse: 'Vestergade 12, 8000 Aarhus C' },
      createdAt: new Date('2026-11-20T18:00:00Z'),
    };
    const page = ackFormPage(lead as never, null, {
      userId: 'u1',
      formAction: '/vagt/tok.en',
      formToken: '123.sig&x',
    });
    const read = readPage(ackPageHtml(page.title, page.body), `${site}/vagt/tok.en`);
    expect(read.references).toEqual(['SK-7F3K2Q']);
    expect(read.forms).toEqual([
      { reference: 'SK-7F3K2Q', action: `${site}/vagt/tok.en`, fields: { formToken: '123.sig&x' } },
    ]);
    // The call button is not a way to take it.
    expect(read.links).toEqual([]);
  });

  it('ties each form and link of a queue page to its own row, past the call links', () => {
    const html = `<h1>Åbne akutte skader</h1><ol>
      <li><strong>SK-AAAAAA</strong> Kritisk, Vandskade <a href="tel:+4512345678">Ring</a>
        <form method="post" action="/vagt/liste/q"><input type="hidden" name="lead" value="1"><input type="hidden" name="formToken" value="t1"><button>Jeg tager den</button></form></li>
      <li><strong>SK-BBBBBB</strong> Normal <a href="tel:+4587654321">Ring</a>
        <form method="POST"><input type="hidden" name="lead" value="2"><input type="hidden" name="formToken" value="t2"><button name="tag" value="ja">Jeg tager den</button></form></li>
      <li>SK-CCCCCC Høj <a href="/vagt/one.token">Åbn</a></li>
      <li><a href="https://elsewhere.example/SK-DDDDDD">SK-DDDDDD</a></li>
    </ol>`;
    const read = readPage(html, `${site}/vagt/liste/q`);
    expect(read.references).toEqual(['SK-AAAAAA', 'SK-BBBBBB', 'SK-CCCCCC', 'SK-DDDDDD']);
    expect(read.forms).toEqual([
      { reference: 'SK-AAAAAA', action: `${site}/vagt/liste/q`, fields: { lead: '1', formToken: 't1' } },
      {
        reference: 'SK-BBBBBB',
        action: `${site}/vagt/liste/q`,
        fields: { lead: '2', formToken: 't2', tag: 'ja' },
      },
    ]);
    expect(read.links).toEqual([{ reference: 'SK-CCCCCC', url: `${site}/vagt/one.token` }]);
  });

  it("keeps the server's queue page open once its reload is turned on (every 30 s); a single page does not", () => {
    const form = { action: '/vagt/liste/q', formToken: 't' };
    const at = new Date('2026-11-20T18:00:00Z');
    const offered = queuePage({ open: { items: [], total: 0, preceding: 0 }, taken: [] }, at, form);
    expect(
      refreshSecondsOf(ackPageHtml(offered.title, offered.body, offered.refreshSeconds)),
    ).toBeUndefined();
    expect(offered.body).toContain('href="/vagt/liste/q?auto=1"');
    const queue = queuePage({ open: { items: [], total: 0, preceding: 0 }, taken: [] }, at, form, true);
    expect(refreshSecondsOf(ackPageHtml(queue.title, queue.body, queue.refreshSeconds))).toBe(30);
    expect(refreshSecondsOf(ackPageHtml('AKUT SK-7F3K2Q', '<h1>AKUT SK-7F3K2Q</h1>'))).toBeUndefined();
    expect(refreshSecondsOf('<meta content="5; url=/andet" http-equiv="Refresh">')).toBeUndefined();
    expect(refreshSecondsOf("<META HTTP-EQUIV='refresh' CONTENT='12'>")).toBe(12);
  });

  it("follows the server's queue page to its next part, and takes no row's form from the paging links", () => {
    const at = new Date('2026-11-20T18:00:00Z');
    const item = {
      id: '0b0e7d6e-58a5-4b52-9d7e-1f3c8f1d2a01',
      reference: 'SK-AAAAAA',
      priority: 'normal' as const,
      damageType: 'vandskade',
      address: 'Algade 1, 4000 Roskilde',
      phone: '+4512345678',
      createdAt: at,
      possibleSpam: false,
      cursor: {
        rank: 1 as const,
        at: '2026-11-20T18:00:00.000001Z',
        id: '0b0e7d6e-58a5-4b52-9d7e-1f3c8f1d2a01',
      },
    };
    const page = queuePage({ open: { items: [item], total: 150, preceding: 100 }, taken: [] }, at, {
      action: '/vagt/liste/q',
      formToken: 't',
    });
    const html = ackPageHtml(page.title, page.body);
    expect(pageLinkOf(html, 'next', `${site}/vagt/liste/q`)).toBe(
      `${site}/vagt/liste/q?efter=1-20261120180000000001-${item.id}`,
    );
    expect(pageLinkOf(html, 'prev', `${site}/vagt/liste/q`)).toBe(
      `${site}/vagt/liste/q?foer=1-20261120180000000001-${item.id}`,
    );
    const read = readPage(html, `${site}/vagt/liste/q`);
    expect(read.forms.map((form) => form.reference)).toEqual(['SK-AAAAAA']);
    expect(read.links).toEqual([]);
    expect(pageLinkOf('<a href="/x">Næste</a>', 'next', site)).toBeUndefined();
  });

  it('offers nothing on a page of an emergency somebody took', () => {
    const read = readPage(
      '<h1>AKUT SK-7F3K2Q</h1><p class="note">Taget af Bo kl. 18.02.</p>',
      `${site}/vagt/x`,
    );
    expect(read).toEqual({ references: ['SK-7F3K2Q'], forms: [], links: [] });
  });
});
