// Named shutdown steps that components register in their start(). runAll()
// runs them once, newest first, and forgets them, so a second runAll() does
// nothing. Exceptions from a step propagate to the caller of runAll().
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ingestd {

class ShutdownList {
public:
  void add(std::string name, std::function<void()> step);
  void runAll();
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

} // namespace ingestd
