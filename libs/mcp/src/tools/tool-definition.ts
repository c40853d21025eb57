import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { DocformatBackend } from '../backend';

/** What a tool's handler gets besides its arguments. */
export interface ToolContext {
  backend: DocformatBackend;
  /** Aborted when the client cancels the call or goes away. */
  signal: AbortSignal;
}

/** One MCP tool: its name, what the model reads about it, its input's JSON schema (as zod), and what it does. */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: Shape;
  annotations: ToolAnnotations;
  run(args: z.infer<z.ZodObject<Shape>>, context: ToolContext): Promise<CallToolResult>;
}

/** Keeps a definition's argument type tied to its schema. */
export const defineTool = <Shape extends z.ZodRawShape>(tool: ToolDefinition<Shape>): ToolDefinition<Shape> => tool;
