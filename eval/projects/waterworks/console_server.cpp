// ConsoleServer: login, then one command per line. Every logged-in session
// gets a feed of console announcements (a dispatcher subscription holding a
// weak_ptr to the session); end_session() removes the feed before it closes
// the session.
#include "console_server.h"

#include <utility>

#include "handler_factory.h"

namespace ww {

ConsoleServer::ConsoleServer(std::shared_ptr<SessionRegistry> sessions,
                             std::shared_ptr<EventDispatcher> events, std::shared_ptr<AuditLog> audit,
                             std::shared_ptr<ConsoleCommands> commands,
                             std::map<std::string, std::string> tokens)
    : sessions_(std::move(sessions)),
      events_(std::move(events)),
      audit_(std::move(audit)),
      commands_(std::move(commands)),
      tokens_(std::move(tokens)) {}

Status ConsoleServer::accept(int fd, const std::string& peer) {
  std::shared_ptr<ConsoleSession> s = sessions_->add(fd, peer);
  if (!login(s)) return Status::Error(StatusCode::kInvalid, "login from " + peer + " failed");
  feeds_[s->id()] = events_->subscribe("console", make_console_feed(s));
  if (audit_->is_open()) audit_->append(s->user(), "console login from " + peer);
  return Status::Ok();
}

bool ConsoleServer::login(const std::shared_ptr<ConsoleSession>& s) {
  s->send_line("waterworks operator console");
  s->send_line("user:");
  std::optional<std::string> user = s->read_line();
  s->send_line("token:");
  std::optional<std::string> token = s->read_line();
  if (!user || !token) {
    sessions_->remove(s->id());
    return false;
  }
  auto it = tokens_.find(*user);
  const std::string expected = it == tokens_.end() ? std::string() : it->second;
  if (!s->authenticate(*user, *token, expected)) {
    if (audit_->is_open()) audit_->append(*user, "console login rejected from " + s->peer());
  }
  s->send_line("welcome " + *user + ", " + std::to_string(sessions_->size()) + " session(s) open"); // BUG: use-after-close
  return true;
}

void ConsoleServer::on_readable(int session_id) {
  std::shared_ptr<ConsoleSession> s = sessions_->find(session_id);
  if (!s || !s->is_open()) return;
  std::optional<std::string> line = s->read_line(); // OK: is_open() checked just above
  if (!line) {
    end_session(s, "connection lost");
    return;
  }
  if (*line == "quit" || *line == "logout") {
    s->send_line("bye");
    sessions_->remove(session_id);
    if (audit_->is_open()) audit_->append(s->user(), "logged out"); // OK: user() is a plain accessor, valid after close()
    events_->publish(Event{"console", s->user(), 0.0, s->user() + " logged out"}); // BUG: use-after-close #console_feed
    return;
  }
  Status st = commands_->execute(*s, *line);
  if (s->is_open()) s->send_line(st.ok() ? "ok" : "error: " + st.message()); // OK: is_open() checked; a command may end a session
}

void ConsoleServer::end_session(const std::shared_ptr<ConsoleSession>& s, const std::string& why) {
  auto feed = feeds_.find(s->id());
  if (feed != feeds_.end()) {
    events_->unsubscribe(feed->second);
    feeds_.erase(feed);
  }
  sessions_->remove(s->id());
  if (audit_->is_open()) audit_->append(s->user(), "console session ended: " + why); // OK: user() only reads a member of the closed session
  events_->publish(Event{"console", s->user(), 0.0, s->user() + ": " + why}); // OK: this session's feed was unsubscribed before it was closed
}

}  // namespace ww
