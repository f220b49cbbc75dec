import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import './scalar-theme.css';
import { useMemo } from 'react';
import { buildScalarConfiguration, type OpenApiDocumentJson } from '../scalar-configuration.ts';

/** Scalar's API reference (a Vue app, ~1 MB): the default export of its own chunk, loaded only by /api-docs. */
export default function ScalarReference({ document, apiKey }: { document: OpenApiDocumentJson; apiKey: string }) {
  const configuration = useMemo(() => buildScalarConfiguration({ document, apiKey, origin: window.location.origin }), [document, apiKey]);
  return <ApiReferenceReact configuration={configuration} />;
}
