import { describe, expect, it } from 'vitest';
import { postcodeProblem } from './postcode-format';

describe('postcode formats', () => {
  it('takes an Indian PIN code of 6 digits not starting with 0', () => {
    expect(postcodeProblem('IN', '560001')).toBeUndefined();
    for (const bad of ['060001', '56001', '5600011', '56000A', '']) {
      expect(postcodeProblem('IN', bad)).toBe(
        'An Indian PIN code has 6 digits and does not start with 0.',
      );
    }
  });

  it('knows a few countries, and takes a plausible code elsewhere', () => {
    expect(postcodeProblem('us', '94103-1234')).toBeUndefined();
    expect(postcodeProblem('GB', 'sw1a 1aa')).toBeUndefined();
    expect(postcodeProblem('GB', '12345')).toBeDefined();
    expect(postcodeProblem('FR', '75001')).toBeUndefined();
    expect(postcodeProblem('FR', '7')).toBeDefined();
  });
});
