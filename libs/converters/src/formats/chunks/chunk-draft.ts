import type { Unit } from './chunk-units';
import { countTokens } from './token-count';

/**
 * A chunk being filled: its units (the overlap first) and the tokens they add up
 * to, kept as units come and go so that trying the next unit costs the same however
 * full the chunk is. The sum is an estimate: the chunk's own text may count a token
 * more or less where two units meet (see packChunks, which checks the real count).
 */
export class ChunkDraft {
  readonly units: Unit[] = [];
  /** Units at the start that repeat the previous chunk's end. */
  overlap = 0;
  /** Tokens of the units, the separators between them and the opening, without any closing. */
  private body = 0;
  /** Units that are not headings. */
  private content = 0;

  constructor(overlap: readonly Unit[]) {
    for (const unit of overlap) this.push(unit);
    this.overlap = overlap.length;
  }

  get size(): number {
    return this.units.length;
  }

  get last(): Unit {
    return this.units[this.units.length - 1];
  }

  /** Tokens of the chunk as it stands. */
  get tokens(): number {
    return this.units.length === 0 ? 0 : this.body + closing(this.last);
  }

  /** Tokens with `unit` added. */
  tokensWith(unit: Unit): number {
    if (this.units.length === 0) return opening(unit) + unit.tokens + closing(unit);
    return this.body + countCached(separator(this.last, unit)) + unit.tokens + closing(unit);
  }

  /** Whether anything but headings is in it (the overlap counts). */
  hasContent(): boolean {
    return this.content > 0;
  }

  push(unit: Unit): void {
    this.body = this.units.length === 0 ? opening(unit) + unit.tokens : this.body + countCached(separator(this.last, unit)) + unit.tokens;
    if (unit.heading === undefined) this.content++;
    this.units.push(unit);
  }

  /** Takes the last unit back out (never one of the overlap). */
  pop(): Unit | undefined {
    if (this.units.length <= this.overlap) return undefined;
    const unit = this.units.pop();
    if (unit && this.units.length > 0) this.body -= countCached(separator(this.last, unit)) + unit.tokens;
    if (unit && unit.heading === undefined) this.content--;
    return unit;
  }

  /** Drops the first unit of the overlap. */
  shiftOverlap(): void {
    if (this.overlap === 0) return;
    this.units.shift();
    this.overlap--;
    this.recount();
  }

  private recount(): void {
    const units = this.units.splice(0);
    this.content = 0;
    for (const unit of units) this.push(unit);
  }
}

/** The estimated tokens of units put together. */
export function estimateTokens(units: readonly Unit[]): number {
  const draft = new ChunkDraft([]);
  for (const unit of units) draft.push(unit);
  return draft.tokens;
}

/** What stands between two units of a chunk: a blank line between blocks, the block's own join inside one. */
export function separator(before: Unit, unit: Unit): string {
  return unit.block === before.block && !unit.first ? unit.join : '\n\n';
}

function opening(unit: Unit): number {
  return unit.first ? 0 : countCached(unit.open);
}

function closing(unit: Unit): number {
  return unit.last ? 0 : countCached(unit.close);
}

const counted = new Map<string, number>();
/** Separators, fences and table headers repeat: each is counted once. */
export function countCached(text: string): number {
  let tokens = counted.get(text);
  if (tokens === undefined) {
    tokens = countTokens(text);
    if (counted.size < 10_000) counted.set(text, tokens);
  }
  return tokens;
}
