/** Cloudflare workerd: a module worker that runs the matrix for each request it gets. */
import { cassettes } from "./cassettes.js";
import { runMatrix } from "./scenarios.js";

export default {
  async fetch(): Promise<Response> {
    try {
      return new Response(JSON.stringify(await runMatrix(cassettes)));
    } catch (err) {
      return new Response(String((err as Error)?.stack ?? err), { status: 500 });
    }
  },
};
