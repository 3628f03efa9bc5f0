import { describe, expect, it } from 'vitest';
import { formatOptions, parseOptions, variantInput } from './product-form';

describe('variant options', () => {
  it('reads code=value pairs and writes them back the same way', () => {
    const options = parseOptions(' Size=M , color = Deep Red,');
    expect(options).toEqual({ options: { size: 'M', color: 'Deep Red' } });
    if ('options' in options) {
      expect(formatOptions(options.options)).toBe('size=M, color=Deep Red');
    }
  });

  it('names the part that is not an option, a repeated code, and an empty list', () => {
    expect(parseOptions('size=M, red')).toEqual({
      error: '"red" is not an option: write it as code=value, e.g. size=M.',
    });
    expect(parseOptions('size=M, size=L')).toEqual({ error: '"size" is given twice.' });
    expect(parseOptions(' ')).toEqual({ error: 'Give at least one option, e.g. size=M.' });
  });

  it('turns a row into the variant input, an empty special price into null', () => {
    expect(
      variantInput({
        sku: ' TEE-M ',
        price: '19.99',
        special_price: '',
        stock: '',
        options: 'size=M',
      }),
    ).toEqual({
      input: { sku: 'TEE-M', price: 19.99, special_price: null, stock: 0, options: { size: 'M' } },
    });
    expect(
      variantInput({ sku: 'X', price: '1', special_price: '', stock: '1', options: 'M' }),
    ).toHaveProperty('error');
  });
});
