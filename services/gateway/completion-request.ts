/**
 * The provider request built from an execute request: variables substituted, and attachments
 * reduced to what the adapters carry.
 */
import type { Attachment, CompletionRequest } from '../../domain/providers';
import { renderTemplate } from '../../domain/template';
import type { ExecuteRequest } from './execute-request';

export function hasImage(attachments: Attachment[] | undefined): boolean {
  return Boolean(attachments?.some((a) => a.type === 'image' && a.data));
}

/**
 * The provider request: variables substituted, and attachments reduced to what adapters carry
 * (text and images). A document travels as the caller's extracted text; a document without text,
 * a URL or a file reference is not sent (URLs are never fetched: no server-side requests on a
 * caller's behalf), and a note says so in the execution record.
 */
export function buildCompletionRequest(req: ExecuteRequest): { request: CompletionRequest; attachmentNotes: string[] } {
  const notes: string[] = [];
  const attachments: Attachment[] = [];
  for (const a of req.attachments ?? []) {
    if (a.type === 'text' && a.content) attachments.push(a);
    else if (a.type === 'image' && a.data) attachments.push(a);
    else if (a.type === 'document' && a.content) attachments.push({ type: 'text', content: a.content, fileName: a.fileName });
    else notes.push(`${a.type} attachment ${a.fileName ?? a.url ?? a.fileId ?? ''} not sent: no content to forward`.replace('  ', ' '));
  }
  return {
    request: {
      prompt: renderTemplate(req.prompt, req.variables),
      systemPrompt: req.systemPrompt ? renderTemplate(req.systemPrompt, req.variables) : undefined,
      messages: req.messages,
      temperature: req.temperature,
      maxTokens: req.maxTokens,
      attachments: attachments.length ? attachments : undefined,
    },
    attachmentNotes: notes,
  };
}
