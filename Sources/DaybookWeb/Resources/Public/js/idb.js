// IndexedDB made plainer for the device's two databases (the outbox's `daybook`, the kept journal's
// `daybook-journal`): one connection per page or worker, opened at its first use and given up when another page
// wants to upgrade it; a transaction as a promise of what its work returned, settled once it committed.

/** A function that opens `name` at `version` (running `upgrade(db, tx, oldVersion)` when it must, inside the
 * upgrade's own transaction) once, and hands out that connection. */
export function database(name, version, upgrade) {
  let connection = null;
  return () => {
    connection ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = (event) => upgrade(request.result, request.transaction, event.oldVersion);
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          connection = null;
        };
        db.onclose = () => { connection = null; };
        resolve(db);
      };
      request.onerror = () => {
        connection = null;
        reject(request.error);
      };
    });
    return connection;
  };
}

/** Runs `work(tx)` in one transaction over `names`; resolves to what it returned once the transaction committed. */
export async function transaction(open, names, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(names, mode);
    let result;
    Promise.resolve(work(tx)).then((value) => { result = value; });
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** A request's result, as a promise. */
export const promised = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
