export interface DecisionRecord {
  number: string;
  title: string;
  file: string;
  status: string;
  supersedes: string[];
  updateSections: boolean;
}
export const DECISIONS_DIR: string;
export function readDecisions(dir?: string): DecisionRecord[];
export function decisionsIndex(records?: DecisionRecord[]): string;
