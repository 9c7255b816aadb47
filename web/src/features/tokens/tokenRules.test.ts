import { describe, expect, it } from 'vitest';
import { curlExamples, expiresInDays, formProblem, statusBadge } from './tokenRules';

describe('API token page rules', () => {
  it('turns the expiry choice into days, never into null', () => {
    expect(expiresInDays('30')).toBe(30);
    expect(expiresInDays('never')).toBeNull();
  });

  it('says what is missing before sending', () => {
    expect(formProblem('  ', ['read'])).toMatch(/name/);
    expect(formProblem('x'.repeat(101), ['read'])).toMatch(/100/);
    expect(formProblem('ci', [])).toMatch(/scope/);
    expect(formProblem('ci', ['read'])).toBeNull();
  });

  it('labels states and writes examples with the origin', () => {
    expect(statusBadge('revoked').label).toBe('Revoked');
    expect(statusBadge('active').palette).toBe('green');
    const [first] = curlExamples('https://chorus.example');
    expect(first?.code).toContain('https://chorus.example/api/auth/status');
    expect(first?.code).toContain('Authorization: Bearer chorus_pat_');
  });
});
