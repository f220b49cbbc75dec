/** Date of the bundled market-data snapshot (the server also reports it as `data_as_of`). */
export const DATA_AS_OF = '2026-07-02';
