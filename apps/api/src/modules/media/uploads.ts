import { STORY_MESSAGES } from '@storyloom/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, invalidField, payloadTooLarge } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The uploaded file of a multipart request read by `multipartBody`, else null. */
    upload: Buffer | null;
  }
}

export interface MultipartContent {
  fields: Record<string, unknown>;
  file: Buffer | null;
}

/** Multipart errors in our words; the size limit is enforced by busboy while streaming. */
function translate(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(STORY_MESSAGES.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest('Send one file at a time');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge();
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest();
    default:
      return error;
  }
}

/**
 * Reads a multipart request: text fields (a field sent more than once becomes a list when it
 * is one of `listFields`, else the last value wins) and at most one file from `fileFields`,
 * which may not be empty (400 naming its field). Files under other names are drained and
 * ignored.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  listFields: readonly string[] = [],
): Promise<MultipartContent> {
  const fields: Record<string, unknown> = Object.create(null);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || file) {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
        // An empty file is no image (a form's file input left blank sends one): ask for one.
        if (file.length === 0) throw invalidField(part.fieldname, STORY_MESSAGES.fileRequired);
      } else if (part.valueTruncated) {
        throw payloadTooLarge();
      } else {
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          listFields.includes(part.fieldname) && previous !== undefined
            ? [previous, part.value].flat()
            : part.value;
      }
    }
  } catch (error) {
    throw translate(error);
  }
  return { fields: { ...fields }, file };
}

/**
 * preValidation hook: a multipart body becomes `request.body` (validated by the route's
 * schema as usual) and its file `request.upload`. Other bodies (JSON) pass through.
 */
export const multipartBody =
  (fileFields: readonly string[], listFields: readonly string[] = []) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const { fields, file } = await readMultipart(request, fileFields, listFields);
    request.body = fields;
    request.upload = file;
  };

/** The one image file of an upload request, or a 400 naming the field. */
export async function readImageUpload(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<Buffer> {
  const file = request.isMultipart() ? (await readMultipart(request, fileFields)).file : null;
  if (!file || file.length === 0) throw invalidField(fileFields[0]!, STORY_MESSAGES.fileRequired);
  return file;
}
