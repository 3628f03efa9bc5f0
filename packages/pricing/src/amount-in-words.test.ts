import { describe, expect, it } from 'vitest';
import { amountInWords, indianNumberInWords, internationalNumberInWords } from './amount-in-words';

describe('amountInWords', () => {
  it('reads rupees in lakh and crore, paise after', () => {
    expect(amountInWords(12_345_678, 'INR')).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(0, 'INR')).toBe('Rupees Zero Only');
    expect(amountInWords(100_000, 'INR')).toBe('Rupees One Thousand Only');
    expect(amountInWords(1_234_567_800, 'inr')).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    );
    expect(amountInWords(101, 'INR')).toBe('Rupees One and One Paisa Only');
    expect(amountInWords(50, 'INR')).toBe('Fifty Paise Only');
  });

  it('reads large crores recursively', () => {
    expect(indianNumberInWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(indianNumberInWords(1_000_000_000_000)).toBe('One Lakh Crore');
    expect(indianNumberInWords(20_000_015)).toBe('Two Crore Fifteen');
  });

  it('reads other currencies in the international system', () => {
    expect(amountInWords(12_345_678, 'EUR')).toBe(
      'One Hundred Twenty-Three Thousand Four Hundred Fifty-Six Euros and Seventy-Eight Cents',
    );
    expect(amountInWords(100, 'USD')).toBe('One Dollar');
    expect(amountInWords(0, 'EUR')).toBe('Zero Euros');
    expect(amountInWords(1, 'GBP')).toBe('One Penny');
    expect(amountInWords(123_400_000_000, 'USD')).toBe(
      'One Billion Two Hundred Thirty-Four Million Dollars',
    );
    expect(amountInWords(1500, 'JPY')).toBe('One Thousand Five Hundred Yen');
    expect(amountInWords(12_305, 'XYZ')).toBe('One Hundred Twenty-Three and 05/100 XYZ');
    expect(amountInWords(-250, 'EUR')).toBe('Minus Two Euros and Fifty Cents');
    expect(internationalNumberInWords(1_000_001)).toBe('One Million One');
  });

  it('refuses amounts that are not integer minor units', () => {
    expect(() => amountInWords(1.5, 'INR')).toThrow(RangeError);
  });
});
