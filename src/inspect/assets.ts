/**
 * The page's own styles and script, inline (the page loads nothing). The script holds no data:
 * it only opens and closes the collapsed parts, so no text of the input is ever inside it.
 */

export const STYLES = `
:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--mut:#6b6b70;--line:#dcdce0;--box:#f6f6f8;--kept:#1a7f37;--drop:#9a6700;--ref:#cf222e;--hl:#fff1a8}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6ea;--bg:#161618;--mut:#9a9aa2;--line:#34343a;--box:#202024;--hl:#5a4a00}}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:12px 20px;border-bottom:1px solid var(--line)}h1{font-size:18px;margin:0 0 4px}
.meta,.mut{color:var(--mut)}.layout{display:flex;align-items:flex-start}
nav{position:sticky;top:0;width:220px;max-height:100vh;overflow:auto;padding:10px;border-right:1px solid var(--line);font-size:12px;flex:none}
nav ol{margin:0;padding-left:22px}nav a{color:inherit;text-decoration:none}nav a:hover{text-decoration:underline}
main{flex:1;min-width:0;padding:10px 20px}section{margin-bottom:24px}h2{font-size:15px;margin:16px 0 8px}
.turn{border:1px solid var(--line);border-radius:6px;margin:10px 0;padding:8px 10px}
.turn>h3{font-size:13px;margin:0 0 6px}.role-user{border-left:4px solid #0969da}.role-assistant{border-left:4px solid #8250df}
.role-tool{border-left:4px solid #1a7f37}.role-system{border-left:4px solid #6b6b70}
.part{margin:6px 0;padding:6px 8px;background:var(--box);border-radius:4px}.part>.label{font-size:12px;color:var(--mut)}
pre{margin:4px 0 0;white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace}
summary{cursor:pointer;color:var(--mut);font-size:12px}.kind-thinking{font-style:italic}
.sig{font:11px ui-monospace,monospace;color:var(--mut)}.thumb{max-width:160px;max-height:120px;display:block;margin-top:4px}
.verdict{margin:6px 0;padding:6px 8px;border-radius:4px;border:1px solid}.verdict b{text-transform:uppercase;font-size:11px}
.v-kept{border-color:var(--kept)}.v-kept b{color:var(--kept)}.v-dropped{border-color:var(--drop)}.v-dropped b{color:var(--drop)}
.v-refused,.v-unknown{border-color:var(--ref)}.v-refused b,.v-unknown b{color:var(--ref)}
.diff{outline:2px solid var(--ref);background:var(--hl)}.cache{font-size:11px;color:var(--drop)}
table{border-collapse:collapse;font-size:12px;width:100%}td,th{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
.sides{display:flex;gap:8px}.sides>div{flex:1;min-width:0}.tools{margin:6px 0}button{font-size:12px}
`;

export const SCRIPT = `
document.getElementById("open-all").onclick=function(){document.querySelectorAll("details").forEach(function(d){d.open=true})};
document.getElementById("close-all").onclick=function(){document.querySelectorAll("details").forEach(function(d){d.open=false})};
`;

/**
 * The script's SHA-256, the one script the page's Content-Security-Policy lets run (an inline
 * handler such as `onerror` never runs, escaped or not). test/inspect/page.test.ts checks it.
 */
export const SCRIPT_HASH = "sha256-+qvRCjWQSHcu/qXODpjFh0GdF9lOfSjRq23CAMCSAC0=";
