import {
  CHUNKING_STRATEGIES,
  type ChunkingOptions,
  type ChunkingStrategy,
  chunkingStrategyProblem,
  DEFAULT_CHUNKING,
  MAX_CHUNK_TOKENS,
  MIN_CHUNK_TOKENS,
  maxTokensProblem,
  overlapTokensProblem,
} from '@docformat/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { validatedBy } from './problem-validator';

const rule = (name: string, problem: (value: unknown, object: object) => string | null) =>
  validatedBy(name, problem, undefined, 'format.chunking');

/** `format.chunking`: how the chunks format cuts the document. The limits live in @docformat/contracts. */
export class ChunkingOptionsDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: MIN_CHUNK_TOKENS,
    maximum: MAX_CHUNK_TOKENS,
    default: DEFAULT_CHUNKING.maxTokens,
    description: 'Largest chunk in cl100k_base tokens; only a single table row or code line longer than this makes a longer chunk.',
  })
  @IsOptional()
  @rule('isMaxTokens', maxTokensProblem)
  maxTokens?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: DEFAULT_CHUNKING.overlapTokens,
    description:
      'Tokens of the previous chunk repeated at the start of the next one when it continues a section (whole blocks, else lines, sentences or words); at most half of maxTokens.',
  })
  @IsOptional()
  @rule('isOverlapTokens', (value, object) => overlapTokensProblem(value, (object as ChunkingOptionsDto).maxTokens))
  overlapTokens?: number;

  @ApiPropertyOptional({
    enum: CHUNKING_STRATEGIES,
    default: DEFAULT_CHUNKING.strategy,
    description:
      '"heading": a new chunk at every heading (small sibling sections share one); "size": blocks packed up to maxTokens whatever the headings.',
  })
  @IsOptional()
  @rule('isChunkingStrategy', chunkingStrategyProblem)
  strategy?: ChunkingStrategy;
}

/** The chunking options the client set, and only those: defaults are the converters' to apply. */
export function chunkingOptions(dto: ChunkingOptionsDto): ChunkingOptions {
  return {
    ...(dto.maxTokens !== undefined ? { maxTokens: dto.maxTokens } : {}),
    ...(dto.overlapTokens !== undefined ? { overlapTokens: dto.overlapTokens } : {}),
    ...(dto.strategy !== undefined ? { strategy: dto.strategy } : {}),
  };
}
