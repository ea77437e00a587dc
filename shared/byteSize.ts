/** The one way a file size is printed: MB of 1,048,576 bytes (the protocol's "50 MB", and VS Code's own unit), two
 * decimals rounded as VS Code rounds, so our `11.86 MB` is the `11.86MB` VS Code shows for the same file. */
export const MEGABYTE = 1_048_576;
const DECIMALS = 2;
const SCALE = 10 ** DECIMALS;

/**
 * `bytes` in MB with two decimals (`11.86`), no unit. Compared with a `limit`, the figure never lands on the wrong
 * side of it: within the limit it is at most the limit's figure, past it above (50 MB + 1 byte is `50.01`). A
 * non-empty file too small to show is `<0.01`, not `0.00`.
 */
export function formatMegabytes(bytes: number, limit?: number, locale?: string): string {
  let scaled = Math.round((bytes / MEGABYTE) * SCALE);
  if (limit !== undefined) {
    const limitScaled = Math.round((limit / MEGABYTE) * SCALE);
    if (bytes > limit && scaled <= limitScaled) scaled = limitScaled + 1;
    else if (bytes <= limit && scaled > limitScaled) scaled = limitScaled;
  }
  const format = numberFormat(locale, DECIMALS, DECIMALS);
  return bytes > 0 && scaled === 0 ? `<${format.format(1 / SCALE)}` : format.format(scaled / SCALE);
}

/** A limit in MB, without trailing zeros: `50`, `9.54`. */
export function formatLimitMegabytes(limit: number, locale?: string): string {
  const scaled = Math.round((limit / MEGABYTE) * SCALE);
  const format = numberFormat(locale, 0, DECIMALS);
  return limit > 0 && scaled === 0 ? `<${format.format(1 / SCALE)}` : format.format(scaled / SCALE);
}

/** A size with its unit and the exact count, for messages: `11.86 MB (12,436,070 bytes)`. */
export function describeSize(bytes: number, limit?: number): string {
  return `${formatMegabytes(bytes, limit)} MB (${numberFormat(undefined, 0, 0).format(bytes)} bytes)`;
}

/** A limit with its unit and the exact count: `50 MB (52,428,800 bytes)`. */
export function describeLimit(limit: number): string {
  return `${formatLimitMegabytes(limit)} MB (${numberFormat(undefined, 0, 0).format(limit)} bytes)`;
}

/** Formats by locale and digits, built once: an `Intl.NumberFormat` costs more to build than a keystroke's validation. */
const formats = new Map<string, NumberFormat>();

type NumberFormat = Pick<Intl.NumberFormat, 'format'>;

function numberFormat(locale: string | undefined, minimumFractionDigits: number, maximumFractionDigits: number): NumberFormat {
  // Without a locale (every message), plain en-US digits: the first Intl.NumberFormat of a process loads ICU's
  // number data, 20–25 ms of a command-line run.
  if (locale === undefined) return { format: (value) => formatEnglish(Number(value), minimumFractionDigits, maximumFractionDigits) };
  const key = `${locale}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let format = formats.get(key);
  if (format === undefined) {
    const options: Intl.NumberFormatOptions = { minimumFractionDigits, maximumFractionDigits, useGrouping: true };
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en-US', options);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * A count as `toLocaleString('en-US')` writes it (`50,001`), without Intl: the first Intl number format of a process
 * loads ICU's number data (15–35 ms), which made the keystroke that first crossed an entry limit a stall.
 */
export function formatCount(value: number): string {
  return formatEnglish(value, 0, 0);
}

/** As `Intl.NumberFormat('en-US')` with grouping formats a non-negative value: `12,436,070`, `11.86`, `9.5`. */
function formatEnglish(value: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const unit = 10 ** maximumFractionDigits;
  const scaled = Math.round(value * unit);
  const whole = String(Math.floor(scaled / unit)).replace(/\B(?=(\d{3})+$)/g, ',');
  let fraction = String(scaled % unit).padStart(maximumFractionDigits, '0');
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
