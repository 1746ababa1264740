// The callboard. Negative: stopAll() and stopOne() only stop parts that are
// still running, so a part stopped by name earlier is not stopped twice, and
// forEachRunning() hands out running parts only.
#include "callboard.h"

#include <stdexcept>

namespace cued {

void Callboard::add(std::shared_ptr<Component> part) {
  std::lock_guard<std::mutex> lk(mu_);
  const std::string key = part->name();
  parts_[key] = std::move(part);
}

std::shared_ptr<Component> Callboard::find(const std::string &name) const {
  std::lock_guard<std::mutex> lk(mu_);
  const auto it = parts_.find(name);
  return it == parts_.end() ? nullptr : it->second;
}

Component &Callboard::at(const std::string &name) const {
  std::lock_guard<std::mutex> lk(mu_);
  const auto it = parts_.find(name);
  if (it == parts_.end())
    throw std::out_of_range("no component called " + name + " on the callboard");
  return *it->second;
}

void Callboard::startAll() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &[name, part] : parts_)
    if (!part->running())
      part->start();
}

void Callboard::stopAll() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &[name, part] : parts_) {
    if (!part->running())
      continue;
    part->stop(); // OK: parts already stopped by name are skipped above
  }
}

void Callboard::stopOne(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  const auto it = parts_.find(name);
  if (it != parts_.end() && it->second->running())
    it->second->stop();
}

void Callboard::forEachRunning(const std::function<void(Component &)> &fn) const {
  std::lock_guard<std::mutex> lk(mu_);
  for (const auto &[name, part] : parts_)
    if (part->running())
      fn(*part); // OK: only running parts are handed out
}

} // namespace cued
