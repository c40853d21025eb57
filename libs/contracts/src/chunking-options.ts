/**
 * `format.chunking`: how the `chunks` format cuts a document for retrieval. The API
 * validates it with the limits below and stores only what the client set; the
 * converters fill in the defaults.
 */
export const ChunkingStrategy = {
  /** A new chunk at every heading; a section longer than maxTokens is cut at paragraph boundaries. */
  HEADING: 'heading',
  /** Blocks packed up to maxTokens whatever the headings (the heading path is still recorded). */
  SIZE: 'size',
} as const;
export type ChunkingStrategy = (typeof ChunkingStrategy)[keyof typeof ChunkingStrategy];

export const CHUNKING_STRATEGIES: readonly ChunkingStrategy[] = Object.values(ChunkingStrategy);

/** A type, not an interface: stored as JSON with the job's options, it must be assignable to JSON types. */
export type ChunkingOptions = {
  maxTokens?: number;
  overlapTokens?: number;
  strategy?: ChunkingStrategy;
};

/** Every field set: what the chunks format works with. */
export type ChunkingSettings = Required<ChunkingOptions>;

export const DEFAULT_CHUNKING: ChunkingSettings = { maxTokens: 512, overlapTokens: 0, strategy: ChunkingStrategy.HEADING };

/**
 * Below 16 tokens a chunk holds a few words and every heading path outweighs it;
 * 8,192 is the input limit of the common embedding models (8,191 for OpenAI's).
 */
export const MIN_CHUNK_TOKENS = 16;
export const MAX_CHUNK_TOKENS = 8192;

/** Why `maxTokens` is not acceptable, or null. */
export function maxTokensProblem(value: unknown): string | null {
  if (isWholeNumber(value) && value >= MIN_CHUNK_TOKENS && value <= MAX_CHUNK_TOKENS) return null;
  return `must be a whole number from ${MIN_CHUNK_TOKENS} to ${MAX_CHUNK_TOKENS} (got ${JSON.stringify(value)})`;
}

/**
 * Why `overlapTokens` is not acceptable next to `maxTokens` (the default when absent),
 * or null. At most half a chunk may repeat the one before: more, and most of every
 * chunk would be a copy.
 */
export function overlapTokensProblem(value: unknown, maxTokens: unknown = DEFAULT_CHUNKING.maxTokens): string | null {
  // A wrong maxTokens has its own message; the overlap is then checked against the default.
  const max = maxTokensProblem(maxTokens) === null ? (maxTokens as number) : DEFAULT_CHUNKING.maxTokens;
  const limit = Math.floor(max / 2);
  if (isWholeNumber(value) && value >= 0 && value <= limit) return null;
  return `must be a whole number from 0 to ${limit}, half of maxTokens (${max}) (got ${JSON.stringify(value)})`;
}

/** Why `strategy` is not a known strategy, or null. */
export function chunkingStrategyProblem(value: unknown): string | null {
  if (CHUNKING_STRATEGIES.includes(value as ChunkingStrategy)) return null;
  return `must be one of ${CHUNKING_STRATEGIES.join(', ')} (got ${JSON.stringify(value)})`;
}

/** The client's chunking options with the defaults filled in. */
export function chunkingSettings(options: ChunkingOptions = {}): ChunkingSettings {
  return {
    maxTokens: options.maxTokens ?? DEFAULT_CHUNKING.maxTokens,
    overlapTokens: options.overlapTokens ?? DEFAULT_CHUNKING.overlapTokens,
    strategy: options.strategy ?? DEFAULT_CHUNKING.strategy,
  };
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}
