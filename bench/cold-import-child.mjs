// One cold import in a fresh process: prints how long `import(specifier)` took, in ms.
// It lives inside the package so that `golem/<entry>` resolves through the package's exports.
const specifier = process.argv[2];
const start = performance.now();
await import(specifier);
console.log(performance.now() - start);
