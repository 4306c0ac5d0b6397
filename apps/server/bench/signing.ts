import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { finaliseAgreementPdf, generateAgreementPdf } from '../src/modules/signing/pdf';
import { buildAgreement } from '../src/modules/signing/template';

/**
 * `npm run bench:signing`: the cost of the agreement PDFs, which are made inside requests (the
 * original when an agreement is prepared, the final copy when the last signer signs). Prints the
 * median and 95th percentile per PDF and the sizes; not a pass/fail test.
 */
const RUNS = Number(process.env.BENCH_SIGNING_RUNS ?? 200);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function time(label: string, run: () => Promise<Buffer>) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    size = (await run()).length;
    times.push(performance.now() - started);
  }
  console.log(
    `${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  ${(size / 1024).toFixed(1)} kB`,
  );
}

async function main() {
  const agreement = buildAgreement(
    'master',
    {
      agentName: 'Dana Reyes',
      agentEmail: 'dana@agents.example',
      agentPhone: '+16025550142',
      brokerage: 'Summit Realty',
      serviceAreas: '',
      broker: { name: 'Pat Broker', email: 'pat@summit.example', phone: '+16025550100' },
      date: '2026-11-21',
      referralFeePercent: 25,
      invoiceDueDays: 30,
    },
    'Agent Portal',
  );
  const original = await generateAgreementPdf(agreement, { requestId: 'bench', company: 'Agent Portal' });
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 180 20, 280 120 S 440 170, 580 40" stroke="#123" stroke-width="6" fill="none"/></svg>';
  const drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  const signer = (order: number, mark: { kind: 'typed' | 'drawn'; value: string }) => ({
    role: order === 1 ? 'Agent' : 'Broker',
    name: order === 1 ? 'Dana Reyes' : 'Pat Broker',
    email: order === 1 ? 'dana@agents.example' : 'pat@summit.example',
    order,
    signedAt: new Date(),
    ip: '198.51.100.7',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36',
    firstViewedAt: new Date(),
    mark,
  });
  const info = {
    requestId: 'bench',
    title: agreement.title,
    company: 'Agent Portal',
    provider: 'builtin' as const,
    originalSha256: 'a'.repeat(64),
    verifyUrl: 'http://localhost:3000/verify-document',
    createdAt: new Date(),
    completedAt: new Date(),
    signers: [signer(1, { kind: 'typed', value: 'Dana Reyes' }), signer(2, { kind: 'drawn', value: drawn })],
    events: Array.from({ length: 8 }, (_, i) => ({ at: new Date(), what: `Event ${i}`, ip: '198.51.100.7' })),
  };
  console.log(`Agreement PDFs, ${RUNS} runs each (one process, one core)`);
  await time('original (master agreement, 2 pages)', () =>
    generateAgreementPdf(agreement, { requestId: 'bench', company: 'Agent Portal' }),
  );
  await time('final (typed + drawn signature, audit page)', () => finaliseAgreementPdf(original, info));
}

await main();
