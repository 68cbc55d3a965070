import type { z } from 'zod';
import { common, fieldMessages } from '../i18n/common.messages';
import { AppError, type LocalizedFieldError } from './errors';

/** Turns zod issues into field errors in both languages. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): LocalizedFieldError[] {
  return issues.map((issue) => ({ field: issue.path.join('.') || '(body)', ...describe(issue) }));
}

export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  return new AppError(400, common.validation, {}, fieldErrorsOf(issues));
}

function describe(issue: z.core.$ZodIssue): Omit<LocalizedFieldError, 'field'> {
  const custom = issue.message as keyof typeof fieldMessages;
  if (Object.hasOwn(fieldMessages, custom)) return { message: fieldMessages[custom] };
  switch (issue.code) {
    case 'invalid_type':
      return { message: issue.input === undefined || issue.input === null ? fieldMessages.required : fieldMessages.type };
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { message: fieldMessages.tooLong, params: { max } };
      if (issue.origin === 'array') return { message: fieldMessages.tooMany, params: { max } };
      return { message: fieldMessages.tooBig, params: { max } };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return { message: min <= 1 ? fieldMessages.required : fieldMessages.tooShort, params: { min } };
      if (issue.origin === 'array') return { message: fieldMessages.tooFew, params: { min } };
      return { message: fieldMessages.tooSmall, params: { min } };
    }
    case 'invalid_value':
      return { message: fieldMessages.choice };
    case 'unrecognized_keys':
      return { message: fieldMessages.unknownField };
    case 'invalid_format':
      return { message: issue.format === 'email' ? fieldMessages.email : fieldMessages.invalid };
    default:
      if (issue.code === 'custom' && issue.message === 'required') return { message: fieldMessages.required };
      return { message: fieldMessages.invalid };
  }
}
