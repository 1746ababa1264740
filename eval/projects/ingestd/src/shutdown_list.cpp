// ShutdownList: shutdown steps registered by components at start.
#include "ingestd/shutdown_list.h"

namespace ingestd {

void ShutdownList::add(std::string name, std::function<void()> step) {
  std::lock_guard<std::mutex> lk(mu_);
  steps_.emplace_back(std::move(name), std::move(step));
}

void ShutdownList::runAll() {
  std::vector<std::pair<std::string, std::function<void()>>> steps;
  {
    std::lock_guard<std::mutex> lk(mu_);
    steps.swap(steps_);
  }
  for (auto it = steps.rbegin(); it != steps.rend(); ++it)
    it->second();
}

std::size_t ShutdownList::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return steps_.size();
}

} // namespace ingestd
