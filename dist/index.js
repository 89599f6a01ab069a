var __webpack_exports__ = {};
// Placeholder entry replaced by the Action issue.
console.log('citegate action');


