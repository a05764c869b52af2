/**
 * Trade words as members type them ("dentist", "lawyer", "plumber") rarely appear as such in an
 * industry ("Dental", "Business Law", "Plumbing"). The picker's search therefore takes each typed word
 * down to a stem (the common trade suffixes cut off, at least 3 letters kept) and matches it at the start
 * of a word. Longer suffixes are tried first: "lawyer" is "law", not "lawy".
 */
const TRADE_SUFFIXES = [
  'istry',
  'ists',
  'ians',
  'yers',
  'ist',
  'ian',
  'yer',
  'ers',
  'ors',
  'ant',
  'ing',
  'er',
  'or',
  'al',
  'ic',
  'y',
  's',
];
const MIN_STEM = 3;

/** A few trades whose everyday word shares no stem with how industries are named. */
const TRADE_SYNONYMS: Record<string, string> = {
  realtor: 'real',
  realtors: 'real',
  attorney: 'law',
  attorneys: 'law',
  cpa: 'account',
  mechanic: 'auto',
};

function stem(word: string): string {
  const synonym = TRADE_SYNONYMS[word];
  if (synonym) return synonym;
  for (const suffix of TRADE_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM)
      return word.slice(0, -suffix.length);
  }
  return word;
}

/** The stems of a search, lower case, letters and digits only: "Real-estate agents" -> real, estate, agent. */
export function searchStems(search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words.map(stem))];
}
