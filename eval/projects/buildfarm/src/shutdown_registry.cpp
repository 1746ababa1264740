#include "buildfarm/shutdown_registry.h"

#include <cstdio>
#include <exception>

namespace buildfarm {

void ShutdownRegistry::add(std::string name, Hook hook) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!ran_) {
      hooks_.emplace_back(std::move(name), std::move(hook));
      return;
    }
  }
  runOne(name, hook); // the agent is already past its shutdown hooks
}

void ShutdownRegistry::runAll() {
  std::vector<std::pair<std::string, Hook>> hooks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (ran_)
      return;
    ran_ = true;
    hooks.swap(hooks_);
  }
  for (auto it = hooks.rbegin(); it != hooks.rend(); ++it)
    runOne(it->first, it->second);
}

void ShutdownRegistry::runOne(const std::string &name, const Hook &hook) {
  std::fprintf(stderr, "shutdown: %s\n", name.c_str());
  try {
    hook();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "shutdown: hook %s failed: %s\n", name.c_str(), e.what());
  }
}

bool ShutdownRegistry::ran() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return ran_;
}

std::size_t ShutdownRegistry::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return hooks_.size();
}

} // namespace buildfarm
