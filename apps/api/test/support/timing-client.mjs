/**
 * A client in a process of its own, as an attacker timing the API would be: in the test's own
 * process the client's reads share the event loop with the server's work after the response.
 * Usage: node timing-client.mjs <url> <body JSON with "$EMAIL"> <known e-mail> <tries> [with-next]
 * Prints {"known": [ms…], "unknown": [ms…], "statuses": [...]}: interleaved (alternating which
 * goes first) after 10 warm-up pairs, each call spaced 15 ms from the previous answer. With
 * `with-next`, a try is the call plus the same call for a fresh unknown e-mail sent right after
 * its answer: work the server does after answering shows in the next request's time.
 */
const [url, template, known, tries, mode] = process.argv.slice(2);
const unknown = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`;
const send = async (email) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: template.replaceAll('$EMAIL', email),
  });
  await res.arrayBuffer();
  return res.status;
};
const call = async (email) => {
  await new Promise((resolve) => setTimeout(resolve, 15));
  const started = performance.now();
  const status = await send(email);
  if (mode === 'with-next') await send(unknown());
  return { ms: performance.now() - started, status };
};
for (let i = 0; i < 10; i++) {
  await call(known);
  await call(unknown());
}
const result = { known: [], unknown: [], statuses: new Set() };
const timed = async (email, into) => {
  const { ms, status } = await call(email);
  into.push(ms);
  result.statuses.add(status);
};
for (let i = 0; i < Number(tries); i++) {
  if (i % 2 === 0) {
    await timed(known, result.known);
    await timed(unknown(), result.unknown);
  } else {
    await timed(unknown(), result.unknown);
    await timed(known, result.known);
  }
}
console.log(JSON.stringify({ ...result, statuses: [...result.statuses] }));
