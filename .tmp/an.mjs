import * as esbuild from "esbuild";
import { gzipSync } from "node:zlib";
const r = await esbuild.build({ stdin: { contents: 'export * from "./src/testing/index.ts";', resolveDir: process.cwd(), loader: "js" }, bundle: true, write: false, format: "esm", platform: "browser", minify: true, metafile: true, logLevel: "error" });
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput);
for (const [p,i] of rows) console.log(String(i.bytesInOutput).padStart(7), p);
console.log("gzip", gzipSync(r.outputFiles[0].contents,{level:9}).length);
