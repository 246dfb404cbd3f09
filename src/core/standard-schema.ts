/**
 * The Standard Schema and Standard JSON Schema interfaces, copied as their spec asks
 * (https://standardschema.dev: "copy the interfaces into your project" rather than depend on
 * a package), trimmed to what golem reads. zod 4 schemas implement both (`jsonSchema` on the
 * classic API only, since zod 4.2), so `tool()` takes zod without importing it. Types only.
 * @see https://github.com/standard-schema/standard-schema (MIT)
 */

/** A schema library's validator: `~standard.validate`, and the types it checks. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties. */
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    /** Checks a value: the result, or a promise of it for an asynchronous schema. */
    readonly validate: (
      value: unknown,
      options?: Options | undefined,
    ) => Result<Output> | Promise<Result<Output>>;
    /** Type inference only: never read at run time. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** What `validate` returns: a value, or issues. */
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** One problem: a message and where it is. */
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** The type a schema's `validate` gives back. */
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<
    Schema["~standard"]["types"]
  >["output"];
}

/** A schema library's JSON Schema converter: `~standard.jsonSchema`. */
export interface StandardJSONSchemaV1 {
  readonly "~standard": StandardJSONSchemaV1.Props;
}

export declare namespace StandardJSONSchemaV1 {
  /** The Standard JSON Schema properties (besides those every Standard type has). */
  interface Props {
    readonly jsonSchema: Converter;
  }
  /** Each method may throw when the schema has no JSON Schema form. */
  interface Converter {
    readonly input: (options: Options) => Record<string, unknown>;
    readonly output: (options: Options) => Record<string, unknown>;
  }
  type Target = "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string);
  interface Options {
    readonly target: Target;
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}
