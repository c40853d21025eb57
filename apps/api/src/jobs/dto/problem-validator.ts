import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * A class-validator decorator from a function that says why a value is wrong (or
 * null), given the value and the object holding it (for rules between fields): one
 * sentence serves as the check and, prefixed with `<path>.<field>`, as the message
 * clients see.
 */
export function validatedBy(
  name: string,
  problem: (value: unknown, object: object) => string | null,
  options?: ValidationOptions,
  path = 'format',
): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown, args) => problem(value, args?.object ?? {}) === null,
        defaultMessage: (args) => `${path}.${args?.property} ${problem(args?.value, args?.object ?? {})}`,
      },
    });
}
