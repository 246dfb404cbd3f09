/**
 * golem/bedrock: the bedrock adapter (not built yet; this entry resolves so imports can be wired).
 * @module
 */
export {};
