/**
 * An amount in words for tax invoices: Indian numbering (lakh, crore) for rupees, international
 * (million, billion) for other currencies. Plain strings, no Intl (Hermes).
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–999 as words; '' for 0. */
function belowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(`${ONES[hundreds]} Hundred`);
  if (rest >= 20) {
    const unit = rest % 10;
    words.push(unit ? `${TENS[Math.floor(rest / 10)]}-${ONES[unit]}` : `${TENS[rest / 10]}`);
  } else if (rest > 0) {
    words.push(`${ONES[rest]}`);
  }
  return words.join(' ');
}

const join = (parts: string[]) => parts.filter(Boolean).join(' ');

/** Indian numbering: 1,23,45,678 is One Crore Twenty-Three Lakh Forty-Five Thousand … */
export function indianNumberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores > 0) parts.push(`${indianNumberInWords(crores)} Crore`);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  if (lakhs > 0) parts.push(`${belowThousand(lakhs)} Lakh`);
  const thousands = Math.floor((n % 100_000) / 1000);
  if (thousands > 0) parts.push(`${belowThousand(thousands)} Thousand`);
  parts.push(belowThousand(n % 1000));
  return join(parts);
}

/** International numbering: 123,456,789 is One Hundred Twenty-Three Million … */
export function internationalNumberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const scales = ['', 'Thousand', 'Million', 'Billion', 'Trillion'];
  const parts: string[] = [];
  let rest = n;
  for (let scale = 0; rest > 0; scale++) {
    const group = rest % 1000;
    if (group > 0) parts.unshift(join([belowThousand(group), scales[scale] ?? '']));
    rest = Math.floor(rest / 1000);
  }
  return join(parts);
}

interface CurrencyWords {
  major: [singular: string, plural: string];
  minor: [singular: string, plural: string] | null;
}

/** Currencies an invoice may be in; others are read as `… and 45/100 XYZ`. */
const CURRENCY_WORDS: Record<string, CurrencyWords> = {
  USD: { major: ['Dollar', 'Dollars'], minor: ['Cent', 'Cents'] },
  EUR: { major: ['Euro', 'Euros'], minor: ['Cent', 'Cents'] },
  GBP: { major: ['Pound', 'Pounds'], minor: ['Penny', 'Pence'] },
  AUD: { major: ['Australian Dollar', 'Australian Dollars'], minor: ['Cent', 'Cents'] },
  CAD: { major: ['Canadian Dollar', 'Canadian Dollars'], minor: ['Cent', 'Cents'] },
  SGD: { major: ['Singapore Dollar', 'Singapore Dollars'], minor: ['Cent', 'Cents'] },
  AED: { major: ['Dirham', 'Dirhams'], minor: ['Fils', 'Fils'] },
  CHF: { major: ['Franc', 'Francs'], minor: ['Centime', 'Centimes'] },
  JPY: { major: ['Yen', 'Yen'], minor: null },
};

const pick = ([singular, plural]: [string, string], n: number) => (n === 1 ? singular : plural);

/**
 * `amountCents` (minor units) in words as an invoice prints it:
 * INR 12345678 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and
 * Seventy-Eight Paise Only"; EUR 250 → "Two Euros and Fifty Cents". A negative amount starts
 * with "Minus" (credit notes).
 */
export function amountInWords(amountCents: number, currency: string): string {
  if (!Number.isSafeInteger(amountCents)) {
    throw new RangeError(`An amount in words needs integer minor units, got ${amountCents}.`);
  }
  if (amountCents < 0) return `Minus ${amountInWords(-amountCents, currency)}`;
  const code = currency.trim().toUpperCase();
  if (code === 'INR') {
    const rupees = Math.floor(amountCents / 100);
    const paise = amountCents % 100;
    const paiseWords = `${indianNumberInWords(paise)} ${paise === 1 ? 'Paisa' : 'Paise'}`;
    if (rupees === 0 && paise > 0) return `${paiseWords} Only`;
    const rupeeWords = `Rupees ${indianNumberInWords(rupees)}`;
    return paise > 0 ? `${rupeeWords} and ${paiseWords} Only` : `${rupeeWords} Only`;
  }
  const words = CURRENCY_WORDS[code];
  if (words && !words.minor) {
    return `${internationalNumberInWords(amountCents)} ${pick(words.major, amountCents)}`;
  }
  const major = Math.floor(amountCents / 100);
  const minor = amountCents % 100;
  if (!words?.minor) {
    const hundredths = minor < 10 ? `0${minor}` : `${minor}`;
    return `${internationalNumberInWords(major)} and ${hundredths}/100 ${code}`;
  }
  const majorWords = `${internationalNumberInWords(major)} ${pick(words.major, major)}`;
  if (minor === 0) return majorWords;
  const minorWords = `${internationalNumberInWords(minor)} ${pick(words.minor, minor)}`;
  return major === 0 ? minorWords : `${majorWords} and ${minorWords}`;
}
