// A reader gone from our output (a closed terminal, `| head`) makes every later write to stdout or
// stderr fail with EPIPE. Unheard, that error is thrown: the command died of it, and `next start`
// died at its banner (or, once, logged it with Next's `uncaughtException` handler to the same
// stream, in a loop at 100% CPU). There is no one left to tell, so the errors are dropped. The
// command imports this; its server preloads it (`node --require`), before Next prints anything.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
