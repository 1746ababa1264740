// SubsystemDirectory: subsystems by name, stopped newest-first and started
// oldest-first so dependencies come up before their users.
#include "subsystem_directory.h"

#include <stdexcept>
#include <utility>

void SubsystemDirectory::add(std::shared_ptr<Subsystem> subsystem) {
  const std::string key = subsystem->name();
  if (!byName_.emplace(key, subsystem).second)
    throw std::invalid_argument("duplicate subsystem " + key);
  order_.push_back(std::move(subsystem));
}

std::shared_ptr<Subsystem>
SubsystemDirectory::find(const std::string &name) const {
  const auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : it->second;
}

void SubsystemDirectory::stopAll() {
  for (auto it = order_.rbegin(); it != order_.rend(); ++it)
    (*it)->stop();
}

void SubsystemDirectory::startAll() {
  for (auto &subsystem : order_)
    subsystem->start();
}

std::vector<std::string> SubsystemDirectory::names() const {
  std::vector<std::string> out;
  out.reserve(order_.size());
  for (const auto &subsystem : order_)
    out.push_back(subsystem->name());
  return out;
}
