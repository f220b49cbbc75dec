import { describeLedgerModel } from '../../test/ledger-model.ts';

// Half of the ledger model test's 1000 seeded sequences (server/test/ledger-model.ts); the other half is the first-seed file.
describeLedgerModel({ seed: 20260102, runs: 500 });
