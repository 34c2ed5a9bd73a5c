/**
 * Runs a batch of cases through an executor with what every study needs: outcomes appended to a results file
 * as they come (JSON lines), cases finished in an earlier run taken from that file instead of recomputed, a
 * progress bar, and the records returned in parameter order.
 * @module
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { CaseOutcome, CaseRecord, ParameterFunction, StudyCase } from './cases.ts';
import type { Executor } from './executors.ts';
import { StudyProgress } from './progress.ts';

/** A line of the results file: the batch label and a case record. */
interface ResultLine extends CaseRecord {
  label: string;
}

/** How a batch of cases runs. */
export interface RunCasesOptions {
  /** The executor. */
  executor: Executor;
  /** Names the study in the progress line. */
  studyName: string;
  /** Names the batch (e.g. 'generation 2') in the results file and the queue's parent job. */
  label: string;
  /** JSON-lines file the outcomes are appended to and read back from on a restart. */
  resultsFile?: string;
  /** Show a progress bar (default true; silent in CI). */
  showProgress?: boolean;
}

/** The successful records of earlier runs for this batch, by index, when their parameters match exactly. */
function finishedEarlier(resultsFile: string | undefined, label: string, cases: readonly StudyCase[]): Map<number, CaseRecord> {
  const finished = new Map<number, CaseRecord>();
  if (resultsFile === undefined || !existsSync(resultsFile)) return finished;
  const byIndex = new Map(cases.map((c) => [c.index, c]));
  for (const text of readFileSync(resultsFile, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    let line: ResultLine;
    try {
      line = JSON.parse(text) as ResultLine;
    } catch {
      continue; // a line cut short when the previous run was killed
    }
    const c = byIndex.get(line.index);
    if (line.label !== label || c === undefined || line.value === undefined) continue;
    if (JSON.stringify(line.parameters) !== JSON.stringify(c.parameters)) continue;
    finished.set(c.index, { index: c.index, parameters: c.parameters, value: line.value });
  }
  return finished;
}

/** Runs the cases (skipping those the results file holds already) and returns all records in parameter order. */
export async function runCases(parameterFunction: ParameterFunction, cases: readonly StudyCase[], options: RunCasesOptions): Promise<CaseRecord[]> {
  const records = new Map<number, CaseRecord>(finishedEarlier(options.resultsFile, options.label, cases));
  const pending = cases.filter((c) => !records.has(c.index));
  const parametersOf = new Map(cases.map((c) => [c.index, c.parameters]));
  const progress = new StudyProgress(options.studyName, cases.length, records.size, options.showProgress ?? true);
  const onOutcome = (outcome: CaseOutcome) => {
    const record: CaseRecord = { index: outcome.index, parameters: parametersOf.get(outcome.index)!, ...(outcome.error === undefined ? { value: outcome.value } : { error: outcome.error }) };
    records.set(record.index, record);
    if (options.resultsFile !== undefined) appendFileSync(options.resultsFile, `${JSON.stringify({ label: options.label, ...record })}\n`);
    progress.caseFinished(record.error !== undefined);
  };
  try {
    await options.executor.run(parameterFunction, pending, onOutcome, `${options.studyName}: ${options.label}`);
  } finally {
    progress.finish();
  }
  return cases.map((c) => records.get(c.index)!);
}
