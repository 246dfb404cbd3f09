// One cold import in a fresh process: prints how long importing the specifiers took, one after
// another (a client made of two packages, such as `ai` and `@ai-sdk/anthropic`), in ms.
// It lives inside the package so that `golem/<entry>` resolves through the package's exports.
const specifiers = process.argv.slice(2);
const start = performance.now();
for (const specifier of specifiers) await import(specifier);
console.log(performance.now() - start);
