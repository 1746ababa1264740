// ShutdownSequence: ordered teardown steps. Every step runs once, in order; a
// failing or throwing step is recorded and the next one still runs.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "status.h"

namespace ww {

class Step {
 public:
  virtual ~Step() = default;
  virtual const char* name() const = 0;
  virtual Status run() = 0;
};

struct SequenceReport {
  std::size_t ran = 0;
  std::size_t failed = 0;
  std::vector<std::string> errors;
};

class ShutdownSequence {
 public:
  explicit ShutdownSequence(std::string name);

  ShutdownSequence& add(std::unique_ptr<Step> step);
  ShutdownSequence& add(std::string name, std::function<Status()> fn);
  // Throws std::logic_error when run twice.
  SequenceReport run();
  bool has_run() const;
  std::size_t size() const;

 private:
  std::string name_;
  std::vector<std::unique_ptr<Step>> steps_;
  bool ran_ = false;
};

}  // namespace ww
