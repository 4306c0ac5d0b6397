import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRawStream, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { finaliseAgreementPdf, generateAgreementPdf } from '../src/modules/signing/pdf';
import { buildAgreement } from '../src/modules/signing/template';
import { pdfPages } from './helpers/pdf';

/**
 * An agreement keeps people's names as they write them. The standard PDF fonts
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
        referralFeePercent: 25,
        invoiceDueDays: 30,
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
        agentName: 'Dana 漢字 Reyes 🙂',
        agentEmail: 'dana@example.com',
        agentPhone: '+16025550142',
        brokerage: 'Summit Realty',
        serviceAreas: 'Phoenix 85004',
        broker: { name: 'Pat Broker', email: 'pat@example.com', phone: '+16025550100' },
        date: '2026-11-24',
        referralFeePercent: 25,
        invoiceDueDays: 30,
      },
      'Agent Portal',
    );
    const text = (
      await pdfPages(await generateAgreementPdf(agreement, { requestId: 'r', company: 'P' }))
    ).join(' ');
    expect(text.replace(/\s+/g, ' ')).toContain('Dana 漢字 Reyes ?');
  });
});

/**
 * Every script a person may type prints in the agreement and its audit page (names in Chinese
 * printed "???"), with only the glyphs used embedded; a drawn signature fills its box.
 */
const NAMES = {
  latin: 'Zoë Ångström-Núñez',
  greek: 'Γιώργος Παπαδόπουλος',
  cyrillic: 'Наталья Иванова',
  arabic: 'محمد علي',
  hebrew: 'דוד כהן',
  chinese: '李小龙',
  japanese: 'やまだ はなこ',
  korean: '김민준',
} as const;

const finalInfo = (
  agreement: ReturnType<typeof buildAgreement>,
  marks: ({ kind: 'typed' | 'drawn'; value: string } | null)[],
  events: string[],
) => ({
  requestId: 'req-scripts',
  title: agreement.title,
  company: 'Agent Portal',
  provider: 'builtin' as const,
  originalSha256: 'b'.repeat(64),
  verifyUrl: 'https://portal.example.com/verify',
  createdAt: new Date('2026-11-24T10:00:00Z'),
  completedAt: new Date('2026-11-24T11:00:00Z'),
  signers: agreement.signers.map((signer, index) => ({
    ...signer,
    signedAt: new Date('2026-11-24T10:30:00Z'),
    ip: '203.0.113.9',
    userAgent: 'Test',
    firstViewedAt: new Date('2026-11-24T10:20:00Z'),
    mark: marks[index] ?? null,
  })),
  events: events.map((what) => ({ at: new Date('2026-11-24T10:30:00Z'), what, ip: null })),
});

const masterWith = (agentName: string, brokerName: string, brokerage = 'Summit Realty') =>
  buildAgreement(
    'master',
    {
      agentName,
      agentEmail: 'agent@example.com',
      agentPhone: '+16025550142',
      brokerage,
      serviceAreas: 'Phoenix 85004',
      broker: { name: brokerName, email: 'broker@example.com', phone: '+16025550100' },
      date: '2026-11-24',
      referralFeePercent: 25,
      invoiceDueDays: 30,
    },
    'Agent Portal',
  );

/**
 * The fonts a PDF embeds, whether each has its font file in the PDF, and for a CFF font (Noto
 * CJK) whether its header is one readers accept (offset size 1 to 4: poppler drew boxes else).
 */
async function embeddedFonts(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const fonts: { name: string; embedded: boolean; readable: boolean }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
      continue;
    fonts.push({
      name: object.get(PDFName.of('FontName'))?.toString() ?? '',
      embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((key) => object.has(PDFName.of(key))),
      readable: (() => {
        const cff = object.get(PDFName.of('FontFile3'));
        if (!cff) return true;
        const data = inflateSync((pdf.context.lookup(cff as PDFRef) as PDFRawStream).getContents());
        return data[0] === 1 && data[3]! >= 1 && data[3]! <= 4;
      })(),
    });
  }
  return fonts;
}

describe('agreement PDFs in every script', () => {
  it.each(Object.entries(NAMES))(
    'prints a name in %s, in the agreement and the audit page, with subset fonts',
    async (_script, name) => {
      {
        const agreement = masterWith(name, `${NAMES.chinese} ${name}`, `${name} Realty`);
        const original = await generateAgreementPdf(agreement, {
          requestId: 'req-scripts',
          company: 'Agent Portal',
        });
        const originalText = (await pdfPages(original)).join(' ').replace(/\s+/g, ' ');
        expect(originalText).toContain(`Agent: ${name}`);
        expect(originalText).toContain(`Brokerage: ${name} Realty`);
        expect(originalText).toContain(`Name: ${NAMES.chinese} ${name}`);
        expect(originalText).not.toContain('?');

        const final = await finaliseAgreementPdf(
          original,
          finalInfo(
            agreement,
            agreement.signers.map((signer) => ({ kind: 'typed', value: signer.name })),
            [`Signed by Agent ${name}`],
          ),
        );
        const pages = (await pdfPages(final)).map((page) => page.replace(/\s+/g, ' '));
        expect(pages.at(-2)).toContain(`${NAMES.chinese} ${name}`); // the broker's typed signature
        expect(pages.at(-1)).toContain(`Signed by Agent ${name}`);
        expect(pages.join(' ')).not.toContain('?');
        // Subsets: the Chinese font alone is 8 MB whole.
        expect(final.length).toBeLessThan(1024 * 1024);
        const fonts = await embeddedFonts(final);
        expect(fonts.length).toBeGreaterThan(0);
        for (const font of fonts) {
          expect(font.embedded).toBe(true);
          expect(font.readable).toBe(true);
        }
      }
    },
  );

  it('draws a drawn signature to fill its box, with a stroke as thick as drawn', async () => {
    // A signature drawn on the 900 x 300 pad, as people do: across the middle, 5 px stroke.
    const drawing = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><path d="M200 190 C 320 90, 420 230, 700 130" stroke="#1e3a8a" stroke-width="5" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const agreement = masterWith('Dana Reyes', 'Pat Broker');
    const original = await generateAgreementPdf(agreement, {
      requestId: 'req-drawn',
      company: 'Agent Portal',
    });
    const final = await finaliseAgreementPdf(
      original,
      finalInfo(
        agreement,
        [{ kind: 'drawn', value: `data:image/png;base64,${drawing.toString('base64')}` }],
        [],
      ),
    );

    const pdf = await PDFDocument.load(final);
    const page = pdf.getPage(pdf.getPageCount() - 2);
    const contents = page.node.Contents();
    const streams = (contents && 'asArray' in contents ? contents.asArray() : [contents]).map(
      (ref) => pdf.context.lookup(ref as PDFRef) as PDFRawStream,
    );
    const operators = streams
      .map((stream) => inflateSync(stream.getContents()).toString('latin1'))
      .join('\n');
    // pdf-lib places an image as: q, translate (x y), rotate, scale (width height), skew, Do.
    const placed =
      /1 0 0 1 ([\d.]+) ([\d.]+) cm\s+\S+ \S+ \S+ \S+ 0 0 cm\s+([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+\S+ \S+ \S+ \S+ 0 0 cm\s+\/(\S+) Do/.exec(
        operators,
      );
    expect(placed).not.toBeNull();
    const [, x, y, width, height, imageName] = placed!;
    const image = page.node
      .Resources()!
      .lookup(PDFName.of('XObject'), PDFDict)
      .lookup(PDFName.of(imageName!)) as PDFRawStream;
    const pixels = image.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();

    // The box is 260 x 56 points with 4 points of margin: the signature fills it one way or the other.
    const box = { width: 252, height: 48 };
    expect(Number(width)).toBeLessThanOrEqual(box.width + 0.01);
    expect(Number(height)).toBeLessThanOrEqual(box.height + 0.01);
    expect(Math.max(Number(width) / box.width, Number(height) / box.height)).toBeCloseTo(1, 2);
    // Inside the box (64, 540) .. (324, 596) on the signature page.
    expect(Number(x)).toBeGreaterThanOrEqual(64);
    expect(Number(y)).toBeGreaterThanOrEqual(540);
    // The 5 px stroke, at the scale the drawing is placed: at least 1.5 points, a pen's line.
    expect((5 * Number(width)) / pixels).toBeGreaterThanOrEqual(1.5);
  });
});
