import Ajv2020 from 'ajv/dist/2020';
import { documentSchema } from '../formats/json/document-schema';

const validator = new Ajv2020({ allErrors: true, strict: true }).compile(documentSchema);

/** Where a value breaks the published document schema (document.schema.json): none when it conforms. */
export function documentSchemaErrors(value: unknown): string[] {
  if (validator(value)) return [];
  return (validator.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}
