import { z } from 'zod';

/**
 * Short sentences a mobile app can show next to a field (docs/contract.md §1), instead of zod's
 * developer-facing defaults. Schemas that need a specific message still pass their own.
 */
z.config({
  customError(issue) {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return 'This field is required.';
        if (issue.expected === 'int') return 'Must be a whole number.';
        return `Must be a ${issue.expected === 'object' ? 'JSON object' : issue.expected}.`;
      case 'too_small':
        if (issue.origin === 'string') {
          return issue.minimum === 1
            ? 'This field is required.'
            : `Must be at least ${issue.minimum} characters.`;
        }
        if (issue.origin === 'array') return `Must contain at least ${issue.minimum} items.`;
        if (issue.inclusive === false) return `Must be greater than ${issue.minimum}.`;
        return `Must be at least ${issue.minimum}.`;
      case 'too_big':
        if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
        if (issue.origin === 'array') return `Must contain at most ${issue.maximum} items.`;
        if (issue.origin === 'file') return `Must be at most ${issue.maximum} bytes.`;
        if (issue.inclusive === false) return `Must be less than ${issue.maximum}.`;
        return `Must be at most ${issue.maximum}.`;
      case 'invalid_format':
        if (issue.format === 'email') return 'Must be a valid e-mail address.';
        if (issue.format === 'url') return 'Must be a valid URL.';
        if (issue.format === 'date') return 'Must be a date in the format YYYY-MM-DD.';
        if (issue.format === 'datetime') return 'Must be an ISO 8601 date and time.';
        return 'Has an invalid format.';
      case 'invalid_value':
        return `Must be one of: ${issue.values.map(String).join(', ')}.`;
      default:
        return undefined;
    }
  },
});
