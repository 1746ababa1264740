// Operator commands: kickSession() closes the session and then tells the
// client why, through the pool by the same id (bug: the session is closed).
// evictSession() closes, removes it from the pool and then tries to send: the
// id is no longer in the pool, so sendTo() sends nothing (negative).
#include "relay/admin.h"
#include "relay/session_pool.h"

namespace relay {

void kickSession(SessionPool &pool, const std::string &id, const std::string &reason) {
  pool.closeSession(id);
  pool.sendTo(id, "KICKED " + reason); // BUG: use-after-close #kick
}

void evictSession(SessionPool &pool, const std::string &id) {
  pool.closeSession(id);
  pool.remove(id);
  pool.sendTo(id, "EVICTED"); // OK
}

} // namespace relay
