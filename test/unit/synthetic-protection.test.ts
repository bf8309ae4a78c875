import { protectedSystemPrompt } from '../../activities/synthetic/runs';

/** Which protective wrapper a synthetic probe is sent with (activities/synthetic/runs.ts). */
describe('protectedSystemPrompt', () => {
  const stored = { type: 'ROLE_BOUNDARY_ENFORCER' as const, name: 'Our guard', description: '', version: 3, content: 'OUR COMPANY GUARD TEXT' };

  it('sends the system prompt alone when protection is off', () => {
    expect(protectedSystemPrompt('SYS', false, 'STANDARD_INJECTION_GUARD')).toEqual({ systemPrompt: 'SYS', mode: 'none' });
  });

  it("applies a company's stored protective prompt with its own content and version", () => {
    const out = protectedSystemPrompt('SYS', true, '0b6e4f7e-8a8c-4a57-9a55-2d1f0c3b9e10', stored);
    expect(out.mode).toBe('stored:ROLE_BOUNDARY_ENFORCER:v3');
    expect(out.systemPrompt).toContain('OUR COMPANY GUARD TEXT');
    expect(out.systemPrompt).toContain('SYS');
  });

  it('falls back to the standard injection guard when the stored one is gone, and says so', () => {
    const out = protectedSystemPrompt('SYS', true, '0b6e4f7e-8a8c-4a57-9a55-2d1f0c3b9e10', null);
    expect(out.mode).toBe('stored-missing');
    expect(out.systemPrompt).not.toContain('OUR COMPANY GUARD TEXT');
    expect(out.systemPrompt).toEqual(protectedSystemPrompt('SYS', true, null).systemPrompt);
  });

  it('applies a built-in type by name', () => {
    expect(protectedSystemPrompt('SYS', true, 'DATA_EXFILTRATION_BLOCKER').mode).toBe('DATA_EXFILTRATION_BLOCKER');
  });
});
