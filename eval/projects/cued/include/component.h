// A piece of stage equipment the callboard starts, stops and addresses by
// name from the desk: the revolve, house lights, hazer, followspot.
#pragma once
#include <string>

namespace cued {

class Component {
public:
  virtual ~Component() = default;
  virtual const std::string &name() const = 0;
  virtual void start() = 0;
  /// Stops the equipment and releases its link. Idempotent.
  virtual void stop() = 0;
  virtual bool running() const = 0;
  /// Executes a desk verb. Throws std::runtime_error once stopped.
  virtual void command(const std::string &verb, double value) = 0;
};

} // namespace cued
