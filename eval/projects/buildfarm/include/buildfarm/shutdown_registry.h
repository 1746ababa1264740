// Shutdown hooks registered by components and run by the agent.
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace buildfarm {

// Components add their hooks when they start; runAll() runs them last
// registered first. runAll() runs every hook once: calling it again does
// nothing, and a hook added after runAll() runs right away. An exception
// thrown by a hook is logged and the remaining hooks still run.
class ShutdownRegistry {
public:
  using Hook = std::function<void()>;

  void add(std::string name, Hook hook);
  void runAll();
  bool ran() const;
  std::size_t size() const;

private:
  void runOne(const std::string &name, const Hook &hook);

  mutable std::mutex mutex_;
  std::vector<std::pair<std::string, Hook>> hooks_;
  bool ran_ = false;
};

} // namespace buildfarm
