/**
 * The element's stylesheet, inside its shadow root. `:host { all: initial }` cuts off inherited
 * styles of the host page, and the inner root resets again with `all: initial` because a host rule
 * with !important (`* { font-family: … !important }`) beats `:host` and would be inherited; themable through --invoice-pay-accent, --invoice-pay-font,
 * --invoice-pay-radius and ::part(). Colours meet WCAG AA on white.
 */
export const STYLES = `
:host{all:initial;display:block;contain:content}
:host([hidden]){display:none}
*,*::before,*::after{box-sizing:border-box}
.r{all:initial;display:block;color:#111827;font:15px/1.5 var(--invoice-pay-font,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif);-webkit-text-size-adjust:100%;--a:var(--invoice-pay-accent,#1d4ed8);--rd:var(--invoice-pay-radius,8px);max-width:520px;margin:0 auto;padding:20px;background:#fff;border:1px solid #d1d5db;border-radius:var(--rd);min-width:0}
h2,h3,p{margin:0}
h2{font-size:20px;line-height:1.3}
h3{font-size:16px}
.m{color:#4b5563;font-size:14px}
.hd{margin-bottom:16px}
.hd p{margin-top:2px}
.row{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}
.sec{margin-top:16px}
label{display:block;font-weight:600;font-size:14px;margin-bottom:4px}
input{font:inherit;color:inherit;width:100%;min-height:44px;padding:8px 12px;border:1px solid #6b7280;border-radius:calc(var(--rd) - 2px);background:#fff;margin:0}
input[aria-invalid=true]{border-color:#b91c1c}
button{font:inherit;cursor:pointer;min-height:44px;padding:8px 14px;border-radius:calc(var(--rd) - 2px);border:1px solid var(--a);background:#fff;color:var(--a);font-weight:600;margin:0}
button:disabled{cursor:not-allowed;opacity:.55}
button.p{background:var(--a);color:#fff;width:100%;font-size:16px}
button.l{border:0;padding:4px 0;min-height:0;text-decoration:underline;background:none}
:focus-visible,input:focus{outline:3px solid var(--a);outline-offset:2px}
.q{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;margin-top:8px}
.q button{padding:8px 4px}
.bd{margin-top:12px;padding:12px;background:#f3f4f6;border-radius:var(--rd)}
.bd div{display:flex;justify-content:space-between}
.bd .t{font-weight:700;border-top:1px solid #d1d5db;margin-top:6px;padding-top:6px}
.g{display:grid;grid-template-columns:1fr 1fr;gap:8px;align-items:end}
.card{margin-top:6px;padding:12px;border:1px solid #d1d5db;border-radius:var(--rd)}
.card .f{margin-top:10px}
.card .f:first-child{margin-top:0}
.err{color:#b91c1c;font-size:14px;margin-top:6px}
.n{padding:12px;border-radius:var(--rd);background:#fef9c3;color:#713f12;border:1px solid #ca8a04}
.n button{margin-top:8px}
.ok{color:#15803d}
.tm{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;padding:2px 8px;border-radius:999px;background:#fef3c7;color:#78350f;border:1px solid #b45309}
.qt{font-weight:600}
.tabs{display:flex;gap:8px;margin-top:6px}
.tabs label{flex:1;display:flex;align-items:center;gap:8px;min-height:44px;padding:8px 12px;border:1px solid #6b7280;border-radius:calc(var(--rd) - 2px);cursor:pointer;margin:0}
.tabs label.on{border:2px solid var(--a)}
.tabs input,.ck input{width:auto;min-height:0;margin:0}
.ck{display:flex;gap:8px;align-items:flex-start}
.ck label{font-weight:400;margin:0}
.hint{font-size:13px;color:#4b5563;margin-top:8px}
.st{text-align:center;padding:24px 8px}
.acts{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}
.acts button{flex:1 1 160px}
table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}
th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #e5e7eb}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0 0}
dt{color:#4b5563}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.dlg{margin-top:12px;padding:12px;border:2px solid var(--a);border-radius:var(--rd)}
.dbg{margin-top:16px;padding:10px;border:1px dashed #6b7280;font:12px/1.4 ui-monospace,monospace;overflow-wrap:anywhere}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:400px){.r{padding:14px}.q{grid-template-columns:repeat(2,1fr)}}
`;
