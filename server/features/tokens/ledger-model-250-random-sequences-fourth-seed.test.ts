import { describeLedgerModel } from '../../test/ledger-model.ts';

// A quarter of the ledger model test's 1000 seeded sequences per engine (server/test/ledger-model.ts): one file each, so none nears a minute.
describeLedgerModel({ seed: 20260104, runs: 250 });
