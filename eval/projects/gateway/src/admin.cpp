// Operator commands.
// - authenticate(): sendOrClose() (util.cpp) closes only when it returns
//   false, and the AUTH line is sent only when it returned true (quiet line).
// - probe(): ignores sendOrClose()'s result; when the peer was not keeping up
//   the connection is closed and the STATUS request fails (bug).
// - drainSession(): submits a task that sends on the connection to the
//   WorkerPool (worker_pool.cpp) and closes the connection at once, while the
//   task may still be queued or running (bug #drain: the send in the task,
//   the close is its same-marked line). drainSessionAndWait() waits for the task's
//   future before closing (quiet lines: the send and the close).
// - banUser(): keeps the session pointer, closes the session by id through the
//   registry (registry.cpp) and then sends on the pointer (bug). moveUser()
//   closes `from` and sends to `to`, a different key (quiet line).
// - rotateSpool(): closes the spool and reopens it on the new path; when the
//   reopen fails it closes the already-closed spool, and SpoolFile::close()
//   throws on a second close (bug); after a successful reopen the append is
//   on the new file (quiet line).
#include "gateway/admin.h"

#include "gateway/connection.h"
#include "gateway/registry.h"
#include "gateway/spool.h"
#include "gateway/util.h"
#include "gateway/worker_pool.h"

#include <future>

namespace gateway {

bool authenticate(UpstreamConn &conn, const std::string &token) {
  if (!sendOrClose(conn, "HELLO gateway/1"))
    return false;
  return conn.send("AUTH " + token); // OK: sendOrClose() returned true, still open
}

void probe(UpstreamConn &conn) {
  sendOrClose(conn, "PING");
  conn.send("STATUS?"); // BUG: use-after-close
}

void drainSession(WorkerPool &pool, UpstreamConn &conn) {
  pool.submit([&conn] {
    conn.send("DRAIN"); // BUG: use-after-close #drain
  });
  conn.close(); // SAME: drain
}

void drainSessionAndWait(WorkerPool &pool, UpstreamConn &conn) {
  std::future<void> sent = pool.submit([&conn] {
    conn.send("DRAIN"); // OK: the close below waits for this task
  });
  sent.wait();
  conn.close(); // OK: the task has finished
}

void banUser(SessionRegistry &registry, const std::string &id) {
  UpstreamConn *session = registry.find(id);
  if (session == nullptr || session->isClosed())
    return;
  registry.closeSession(id);
  session->send("BANNED"); // BUG: use-after-close
}

void moveUser(SessionRegistry &registry, const std::string &from, const std::string &to) {
  if (from == to)
    return;
  UpstreamConn *target = registry.find(to);
  if (target == nullptr || target->isClosed())
    return;
  registry.closeSession(from);
  target->send("JOINED " + from); // OK: a different key was closed
}

bool rotateSpool(SpoolFile &spool, const std::string &nextPath) {
  spool.append("# rotated to " + nextPath);
  spool.close();
  if (!spool.open(nextPath)) {
    spool.close(); // BUG: double-close
    return false;
  }
  spool.append("# continued from rotation"); // OK: reopened on the new path
  return true;
}

} // namespace gateway
