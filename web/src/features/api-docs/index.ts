// The route shell's pieces. Scalar (components/scalar-reference.tsx) is not exported here: the route
// imports it lazily, so it stays in its own chunk.
export { useOpenApiDocument } from './api/get-openapi-document.ts';
export { QuickStart } from './components/quick-start.tsx';
export { type ApiDocsReader, TryItKey } from './components/try-it-key.tsx';
export { readStoredApiKey, storeApiKey } from './stored-api-key.ts';
