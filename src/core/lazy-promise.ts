/**
 * A promise whose work starts at its first `then`, so `await stream.response` (or
 * `await run.result`) drains a stream while a caller who iterates first is not raced.
 * `await` calls `then` only on non-native promises, hence the subclass; its species is plain
 * `Promise`. The promise is marked handled at birth: a caller who only iterates sees an error
 * there, not as an unhandled rejection.
 */
export interface LazyPromise<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

/** Makes a {@link LazyPromise}; `start` runs once, on the first `then`/`catch`/`finally`/`await`. */
export function createLazyPromise<T>(start: () => void): LazyPromise<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Lazy<T>((res, rej) => {
    resolve = res;
    reject = rej;
  }, start);
  Promise.prototype.then.call(promise, undefined, () => {});
  return { promise, resolve, reject };
}

class Lazy<T> extends Promise<T> {
  static override get [Symbol.species]() {
    return Promise;
  }
  #start: (() => void) | undefined;
  constructor(
    executor: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void,
    start?: () => void,
  ) {
    super(executor);
    this.#start = start;
  }
  // biome-ignore lint/suspicious/noThenProperty: the lazy start needs `then` itself (see above).
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const start = this.#start;
    this.#start = undefined;
    start?.();
    return super.then(onFulfilled, onRejected);
  }
}
