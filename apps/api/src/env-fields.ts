import { z } from 'zod';

/* The building blocks of env.ts's schema: how a variable's text becomes a value. */

export const optionalString = () =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/**
 * Schemes APP_LINK_SCHEMES may not name: web pages are checked as web links (https in
 * production), and these run script, read files or launch other apps (Android's intent:).
 */
export const NEVER_APP_SCHEMES = new Set([
  'http',
  'https',
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'about',
  'intent',
  'content',
  'ftp',
  'mailto',
  'tel',
  'sms',
]);

/** A comma-separated list; empty entries dropped. */
export const commaList = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );

export const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);
