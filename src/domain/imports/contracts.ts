import { z } from 'zod';
import { lineText } from '../text';

/** What a chapter can bring in from a spreadsheet: its roster first, then its history. */
export const IMPORT_KINDS = ['members', 'referrals', 'attendance', 'palms'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  members: 'Members',
  referrals: 'Referrals',
  attendance: 'Attendance',
  palms: 'PALMS summary',
};

/** A file's size and rows: a chapter's whole history fits many times over; anything past is refused whole. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/**
 * What an .xlsx may unpack to: 10,000 rows of a roster take a few MB (40 columns of 30 characters, 33 MB); a zip
 * bomb takes gigabytes. The workbook is read whole, so this also bounds the memory a read takes
 * (docs/decisions/0049).
 */
export const IMPORT_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
/** A preview shows each value up to this many characters (the row's error says when it is too long). */
export const PREVIEW_VALUE_MAX = 120;

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and import each.`,
  empty: 'The file has no rows to import.',
  noHeader: 'The first row must name the columns (Email, First Name, ...).',
  notATable: 'This file is not a CSV or Excel (.xlsx) file.',
  oldExcel: 'Excel 97-2003 files (.xls) cannot be read: save the file as .xlsx or CSV and upload it again.',
  unzipsTooLarge:
    'This Excel file unpacks to more than 50 MB. Save it as CSV, or split it, and upload it again.',
  unreadableExcel: 'This Excel file could not be read. Save it again as .xlsx or CSV and upload it again.',
  unreadableCsv: (reason: string) => `This CSV file could not be read: ${reason}`,
  unmapped: (field: string) => `Choose the column that holds ${field}.`,
  badMapping: 'The column choices do not match the file. Upload it again.',
  hasErrors: (rows: number) =>
    `${rows.toLocaleString('en-US')} row${rows === 1 ? ' has' : 's have'} errors. Fix ${rows === 1 ? 'it' : 'them'} in the file and upload it again; nothing was imported.`,
  changedMeanwhile: 'The roster changed while importing. Preview the file again; nothing was imported.',
  leftOutChanged: (now: number, agreed: number) =>
    `${now.toLocaleString('en-US')} row${now === 1 ? ' has' : 's have'} errors now, not ${agreed.toLocaleString('en-US')} as the preview showed. Preview the file again; nothing was imported.`,
  leaveOut: 'Say how many rows with errors the preview showed (a whole number of at least 1).',
  formula: (field: string) => `${field} is a formula: type the value instead`,
  duplicateInFile: (what: string, line: number) => `${what} is also on row ${line}`,
  invalidEmail: 'Invalid email',
  emailRequired: 'Email is required',
  nameRequired: 'Enter the name',
  unknownRole: (value: string) =>
    `Unknown role "${value}": use Guest, Member, Leadership, Network Administrator or Agency Administrator`,
  date: 'Use a date such as 2025-03-14 or 3/14/2025',
  futureDate: 'The date cannot be in the future',
  seatHeld: (industry: string, holder: string) => `${holder} already holds the ${industry} seat`,
  seatInFile: (industry: string, line: number) => `The ${industry} seat is taken by row ${line}`,
  noSuchMember: (email: string) => `No member has the email ${email}: import members first`,
  otherChapter: (email: string) => `The account ${email} belongs to another chapter`,
  samePerson: 'The referrer and the recipient must be two different members',
  unknownStatus: (value: string, allowed: string) => `Unknown status "${value}": use ${allowed}`,
  unknownType: (value: string) => `Unknown type "${value}": use Commission or Gratitude`,
  count: 'Enter a whole number of 0 or more',
  periodOrder: 'The period cannot start after it ends',
  oneMeetingAWeek: 'A week has one meeting: P, A, L, M and S add up to 1 at most',
  noMemberNamed: (name: string) =>
    `No member of the chapter is named ${name}: import members first, or add an Email column`,
  twoMembersNamed: (name: string) => `More than one member is named ${name}: add an Email column`,
} as const;

/** The column a refused rows' file gives their reasons in; the import reads no field from it. */
export const IMPORT_REASONS_HEADER = 'Reasons';

/** A field a column can fill: the key the server reads, the label people see, headers that mean it. */
export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  /** Header spellings that mean this field (compared without case, spaces or punctuation). */
  aliases: readonly string[];
}

/** Which column (0-based) fills each field; a field left out is not imported. */
export const importMappingSchema = z.record(z.string(), z.number().int().min(0).max(1000));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const previewRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  line: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
  /** What committing would do with it; null when it has errors. */
  action: z.enum(['create', 'update', 'unchanged']).nullable(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const importCountsSchema = z.object({
  rows: z.number(),
  errors: z.number(),
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  /** Required fields no column is chosen for yet; the rows are read once there are none. */
  missing: z.array(z.string()),
  rows: z.array(previewRowSchema),
  counts: importCountsSchema,
  /** Industries the import creates because no industry has that name yet. */
  newIndustries: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  counts: importCountsSchema,
  newIndustries: z.array(z.string()),
  /**
   * The rows left out (an import that takes the good rows only), as a CSV: the file's own columns and cells,
   * and a Reasons column. Null when every row was imported.
   */
  refusedCsv: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The query string of the preview (and the import): the file's name (for the audit log) and, once chosen, the mapping. */
export const importQuerySchema = z.object({
  filename: lineText(255).optional(),
  mapping: lineText(4000)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      try {
        const parsed = importMappingSchema.safeParse(JSON.parse(value));
        if (parsed.success) return parsed.data;
      } catch {}
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.badMapping });
      return z.NEVER;
    }),
});

/**
 * The import's query string: `leaveOut` imports the good rows only, leaving out the rows with errors; it says
 * how many the preview showed, and the import is refused when the file now has another number of them.
 */
export const importCommitQuerySchema = importQuerySchema.extend({
  leaveOut: z.coerce
    .number({ message: IMPORT_MESSAGES.leaveOut })
    .int(IMPORT_MESSAGES.leaveOut)
    .min(1, IMPORT_MESSAGES.leaveOut)
    .max(IMPORT_MAX_ROWS, IMPORT_MESSAGES.leaveOut)
    .optional(),
});
