// ShutdownSequence: the registry of storm-lockdown steps. Components add their
// own steps when they are constructed; StormLockdown runs the whole list once.
// Steps run phase by phase (Drain, Stop, Release, Final, Seal) and, inside a
// phase, in the order they were added.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "status.h"

enum class Phase { Drain = 0, Stop = 1, Release = 2, Final = 3, Seal = 4 };

const char* phase_name(Phase phase);

class Step {
 public:
  virtual ~Step() = default;
  virtual const char* name() const = 0;
  virtual Status run() = 0;
};

class LambdaStep final : public Step {
 public:
  LambdaStep(std::string name, std::function<Status()> fn);
  const char* name() const override;
  Status run() override;

 private:
  std::string name_;
  std::function<Status()> fn_;
};

class ShutdownSequence {
 public:
  ShutdownSequence();

  void add(Phase phase, std::unique_ptr<Step> step);
  void add(Phase phase, std::string name, std::function<Status()> fn);

  // Runs every step once. A step that fails or throws is logged and the
  // sequence carries on: a lockdown must never stop half way.
  // Returns the first failure, or Busy when the sequence already ran.
  Status run_all();
  bool done() const;
  std::size_t size() const;
  std::size_t failures() const;

 private:
  struct Entry {
    Phase phase;
    std::size_t order;
    std::unique_ptr<Step> step;
  };

  mutable std::mutex mu_;
  std::vector<Entry> entries_;
  std::size_t failures_;
  bool done_;
};
