import type * as z from 'zod/mini';

/**
 * A schema built the first time something reads it, not when its module loads (issue 24).
 *
 * Building zod schemas is not free: the jobs area's ~30 schemas took 25 ms to build in Node on
 * this machine, ~100 ms on a phone's slowed core, all of it inside the evaluation of the `/jobs`
 * route's chunk, one long task before the listing can answer a tap. Most of them are for other
 * callers (the server's query and body checks, the company's job form): a page that only parses
 * a page of jobs should build the schemas that parse it, when its answer comes.
 *
 * The jobs area was first; the areas a signed-in page loads (profile, referrals, guidance,
 * payments, files, assessments) build theirs the same way. Areas take `lazySchema` through
 * common.ts, which they import anyway: imported from here by each, this module became a chunk of
 * its own, one more request on `/jobs`.
 *
 * The value stands for the schema everywhere (parse, `z.infer`, `.shape`, nesting it in another
 * schema, `z.extend`): every read is forwarded to the schema, built on the first one. A module
 * that reads one of its schemas at load (`Object.keys(X.shape)`) builds it there.
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  let schema: Schema | undefined;
  const built = () => (schema ??= build());
  return new Proxy(Object.create(null) as Schema, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      // A proxy may not call a property non-configurable that its own (empty) target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}

/**
 * An object schema's shape from its fields' builders, for a lazy schema whose keys are read
 * without building it (`Object.keys(fields)`, in the shape's order).
 */
export function shapeOf<Fields extends Record<string, () => z.core.$ZodType>>(
  fields: Fields,
): { [Key in keyof Fields]: ReturnType<Fields[Key]> } {
  return Object.fromEntries(Object.entries(fields).map(([key, build]) => [key, build()])) as {
    [Key in keyof Fields]: ReturnType<Fields[Key]>;
  };
}
