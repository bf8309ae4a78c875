import { securityInputOf } from '../../services/gateway/security-step';

/**
 * What the gateway's security step scans (services/gateway/security-step.ts): the caller's own
 * words, not the sanitized form; every text and document attachment's content; and the text the
 * sanitizer extracted from a document's data (the provider request's attachment-N.md), mapped back
 * to the attachment's index. System turns are the operator's and are left out.
 */
it('takes the prompt with variables substituted, non-system turns with their index, and attachment texts', () => {
  const input = securityInputOf(
    {
      prompt: 'Hello {{name}}',
      variables: { name: 'Ada' },
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'second' },
      ],
      attachments: [
        { type: 'text', content: 'plain text' },
        { type: 'image', data: 'aGVsbG8=' },
        { type: 'document', content: 'caller extracted', fileName: 'a.pdf' },
        { type: 'document', data: 'UEsDBA==', fileName: 'b.docx' },
        { type: 'url', url: 'https://example.com' },
      ],
    },
    {
      prompt: '[[ref:3f9a1c07:PER1 Lena Vogt]]',
      attachments: [
        { type: 'text', content: 'protected plain text', fileName: 'attachment-1.txt' },
        { type: 'text', content: 'protected caller text', fileName: 'attachment-3.md' },
        { type: 'text', content: 'sanitizer extracted', fileName: 'attachment-4.md' },
      ],
    },
  );
  expect(input.prompt).toBe('Hello Ada');
  expect(input.messages).toEqual([
    { index: 1, content: 'first' },
    { index: 2, content: 'second' },
  ]);
  expect(input.attachments).toEqual([
    { index: 0, fileName: undefined, content: 'plain text' },
    { index: 2, fileName: 'a.pdf', content: 'caller extracted' },
    // attachment-3.md came from a document without data (the caller's content, already taken): not twice.
    { index: 3, fileName: 'b.docx', content: 'sanitizer extracted' },
  ]);
});

it('a caller file named like an extracted one is not mistaken for extracted text', () => {
  const input = securityInputOf(
    { prompt: 'x', attachments: [{ type: 'text', content: 'mine', fileName: 'attachment-1.md' }] },
    { prompt: 'x', attachments: [{ type: 'text', content: 'mine', fileName: 'attachment-1.md' }] },
  );
  expect(input.attachments).toEqual([{ index: 0, fileName: 'attachment-1.md', content: 'mine' }]);
});
