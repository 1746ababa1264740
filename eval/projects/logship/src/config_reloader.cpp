// Config reload: notices that the file changed and moves traffic to new
// upstream connections.
#include "logship/config_reloader.h"
#include "logship/log.h"
#include "logship/util.h"

#include <functional>

namespace logship {

namespace {
const char kHandoff[] = "HANDOFF";
}

ConfigReloader::ConfigReloader(std::string path) : path_(std::move(path)) {
  if (auto text = util::readFile(path_))
    lastDigest_ = std::hash<std::string>{}(*text);
}

ConfigReloader::~ConfigReloader() {
  for (auto &conn : retired_)
    conn->close(); // BUG: double-close
}

std::optional<Config> ConfigReloader::poll(std::string *err) {
  const std::optional<std::string> text = util::readFile(path_);
  if (!text) {
    *err = "cannot read " + path_;
    return std::nullopt;
  }
  const std::size_t digest = std::hash<std::string>{}(*text);
  if (digest == lastDigest_)
    return std::nullopt;
  std::optional<Config> cfg = loadConfig(path_, err);
  if (!cfg)
    return std::nullopt;
  lastDigest_ = digest;
  ++generation_;
  return cfg;
}

bool ConfigReloader::replaceUpstream(UpstreamSet &set, const std::string &name,
                                     const Endpoint &ep) {
  auto next = std::make_unique<UpstreamConnection>(name, ep);
  if (!next->connect()) {
    log_warn("reload: %s at %s unreachable, keeping the current connection", name.c_str(),
             ep.str().c_str());
    return false;
  }
  std::unique_ptr<UpstreamConnection> old = set.replace(name, std::move(next));
  if (old) {
    if (!old->closed()) {
      // Tell the collector to expect our stream on the new connection.
      const ErrorCode ec = old->send(kHandoff);
      if (ec != ErrorCode::Ok)
        log_warn("reload: handoff on %s failed: %s", name.c_str(), toString(ec));
      old->close(); // BUG: double-close
    }
    retired_.push_back(std::move(old));
  }
  log_info("reload: upstream %s now %s", name.c_str(), ep.str().c_str());
  return true;
}

void ConfigReloader::prepareStandby(const std::optional<Endpoint> &ep) {
  if (standby_ && !standby_->closed())
    standby_->close(); // OK: guarded by closed()
  standby_.reset();
  if (!ep)
    return;
  standby_.emplace("standby", *ep);
  if (!standby_->connect()) // OK: a fresh connection was emplaced just above
    log_warn("reload: standby %s unreachable for now", ep->str().c_str());
}

} // namespace logship
