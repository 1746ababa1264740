// Operator commands over the session pool.
#pragma once
#include <string>

namespace relay {

class SessionPool;

void kickSession(SessionPool &pool, const std::string &id, const std::string &reason);
void evictSession(SessionPool &pool, const std::string &id);

} // namespace relay
