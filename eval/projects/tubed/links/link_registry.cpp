// LinkRegistry: the map of named links, rebuilt when the ward configuration changes. An
// unchanged, live link moves into the new map as it is; a link whose spec disappeared or
// changed, or that was shut down, is shut down and retired (retired links live as long as
// the registry, so a pointer a station still holds never dangles). Negative file: the
// shutdowns are idempotent and the fresh links are used through the pointer that the map
// now owns.
#include "link_registry.h"

#include <cstdio>

#include "bus_segment_link.h"
#include "station_link.h"

namespace tubed {

namespace {
Status open_link(Link& link) {
  if (auto* station = dynamic_cast<StationLink*>(&link)) return station->connect();
  if (auto* segment = dynamic_cast<BusSegmentLink*>(&link)) return segment->open();
  return Status::error(Code::Invalid, link.name() + ": unknown link type");
}
}  // namespace

bool operator==(const LinkSpec& a, const LinkSpec& b) {
  return a.kind == b.kind && a.address == b.address && a.port == b.port;
}

LinkRegistry::LinkRegistry() = default;

LinkRegistry::~LinkRegistry() { shutdown_all(); }

void LinkRegistry::rebuild(const LinkConfig& cfg) {
  std::lock_guard<std::mutex> lk(mu_);
  std::map<std::string, std::unique_ptr<Link>> next;
  for (const auto& [name, spec] : cfg) {
    auto old = links_.find(name);
    auto old_spec = config_.find(name);
    if (old != links_.end() && old->second && old_spec != config_.end() && old_spec->second == spec &&
        !old->second->is_closed()) {
      next.emplace(name, std::move(old->second));
      continue;
    }
    std::unique_ptr<Link> link = make_link(name, spec);
    Link* raw = link.get();
    next.emplace(name, std::move(link));
    Status s = open_link(*raw); // OK: the map owns the same Link; moving the unique_ptr did not move the object
    if (!s.is_ok()) std::fprintf(stderr, "tubed: link %s: %s\n", name.c_str(), s.to_string().c_str());
  }
  for (auto& [name, old] : links_) {
    if (!old) continue;  // moved into the new map above
    old->shutdown(); // OK: shutdown() is idempotent (the watchdog may have shut this link down already)
    retired_.push_back(std::move(old));
  }
  links_ = std::move(next);
  config_ = cfg;
}

Link* LinkRegistry::find(const std::string& name) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = links_.find(name);
  return it == links_.end() ? nullptr : it->second.get();
}

void LinkRegistry::for_each(const std::function<void(Link&)>& fn) {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto& entry : links_) {
    if (entry.second) fn(*entry.second);
  }
}

std::map<std::string, std::unique_ptr<Link>>& LinkRegistry::links() { return links_; }

const LinkConfig& LinkRegistry::config() const { return config_; }

void LinkRegistry::shutdown_all() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto& entry : links_) {
    if (entry.second) entry.second->shutdown(); // OK: idempotent; the network's shutdown already ran this
  }
}

std::unique_ptr<Link> LinkRegistry::make_link(const std::string& name, const LinkSpec& spec) {
  if (spec.kind == LinkSpec::Kind::BusSegment) return std::make_unique<BusSegmentLink>(name, spec.address, spec.port);
  return std::make_unique<StationLink>(name, spec.address);
}

}  // namespace tubed
