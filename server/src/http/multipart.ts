import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineMessages } from '../i18n/localize';
import { AppError } from './errors';

export const multipartMessages = defineMessages({
  fileTooLarge: { en: 'Each file must be at most {max} MB', ar: 'يجب ألا يزيد حجم كل ملف عن {max} ميجابايت' },
  tooManyFiles: { en: 'Too many files: at most {max} at once', ar: 'عدد الملفات كبير جدًا: {max} كحد أقصى في المرة الواحدة' },
  tooManyFields: { en: 'The form has too many fields', ar: 'النموذج يحتوي على حقول كثيرة جدًا' },
  notMultipart: { en: 'Send the form as multipart/form-data', ar: 'يجب إرسال النموذج بصيغة multipart/form-data' },
  malformed: { en: 'The uploaded form could not be read', ar: 'تعذرت قراءة النموذج المرفوع' },
});

export interface MultipartLimits {
  /** Bytes per file. */
  fileSize: number;
  files: number;
  fields: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartForm {
  /** Every text field; repeated fields (facilities, …) keep all their values in order. */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

/**
 * Registers the multipart parser in the calling plugin's scope only, with the
 * strictest limits; each route passes its own (never larger) limits to readMultipart.
 */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await app.register(multipart, {
    limits: { ...limits, fieldSize: 64 * 1024, parts: limits.files + limits.fields, headerPairs: 200 },
    throwFileSizeLimit: true,
  });
}

/**
 * Reads a whole multipart form into memory, turning the parser's limit errors into
 * 413s that say which limit was hit (in the caller's language, by the error handler).
 */
export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, multipartMessages.notMultipart);
  const form: MultipartForm = { fields: {}, files: [] };
  try {
    const parts = request.parts({
      limits: { ...limits, fieldSize: 64 * 1024, parts: limits.files + limits.fields, headerPairs: 200 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty file part when no file was chosen: not a file.
        if (bytes.length > 0 || part.filename) form.files.push({ field: part.fieldname, filename: part.filename ?? '', bytes });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        (form.fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (error) {
    throw limitError(error, limits) ?? error;
  }
  return form;
}

function limitError(error: unknown, limits: MultipartLimits): AppError | undefined {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, multipartMessages.fileTooLarge, { max: Math.round(limits.fileSize / (1024 * 1024)) });
    case 'FST_FILES_LIMIT':
      return new AppError(413, multipartMessages.tooManyFiles, { max: limits.files });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, multipartMessages.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, multipartMessages.notMultipart);
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, multipartMessages.malformed);
  }
  if (error instanceof Error && /terminated early|Unexpected end|Malformed/i.test(error.message)) {
    return new AppError(400, multipartMessages.malformed);
  }
  return undefined;
}
