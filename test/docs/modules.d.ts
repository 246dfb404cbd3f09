/**
 * The part of a third-party package's API that a documentation snippet uses, for packages
 * golem neither depends on nor installs (code-blocks.test.ts). Kept to the real signatures.
 */

/** @azure/identity, as docs/azure.md uses it for an Entra ID token. */
declare module "@azure/identity" {
  export interface AccessToken {
    token: string;
    expiresOnTimestamp: number;
  }
  export class DefaultAzureCredential {
    getToken(scopes: string | string[]): Promise<AccessToken>;
  }
}
