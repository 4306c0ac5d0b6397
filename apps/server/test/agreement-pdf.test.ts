import { describe, expect, it } from 'vitest';
import { finaliseAgreementPdf, generateAgreementPdf } from '../src/modules/signing/pdf';
import { buildAgreement } from '../src/modules/signing/template';
import { pdfPages } from './helpers/pdf';

/**
 * Issue #17 item 9: an agreement keeps people's names as they write them. The standard PDF fonts
 * printed "?" for "ł" or "ñ"; the embedded DejaVu fonts draw them, in the text, the signature
 * blocks, the typed signature and the audit certificate.
 */
const AGENT = 'Łukasz Żółć-Núñez';
const BROKER = 'Zoë Ångström Brøndum';
const LONG = 'Maximiliana Esperanza de la Santísima Trinidad Fernández-Villavicencio y Otálora';

describe('agreement PDFs with names in any Latin script', () => {
  it('keeps every accented character and wraps a long name beside its signature box', async () => {
    const agreement = buildAgreement(
      'master',
      {
        agentName: AGENT,
        agentEmail: 'lukasz@example.com',
        agentPhone: '+16025550142',
        brokerage: 'Société Générale Realty',
        serviceAreas: 'Phoenix 85004',
        broker: { name: `${BROKER} ${LONG}`, email: 'zoe@example.com', phone: '+16025550100' },
        date: '2026-11-24',
      },
      'Agent Portal',
    );
    const original = await generateAgreementPdf(agreement, { requestId: 'req-1', company: 'Agent Portal' });
    const text = (await pdfPages(original)).join(' ');
    expect(text).toContain(AGENT);
    expect(text).toContain('Société Générale Realty');
    expect(text).not.toContain('?');
    // The long name is on the signature page, whole, though wrapped over two lines.
    const signaturePage = (await pdfPages(original)).at(-1)!;
    expect(signaturePage.replace(/\s+/g, ' ')).toContain(`Name: ${BROKER} ${LONG}`);

    const final = await finaliseAgreementPdf(original, {
      requestId: 'req-1',
      title: agreement.title,
      company: 'Agent Portal',
      provider: 'builtin',
      originalSha256: 'a'.repeat(64),
      verifyUrl: 'https://portal.example.com/verify',
      createdAt: new Date('2026-11-24T10:00:00Z'),
      completedAt: new Date('2026-11-24T11:00:00Z'),
      signers: agreement.signers.map((signer) => ({
        ...signer,
        signedAt: new Date('2026-11-24T10:30:00Z'),
        ip: '203.0.113.9',
        userAgent: 'Test',
        firstViewedAt: new Date('2026-11-24T10:20:00Z'),
        mark: { kind: 'typed' as const, value: signer.name.split(' ').slice(0, 2).join(' ') },
      })),
      events: [{ at: new Date('2026-11-24T10:30:00Z'), what: `Signed by Agent ${AGENT}`, ip: '203.0.113.9' }],
    });
    const pages = await pdfPages(final);
    const all = pages.join(' ');
    expect(all).toContain('Łukasz Żółć'); // the typed signature
    expect(pages.at(-1)).toContain(`Signed by Agent ${AGENT}`);
    expect(all).not.toContain('?');
  });

  it('draws "?" only for a character no embedded font has', async () => {
    const agreement = buildAgreement(
      'master',
      {
        agentName: 'Dana 漢字 Reyes',
        agentEmail: 'dana@example.com',
        agentPhone: '+16025550142',
        brokerage: 'Summit Realty',
        serviceAreas: 'Phoenix 85004',
        broker: { name: 'Pat Broker', email: 'pat@example.com', phone: '+16025550100' },
        date: '2026-11-24',
      },
      'Agent Portal',
    );
    const text = (
      await pdfPages(await generateAgreementPdf(agreement, { requestId: 'r', company: 'P' }))
    ).join(' ');
    expect(text).toContain('Dana ?? Reyes');
  });
});
