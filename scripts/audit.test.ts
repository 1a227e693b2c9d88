// How scripts/audit.mjs reads `npm audit --json` (the shapes npm 11 answers): a high or critical
// finding fails, lower ones are counted, and a registry that gave no report is "not run", not a pass.
import { describeCounts, printAudit, readAudit } from './audit.mjs';

const report = (vulnerabilities: Record<string, unknown>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts }, dependencies: { prod: 306, dev: 640, total: 945 } },
  });
const advisory = (name: string, severity: string, title: string) => ({ source: 1, name, dependency: name, title, url: `https://github.com/advisories/GHSA-${name}`, severity, range: '<2.0.0' });

describe('scripts/audit.mjs', () => {
  it('passes production dependencies with no finding', () => {
    const audit = readAudit(report({}, {}));
    expect(audit).toEqual({ ran: true, counts: expect.any(Object), dependencies: 306, blocking: [] });
    expect(describeCounts(audit as Parameters<typeof describeCounts>[0])).toBe('0 critical, 0 high, 0 moderate, 0 low, 0 info in 306 production dependencies');
    expect(printAudit(audit, () => {})).toBe(true);
  });

  it('counts moderate and low findings without failing', () => {
    const audit = readAudit(
      report({ qs: { name: 'qs', severity: 'moderate', via: [advisory('qs', 'moderate', 'qs DoS')], fixAvailable: true } }, { moderate: 1, total: 1 }),
    );
    expect(printAudit(audit, () => {})).toBe(true);
  });

  it('fails on a high or critical finding, naming it, its advisory and the fix', () => {
    const lines: string[] = [];
    const audit = readAudit(
      report(
        {
          'form-data': { name: 'form-data', severity: 'critical', via: [advisory('form-data', 'critical', 'unsafe boundary')], fixAvailable: { name: 'form-data', version: '4.0.4', isSemVerMajor: false } },
          axios: { name: 'axios', severity: 'high', via: ['form-data'], fixAvailable: false },
        },
        { critical: 1, high: 1, total: 2 },
      ),
    );
    expect(printAudit(audit, (l) => lines.push(l))).toBe(false);
    expect(lines).toEqual([
      'npm audit --omit=dev: 1 critical, 1 high, 0 moderate, 0 low, 0 info in 306 production dependencies',
      '  critical: form-data: unsafe boundary (https://github.com/advisories/GHSA-form-data); fix: form-data@4.0.4',
      '  high: axios (through form-data): see its dependencies; fix: none yet',
    ]);
  });

  it('says it did not run when the registry gave no report', () => {
    const refused = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405, error: { summary: '', detail: '' } });
    expect(readAudit(refused)).toEqual({ ran: false, refused: true, why: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' });
    expect(readAudit('')).toEqual({ ran: false, why: 'npm audit did not answer JSON: (nothing)' });
    const lines: string[] = [];
    expect(printAudit(readAudit(refused), (l) => lines.push(l))).toBeNull();
    expect(lines).toEqual(['npm audit --omit=dev: blocked: the registry refuses the audit: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk']);
  });
});
