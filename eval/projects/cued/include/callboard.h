// The callboard: every named component of the show, started and stopped
// together.
#pragma once
#include "component.h"
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace cued {

class Callboard {
public:
  void add(std::shared_ptr<Component> part);
  /// nullptr for an unknown name.
  std::shared_ptr<Component> find(const std::string &name) const;
  /// Throws std::out_of_range for an unknown name.
  Component &at(const std::string &name) const;

  void startAll();
  void stopAll();
  void stopOne(const std::string &name);
  void forEachRunning(const std::function<void(Component &)> &fn) const;

private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<Component>> parts_;
};

} // namespace cued
