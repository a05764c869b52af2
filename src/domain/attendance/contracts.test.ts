import { describe, expect, it } from 'vitest';
import { attendanceBatchSchema, attendanceEditSchema, attendanceRecordsQuerySchema } from './contracts';

const ANN = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const issues = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

// Messages written by hand from the product's attendance texts.
describe('a meeting’s attendance batch', () => {
  it('takes PRESENT / ABSENT / EXCUSED in any case, stored in lower case, empty notes as null', () => {
    expect(
      attendanceBatchSchema.parse({
        meetingDate: '2026-11-03',
        attendanceRecords: [
          { memberId: ANN, status: ' PRESENT ', notes: '  ' },
          { memberId: BO, status: 'Excused', notes: 'Doctor' },
        ],
      }),
    ).toEqual({
      meetingDate: '2026-11-03',
      attendanceRecords: [
        { memberId: ANN, status: 'present', notes: null },
        { memberId: BO, status: 'excused', notes: 'Doctor' },
      ],
    });
  });

  it('refuses an unknown status, a member twice (in any case), none marked and a bad id', () => {
    const batch = (attendanceRecords: unknown) =>
      issues(attendanceBatchSchema.safeParse({ meetingDate: '2026-11-03', attendanceRecords }));
    expect(batch([{ memberId: ANN, status: 'TARDY' }])).toEqual([
      'attendanceRecords.0.status: Choose Present, Late, Absent, Excused or Substitute',
    ]);
    expect(batch([{ memberId: ANN, status: 3 }])).toEqual([
      'attendanceRecords.0.status: Choose Present, Late, Absent, Excused or Substitute',
    ]);
    // A substitute is named; late needs nothing more.
    expect(batch([{ memberId: ANN, status: 'SUBSTITUTE' }])).toEqual([
      "attendanceRecords.0.substituteName: Enter the substitute's name",
    ]);
    expect(batch([{ memberId: ANN, status: 'SUBSTITUTE', substituteName: 'Sam Stand-In' }])).toEqual([]);
    expect(batch([{ memberId: ANN, status: 'LATE' }])).toEqual([]);
    expect(
      batch([
        { memberId: ANN, status: 'PRESENT' },
        { memberId: ANN.toUpperCase(), status: 'ABSENT' },
      ]),
    ).toEqual(['attendanceRecords: A member is marked twice']);
    expect(batch([])).toEqual(['attendanceRecords: Please mark attendance for at least one member.']);
    expect(batch(undefined)).toEqual(['attendanceRecords: Please mark attendance for at least one member.']);
    expect(batch([{ memberId: 'ann', status: 'PRESENT' }])).toEqual([
      'attendanceRecords.0.memberId: Every record must be for a current member',
    ]);
  });

  it('needs a meeting date that is not in the future', () => {
    const records = [{ memberId: ANN, status: 'PRESENT' }];
    expect(issues(attendanceBatchSchema.safeParse({ attendanceRecords: records }))).toEqual([
      'meetingDate: Meeting date is required',
    ]);
    expect(
      issues(attendanceBatchSchema.safeParse({ meetingDate: '2999-01-01', attendanceRecords: records })),
    ).toEqual(['meetingDate: The meeting date cannot be in the future']);
  });
});

describe('editing a record and reading records', () => {
  it('edits the status and notes alone', () => {
    expect(attendanceEditSchema.parse({ status: 'absent', notes: 'Late call' })).toEqual({
      status: 'absent',
      notes: 'Late call',
    });
    expect(attendanceEditSchema.safeParse({ status: 'absent', meetingDate: '2026-11-03' }).success).toBe(
      false,
    );
  });

  it('reads a page of 100 records by default, at most 200', () => {
    expect(attendanceRecordsQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(attendanceRecordsQuerySchema.parse({ limit: '200', date: '2026-11-03' })).toEqual({
      limit: 200,
      date: '2026-11-03',
    });
    expect(attendanceRecordsQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(attendanceRecordsQuerySchema.safeParse({ memberId: 'ann' }).success).toBe(false);
  });
});
