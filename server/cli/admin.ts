/** `npm run admin -- <command>`: operator tasks. Commands are added by the features that own them. */
console.log('Usage: npm run admin -- <command>. No commands yet.');
