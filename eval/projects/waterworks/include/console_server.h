// ConsoleServer: logs operators in and routes their input to ConsoleCommands.
// Driven by the main loop (accept / readable notifications), single threaded.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "audit_log.h"
#include "console_commands.h"
#include "console_session.h"
#include "event_dispatcher.h"
#include "session_registry.h"
#include "status.h"

namespace ww {

class ConsoleServer {
 public:
  ConsoleServer(std::shared_ptr<SessionRegistry> sessions, std::shared_ptr<EventDispatcher> events,
                std::shared_ptr<AuditLog> audit, std::shared_ptr<ConsoleCommands> commands,
                std::map<std::string, std::string> tokens);

  Status accept(int fd, const std::string& peer);
  void on_readable(int session_id);

 private:
  bool login(const std::shared_ptr<ConsoleSession>& s);
  void end_session(const std::shared_ptr<ConsoleSession>& s, const std::string& why);

  std::shared_ptr<SessionRegistry> sessions_;
  std::shared_ptr<EventDispatcher> events_;
  std::shared_ptr<AuditLog> audit_;
  std::shared_ptr<ConsoleCommands> commands_;
  std::map<std::string, std::string> tokens_;
  std::map<int, EventDispatcher::SubscriptionId> feeds_;
};

}  // namespace ww
