import { z } from 'zod';
import { isoDate, paged, pageQuery } from './common.js';

/**
 * A chapter's revision history (issue 22, docs/decisions/026-revision-history.md): one revision
 * per save of its title or text, for the story's author only.
 */

export const revisionAuthor = z
  .object({ id: z.string(), username: z.string() })
  .meta({ id: 'RevisionAuthor' });

export const revisionSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    word_count: z.number().int(),
    created_at: isoDate.describe('When the save was made'),
    author: revisionAuthor.nullable().describe('Who saved it; null once their account is deleted'),
  })
  .meta({ id: 'RevisionSummary' });
export type RevisionSummary = z.infer<typeof revisionSummary>;

export const revision = revisionSummary
  .extend({
    chapter_id: z.string(),
    content: z.string().describe('Sanitized HTML, as the chapter read after that save'),
  })
  .meta({ id: 'Revision' });
export type Revision = z.infer<typeof revision>;

export const revisionPage = paged(revisionSummary).meta({ id: 'RevisionPage' });
export type RevisionPage = z.infer<typeof revisionPage>;

export const revisionsQuery = pageQuery;

export const revisionParams = z.object({
  id: z.string().max(100),
  revisionId: z.string().max(100),
});
