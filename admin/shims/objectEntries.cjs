// `object.entries` as every browser the back office supports has it built in (ES2017): the
// package (a dependency of node-polyglot, react-admin's translator) falls back to the same
// function there, but brings about 5 kB of polyfill helpers to the sign-in screen. vite.config.ts
// points the package here.
module.exports = Object.entries;
