// Preloaded with `node --require` by test/integration/sanitizer-entity-model.test.ts: makes the
// optional dependency onnxruntime-node unresolvable, as on a machine where it did not install, so
// the test can show that Gatehouse runs without it and what the switch says when it is missing.
const Module = require('node:module');

const resolve = Module._resolveFilename;
Module._resolveFilename = function hideOnnxRuntime(request, ...rest) {
  if (request === 'onnxruntime-node' || request.startsWith('onnxruntime-node/')) {
    const err = new Error(`Cannot find module '${request}' (hidden by test/support/hide-onnxruntime.cjs)`);
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolve.call(this, request, ...rest);
};
