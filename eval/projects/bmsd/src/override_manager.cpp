// OverrideManager: operator overrides. An override goes straight to the
// controller when it is connected and through the dispatcher's hold queue
// otherwise; a Release command is submitted when it expires.
//
// overrides.conf: "controller point value minutes" per line.
#include "override_manager.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "command_dispatcher.h"
#include "diagnostics.h"
#include "format.h"
#include "session_registry.h"

namespace bmsd {

OverrideManager::OverrideManager(SessionRegistry &registry,
                                 CommandDispatcher &dispatcher, Diagnostics &diag)
    : registry_(registry), dispatcher_(dispatcher), diag_(diag) {}

Status OverrideManager::apply(const std::string &controllerId, const std::string &point,
                              double value, std::chrono::minutes duration) {
  Command cmd;
  cmd.id = nextId_++ | (1ull << 62);
  cmd.controllerId = controllerId;
  cmd.point = point;
  cmd.kind = CommandKind::Override;
  cmd.value = value;
  cmd.ttl = duration;

  Status sent = registry_.command(controllerId, cmd);
  if (!sent.good()) {
    if (sent.code() != Status::Code::NotFound)
      return sent;
    if (!dispatcher_.submit(cmd))
      return Status::error(Status::Code::Rejected, "dispatcher refused the override");
  }

  auto same = [&](const Override &o) {
    return o.controllerId == controllerId && o.point == point;
  };
  active_.erase(std::remove_if(active_.begin(), active_.end(), same), active_.end());
  active_.push_back(Override{controllerId, point, value,
                             std::chrono::steady_clock::now() + duration});
  diag_.info("override: %s/%s = %s for %lld min", controllerId.c_str(), point.c_str(),
             formatValue(value).c_str(), static_cast<long long>(duration.count()));
  return Status::ok();
}

Status OverrideManager::loadFile(const std::string &path) {
  std::ifstream in(path);
  if (!in.is_open())
    return Status::error(Status::Code::NotFound, "cannot read " + path);
  std::string line;
  std::size_t applied = 0;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    std::string controller, point;
    double value = 0.0;
    long minutes = 0;
    if (!(fields >> controller >> point >> value >> minutes) || minutes <= 0) {
      diag_.warn("overrides: ignoring '%s'", line.c_str());
      continue;
    }
    Status st = apply(controller, point, value, std::chrono::minutes(minutes));
    if (st.good())
      ++applied;
    else
      diag_.warn("overrides: %s", st.toString().c_str());
  }
  diag_.info("overrides: %zu applied from %s", applied, path.c_str());
  return Status::ok();
}

void OverrideManager::tick(std::chrono::steady_clock::time_point now) {
  for (auto it = active_.begin(); it != active_.end();) {
    if (now < it->expires) {
      ++it;
      continue;
    }
    Command release;
    release.controllerId = it->controllerId;
    release.point = it->point;
    release.kind = CommandKind::Release;
    dispatcher_.submit(release);
    diag_.info("override: %s/%s expired", it->controllerId.c_str(), it->point.c_str());
    it = active_.erase(it);
  }
}

} // namespace bmsd
