import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * A class-validator decorator from a function that says why a value is wrong (or
 * null): one sentence serves as the check and, prefixed with `format.<field>`, as the
 * message clients see.
 */
export function validatedBy(name: string, problem: (value: unknown) => string | null, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => problem(value) === null,
        defaultMessage: (args) => `format.${args?.property} ${problem(args?.value)}`,
      },
    });
}
