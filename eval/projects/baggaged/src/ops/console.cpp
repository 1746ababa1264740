// OperatorConsole: operator terminals on the console socket. adopt() takes a
// connected socket and serves it with a job on the worker pool; lines typed
// by the operator become Command objects (through the site's factory) queued
// for the control loop. kick() wakes a session's reader with hangup() so that
// the session's own thread ends it; stop() ends every session.
#include "console.h"

#include "console_session.h"
#include "journal.h"
#include "worker_pool.h"

#include <sstream>
#include <stdexcept>

OperatorConsole::OperatorConsole(std::shared_ptr<WorkerPool> pool, std::shared_ptr<CommandQueue> commands,
                                 std::shared_ptr<JournalWriter> journal, CommandFactory factory)
    : pool_(std::move(pool)), commands_(std::move(commands)), journal_(std::move(journal)), factory_(std::move(factory)) {}

int OperatorConsole::adopt(FdHandle fd) {
  int id;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_) return -1;
    id = nextId_++;
  }
  auto session = std::make_shared<ConsoleSession>(id, std::move(fd));
  session->send("baggaged operator console, session " + std::to_string(id));
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_) return -1;
    sessions_[id] = session;
  }
  Status st = pool_->post([this, session] { serve(session); });
  if (!st.ok()) endSession(*session, "no worker: " + st.message());
  return id;
}

void OperatorConsole::serve(std::shared_ptr<ConsoleSession> session) {
  std::string line;
  while (session->readLine(line)) { // BUG: use-after-close #console_stop_race
    if (!handleLine(*session, line)) return;
  }
  endSession(*session, "end of input");
}

bool OperatorConsole::handleLine(ConsoleSession& session, const std::string& line) {
  std::istringstream is(line);
  std::string verb;
  is >> verb;
  if (verb.empty()) return true;
  if (verb == "quit") {
    endSession(session, "operator logout");
    session.send("goodbye"); // BUG: use-after-close
    return false;
  }
  if (verb == "kick") {
    int id = 0;
    is >> id;
    if (id == session.id()) {
      session.trySend("use quit to leave");
      return true;
    }
    kick(id);
    session.trySend("kicked " + std::to_string(id));
    return true;
  }
  std::vector<std::string> args;
  for (std::string arg; is >> arg;) args.push_back(arg);
  std::unique_ptr<Command> cmd = factory_(verb, args);
  if (!cmd) {
    session.trySend("unknown command: " + verb);
    return true;
  }
  journal_->tryWrite("console " + std::to_string(session.id()) + ": " + cmd->name());
  commands_->enqueue(std::move(cmd));
  session.trySend("queued"); // OK: stop() may close the session meanwhile; trySend() checks under the session mutex
  return true;
}

void OperatorConsole::endSession(ConsoleSession& session, const std::string& why) {
  session.close();
  journal_->tryWrite("console session " + std::to_string(session.id()) + " ended: " + why);
  std::lock_guard<std::mutex> lock(mu_);
  sessions_.erase(session.id());
}

void OperatorConsole::kick(int id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return;
  it->second->hangup(); // OK: shutdown(2) only wakes the reader; the session's own thread closes it
}

void OperatorConsole::stop() {
  std::vector<std::shared_ptr<ConsoleSession>> live;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_) return;
    stopped_ = true;
    for (auto& [id, session] : sessions_) live.push_back(session);
  }
  for (auto& session : live) {
    session->trySend("console shutting down"); // OK: trySend() checks closed_ under the session mutex
    session->close(); // SAME: console_stop_race
  }
  journal_->tryWrite("console stopped, " + std::to_string(live.size()) + " sessions closed");
}

std::size_t OperatorConsole::sessionCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}
