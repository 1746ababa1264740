// Admin command interpreter behind the control socket.
#include "dnscache/admin_commands.h"

#include <exception>
#include <sstream>

#include "dnscache/logging.h"

namespace dnscache {

AdminCommands::AdminCommands(Cache &cache, CacheSnapshot &snapshot, QueryLog &log,
                             UpstreamPool &upstreams, SessionTable &sessions,
                             InflightTable &inflight, Metrics &metrics, Hooks hooks)
    : cache_(cache), snapshot_(snapshot), log_(log), upstreams_(upstreams), sessions_(sessions),
      inflight_(inflight), metrics_(metrics), hooks_(std::move(hooks)) {}

std::string AdminCommands::listSessions() const {
  std::ostringstream os;
  for (const auto &s : sessions_.snapshot()) {
    os << s->id() << ' ' << s->peer() << " idle=" << s->idleFor().count() << "ms"
       << (s->isOpen() ? "" : " (closing)") << '\n';
  }
  return os.str();
}

std::string AdminCommands::execute(const std::string &line) {
  std::istringstream in(line);
  std::string cmd;
  std::string arg;
  in >> cmd;
  std::getline(in >> std::ws, arg);
  logInfo("control: %s", line.c_str());
  try {
    if (cmd == "help")
      return "stats | flush | snapshot | export <path> | rotate | reload | upstreams | "
             "sessions | inflight | shutdown";
    if (cmd == "stats")
      return metrics_.toJson() + "\ncache_entries " + std::to_string(cache_.size()) +
             "\nsnapshots_saved " + std::to_string(snapshot_.saves());
    if (cmd == "flush") {
      cache_.clear();
      return "flushed";
    }
    if (cmd == "snapshot") {
      hooks_.saveSnapshot();
      return "saved";
    }
    if (cmd == "export") {
      if (arg.empty())
        return "ERR usage: export <path>";
      return snapshot_.exportText(cache_, arg) ? "exported to " + arg : "ERR export failed";
    }
    if (cmd == "rotate")
      return log_.rotate() ? "rotated" : "ERR could not reopen the query log";
    if (cmd == "reload") {
      hooks_.reload();
      return "reloaded";
    }
    if (cmd == "upstreams")
      return upstreams_.describe();
    if (cmd == "sessions")
      return listSessions();
    if (cmd == "inflight")
      return inflight_.describe();
    if (cmd == "shutdown") {
      hooks_.shutdown();
      return "shutting down";
    }
    return "ERR unknown command '" + cmd + "' (try help)";
  } catch (const std::exception &e) {
    return std::string("ERR ") + e.what();
  }
}

} // namespace dnscache
