import { data_as_of } from '../../../../data/sources.json';

/** Last trading day of the bundled snapshot, as the data itself states it (the server reports the same in /api/health). */
export const DATA_AS_OF: string = data_as_of;
